// Calls the types must refuse: each line below a @ts-expect-error is wrong, so if the generated types became
// loose (any, unknown routes allowed, null where a value is required) tsc reports the unused directive.
// Checked with the rest of the client: tsc -p clients/typescript/tsconfig.json. Never run.
import type { InventoryClient, paths } from '../src/client.js';

type NewLocation = paths['/locations']['post']['requestBody']['content']['application/json'];

// @ts-expect-error A field the body does not have: bodies are closed (additionalProperties: false). Only on a typed
// value: openapi-fetch's POST does not flag an extra field once the required ones are there (openapi-ts/openapi-typescript#1769).
export const withColour: NewLocation = { name: 'Main', colour: 'blue' };

export async function refused(client: InventoryClient): Promise<void> {
  // @ts-expect-error A required field given null: a product needs a name.
  await client.POST('/products', { body: { name: null, sku: 'S-1' } });
  // @ts-expect-error A required field left out: a product needs a sku.
  await client.POST('/products', { body: { name: 'Lamp' } });
  // @ts-expect-error A field of the wrong type: a purchase order line's quantity is a number.
  await client.POST('/purchase-orders', { body: { supplier_id: 1, warehouse_id: 1, lines: [{ product_id: 1, quantity: 'ten' }] } });
  // @ts-expect-error An unknown route.
  await client.GET('/no-such-route', {});
  // @ts-expect-error A route with another method: products are not PUT.
  await client.PUT('/products/{productId}', { params: { path: { productId: 1 } }, body: { name: 'Lamp' } });
  // @ts-expect-error A path parameter left out.
  await client.GET('/purchase-orders/{purchaseOrderId}', {});
  // @ts-expect-error An SSCC is a digit string or a number (the field is JSON in GraphQL; the document says which).
  await client.POST('/sales-orders/{salesOrderId}/shipments/{shipmentId}/packages', { params: { path: { salesOrderId: 1, shipmentId: 1 } }, body: { packages: [{ sscc: { code: '0' } }] } });
  // @ts-expect-error A package item two levels down (child_packages, the recursive PackageInput) without its order_item_id.
  await client.POST('/sales-orders/{salesOrderId}/shipments/{shipmentId}/packages', { params: { path: { salesOrderId: 1, shipmentId: 1 } }, body: { packages: [{ child_packages: [{ child_packages: [{ contained_items: [{ quantity: 1 }] }] }] }] } });

  const { data } = await client.GET('/purchase-orders/{purchaseOrderId}', { params: { path: { purchaseOrderId: 1 } } });
  if (data) {
    // @ts-expect-error An answer's fields are typed: the id is a number.
    const id: string = data.data.id;
    // @ts-expect-error A status the purchase order does not have.
    const status: 'shipped' = data.data.status;
    // @ts-expect-error A field the answer does not have.
    void data.data.no_such_field;
    void id;
    void status;
  }
  // @ts-expect-error Data is there only after a check: an error answer has none.
  void (await client.GET('/products/{productId}', { params: { path: { productId: 1 } } })).data.data;
}
