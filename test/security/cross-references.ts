// Documents of company B that name one record of company A among B's own: each must be refused (404 or
// 422), while the same document naming only B's records is accepted, which shows the refusal is the foreign
// id's doing. `kinds` are the references a document takes; each is swapped for A's record in turn.

export type Kind = 'product' | 'location' | 'location2' | 'supplier' | 'channel' | 'group' | 'customer' | 'unitClass';
export type Refs = Record<Kind, number>;

export interface CrossReference {
  path: string;
  kinds: Kind[];
  body: (refs: Refs, n: number) => unknown;
}

export const crossReferences: CrossReference[] = [
  { path: '/inventory/adjustments', kinds: ['product', 'location'], body: (r) => ({ lines: [{ product_id: r.product, location_id: r.location, quantity: 5, unit_cost: 1 }] }) },
  { path: '/transfer-orders', kinds: ['location', 'location2', 'product'], body: (r) => ({ source_location_id: r.location, destination_location_id: r.location2, lines: [{ product_id: r.product, quantity: 1 }] }) },
  { path: '/purchase-orders', kinds: ['supplier', 'location', 'product'], body: (r) => ({ supplier_id: r.supplier, warehouse_id: r.location, lines: [{ product_id: r.product, quantity: 1, unit_cost: 1 }] }) },
  { path: '/sales-orders', kinds: ['channel', 'product', 'customer'], body: (r) => ({ channel_id: r.channel, company_id: r.customer, lines: [{ product_id: r.product, quantity: 1, unit_price: 1 }] }) },
  { path: '/boms', kinds: ['product'], body: (r, n) => ({ name: `Kit ${n}`, items: [{ product_id: r.product, quantity: 1 }] }) },
  { path: '/supplier-skus', kinds: ['supplier', 'product'], body: (r, n) => ({ supplier_id: r.supplier, product_id: r.product, supplier_sku: `S-${n}` }) },
  { path: '/warehouse-groups', kinds: ['location'], body: (r, n) => ({ name: `Group ${n}`, warehouse_ids: [r.location] }) },
  { path: '/priority-lists', kinds: ['location'], body: (r, n) => ({ name: `List ${n}`, warehouse_ids: [r.location] }) },
  { path: '/work-orders', kinds: ['product', 'location'], body: (r) => ({ produced_sku_id: r.product, planned_qty: 1, production_warehouse_id: r.location, destination_warehouse_id: r.location }) },
  { path: '/bills', kinds: ['supplier'], body: (r, n) => ({ supplier_id: r.supplier, bill_number: `B-${n}`, bill_date: '2026-05-10', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] }) },
  { path: '/vendor-credits', kinds: ['supplier'], body: (r) => ({ supplier_id: r.supplier, amount: 1, currency: 'USD', credit_date: '2026-06-02', reason: 'x' }) },
  { path: '/vendor-returns', kinds: ['supplier', 'location', 'product'], body: (r) => ({ supplier_id: r.supplier, location_id: r.location, lines: [{ product_id: r.product, quantity: 1, unit_cost: 1 }] }) },
  { path: '/contacts', kinds: ['customer'], body: (r) => ({ company_id: r.customer, first_name: 'Ann', last_name: 'Lee' }) },
  { path: '/channels', kinds: ['group'], body: (r, n) => ({ channelType: 'sales_channel', label: `Channel ${n}`, warehouseGroupId: r.group }) },
  { path: '/locations', kinds: ['location'], body: (r, n) => ({ name: `Bin ${n}`, parent_id: r.location }) },
  { path: '/pickflow/cycle-count-batches', kinds: ['location'], body: (r, n) => ({ name: `Count ${n}`, warehouse_ids: [r.location] }) },
  { path: '/cost-rules', kinds: ['supplier'], body: (r, n) => ({ name: `Rule ${n}`, document_type: 'shipment', vendor_id: r.supplier }) },
  { path: '/integration-mappings', kinds: ['product'], body: (r, n) => ({ integration: 'wms', entity_type: 'product', internal_id: r.product, external_id: `X-${n}` }) },
  { path: '/unit-of-measures', kinds: ['unitClass'], body: (r, n) => ({ unit_class_id: r.unitClass, name: `unit ${n}` }) },
  { path: '/products', kinds: ['supplier'], body: (r, n) => ({ name: `Thing ${n}`, sku: `T-${n}`, supplier_id: r.supplier }) },
];
