// A page of products with every relation loads in a fixed number of SQL statements, whatever the page
// size: planned (src/graphql/shared/compiled-execution.ts), the page's JSON is one statement; executed field by
// field, each relation is one query for the whole page (Prisma plugin selections), never one per product.
// The service runs here over a test database whose Prisma client reports every statement it sends.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { recordStatements } from '../support/statement-log.js';

const PRODUCTS = 120;
const statements: string[] = [];
const { server, companies: { count }, api, gql } = serverForFile(['count'], {
  database: () => openTestDatabase({ onQuery: recordStatements(statements) }),
});
let dozenId: number;
let componentIds: number[];

beforeAll(async () => {
  await seed(count.companyId);
}, 120_000);

/** Products carrying every relation: tags, alternate SKUs, kit items, custom fields, substitutions and more. */
async function seed(companyId: number) {
  const db = tenantClient(server.database.prisma, companyId);
  const category = await db.productCategory.create({ data: { name: 'Cat' } as any });
  const subcategory = await db.productCategory.create({ data: { name: 'Sub', parentId: category.id } as any });
  const supplier = await db.supplier.create({ data: { name: 'Supplier' } as any });
  const priorityList = await db.priorityList.create({ data: { name: 'PL' } as any });
  const template = await db.distributionTemplate.create({ data: { name: 'DT' } as any });
  const templateCategory = await db.distributionTemplateCategory.create({ data: { name: 'DTC' } as any });
  const unitClass = await db.unitClass.create({ data: { name: 'Count' } as any });
  const each = await db.unitOfMeasure.create({ data: { unitClassId: unitClass.id, name: 'each', baseUnit: true } as any });
  const dozen = await db.unitOfMeasure.create({ data: { unitClassId: unitClass.id, name: 'dozen', baseUnit: false } as any });
  await db.unitConversionRule.create({
    data: { type: 'SYSTEM', baseUnitOfMeasureId: each.id, convertedUnitOfMeasureId: dozen.id, conversionFactor: 12 } as any,
  });
  dozenId = dozen.id;
  const bom = await db.bom.create({ data: { name: 'BOM' } as any });
  const tags = await db.tag.createManyAndReturn({ data: [{ name: 't1' }, { name: 't2' }, { name: 't3' }] as any });
  const products = await db.product.createManyAndReturn({
    data: Array.from({ length: PRODUCTS }, (_, i) => ({
      name: `Product ${i}`,
      sku: `SKU-${i}`,
      type: i % 2 === 0 ? 'KIT' : 'PRODUCT',
      retailPrice: 10 + i,
      categoryId: category.id,
      subcategoryId: subcategory.id,
      supplierId: supplier.id,
      priorityListId: priorityList.id,
      distributionTemplateId: template.id,
      distributionTemplateCategoryId: templateCategory.id,
      defaultUomId: each.id,
      customFields: { finish: `f${i}`, pack_size: i },
      productWeight: [{ unit: 'g', value: String(i) }],
    })) as any,
    select: { id: true },
  });
  const ids = products.map((p) => p.id);
  componentIds = ids.slice(0, 24);
  const variants = await db.product.createManyAndReturn({
    data: ids.map((parentProductId, i) => ({ name: `Variant ${i}`, sku: `VAR-${i}`, parentProductId })) as any,
    select: { id: true },
  });
  await db.productTag.createMany({ data: ids.flatMap((productId) => tags.map((tag) => ({ productId, tagId: tag.id }))) as any });
  await db.productAlternateSku.createMany({ data: ids.flatMap((productId, i) => [{ productId, sku: `ALT-${i}-a` }, { productId, sku: `ALT-${i}-b` }]) as any });
  await db.kitItem.createMany({
    data: ids.flatMap((kitId, i) =>
      i % 2 === 0 ? [1, 3].map((k) => ({ kitId, productId: ids[(i + k) % ids.length], uomId: each.id, quantity: 2, baseUomQuantity: 2, price: 1, originalPrice: 1 })) : [],
    ) as any,
  });
  await db.productSubstitution.createMany({ data: ids.map((productId, i) => ({ productId, substituteId: ids[(i + 1) % ids.length], priority: 1 })) as any });
  await db.productAttachment.createMany({ data: [...ids, ...variants.map((v) => v.id)].map((productId) => ({ productId, name: 'a.png' })) as any });
  await db.variantAttribute.createMany({ data: ids.map((productId) => ({ productId, variantName: 'Size', variantTerms: ['S', 'M'] })) as any });
  await db.productBom.createMany({ data: ids.map((productId) => ({ productId, bomId: bom.id })) as any });
}

/** Statements sent while serving one request (the token's last-used stamp, written at most once a while, aside). */
async function countStatements(request: () => Promise<{ status: number; body: any }>, status = 200) {
  statements.length = 0;
  const res = await request();
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  return { res, count: statements.length };
}

describe('query count of a page of products', () => {
  it('is the same for 10 and 100 products with all relations (REST)', async () => {
    await api('GET', '/products?per_page=1'); // warm-up
    const small = await countStatements(() => api('GET', '/products?per_page=10'));
    const large = await countStatements(() => api('GET', '/products?per_page=100'));
    expect(small.res.body.data).toHaveLength(10);
    expect(large.res.body.data).toHaveLength(100);
    const kit = large.res.body.data.find((p: any) => p.type === 'KIT');
    expect(kit.kit_items).toHaveLength(2);
    expect(kit.tags).toHaveLength(3);
    expect(kit.alternate_skus).toHaveLength(2);
    expect(kit.substitutions).toHaveLength(1);
    expect(kit.variants[0].attachments).toHaveLength(1);
    expect(kit.custom_fields).toEqual({ finish: expect.any(String), pack_size: expect.any(Number) });
    expect(large.count).toBe(small.count);
    // The REST page is written by one statement (RestRoute.direct) after the ids and the count, plus the
    // caller's token, company and rate limit: well under the GraphQL path's one statement per relation level.
    expect(large.count).toBeLessThan(12);
  });

  it('is the same for 10 and 100 products through GraphQL', async () => {
    const query = /* GraphQL */ `query($n: Int) { products(perPage: $n) { items {
      id sku tags { name } alternateSkus { sku } kitItems { total product { sku } unitOfMeasure { name } }
      substitutions { product { sku } } variants { sku attachments { name } } category { name } supplier { name } boms { name }
    } } }`;
    const small = await countStatements(() => gql(query, { n: 10 }));
    const large = await countStatements(() => gql(query, { n: 100 }));
    expect(large.res.body.data.products.items).toHaveLength(100);
    expect(large.count).toBe(small.count);
    // With an introspection field beside it the operation cannot be written whole, so this page is executed field
    // by field: still a fixed number of statements, one per relation.
    const fieldByField = query.replace('query($n: Int) {', 'query($n: Int) { fieldByField: __type(name: "Query") { name }');
    const smallFields = await countStatements(() => gql(fieldByField, { n: 10 }));
    const largeFields = await countStatements(() => gql(fieldByField, { n: 100 }));
    expect(largeFields.res.body.data.products.items).toHaveLength(100);
    expect(largeFields.count).toBe(smallFields.count);
    expect(largeFields.count).toBeGreaterThan(large.count + 8); // a query per relation
  });
});

describe('query count of writes with items in other units', () => {
  const items = (n: number) => componentIds.slice(0, n).map((id) => ({ product_id: id, quantity: 2, uom_id: dozenId }));

  it('is the same for a BOM of 2 and of 24 items', async () => {
    const small = await countStatements(() => api('POST', '/boms', { name: 'Small BOM', items: items(2) }), 201);
    const large = await countStatements(() => api('POST', '/boms', { name: 'Large BOM', items: items(24) }), 201);
    expect(large.res.body.data.items).toHaveLength(24);
    expect(large.res.body.data.items.every((item: any) => item.base_quantity === 24)).toBe(true);
    expect(large.count).toBe(small.count);
  });

  it('is the same for a kit of 2 and of 24 items', async () => {
    const kit = (sku: string, n: number) => ({ name: sku, sku, type: 'KIT', kit_items: items(n) });
    const small = await countStatements(() => api('POST', '/products', kit('KIT-SMALL', 2)), 201);
    const large = await countStatements(() => api('POST', '/products', kit('KIT-LARGE', 24)), 201);
    expect(large.res.body.data.kit_items).toHaveLength(24);
    expect(large.res.body.data.kit_items.every((item: any) => item.base_uom_quantity === 24)).toBe(true);
    expect(large.count).toBe(small.count);
  });
});
