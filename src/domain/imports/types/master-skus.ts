// master_skus: creates products by sku, or updates them (update_existing), with prices, dimensions, a
// weight, category, supplier, tags, flags and custom fields. An empty cell leaves the product's value as it
// is. Each chunk runs a fixed number of statements: reads of the products, suppliers, categories, tags and
// custom field definitions it names, one INSERT of the new products, one UPDATE FROM unnest of the others,
// and two statements for their tags.
import { Prisma } from '../../../generated/prisma/client.js';
import type { TenantTx } from '../../../db/tenant-client.js';
import { checkCustomFieldValues, loadCustomFieldDefinitions } from '../../custom-fields/index.js';
import {
  PRODUCT_DIMENSION_FIELDS,
  PRODUCT_PRICE_FIELDS,
  PRODUCT_TEXT_FIELDS,
  normalizeWeightEntries,
  weightTotals,
  WEIGHT_UNITS,
} from '../../products/index.js';
import { snakeCase } from '../../shared/field-names.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { currentCompany } from '../../tenancy/index.js';
import { booleanCell, decimalCell, firstRowPerKey, listCell, RowErrors, textCell } from '../cells.js';
import { suppliersByNameOrId } from './lookups.js';
import type { CsvRow, ImportOptions, ImportType } from '../import-type.js';

const TEXT_COLUMNS = ['name', 'description', 'upc', 'hsCode'] as const;
const FLAG_COLUMNS = ['sellable', 'discontinued', 'taxable', 'lotTracking', 'isDropShipItem'] as const;
const DECIMAL_COLUMNS = [...PRODUCT_PRICE_FIELDS, ...PRODUCT_DIMENSION_FIELDS] as const;
const CUSTOM_PREFIX = 'custom_fields.';

/**
 * Product columns an import writes, with their SQL types and, for a new product, the value of an empty cell
 * (the column's default); in an update an empty cell keeps the stored value.
 */
const WRITTEN: ReadonlyArray<readonly [column: string, type: string, onCreate: string]> = [
  ...TEXT_COLUMNS.map((c) => [c, 'text', 'NULL'] as const),
  ...DECIMAL_COLUMNS.map((c) => [c, 'numeric', 'NULL'] as const),
  ['sellable', 'boolean', 'true'],
  ['discontinued', 'boolean', 'false'],
  ['taxable', 'boolean', 'true'],
  ['lotTracking', 'boolean', 'false'],
  ['isDropShipItem', 'boolean', 'false'],
  ['productWeight', 'jsonb', `'[]'::jsonb`],
  ['productWeightOz', 'numeric', 'NULL'],
  ['productWeightLb', 'numeric', 'NULL'],
  ['categoryId', 'int', 'NULL'],
  ['supplierId', 'int', 'NULL'],
  ['customFields', 'jsonb', `'{}'::jsonb`],
];
const SNAKE: Record<string, string> = Object.fromEntries([...TEXT_COLUMNS, ...DECIMAL_COLUMNS, ...FLAG_COLUMNS].map((c) => [c, snakeCase(c)]));

interface ProductRow {
  row: CsvRow;
  sku: string;
  fields: Record<string, unknown>;
  categoryName?: string;
  supplierName?: string;
  tags?: string[];
  customFields?: Record<string, unknown>;
}

export const masterSkusImport: ImportType = {
  key: 'master_skus',
  description:
    'Products by sku (required). name is required for a new product. Optional: description, upc, hs_code, retail_price, wholesale_price, unit_cost, ' +
    'landed_cost, manufacturing_fee, product_/box_/carton_/shipping_/pallet_ length, width and height (inches), weight with weight_unit ' +
    `(${WEIGHT_UNITS.join(', ')}; default lb), category (a name; created when new), supplier (an existing supplier's id, or its name when no other supplier has it), tags ` +
    '(names separated by | or ,; created when new; they replace the product\'s tags), sellable, discontinued, taxable, lot_tracking, is_drop_ship_item ' +
    '(true/false), and custom_fields.<key> for each product custom field. An empty cell leaves the value as it is.',
  requiredColumns: ['sku'],
  optionalColumns: [
    'name', 'description', 'upc', 'hs_code',
    ...DECIMAL_COLUMNS.map((c) => SNAKE[c]),
    'weight', 'weight_unit', 'category', 'supplier', 'tags',
    ...FLAG_COLUMNS.map((c) => SNAKE[c]),
    `${CUSTOM_PREFIX}*`,
  ],
  applyChunk,
};

async function applyChunk(tx: TenantTx, rows: readonly CsvRow[], options: ImportOptions) {
  const errors = new RowErrors();
  const company = await currentCompany(tx);
  const parsed = rows.map((row) => readRow(row, errors)).filter((p): p is ProductRow => p !== null);
  const unique = new Set(firstRowPerKey(parsed.map((p) => p.row), (row) => row.values.sku, 'sku', errors, 'sku'));
  const candidates = parsed.filter((p) => unique.has(p.row));

  const skus = candidates.map((p) => p.sku);
  const supplierNames = [...new Set(candidates.flatMap((p) => (p.supplierName ? [p.supplierName] : [])))];
  const [existing, supplierOf, definitions] = await Promise.all([
    tx.product.findMany({ where: { sku: { in: skus } }, select: { id: true, sku: true, customFields: true } }),
    suppliersByNameOrId(tx, supplierNames),
    candidates.some((p) => p.customFields) ? loadCustomFieldDefinitions(tx, 'product') : [],
  ]);
  const existingBySku = new Map(existing.map((p) => [p.sku, p]));

  const toCreate: ProductRow[] = [];
  const toUpdate: Array<ProductRow & { id: number }> = [];
  for (const p of candidates) {
    const stored = existingBySku.get(p.sku);
    if (stored && !options.updateExisting) {
      errors.add(p.row, 'sku', `A product with the sku "${p.sku}" already exists; set update_existing to update it.`);
      continue;
    }
    if (!stored && p.fields.name === undefined) {
      errors.add(p.row, 'name', 'The name is required for a new product.');
      continue;
    }
    if (p.supplierName !== undefined) {
      const supplier = supplierOf(p.supplierName);
      if (typeof supplier === 'string') {
        errors.add(p.row, 'supplier', supplier);
        continue;
      }
      p.fields.supplierId = supplier.id;
    }
    if (p.customFields) {
      const collector = new FieldErrorCollector();
      const merged = checkCustomFieldValues(definitions, 'product', p.customFields, (stored?.customFields ?? undefined) as Record<string, unknown> | undefined, collector);
      if (!collector.empty) {
        for (const [field, messages] of Object.entries(collector.errors)) errors.add(p.row, field.replace(/^customFields\./, CUSTOM_PREFIX), messages[0]);
        continue;
      }
      p.fields.customFields = merged;
    }
    if (stored) toUpdate.push({ ...p, id: stored.id });
    else toCreate.push(p);
  }

  const accepted = [...toCreate, ...toUpdate];
  const categoryIdOf = await categoriesByName(tx, company.id, accepted.flatMap((p) => (p.categoryName ? [p.categoryName] : [])));
  for (const p of accepted) if (p.categoryName) p.fields.categoryId = categoryIdOf.get(p.categoryName);

  const created = toCreate.length ? await insertProducts(tx, company.id, toCreate) : [];
  if (toUpdate.length) await updateProducts(tx, company.id, toUpdate);

  const idOfSku = new Map(created.map((p) => [p.sku, p.id]));
  const tagged = accepted.filter((p) => p.tags !== undefined).map((p) => ({ id: 'id' in p ? (p as { id: number }).id : idOfSku.get(p.sku)!, tags: p.tags! }));
  if (tagged.length) await replaceTags(tx, company.id, tagged);
  return { applied: accepted.length, errors: errors.list };
}

function readRow(row: CsvRow, errors: RowErrors): ProductRow | null {
  const sku = textCell(row, 'sku', errors, PRODUCT_TEXT_FIELDS.sku);
  if (sku === undefined) errors.add(row, 'sku', 'The sku is required.');
  const fields: Record<string, unknown> = {};
  for (const column of TEXT_COLUMNS) {
    const value = textCell(row, SNAKE[column], errors, PRODUCT_TEXT_FIELDS[column]);
    if (value) fields[column] = value;
  }
  for (const column of DECIMAL_COLUMNS) {
    const value = decimalCell(row, SNAKE[column], errors, { maxScale: 6 });
    if (value) fields[column] = value;
  }
  for (const column of FLAG_COLUMNS) {
    const value = booleanCell(row, SNAKE[column], errors);
    if (value !== undefined && value !== null) fields[column] = value;
  }
  const weight = decimalCell(row, 'weight', errors);
  if (weight) {
    const unit = row.values.weight_unit || 'lb';
    const collector = new FieldErrorCollector();
    const entries = normalizeWeightEntries('weight', [{ unit, value: weight }], collector);
    if (!entries) errors.add(row, collector.errors['weight.0.unit'] ? 'weight_unit' : 'weight', Object.values(collector.errors)[0][0]);
    else {
      const totals = weightTotals(entries);
      Object.assign(fields, { productWeight: entries, productWeightOz: totals.oz, productWeightLb: totals.lb });
    }
  }
  const customFields: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row.values)) {
    if (column.startsWith(CUSTOM_PREFIX) && value !== '') customFields[column.slice(CUSTOM_PREFIX.length)] = typedCustomValue(value);
  }
  if (errors.has(row) || !sku) return null;
  return {
    row,
    sku,
    fields,
    categoryName: textCell(row, 'category', errors) ?? undefined,
    supplierName: row.values.supplier || undefined,
    tags: listCell(row, 'tags'),
    customFields: Object.keys(customFields).length ? customFields : undefined,
  };
}

/** A CSV cell is text; numbers and true/false are read as such so number and boolean custom fields accept them. */
function typedCustomValue(text: string): unknown {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
}

/** Ids of the named categories (top-level ones first), creating the missing ones: at most three statements. */
async function categoriesByName(tx: TenantTx, companyId: number, names: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return new Map();
  const read = () =>
    tx.$queryRaw<Array<{ name: string; id: number }>>`
      SELECT DISTINCT ON (name) name, id FROM "ProductCategory"
      WHERE "companyId" = ${companyId} AND name = ANY(${wanted}::text[]) ORDER BY name, ("parentId" IS NOT NULL), id`;
  let found = await read();
  if (found.length < wanted.length) {
    const have = new Set(found.map((c) => c.name));
    await tx.productCategory.createMany({ data: wanted.filter((n) => !have.has(n)).map((name) => ({ name })) as Prisma.ProductCategoryCreateManyInput[] });
    found = await read();
  }
  return new Map(found.map((c) => [c.name, c.id]));
}

/** Each written column as one array parameter (null: the cell was empty), for unnest. */
function columnArrays(rows: readonly ProductRow[]) {
  return WRITTEN.map(([column, type]) => {
    const values = rows.map((p) => {
      const value = p.fields[column];
      if (value === undefined || value === null) return null;
      return type === 'jsonb' ? JSON.stringify(value) : type === 'numeric' ? String(value) : value;
    });
    return Prisma.sql`${values}::${Prisma.raw(type)}[]`;
  });
}

const quoted = (column: string) => Prisma.raw(`"${column}"`);

/** One INSERT ... SELECT FROM unnest for the chunk's new products. */
function insertProducts(tx: TenantTx, companyId: number, rows: ProductRow[]): Promise<Array<{ id: number; sku: string }>> {
  const values = WRITTEN.map(([column, , onCreate]) => Prisma.raw(onCreate === 'NULL' ? `v."${column}"` : `coalesce(v."${column}", ${onCreate})`));
  return tx.$queryRaw`
    INSERT INTO "Product" ("companyId", sku, ${Prisma.join(WRITTEN.map(([column]) => quoted(column)))}, "updatedAt")
    SELECT ${companyId}, v.sku, ${Prisma.join(values)}, now()
    FROM unnest(${rows.map((p) => p.sku)}::text[], ${Prisma.join(columnArrays(rows))}) AS v(sku, ${Prisma.join(WRITTEN.map(([column]) => quoted(column)))})
    RETURNING id, sku`;
}

/** One UPDATE ... FROM unnest for the chunk's existing products: an empty cell keeps the stored value. */
async function updateProducts(tx: TenantTx, companyId: number, rows: Array<ProductRow & { id: number }>): Promise<void> {
  const sets = WRITTEN.map(([column]) => Prisma.raw(`"${column}" = coalesce(v."${column}", p."${column}")`));
  await tx.$executeRaw`
    UPDATE "Product" AS p SET ${Prisma.join(sets)}, "updatedAt" = now()
    FROM unnest(${rows.map((p) => p.id)}::int[], ${Prisma.join(columnArrays(rows))}) AS v(id, ${Prisma.join(WRITTEN.map(([column]) => quoted(column)))})
    WHERE p."companyId" = ${companyId} AND p.id = v.id`;
}

/** Each listed product gets exactly its tags (created when new): three statements for the chunk. */
async function replaceTags(tx: TenantTx, companyId: number, products: Array<{ id: number; tags: string[] }>): Promise<void> {
  const names = [...new Set(products.flatMap((p) => p.tags))];
  if (names.length) await tx.tag.createMany({ data: names.map((name) => ({ name })) as Prisma.TagCreateManyInput[], skipDuplicates: true });
  const pairs = products.flatMap((p) => p.tags.map((tag) => [p.id, tag] as const));
  await tx.$executeRaw`
    DELETE FROM "ProductTag" AS pt
    WHERE pt."companyId" = ${companyId} AND pt."productId" = ANY(${products.map((p) => p.id)}::int[])
      AND pt."tagId" NOT IN (SELECT t.id FROM "Tag" t JOIN unnest(${pairs.map((p) => p[0])}::int[], ${pairs.map((p) => p[1])}::text[]) AS w(pid, name)
                             ON t.name = w.name AND w.pid = pt."productId" WHERE t."companyId" = ${companyId})`;
  if (pairs.length) {
    await tx.$executeRaw`
      INSERT INTO "ProductTag" ("companyId", "productId", "tagId")
      SELECT ${companyId}, w.pid, t.id FROM unnest(${pairs.map((p) => p[0])}::int[], ${pairs.map((p) => p[1])}::text[]) AS w(pid, name)
      JOIN "Tag" t ON t."companyId" = ${companyId} AND t.name = w.name
      ON CONFLICT DO NOTHING`;
  }
}
