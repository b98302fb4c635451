// Bills of materials through /graphql: the types, queries and mutations, and the error codes with
// per-field keys in GraphQL's camelCase.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient, type TenantDb } from '../../src/db/tenant-client.js';
import { serverForFile } from '../support/file-server.js';

const { server, companies: { acme }, gql } = serverForFile(['acme']);
let db: TenantDb;
let kilogram: number;
let gram: number;
let flour: number;
let sugar: number;

const BOM_SELECTION = `
  id name createdAt updatedAt
  items { id bomId productId product { id name sku description } quantity baseQuantity note uomId unitOfMeasure { id name } order consumptionBasis createdAt updatedAt }
  extraCosts { id name quantity unitPrice lineTotal createdAt updatedAt }`;

beforeAll(async () => {
  db = tenantClient(server.database.prisma, acme.companyId);
  const weight = await db.unitClass.create({ data: { name: 'Weight' } as any });
  kilogram = (await db.unitOfMeasure.create({ data: { unitClassId: weight.id, name: 'kg', baseUnit: true } as any })).id;
  gram = (await db.unitOfMeasure.create({ data: { unitClassId: weight.id, name: 'g' } as any })).id;
  await db.unitConversionRule.create({ data: { baseUnitOfMeasureId: kilogram, convertedUnitOfMeasureId: gram, conversionFactor: '0.001' } as any });
  flour = (await db.product.create({ data: { name: 'Flour', sku: 'FLOUR', defaultUomId: kilogram } as any })).id;
  sugar = (await db.product.create({ data: { name: 'Sugar', sku: 'SUGAR' } as any })).id;
  await db.productAlternateSku.create({ data: { productId: sugar, sku: 'SUCRE' } as any });
}, 120_000);

describe('BOMs in GraphQL', () => {
  it('creates, reads, lists, updates and deletes', async () => {
    const created = await gql(
      `mutation($input: BomCreateInput!) { createBom(input: $input) { ${BOM_SELECTION} } }`,
      {
        input: {
          name: 'Cake',
          items: [{ productId: flour, quantity: 500, uomId: gram, note: 'sifted' }, { sku: 'SUCRE', quantity: 0.2 }],
          extraCosts: [{ name: 'Oven', quantity: 3, unitPrice: 0.1 }],
        },
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.errors).toBeUndefined();
    const bom = created.body.data.createBom;
    expect(bom.items).toEqual([
      expect.objectContaining({
        bomId: bom.id, productId: flour, product: { id: flour, name: 'Flour', sku: 'FLOUR', description: null },
        quantity: 500, baseQuantity: 0.5, note: 'sifted', uomId: gram, unitOfMeasure: { id: gram, name: 'g' }, order: 0, consumptionBasis: 'planned',
      }),
      expect.objectContaining({ productId: sugar, quantity: 0.2, baseQuantity: 0.2, uomId: null, unitOfMeasure: null, order: 1 }),
    ]);
    expect(bom.extraCosts).toEqual([expect.objectContaining({ name: 'Oven', quantity: 3, unitPrice: 0.1, lineTotal: 0.3 })]);

    const read = await gql(`query($id: Int!) { bom(id: $id) { ${BOM_SELECTION} } }`, { id: bom.id });
    expect(read.body.data.bom).toEqual(bom);

    const list = await gql('{ boms(q: "cak") { items { name items { product { sku } } } meta { total currentPage perPage } } }');
    expect(list.body.data.boms).toEqual({
      items: [{ name: 'Cake', items: [{ product: { sku: 'FLOUR' } }, { product: { sku: 'SUGAR' } }] }],
      meta: { total: 1, currentPage: 1, perPage: 25 },
    });

    const updated = await gql(
      'mutation($id: Int!) { updateBom(id: $id, input: {name: "Sponge cake", items: [{sku: "FLOUR", quantity: 1}]}) { name items { productId uomId baseQuantity } extraCosts { name } } }',
      { id: bom.id },
    );
    expect(updated.body.data.updateBom).toEqual({
      name: 'Sponge cake',
      items: [{ productId: flour, uomId: kilogram, baseQuantity: 1 }],
      extraCosts: [{ name: 'Oven' }],
    });

    const deleted = await gql('mutation($id: Int!) { deleteBom(id: $id) { id name } }', { id: bom.id });
    expect(deleted.body.data.deleteBom).toEqual({ id: bom.id, name: 'Sponge cake' });
    const gone = await gql('query($id: Int!) { bom(id: $id) { id } }', { id: bom.id });
    expect(gone.body.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reports validation errors with a code and camelCase per-field keys', async () => {
    const res = await gql(
      `mutation { createBom(input: {name: "Bad", items: [{sku: "NONE", quantity: 1}, {quantity: 0, productId: ${sugar}}],
        extraCosts: [{name: "Labour", quantity: 1, unitPrice: 2, lineTotal: 2}]}) { id } }`,
    );
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        'items.0.sku': ['No product or alternate SKU "NONE" exists.'],
        'items.1.quantity': ['The quantity must be greater than 0.'],
        'extraCosts.0.lineTotal': ['The line_total is calculated by the service (quantity × unit_price) and must not be sent.'],
      },
    });
  });

  it('refuses a cycle through updateBom', async () => {
    const created = await gql(`mutation { createBom(input: {name: "Sugar syrup", items: [{productId: ${flour}, quantity: 1}]}) { id } }`);
    const bomId = created.body.data.createBom.id;
    await db.productBom.create({ data: { productId: sugar, bomId } as any });
    const res = await gql(`mutation($id: Int!) { updateBom(id: $id, input: {items: [{sku: "SUCRE", quantity: 1}]}) { id } }`, { id: bomId });
    expect(res.body.errors[0].extensions.errors).toEqual({
      'items.0.sku': [`Product ${sugar} (SUGAR) is built by this BOM, so it cannot be one of its items.`],
    });
  });
});
