// Products through /graphql: camelCase fields, relations, the filter argument and domain error codes.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { gql } = serverForFile(['acme']);

describe('products in GraphQL', () => {
  it('creates a kit from products, reads it with relations, filters, updates and deletes', async () => {
    const create = await gql(`mutation {
      createProduct(input: { name: "Bolt", sku: "BOLT", retailPrice: 1.5, boxWeight: [{ unit: "lb", value: 1 }, { unit: "oz", value: 8 }],
        alternateSkus: [{ sku: "BOLT-OLD" }], lotDeductionStrategy: FIFO }) {
        id sku retailPrice boxWeight { unit value } boxWeightOz boxWeightLb lotDeductionStrategy alternateSkus { sku } status
      }
    }`);
    expect(create.status).toBe(200);
    const bolt = create.body.data.createProduct;
    expect(bolt).toMatchObject({
      sku: 'BOLT', retailPrice: 1.5, boxWeight: [{ unit: 'lb', value: 1 }, { unit: 'oz', value: 8 }], boxWeightOz: 24, boxWeightLb: 1.5,
      lotDeductionStrategy: 'FIFO', alternateSkus: [{ sku: 'BOLT-OLD' }], status: 1,
    });

    const kit = (await gql(
      `mutation($bolt: Int!) { createProduct(input: { name: "Bolt pack", sku: "PACK", type: KIT, kitItems: [{ productId: $bolt, quantity: 4, price: 1.25 }] }) {
        id type kitItems { quantity price originalPrice total product { sku } }
      } }`,
      { bolt: bolt.id },
    )).body.data.createProduct;
    expect(kit).toMatchObject({ type: 'KIT', kitItems: [{ quantity: 4, price: 1.25, originalPrice: 1.5, total: 5, product: { sku: 'BOLT' } }] });

    const list = await gql(`{ products(filters: [{ name: "type", value: "KIT" }], sort: "-id") { items { sku } meta { total } } }`);
    expect(list.body.data.products).toEqual({ items: [{ sku: 'PACK' }], meta: { total: 1 } });
    const bySku = await gql(`{ products(filters: [{ name: "sku", value: "bolt-old" }]) { items { id } } }`);
    expect(bySku.body.data.products.items).toEqual([{ id: bolt.id }]);

    const updated = await gql(`mutation($id: Int!) { updateProduct(id: $id, input: { name: "Bolt M6", alternateSkus: [] }) { name alternateSkus { sku } } }`, { id: bolt.id });
    expect(updated.body.data.updateProduct).toEqual({ name: 'Bolt M6', alternateSkus: [] });

    // The bolt is a kit component: deleting it deactivates it.
    const deleted = await gql(`mutation($id: Int!) { deleteProduct(id: $id) { id status } }`, { id: bolt.id });
    expect(deleted.body.data.deleteProduct).toEqual({ id: bolt.id, status: 1 });
    const gone = await gql(`query($id: Int!) { product(id: $id) { id } }`, { id: bolt.id });
    expect(gone.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('reports validation errors with camelCase keys', async () => {
    const res = await gql(`mutation { createProduct(input: { name: "X", sku: "X", productWeight: [{ unit: "stone", value: 1 }] }) { id } }`);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'productWeight.0.unit': [expect.any(String)] } });
    const filters = await gql(`{ products(filters: [{ name: "price[gt]", value: "1" }]) { items { id } } }`);
    expect(filters.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'price[gt]': [expect.any(String)] } });
  });
});
