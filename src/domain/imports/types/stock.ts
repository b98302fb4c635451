// stock: counted quantities per sku, location and lot. Each chunk posts one inventory adjustment whose lines
// carry the counts (the change is counted − on hand, read under the balance locks, as a cycle count posts),
// so the ledger, FIFO layers and backorders follow as for any adjustment.
import type { TenantTx } from '../../../db/tenant-client.js';
import { postAdjustment, type AdjustmentLineInput } from '../../inventory/index.js';
import { formatDateOnly } from '../../shared/dates.js';
import { LEDGER_DECIMAL } from '../../shared/field-checks.js';
import { dateCell, decimalCell, firstRowPerKey, RowErrors, textCell } from '../cells.js';
import type { CsvRow, ImportOptions, ImportType } from '../import-type.js';

export const stockImport: ImportType = {
  key: 'stock',
  description:
    'Counted quantities: sku, location (a location id, or its name; add warehouse — a warehouse name or id — when the name is not unique) and quantity ' +
    '(the count, at least 0) are required. Optional: lot (the lot number; a new one is created with production_date and expiry_date, YYYY-MM-DD), ' +
    'unit_cost (the cost of stock the count adds; else the product\'s FIFO cost), reason. Each chunk of rows posts one inventory adjustment. ' +
    'update_existing does not apply: a count always sets the quantity.',
  requiredColumns: ['sku', 'location', 'quantity'],
  optionalColumns: ['warehouse', 'lot', 'production_date', 'expiry_date', 'unit_cost', 'reason'],
  applyChunk,
};

interface Count {
  row: CsvRow;
  line: AdjustmentLineInput;
}

async function applyChunk(tx: TenantTx, rows: readonly CsvRow[], _options: ImportOptions) {
  const errors = new RowErrors();
  const read = rows.map((row) => ({
    row,
    sku: textCell(row, 'sku', errors) ?? errors.add(row, 'sku', 'The sku is required.'),
    location: row.values.location || errors.add(row, 'location', 'The location is required.'),
    quantity: decimalCell(row, 'quantity', errors, { maxScale: LEDGER_DECIMAL.scale }) ?? (row.values.quantity ? null : errors.add(row, 'quantity', 'The quantity is required.')),
    unitCost: decimalCell(row, 'unit_cost', errors, { maxScale: 6 }),
    productionDate: dateCell(row, 'production_date', errors),
    expiryDate: dateCell(row, 'expiry_date', errors),
    lot: textCell(row, 'lot', errors),
    reason: textCell(row, 'reason', errors, 1000),
  }));
  const valid = read.filter((r) => !errors.has(r.row));
  const [products, locations] = await Promise.all([
    tx.product.findMany({ where: { sku: { in: valid.map((r) => r.sku!) }, status: 1 }, select: { id: true, sku: true, type: true } }),
    tx.location.findMany({ select: { id: true, name: true, parentId: true }, orderBy: { id: 'asc' } }),
  ]);
  const productBySku = new Map(products.map((p) => [p.sku, p]));
  const locationById = new Map(locations.map((l) => [l.id, l]));

  const counts: Count[] = [];
  for (const r of valid) {
    const product = productBySku.get(r.sku!);
    if (!product) {
      errors.add(r.row, 'sku', `No active product has the sku "${r.sku}".`);
      continue;
    }
    if (product.type === 'KIT') {
      errors.add(r.row, 'sku', `"${r.sku}" is a kit: count its components instead.`);
      continue;
    }
    const locationId = resolveLocation(r.row, locations, locationById, errors);
    if (locationId === null) continue;
    counts.push({
      row: r.row,
      line: {
        productId: product.id,
        locationId,
        countedQuantity: r.quantity!,
        unitCost: r.unitCost ?? null,
        lotNumber: r.lot ?? null,
        productionDate: r.productionDate ? formatDateOnly(r.productionDate) : null,
        expiryDate: r.expiryDate ? formatDateOnly(r.expiryDate) : null,
        reason: r.reason ?? null,
      },
    });
  }
  const lineOf = new Map(counts.map((c) => [c.row, c.line]));
  const unique = new Set(firstRowPerKey(counts.map((c) => c.row), (row) => {
    const line = lineOf.get(row)!;
    return `${line.productId}:${line.locationId}:${line.lotNumber ?? ''}`;
  }, 'sku', errors, 'count of this sku, location and lot'));
  const lines = counts.filter((c) => unique.has(c.row));
  if (lines.length > 0) await postAdjustment(tx, { reason: 'stock import', lines: lines.map((c) => c.line) }, {});
  return { applied: lines.length, errors: errors.list };
}

type LocationRow = { id: number; name: string; parentId: number | null };

function resolveLocation(row: CsvRow, locations: LocationRow[], byId: Map<number, LocationRow>, errors: RowErrors): number | null {
  const given = row.values.location;
  if (/^\d+$/.test(given)) {
    return byId.has(Number(given)) ? Number(given) : errors.add(row, 'location', `No location has the id ${given}.`);
  }
  const warehouse = row.values.warehouse;
  let named = locations.filter((l) => l.name === given);
  if (warehouse) {
    const warehouseIds = new Set(locations.filter((l) => l.parentId === null && (l.name === warehouse || String(l.id) === warehouse)).map((l) => l.id));
    if (warehouseIds.size === 0) return errors.add(row, 'warehouse', `No warehouse is named "${warehouse}".`);
    named = named.filter((l) => warehouseIds.has(l.id) || (l.parentId !== null && warehouseIds.has(l.parentId)));
  }
  if (named.length === 0) return errors.add(row, 'location', `No location is named "${given}"${warehouse ? ` in warehouse "${warehouse}"` : ''}.`);
  if (named.length > 1) return errors.add(row, 'location', `${named.length} locations are named "${given}": give its id, or add a warehouse column.`);
  return named[0].id;
}
