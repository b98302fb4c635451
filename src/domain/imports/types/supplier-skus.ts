// supplier_skus: what a supplier calls one of our products and its terms, keyed as in the API by supplier and
// supplier_sku (unique per supplier). A new one is created; an existing one is updated with update_existing
// (an empty cell keeps the stored value). The rules are the API's (supplier-skus.ts): cost and
// min_order_quantity at least 0, order_multiple greater than 0, lead_time_days a whole number, a currency
// code, the supplier's currency when a new one gives none. Each chunk runs five statements whatever its size:
// the company, the suppliers, the products (by own or alternate sku), the stored supplier SKUs, and one
// INSERT ... FROM unnest (ON CONFLICT DO UPDATE with update_existing).
import { Prisma } from '../../../generated/prisma/client.js';
import type { TenantTx } from '../../../db/tenant-client.js';
import type { Decimal } from '../../shared/decimal.js';
import { currentCompany } from '../../tenancy/index.js';
import { firstRowPerKey, integerCell, RowErrors } from '../cells.js';
import type { CsvRow, ImportOptions, ImportType } from '../import-type.js';
import { activeProductsBySku, checkedDecimalCell, currencyCell, requiredText, suppliersByNameOrId, unknownSku, inLineOrder } from './lookups.js';

export const supplierSkusImport: ImportType = {
  key: 'supplier_skus',
  description:
    "Supplier SKUs: what a supplier calls one of your products, and its terms. Required: supplier (the supplier's id, or its exact name; a name several suppliers share must be given as the id), " +
    "sku (the product's sku or one of its alternate skus) and supplier_sku (the supplier's code; unique per supplier, and what a row is matched by). " +
    'Optional: cost (at least 0, up to 6 decimals), currency (ISO 4217; a new supplier SKU without one takes the supplier\'s currency), ' +
    'min_order_quantity (at least 0), order_multiple (greater than 0), lead_time_days (a whole number of at least 0). ' +
    'A supplier_sku the supplier already has is an error unless update_existing is set; then the row updates it, and an empty cell keeps the stored value. ' +
    'An existing supplier SKU keeps its product: a row naming another sku for it is an error.',
  requiredColumns: ['supplier', 'sku', 'supplier_sku'],
  optionalColumns: ['cost', 'currency', 'min_order_quantity', 'order_multiple', 'lead_time_days'],
  applyChunk,
};

interface Parsed {
  row: CsvRow;
  supplier: string;
  sku: string;
  code: string;
  cost: Decimal | undefined;
  currency: string | undefined;
  minOrderQuantity: Decimal | undefined;
  orderMultiple: Decimal | undefined;
  leadTimeDays: number | undefined;
}

interface Write {
  supplierId: number;
  productId: number;
  code: string;
  cost: Decimal | null;
  currency: string | null;
  minOrderQuantity: Decimal | null;
  orderMultiple: Decimal | null;
  leadTimeDays: number | null;
}

async function applyChunk(tx: TenantTx, rows: readonly CsvRow[], options: ImportOptions) {
  const errors = new RowErrors();
  const parsed = rows.map((row) => readRow(row, errors)).filter((p): p is Parsed => p !== null);
  if (parsed.length === 0) return { applied: 0, errors: inLineOrder(errors) };

  const company = await currentCompany(tx);
  const supplierOf = await suppliersByNameOrId(tx, parsed.map((p) => p.supplier));
  const products = await activeProductsBySku(tx, company.id, parsed.map((p) => p.sku));

  const resolved: Array<Parsed & { supplierId: number; supplierCurrency: string | null; productId: number }> = [];
  for (const p of parsed) {
    const supplier = supplierOf(p.supplier);
    if (typeof supplier === 'string') errors.add(p.row, 'supplier', supplier);
    const product = products.get(p.sku);
    if (!product) errors.add(p.row, 'sku', unknownSku(p.sku));
    if (typeof supplier === 'string' || !product) continue;
    resolved.push({ ...p, supplierId: supplier.id, supplierCurrency: supplier.currency, productId: product.id });
  }
  const keyOf = new Map(resolved.map((r) => [r.row, `${r.supplierId}\u0000${r.code}`]));
  const unique = new Set(firstRowPerKey(resolved.map((r) => r.row), (row) => keyOf.get(row)!, 'supplier_sku', errors, 'supplier_sku of this supplier'));
  const candidates = resolved.filter((r) => unique.has(r.row));
  if (candidates.length === 0) return { applied: 0, errors: inLineOrder(errors) };

  const stored = await tx.$queryRaw<Array<{ id: number; supplierId: number; supplierSku: string; productId: number; sku: string }>>`
    SELECT s.id, s."supplierId", s."supplierSku", s."productId", p.sku
    FROM "SupplierSku" s
    JOIN unnest(${candidates.map((c) => c.supplierId)}::int[], ${candidates.map((c) => c.code)}::text[]) AS v(sid, code)
      ON s."supplierId" = v.sid AND s."supplierSku" = v.code
    JOIN "Product" p ON p."companyId" = s."companyId" AND p.id = s."productId"
    WHERE s."companyId" = ${company.id}`;
  const storedByKey = new Map(stored.map((s) => [`${s.supplierId}\u0000${s.supplierSku}`, s]));

  const writes: Write[] = [];
  for (const c of candidates) {
    const existing = storedByKey.get(keyOf.get(c.row)!);
    if (existing && !options.updateExisting) {
      errors.add(c.row, 'supplier_sku', `Supplier "${c.supplier}" already has the supplier SKU "${c.code}" (id ${existing.id}); set update_existing to update it.`);
      continue;
    }
    if (existing && existing.productId !== c.productId) {
      errors.add(c.row, 'sku', `Supplier "${c.supplier}"'s supplier SKU "${c.code}" (id ${existing.id}) is for the product "${existing.sku}", not "${c.sku}"; an import does not move it to another product.`);
      continue;
    }
    writes.push({
      supplierId: c.supplierId,
      productId: c.productId,
      code: c.code,
      cost: c.cost ?? null,
      // A new supplier SKU without a currency is priced in the supplier's; an update keeps its own.
      currency: c.currency ?? (existing ? null : c.supplierCurrency),
      minOrderQuantity: c.minOrderQuantity ?? null,
      orderMultiple: c.orderMultiple ?? null,
      leadTimeDays: c.leadTimeDays ?? null,
    });
  }
  if (writes.length > 0) await writeSupplierSkus(tx, company.id, writes, options.updateExisting);
  return { applied: writes.length, errors: inLineOrder(errors) };
}

function readRow(row: CsvRow, errors: RowErrors): Parsed | null {
  const supplier = requiredText(row, 'supplier', errors);
  const sku = requiredText(row, 'sku', errors);
  const code = requiredText(row, 'supplier_sku', errors);
  const cost = checkedDecimalCell(row, 'cost', errors, { min: 0 });
  const currency = currencyCell(row, 'currency', errors);
  const minOrderQuantity = checkedDecimalCell(row, 'min_order_quantity', errors, { min: 0 });
  const orderMultiple = checkedDecimalCell(row, 'order_multiple', errors, { min: 0, minExclusive: true });
  const leadTimeDays = integerCell(row, 'lead_time_days', errors, { min: 0 });
  if (errors.has(row)) return null;
  return {
    row,
    supplier: supplier!,
    sku: sku!,
    code: code!,
    cost: cost ?? undefined,
    currency: currency ?? undefined,
    minOrderQuantity: minOrderQuantity ?? undefined,
    orderMultiple: orderMultiple ?? undefined,
    leadTimeDays: leadTimeDays ?? undefined,
  };
}

/**
 * One INSERT ... SELECT FROM unnest for every row. With update_existing, a row whose supplier already has the
 * code updates it instead (an empty cell, null here, keeps the stored value). Without it, a code another
 * request added since the read fails the chunk on the unique index, and the retried chunk reports the row.
 */
async function writeSupplierSkus(tx: TenantTx, companyId: number, writes: Write[], updateExisting: boolean): Promise<void> {
  const text = (values: Array<Decimal | null>) => values.map((v) => (v === null ? null : v.toFixed()));
  const onConflict = updateExisting
    ? Prisma.sql`ON CONFLICT ("companyId", "supplierId", "supplierSku") DO UPDATE SET
        cost = coalesce(EXCLUDED.cost, s.cost),
        currency = coalesce(EXCLUDED.currency, s.currency),
        "minOrderQuantity" = coalesce(EXCLUDED."minOrderQuantity", s."minOrderQuantity"),
        "orderMultiple" = coalesce(EXCLUDED."orderMultiple", s."orderMultiple"),
        "leadTimeDays" = coalesce(EXCLUDED."leadTimeDays", s."leadTimeDays"),
        "updatedAt" = EXCLUDED."updatedAt"`
    : Prisma.empty;
  await tx.$executeRaw`
    INSERT INTO "SupplierSku" AS s ("companyId", "supplierId", "productId", "supplierSku", cost, currency, "minOrderQuantity", "orderMultiple", "leadTimeDays", "updatedAt")
    SELECT ${companyId}, v.sid, v.pid, v.code, v.cost, v.currency, v.moq, v.multiple, v.lead, now()
    FROM unnest(
      ${writes.map((w) => w.supplierId)}::int[], ${writes.map((w) => w.productId)}::int[], ${writes.map((w) => w.code)}::text[],
      ${text(writes.map((w) => w.cost))}::numeric[], ${writes.map((w) => w.currency)}::text[],
      ${text(writes.map((w) => w.minOrderQuantity))}::numeric[], ${text(writes.map((w) => w.orderMultiple))}::numeric[],
      ${writes.map((w) => w.leadTimeDays)}::int[]
    ) AS v(sid, pid, code, cost, currency, moq, multiple, lead)
    ${onConflict}`;
}
