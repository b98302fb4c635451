// Contract sweep (issue 17 §9), catalog and stock: one `describe` per operation of the contract's Endpoints
// section — GET /products, POST /boms/{bomId}, PATCH /locations/{locationId}, POST /unit-of-measures/{id},
// POST /unit-classes/{unitClassId}/default-unit-of-measure/{unitOfMeasureId}, GET /inventory/stocks/export and
// GET /imports — checking the envelope, the field names and types of the Resources section, and the status
// codes and error bodies of the Errors and Limits tables, exactly as the contract writes them.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { serverForFile } from '../support/file-server.js';
import { authRequirement, dataOf, expectInvalid, expectNotFound, expectShape, pageOf, type Shape } from '../support/contract-shape.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
// Rows made in beforeAll for the tests below.
let warehouse: any, shelf: any, bolt: any, nut: any, kit: any, bom: any;

const expectAuthRequired = authRequirement(() => ({ server, tenant: acme, stranger: globex }));

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  shelf = await post('/locations', { name: 'Shelf 1', parent_id: warehouse.id, is_pick_location: true });
  const tag = await post('/tags', { name: 'Steel', description: 'Made of steel', icon: 'bolt', color: '#888888' });
  const fixings = await post('/categories', { name: 'Fixings' });
  const screws = await post('/categories', { name: 'Screws', parent_id: fixings.id });
  bolt = await post('/products', {
    name: 'Bolt', sku: 'BOLT', retail_price: 2, product_weight: [{ unit: 'lb', value: 1 }], tag_ids: [tag.id], category_id: fixings.id, subcategory_id: screws.id,
  });
  nut = await post('/products', { name: 'Nut', sku: 'NUT', alternate_skus: [{ sku: 'NUT-ALT' }], lot_tracking: true });
  kit = await post('/products', { name: 'Bolt kit', sku: 'KIT', type: 'KIT', kit_items: [{ product_id: bolt.id, quantity: 2 }] });
  bom = await post('/boms', { name: 'Bracket', items: [{ product_id: bolt.id, quantity: 2 }], extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 3 }] });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: shelf.id, quantity: 10, unit_cost: 1.5 },
      { product_id: nut.id, location_id: warehouse.id, quantity: 4, unit_cost: 0.25, lot_number: 'N-1', expiry_date: '2031-01-31' },
    ],
  });
});

describe('GET /products', () => {
  const DIMENSIONS = ['product', 'box', 'carton', 'shipping', 'pallet'].flatMap((g) => ['length', 'width', 'height'].map((s) => `${g}_${s}`));
  const WEIGHTS = ['product_weight', 'dimensional_weight', 'box_weight', 'carton_weight', 'shipping_weight', 'pallet_weight'];
  const PRODUCT: Shape = {
    id: 'integer', name: 'string', description: 'string?', sku: 'string', upc: 'string?', hs_code: 'string?', type: 'string', image_url: 'string?',
    created_at: 'date-time', updated_at: 'date-time',
    retail_price: 'number?', wholesale_price: 'number?', unit_cost: 'number?', landed_cost: 'number?', manufacturing_fee: 'number?',
    ...Object.fromEntries(DIMENSIONS.map((d) => [d, 'number?'])),
    ...Object.fromEntries(WEIGHTS.flatMap((w) => [[w, 'array'], [`${w}_oz`, 'number?'], [`${w}_lb`, 'number?']])),
    sellable: 'boolean', discontinued: 'boolean', is_drop_ship_item: 'boolean', taxable: 'boolean', lot_tracking: 'boolean', round_up_as_component: 'boolean',
    lot_deduction_strategy: 'string?', default_supply_method: 'string?',
    category: 'object?', subcategory: 'object?', custom_fields: 'object', attachments: 'array', variants: 'array', variant_attributes: 'array',
    alternate_skus: 'array', tags: 'array', substitutions: 'array', supplier: 'object?', kit_items: 'array', priority_list: 'object?',
    distribution_template: 'object?', distribution_template_category: 'object?', boms: 'array',
  };
  const ids = async (query: string) => pageOf(await api('GET', `/products?${query}`)).map((p: any) => p.id);

  it('answers {data: [product], meta} with the fields of the Product table', async () => {
    const list = pageOf(await api('GET', '/products?per_page=100'));
    expect(list.map((p: any) => p.id).sort((a: number, b: number) => a - b)).toEqual([bolt.id, nut.id, kit.id]);
    for (const product of list) expectShape(product, PRODUCT, { where: `product ${product.sku}` });
    const b = list.find((p: any) => p.id === bolt.id);
    expect(b.type).toBe('PRODUCT');
    expect(b.product_weight).toEqual([{ unit: 'lb', value: 1 }]);
    expect([b.product_weight_oz, b.product_weight_lb]).toEqual([16, 1]);
    expectShape(b.product_weight[0], { unit: 'string', value: 'number' }, { exact: true, where: 'weight' });
    expectShape(b.tags[0], { id: 'integer', name: 'string', description: 'string?', icon: 'string?', color: 'string?' }, { exact: true, where: 'tag' });
    expect(b.tags[0]).toMatchObject({ name: 'Steel', color: '#888888' });
    expectShape(b.category, { id: 'integer', name: 'string' }, { exact: true, where: 'category' });
    expectShape(b.subcategory, { id: 'integer', name: 'string' }, { exact: true, where: 'subcategory' });
    expect([b.category.name, b.subcategory.name]).toEqual(['Fixings', 'Screws']);
    expect(list.find((p: any) => p.id === nut.id).alternate_skus).toEqual([{ id: expect.any(Number), sku: 'NUT-ALT' }]);
    const k = list.find((p: any) => p.id === kit.id);
    expect(k.type).toBe('KIT');
    expectShape(k.kit_items[0], {
      id: 'integer', product_id: 'integer', uom_id: 'integer?', quantity: 'number', base_uom_quantity: 'number?', price: 'number?', original_price: 'number?', total: 'number?',
      product: 'object', unit_of_measure: 'object?',
    }, { exact: true, where: 'kit item' });
    expectShape(k.kit_items[0].product, { id: 'integer', name: 'string', sku: 'string', description: 'string?', retail_price: 'number?', wholesale_price: 'number?' }, { exact: true, where: 'kit item product' });
  });

  it('filters on the product\'s own id — the Integer row\'s "{base_url}" read as id — with eq, gt, gte, lt and lte', async () => {
    const [first, second, third] = [bolt.id, nut.id, kit.id];
    expect(await ids(`id=${second}`)).toEqual([second]);
    expect(await ids(`id[eq]=${second}`)).toEqual([second]);
    expect((await ids(`id[gt]=${first}`)).sort()).toEqual([second, third].sort());
    expect((await ids(`id[gte]=${second}`)).sort()).toEqual([second, third].sort());
    expect(await ids(`id[lt]=${second}`)).toEqual([first]);
    expect((await ids(`id[lte]=${second}`)).sort()).toEqual([first, second].sort());
    expect(await ids(`id[gt]=${first}&id[lt]=${third}`)).toEqual([second]);
    expectInvalid(await api('GET', '/products?id[contains]=1'), ['id[contains]']);
    expectInvalid(await api('GET', '/products?id[gt]=abc'), ['id[gt]']);
    // The OpenAPI description lists it with the other filters.
    const openapi = (await server.call('GET', '/external/api/v1/openapi.json')).body;
    expect(openapi.paths['/products'].get.description).toContain('| `id` | integer | eq, gt, gte, lt, lte |');
  });

  it('takes the other filter kinds of the table and refuses unknown fields with 422 {message, errors}', async () => {
    expect(await ids('sku=NUT-ALT')).toEqual([nut.id]);
    expect(await ids('type=KIT')).toEqual([kit.id]);
    expect(await ids('tag=steel')).toEqual([bolt.id]);
    expect(await ids('category.name=fixings')).toEqual([bolt.id]);
    expect(await ids(`sub_category.id=${bolt.subcategory.id}`)).toEqual([bolt.id]);
    expect(await ids('q=alt')).toEqual([nut.id]);
    expect(await ids(`kit_items.product_id=${bolt.id}`)).toEqual([kit.id]);
    expect(await ids(`bom.id=${bom.id}`)).toEqual([]);
    expect(await ids('retail_price[gte]=2')).toEqual([bolt.id]);
    expect((await ids('created_at[gte]=2000-01-01%2000:00:00')).length).toBe(3);
    expectInvalid(await api('GET', '/products?colour=red'), ['colour']);
    expectInvalid(await api('GET', '/products?per_page=101'), ['per_page']);
  });

  it('needs a token (401 {error, message, status_code})', async () => {
    await expectAuthRequired('GET', '/products');
  });
});

describe('POST /boms/{bomId}', () => {
  const BOM: Shape = { id: 'integer', name: 'string', items: 'array', extra_costs: 'array', created_at: 'date-time', updated_at: 'date-time' };
  const ITEM: Shape = {
    id: 'integer', bom_id: 'integer', product_id: 'integer', quantity: 'number', product: 'object', base_quantity: 'number', note: 'string?', uom_id: 'integer?',
    unit_of_measure: 'object?', order: 'integer', consumption_basis: 'string', created_at: 'date-time', updated_at: 'date-time',
  };
  const EXTRA: Shape = { id: 'integer', name: 'string', quantity: 'number', unit_price: 'number', line_total: 'number', created_at: 'date-time', updated_at: 'date-time' };

  it('updates partially, replaces given arrays, looks skus up among alternates and answers {data: BOM}', async () => {
    const updated = dataOf(await api('POST', `/boms/${bom.id}`, {
      items: [{ sku: 'NUT-ALT', quantity: 3, note: 'any nut', order: 2 }, { product_id: bolt.id, quantity: 1.5, order: 1 }],
      extra_costs: [{ name: 'Paint', quantity: 2, unit_price: 0.75 }],
    }));
    expectShape(updated, BOM, { exact: true, where: 'bom' });
    expect(updated.name).toBe('Bracket');
    expect(updated.items.map((i: any) => [i.product_id, i.quantity, i.order])).toEqual(expect.arrayContaining([[nut.id, 3, 2], [bolt.id, 1.5, 1]]));
    expect(updated.items).toHaveLength(2);
    for (const item of updated.items) {
      expectShape(item, ITEM, { exact: true, where: 'bom item' });
      expectShape(item.product, { id: 'integer', name: 'string', sku: 'string', description: 'string?' }, { where: 'bom item product' });
      expect(item.bom_id).toBe(bom.id);
    }
    expect(updated.extra_costs).toHaveLength(1);
    expectShape(updated.extra_costs[0], EXTRA, { exact: true, where: 'extra cost' });
    expect(updated.extra_costs[0]).toMatchObject({ name: 'Paint', quantity: 2, unit_price: 0.75, line_total: 1.5 });
    // Name only: the arrays stay.
    const renamed = dataOf(await api('POST', `/boms/${bom.id}`, { name: 'Bracket v2' }));
    expect(renamed.name).toBe('Bracket v2');
    expect(renamed.items).toHaveLength(2);
    expect(renamed.extra_costs).toHaveLength(1);
  });

  it('refuses what the contract rules out with 422 {message, errors}', async () => {
    expectInvalid(await api('POST', `/boms/${bom.id}`, { name: 'x'.repeat(256) }), ['name']);
    expectInvalid(await api('POST', `/boms/${bom.id}`, { items: [] }), ['items']);
    expectInvalid(await api('POST', `/boms/${bom.id}`, { items: [{ quantity: 1 }] }), ['items.0.product_id']);
    expectInvalid(await api('POST', `/boms/${bom.id}`, { items: [{ sku: 'NO-SUCH', quantity: 1 }] }), ['items.0.sku']);
    expectInvalid(await api('POST', `/boms/${bom.id}`, { extra_costs: [{ name: 'Paint' }] }), ['extra_costs.0.quantity', 'extra_costs.0.unit_price']);
    expectInvalid(await api('POST', `/boms/${bom.id}`, { extra_costs: [{ name: 'Paint', quantity: 1, unit_price: 1, line_total: 1 }] }), ['extra_costs.0.line_total']);
    const other = await post('/boms', { name: 'Other', items: [{ product_id: nut.id, quantity: 1 }] });
    expectInvalid(await api('POST', `/boms/${other.id}`, { name: 'Bracket v2' }), ['name']);
    expect((await api('GET', `/boms/${bom.id}`)).body.data.name).toBe('Bracket v2');
  });

  it('answers 400 {message} for a body that is not JSON', async () => {
    const res = await server.call('POST', `/external/api/v1/boms/${bom.id}`, { token: acme.token, company: acme.slug, rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('answers 404 {message} for an unknown or foreign BOM, and 401 without a token', async () => {
    expectNotFound(await api('POST', '/boms/999999', { name: 'x' }));
    expectNotFound(await api('POST', `/boms/${bom.id}`, { name: 'x' }, globex));
    await expectAuthRequired('POST', `/boms/${bom.id}`, { name: 'x' });
  });
});

describe('PATCH /locations/{locationId}', () => {
  const LOCATION: Shape = { id: 'integer', status: 'string', name: 'string', parent_id: 'integer?', created_at: 'date-time', updated_at: 'date-time' };

  it('answers the bare location {id, status, name, parent_id, created_at, updated_at}', async () => {
    const spare = await post('/locations', { name: 'Spare' });
    const res = await api('PATCH', `/locations/${shelf.id}`, {
      name: 'Shelf 1A', address: '1 Dock Road', street_address_1: 'Unit 4', street_address_2: 'Gate B', city: 'Leeds', state: 'WY', zip: 'LS1', country: 'GB', is_pick_location: true,
    });
    expect(res.status, res.text).toBe(200);
    expectShape(res.body, LOCATION, { exact: true, where: 'location' });
    expect(res.body).toMatchObject({ id: shelf.id, name: 'Shelf 1A', parent_id: warehouse.id, status: 'active' });
    const moved = await api('PATCH', `/locations/${shelf.id}`, { parent_id: spare.id });
    expect(moved.status, moved.text).toBe(200);
    expectShape(moved.body, LOCATION, { exact: true, where: 'moved location' });
    expect(moved.body.parent_id).toBe(spare.id);
    const empty = await api('PATCH', `/locations/${spare.id}`, {});
    expectShape(empty.body, LOCATION, { exact: true, where: 'warehouse' });
    expect(empty.body.parent_id).toBeNull();
    await api('PATCH', `/locations/${shelf.id}`, { parent_id: warehouse.id });
  });

  it('refuses names and address parts over 255 and a parent that is not a warehouse, with 422 {message, errors}', async () => {
    const long = 'x'.repeat(256);
    expectInvalid(await api('PATCH', `/locations/${shelf.id}`, { name: long }), ['name']);
    expectInvalid(await api('PATCH', `/locations/${shelf.id}`, { city: long, state: long, zip: long, country: long }), ['city', 'state', 'zip', 'country']);
    expectInvalid(await api('PATCH', `/locations/${shelf.id}`, { street_address_1: long, street_address_2: long, address: long }), ['street_address_1', 'street_address_2', 'address']);
    expect((await api('PATCH', `/locations/${shelf.id}`, { name: 'x'.repeat(255) })).status).toBe(200);
    const nested = await post('/locations', { name: 'Bin', parent_id: warehouse.id });
    expectInvalid(await api('PATCH', `/locations/${nested.id}`, { parent_id: shelf.id }), ['parent_id']);
    expectInvalid(await api('PATCH', `/locations/${nested.id}`, { parent_id: 999999 }), ['parent_id']);
    expectInvalid(await api('PATCH', `/locations/${nested.id}`, { is_pick_location: 'yes' }), ['is_pick_location']);
  });

  it('answers 404 {message} for an unknown or foreign location, and 401 without a token', async () => {
    expectNotFound(await api('PATCH', '/locations/999999', { name: 'x' }));
    expectNotFound(await api('PATCH', `/locations/${warehouse.id}`, { name: 'x' }, globex));
    await expectAuthRequired('PATCH', `/locations/${warehouse.id}`, { name: 'x' });
  });
});

const UNIT: Shape = {
  id: 'integer', created_at: 'date-time', updated_at: 'date-time', status: 'string?', unit_class_id: 'integer', unit_class: 'object?', name: 'string', description: 'string?',
  base_unit: 'boolean', unit_conversion_rules: 'array',
};

/** A new unit class, its base unit and a unit of 1000 of it: `[class, base, thousand]`. */
async function classWithThousandUnit(className: string, baseName: string, thousandName: string): Promise<any[]> {
  const unitClass = await post('/unit-classes', { name: className });
  const base = await post('/unit-of-measures', { unit_class_id: unitClass.id, name: baseName });
  return [unitClass, base, await post('/unit-of-measures', { unit_class_id: unitClass.id, name: thousandName, conversion_factor: 1000 })];
}

describe('POST /unit-of-measures/{id}', () => {
  let [mass, gram, kilo]: any[] = [];
  beforeAll(async () => {
    [mass, gram, kilo] = await classWithThousandUnit('Mass', 'g', 'kg');
  });

  it('updates a unit and answers {data: unit of measure}', async () => {
    const unit = dataOf(await api('POST', `/unit-of-measures/${kilo.id}`, { name: 'kilogram', description: 'a thousand grams' }));
    expectShape(unit, UNIT, { exact: true, where: 'unit of measure' });
    expect(unit).toMatchObject({ id: kilo.id, name: 'kilogram', description: 'a thousand grams', base_unit: false, unit_class_id: mass.id });
    expectShape(unit.unit_class, { id: 'integer', name: 'string', base_class: 'boolean' }, { exact: true, where: 'unit_class' });
    for (const rule of unit.unit_conversion_rules) {
      expectShape(rule, {
        id: 'integer', created_at: 'date-time', updated_at: 'date-time', status: 'string', base_unit_of_measure_id: 'integer', converted_unit_of_measure_id: 'integer',
        base_unit_of_measure: 'object', converted_unit_of_measure: 'object', conversion_factor: 'number', type: 'string', product_id: 'integer?', product: 'object?',
        product_alternate_skus: 'array',
      }, { where: 'conversion rule' });
    }
    const base = dataOf(await api('POST', `/unit-of-measures/${kilo.id}`, { base_unit: true }));
    expect(base.base_unit).toBe(true);
    expect(dataOf(await api('GET', `/unit-of-measures/${gram.id}`)).base_unit).toBe(false);
  });

  it('answers 422 {message, errors} for bad fields, 404 {message} for an unknown unit, 401 without a token', async () => {
    expectInvalid(await api('POST', `/unit-of-measures/${gram.id}`, { name: '', unit_class_id: 999999 }), ['name', 'unit_class_id']);
    expectInvalid(await api('POST', `/unit-of-measures/${gram.id}`, { base_unit: 'yes' }), ['base_unit']);
    expectInvalid(await api('POST', `/unit-of-measures/${gram.id}`, { name: 'x'.repeat(256) }), ['name']);
    expectNotFound(await api('POST', '/unit-of-measures/999999', { name: 'x' }));
    expectNotFound(await api('POST', `/unit-of-measures/${gram.id}`, { name: 'x' }, globex));
    await expectAuthRequired('POST', `/unit-of-measures/${gram.id}`, { name: 'x' });
  });
});

describe('POST /unit-classes/{unitClassId}/default-unit-of-measure/{unitOfMeasureId}', () => {
  let [length, mm, m]: any[] = [];
  beforeAll(async () => {
    [length, mm, m] = await classWithThousandUnit('Length', 'mm', 'm');
  });

  it('makes the unit the base of its class, unsets the previous one, and answers {data: unit class}', async () => {
    const cls = dataOf(await api('POST', `/unit-classes/${length.id}/default-unit-of-measure/${m.id}`));
    expectShape(cls, { id: 'integer', created_at: 'date-time', updated_at: 'date-time', status: 'string', name: 'string', base_class: 'boolean', unit_of_measures: 'array', base_unit_of_measure: 'object' }, { exact: true, where: 'unit class' });
    expect(cls.base_unit_of_measure.id).toBe(m.id);
    for (const unit of cls.unit_of_measures) expectShape(unit, { id: 'integer', name: 'string', base_unit: 'boolean' }, { where: 'unit of the class' });
    expect(cls.unit_of_measures.filter((u: any) => u.base_unit).map((u: any) => u.id)).toEqual([m.id]);
    expect(dataOf(await api('GET', `/unit-of-measures/${mm.id}`)).base_unit).toBe(false);
  });

  it('takes no body, answers 404 {message} for unknown ids and 401 without a token', async () => {
    expectInvalid(await api('POST', `/unit-classes/${length.id}/default-unit-of-measure/${mm.id}`, { force: true }), ['body']);
    expectNotFound(await api('POST', `/unit-classes/999999/default-unit-of-measure/${mm.id}`));
    expectNotFound(await api('POST', `/unit-classes/${length.id}/default-unit-of-measure/999999`));
    expectNotFound(await api('POST', `/unit-classes/${length.id}/default-unit-of-measure/${mm.id}`, undefined, globex));
    await expectAuthRequired('POST', `/unit-classes/${length.id}/default-unit-of-measure/${mm.id}`);
  });
});

describe('GET /inventory/stocks/export', () => {
  const ROW: Shape = {
    id: 'integer', sku: 'string', name: 'string', type: 'string', category_id: 'integer?', category_name: 'string?', sub_category_id: 'integer?', sub_category_name: 'string?',
    qty_onhand: 'number', qty_incoming: 'number', qty_available: 'number', qty_pending: 'number', qty_backordered: 'number', qty_available_via_assembly: 'number',
    qty_recoverable_via_disassembly: 'number', qty_outstanding: 'number', current_landed_unit_cost: 'number?', updated_at: 'date-time', location_stocks: 'array',
  };
  const PLACE: Shape = { id: 'integer', status: 'string', name: 'string', parent_id: 'integer?', parent: 'object?', is_pick_location: 'boolean', created_at: 'date-time', updated_at: 'date-time' };
  const LOCATION_STOCK: Shape = {
    id: 'integer', warehouse: 'object', location: 'object', qty_onhand: 'number', qty_incoming: 'number', qty_pending: 'number', qty_available: 'number',
    qty_available_via_assembly: 'number', qty_recoverable_via_disassembly: 'number', current_landed_unit_cost: 'number?', lot_stocks: 'array',
  };
  const exportPage = (query = '') => api('GET', `/inventory/stocks/export${query}`);
  function envelope(res: { status: number; text: string; body: any }) {
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'meta', 'next_cursor']);
    expectShape(res.body, { data: 'array', next_cursor: 'string', has_more: 'boolean', meta: 'object' }, { exact: true, where: 'export page' });
    expectShape(res.body.meta, { rows: 'integer' }, { exact: true, where: 'meta' });
    expect(res.body.meta.rows).toBe(res.body.data.length);
    return res.body;
  }

  it('answers {data: [row], next_cursor, has_more, meta: {rows}} page by page in ascending id order', async () => {
    const first = envelope(await exportPage('?limit=2'));
    expect(first.data.map((r: any) => r.id)).toEqual([bolt.id, nut.id]);
    expect(first.has_more).toBe(true);
    for (const row of first.data) {
      expectShape(row, ROW, { exact: true, where: `row ${row.sku}` });
      for (const stock of row.location_stocks) {
        expectShape(stock, LOCATION_STOCK, { exact: true, where: 'location stock' });
        expectShape(stock.warehouse, PLACE, { exact: true, where: 'warehouse' });
        expectShape(stock.location, PLACE, { exact: true, where: 'location' });
      }
    }
    const boltRow = first.data[0];
    expect(boltRow).toMatchObject({ qty_onhand: 10, current_landed_unit_cost: 1.5 });
    expect(boltRow.location_stocks.map((s: any) => [s.warehouse.id, s.location.id, s.location.is_pick_location])).toEqual([[warehouse.id, shelf.id, true]]);
    const [nutStock] = first.data[1].location_stocks;
    expect(nutStock.lot_stocks).toHaveLength(1);
    expectShape(nutStock.lot_stocks[0], { lot_id: 'integer', location_id: 'integer', lot_number: 'string', production_date: 'date?', expiry_date: 'date?', qty_onhand: 'number' }, { exact: true, where: 'lot stock' });
    expect(nutStock.lot_stocks[0]).toMatchObject({ location_id: warehouse.id, lot_number: 'N-1', expiry_date: '2031-01-31', qty_onhand: 4 });
    const second = envelope(await exportPage(`?cursor=${encodeURIComponent(first.next_cursor)}`));
    expect(second.data.map((r: any) => r.id)).toEqual([kit.id]);
    expect(second.has_more).toBe(false);
  });

  it('lists active products only, and keeps a run to the cutoff of its first request', async () => {
    const first = envelope(await exportPage('?limit=1'));
    const later = await post('/products', { name: 'Later', sku: 'LATER' });
    const receipt = await post('/inventory/adjustments', { lines: [{ product_id: nut.id, location_id: warehouse.id, quantity: 6, unit_cost: 0.25, lot_number: 'N-1' }] });
    const rest = envelope(await exportPage(`?cursor=${encodeURIComponent(first.next_cursor)}&limit=1000`));
    expect([...first.data, ...rest.data].map((r: any) => r.id)).toEqual([bolt.id, nut.id, kit.id]);
    // Quantities are those of the cutoff: the receipt after the first page is not in this run.
    expect(rest.data[0].qty_onhand).toBe(4);
    expect(envelope(await exportPage()).data[1].qty_onhand).toBe(10);
    expect(receipt.lines).toHaveLength(1);
    expect(envelope(await exportPage()).data.map((r: any) => r.id)).toEqual([bolt.id, nut.id, kit.id, later.id]);
    expect((await api('DELETE', `/products/${later.id}`)).status).toBe(200);
    expect(envelope(await exportPage()).data.map((r: any) => r.id)).toEqual([bolt.id, nut.id, kit.id]);
  });

  it('takes limit 1 to 1000 (default 100) and ignores q; anything else is 422 {message, errors}', async () => {
    expect(envelope(await exportPage()).data).toHaveLength(3);
    expect(envelope(await exportPage('?limit=1')).data).toHaveLength(1);
    expect(envelope(await exportPage('?limit=1000')).data).toHaveLength(3);
    expect(envelope(await exportPage('?q=anything')).data).toHaveLength(3);
    // q is ignored in validation: empty, repeated or with commas (a repeated q was a 422).
    expect(envelope(await exportPage('?q=&limit=2')).data).toHaveLength(2);
    expect(envelope(await exportPage('?q=a&q=b,c&q=')).data).toHaveLength(3);
    expectInvalid(await exportPage('?limit=0'), ['limit']);
    expectInvalid(await exportPage('?limit=1001'), ['limit']);
    expectInvalid(await exportPage('?limit=ten'), ['limit']);
    expectInvalid(await exportPage('?page=2'), ['page']);
    expectInvalid(await exportPage('?sku=BOLT'), ['sku']);
    expectInvalid(await exportPage('?cursor=not-a-cursor'), ['cursor']);
  });

  it('gives 100 products a page by default', async () => {
    await tenantClient(server.database.prisma, acme.companyId).product.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({ name: `Filler ${i}`, sku: `FILL-${String(i).padStart(3, '0')}` })) as any,
    });
    const first = envelope(await exportPage());
    expect(first.data).toHaveLength(100);
    expect(first.has_more).toBe(true);
    const ids = first.data.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    const rest = envelope(await exportPage(`?cursor=${encodeURIComponent(first.next_cursor)}`));
    expect([rest.data.length, rest.has_more]).toEqual([3, false]);
  });

  it('needs a token (401 {error, message, status_code})', async () => {
    await expectAuthRequired('GET', '/inventory/stocks/export');
  });
});

describe('GET /imports', () => {
  const IMPORT: Shape = { id: 'integer', type: 'string', stats: 'object', created_at: 'date-time', updated_at: 'date-time', email: 'string?', options: 'object', imported_by: 'string?', job: 'object' };
  const JOB: Shape = {
    id: 'integer', job_id: 'string', type: 'string', status: 'string', queue: 'string', attempts: 'integer', progress_now: 'integer', progress_max: 'integer',
    created_at: 'date-time', updated_at: 'date-time', started_at: 'date-time?', finished_at: 'date-time?',
  };

  beforeAll(async () => {
    const started = await server.call('POST', '/external/api/v1/imports?type=master_skus', {
      token: acme.token, company: acme.slug, rawBody: 'sku,name\r\nIMP-1,Imported\r\n', headers: { 'content-type': 'text/csv' },
    });
    expect(started.status, started.text).toBe(202);
  });

  it('answers {data: [import job], meta} with the fields of the Import job table', async () => {
    const list = pageOf(await api('GET', '/imports'));
    expect(list).toHaveLength(1);
    expectShape(list[0], IMPORT, { exact: true, where: 'import job' });
    expect(list[0].type).toBe('master_skus');
    expectShape(list[0].stats, { total_rows: 'integer', success_count: 'integer', error_count: 'integer' }, { exact: true, where: 'stats' });
    expectShape(list[0].job, JOB, { exact: true, where: 'job' });
    expect(pageOf(await api('GET', '/imports?type=master_skus'))).toHaveLength(1);
    expect(pageOf(await api('GET', '/imports?type=stock'))).toHaveLength(0);
    expect(pageOf(await api('GET', '/imports?per_page=100&page=1'))).toHaveLength(1);
  });

  it('allows per_page up to 100; more, an unknown type or parameter is 422 {message, errors}', async () => {
    expectInvalid(await api('GET', '/imports?per_page=101'), ['per_page']);
    expectInvalid(await api('GET', '/imports?type=nothing'), ['type']);
    expectInvalid(await api('GET', '/imports?colour=red'), ['colour']);
    expect(pageOf(await api('GET', '/imports', undefined, globex))).toEqual([]);
  });

  it('needs a token (401 {error, message, status_code})', async () => {
    await expectAuthRequired('GET', '/imports');
  });
});

describe('the OpenAPI document', () => {
  // Every operation of the contract's Endpoints section, as it writes method and path.
  const ENDPOINTS = [
    'GET /pickflow/picklists/{id}', 'POST /pickflow/cycle-counts/{sessionId}/reopen', 'POST /channels/sales', 'POST /cost-rules', 'GET /inventory/stocks/export',
    'GET /products', 'POST /boms/{bomId}', 'POST /work-orders/{workOrderId}/complete', 'PATCH /locations/{locationId}', 'POST /unit-of-measures/{id}',
    'POST /unit-classes/{unitClassId}/default-unit-of-measure/{unitOfMeasureId}', 'POST /sales-orders/{salesOrderId}/shipments/{shipmentId}/packages',
    'GET /shipments/{shipmentId}/billable-lines', 'POST /purchase-orders/{purchaseOrderId}/push-inbound-shipment',
    'POST /purchase-orders/{purchaseOrderId}/payment-obligations/generate', 'DELETE /deals/{dealId}/purchase-orders/{purchaseOrderId}', 'GET /vendor-returns',
    'POST /vendor-returns/{id}/generate-credit', 'DELETE /vendor-credits/{id}/applications/{applicationId}', 'GET /vendors/{id}/statement', 'GET /imports',
    'GET /reports/edi/summary', 'GET /forecast-warehouse-data/{id}', 'GET /currency/rates/convert',
  ];

  it('documents every operation of the Endpoints section under the same method and path', async () => {
    const res = await server.call('GET', '/external/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const missing = ENDPOINTS.filter((endpoint) => {
      const [method, path] = endpoint.split(' ');
      return !res.body.paths[path]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    expect(res.body.paths['/channels/sales'].post.deprecated).toBe(true);
  });
});
