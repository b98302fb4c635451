// Contract tests of the bills-of-materials routes over real HTTP: exact keys, types, status codes, error
// bodies, replacement semantics, SKU lookups, unit conversion, exact line totals and the cycle rule.
// Products, alternate SKUs and units are written with the tenant-scoped Prisma client, so these tests do not
// depend on the products and units routes.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient, type TenantDb } from '../../src/db/tenant-client.js';
import { assertNoBomCycle } from '../../src/domain/boms/bom-cycles.js';
import { serverForFile } from '../support/file-server.js';
import { documentedKeys } from '../support/documented-keys.js';

const { server, companies: { acme, globex }, api } = serverForFile(['acme', 'globex']);
let db: TenantDb;

const BOM_KEYS = ['created_at', 'extra_costs', 'id', 'items', 'name', 'updated_at'];
// A BOM's items and extra costs answer every field of their GraphQL types: their keys follow the served document.
const ITEM_KEYS = documentedKeys('getBom', 'data', 'items', '[]');
const EXTRA_COST_KEYS = documentedKeys('getBom', 'data', 'extra_costs', '[]');
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const units = { gram: 0, kilogram: 0, each: 0, dozen: 0 };
const products = { screw: 0, nut: 0, flour: 0, bag: 0, plain: 0 };

let nameCounter = 0;
const uniqueName = (prefix = 'BOM') => `${prefix} ${++nameCounter}`;

async function createBom(body: Record<string, unknown> = {}): Promise<any> {
  const res = await api('POST', '/boms', { name: uniqueName(), items: [{ product_id: products.plain, quantity: 1 }], ...body });
  expect(res.status).toBe(201);
  return res.body.data;
}

async function product(sku: string, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await db.product.create({ data: { name: `Product ${sku}`, sku, description: `About ${sku}`, ...extra } as any });
  return created.id;
}

/** A class with a base unit and one larger unit (1 larger = factor base), as SYSTEM rules hold it. */
async function unitClass(name: string, base: string, larger: string, factor: number): Promise<[number, number]> {
  const unitClass = await db.unitClass.create({ data: { name } as any });
  const baseUnit = await db.unitOfMeasure.create({ data: { unitClassId: unitClass.id, name: base, baseUnit: true } as any });
  const largerUnit = await db.unitOfMeasure.create({ data: { unitClassId: unitClass.id, name: larger } as any });
  await db.unitConversionRule.create({
    data: { baseUnitOfMeasureId: baseUnit.id, convertedUnitOfMeasureId: largerUnit.id, conversionFactor: factor, type: 'SYSTEM' } as any,
  });
  return [baseUnit.id, largerUnit.id];
}

beforeAll(async () => {
  db = tenantClient(server.database.prisma, acme.companyId);
  [units.gram, units.kilogram] = await unitClass('Weight', 'g', 'kg', 1000);
  [units.each, units.dozen] = await unitClass('Count', 'each', 'dozen', 12);
  products.screw = await product('SCREW-1', { defaultUomId: units.each });
  products.nut = await product('NUT-1', { defaultUomId: units.each });
  await db.productAlternateSku.create({ data: { productId: products.nut, sku: 'NUT-ALT' } as any });
  products.flour = await product('FLOUR', { defaultUomId: units.kilogram });
  products.bag = await product('BAG', { defaultUomId: units.gram });
  products.plain = await product('PLAIN');
}, 120_000);

describe('POST /boms', () => {
  it('creates a BOM and answers 201 {data: BOM} with every field of items and extra costs', async () => {
    const res = await api('POST', '/boms', {
      name: 'Bookshelf',
      items: [
        { product_id: products.screw, quantity: 8, note: 'M4' },
        { sku: 'NUT-1', quantity: 2 },
        { sku: 'NUT-ALT', quantity: 3, order: 9 },
        { product_id: products.plain, quantity: 1.25 },
      ],
      extra_costs: [{ name: 'Assembly', quantity: 3, unit_price: 0.1 }],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const bom = res.body.data;
    expect(Object.keys(bom).sort()).toEqual(BOM_KEYS);
    expect(bom).toMatchObject({ name: 'Bookshelf' });
    expect(bom.created_at).toMatch(ISO);
    expect(bom.updated_at).toMatch(ISO);

    expect(bom.items).toHaveLength(4);
    for (const item of bom.items) {
      expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
      expect(item.bom_id).toBe(bom.id);
      expect(Number.isInteger(item.id)).toBe(true);
      expect(item.created_at).toMatch(ISO);
      expect(item.consumption_basis).toBe('planned');
    }
    const [screw, nut, plain, nutByAlternate] = bom.items; // ordered by `order`: 0, 1, 3, 9
    expect(screw).toMatchObject({
      product_id: products.screw,
      product: { id: products.screw, name: 'Product SCREW-1', sku: 'SCREW-1', description: 'About SCREW-1' },
      quantity: 8, base_quantity: 8, note: 'M4', uom_id: units.each, unit_of_measure: { id: units.each, name: 'each' }, order: 0,
    });
    expect(Object.keys(screw.product).sort()).toEqual(['description', 'id', 'name', 'sku']);
    expect(Object.keys(screw.unit_of_measure).sort()).toEqual(['id', 'name']);
    expect(nut).toMatchObject({ product_id: products.nut, quantity: 2, order: 1, note: null });
    expect(nutByAlternate).toMatchObject({ product_id: products.nut, product: { sku: 'NUT-1' }, quantity: 3, order: 9 });
    // A product without a default unit: no unit, and the quantity is its own base quantity.
    expect(plain).toMatchObject({ product_id: products.plain, quantity: 1.25, base_quantity: 1.25, uom_id: null, unit_of_measure: null, order: 3 });

    expect(bom.extra_costs).toHaveLength(1);
    expect(Object.keys(bom.extra_costs[0]).sort()).toEqual(EXTRA_COST_KEYS);
    expect(bom.extra_costs[0]).toMatchObject({ name: 'Assembly', quantity: 3, unit_price: 0.1, line_total: 0.3 });
  });

  it('calculates line_total exactly, with no float error on the wire', async () => {
    const bom = await createBom({
      extra_costs: [
        { name: 'A', quantity: 3, unit_price: 0.1 },
        { name: 'B', quantity: 0.1, unit_price: 0.2 },
        { name: 'C', quantity: 1.1, unit_price: 1.1 },
        { name: 'D', quantity: 123456.789, unit_price: 0.000001 },
      ],
    });
    const res = await api('GET', `/boms/${bom.id}`);
    expect(res.body.data.extra_costs.map((c: any) => c.line_total)).toEqual([0.3, 0.02, 1.21, 0.123456789]);
    expect(res.text).toContain('"line_total":0.3,');
    expect(res.text).not.toMatch(/0\.30000000000000004|0\.020000000000000004|1\.2100000000000002/);
  });

  it('converts each item quantity into the product\'s default unit (base_quantity)', async () => {
    const bom = await createBom({
      items: [
        { product_id: products.bag, quantity: 1.5, uom_id: units.kilogram }, // kg → g
        { product_id: products.flour, quantity: 250, uom_id: units.gram }, // g → kg
        { product_id: products.screw, quantity: 2, uom_id: units.dozen }, // dozen → each
        { product_id: products.flour, quantity: 2 }, // no unit: the product's own unit
      ],
    });
    expect(bom.items.map((i: any) => [i.uom_id, i.unit_of_measure?.name, i.quantity, i.base_quantity])).toEqual([
      [units.kilogram, 'kg', 1.5, 1500],
      [units.gram, 'g', 250, 0.25],
      [units.dozen, 'dozen', 2, 24],
      [units.kilogram, 'kg', 2, 2],
    ]);
  });

  it('requires name and items', async () => {
    const res = await api('POST', '/boms', {});
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: expect.any(String),
      errors: { name: ['The name field is required.'], items: ['The items field is required.'] },
    });
  });

  it('refuses an empty items array and a blank name', async () => {
    const res = await api('POST', '/boms', { name: '  ', items: [] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: ['The name field is required.'], items: ['The items must have at least 1 item.'] });
  });
});

describe('POST /boms/{bomId} (update)', () => {
  it('renames only, keeping items and extra costs as they are', async () => {
    const bom = await createBom({ extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 5 }] });
    const res = await api('POST', `/boms/${bom.id}`, { name: 'Renamed BOM' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data).sort()).toEqual(BOM_KEYS);
    expect(res.body.data.name).toBe('Renamed BOM');
    expect(res.body.data.items).toEqual(bom.items);
    expect(res.body.data.extra_costs).toEqual(bom.extra_costs);
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(bom.updated_at));
  });

  it('replaces every item when items are given and leaves extra costs untouched when omitted', async () => {
    const bom = await createBom({
      items: [{ product_id: products.screw, quantity: 1 }, { product_id: products.nut, quantity: 1 }],
      extra_costs: [{ name: 'Labour', quantity: 2, unit_price: 5 }],
    });
    const res = await api('POST', `/boms/${bom.id}`, { items: [{ sku: 'NUT-ALT', quantity: 7, note: 'new' }] });
    expect(res.status).toBe(200);
    const updated = res.body.data;
    expect(updated.name).toBe(bom.name);
    expect(updated.items).toHaveLength(1);
    expect(updated.items[0]).toMatchObject({ product_id: products.nut, quantity: 7, note: 'new', order: 0 });
    expect(bom.items.map((i: any) => i.id)).not.toContain(updated.items[0].id);
    expect(updated.extra_costs).toEqual(bom.extra_costs);
    expect(await db.bomItem.count({ where: { bomId: bom.id } })).toBe(1);
  });

  it('replaces every extra cost when extra_costs are given, keeps items, and [] removes them all', async () => {
    const bom = await createBom({ extra_costs: [{ name: 'Labour', quantity: 2, unit_price: 5 }, { name: 'Box', quantity: 1, unit_price: 0.5 }] });
    const replaced = await api('POST', `/boms/${bom.id}`, { extra_costs: [{ name: 'Paint', quantity: 0.5, unit_price: 3 }] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.items).toEqual(bom.items);
    expect(replaced.body.data.extra_costs).toEqual([expect.objectContaining({ name: 'Paint', quantity: 0.5, unit_price: 3, line_total: 1.5 })]);
    const cleared = await api('POST', `/boms/${bom.id}`, { extra_costs: [] });
    expect(cleared.body.data.extra_costs).toEqual([]);
    expect(cleared.body.data.items).toEqual(bom.items);
  });

  it('accepts an empty body and changes nothing', async () => {
    const bom = await createBom();
    const res = await api('POST', `/boms/${bom.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: bom.name, items: bom.items, extra_costs: bom.extra_costs });
  });

  it('keeps a BOM\'s own name and allows the name of a deleted BOM', async () => {
    const bom = await createBom();
    expect((await api('POST', `/boms/${bom.id}`, { name: bom.name })).status).toBe(200);
    const gone = await createBom();
    await api('DELETE', `/boms/${gone.id}`);
    expect((await api('POST', `/boms/${bom.id}`, { name: gone.name })).status).toBe(200);
  });
});

describe('validation (422 {message, errors})', () => {
  let bom: any;
  beforeAll(async () => {
    bom = await createBom({ extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 1 }] });
  });

  const update = (body: unknown) => api('POST', `/boms/${bom.id}`, body);

  async function expectErrors(body: unknown, errors: Record<string, unknown>) {
    const res = await update(body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body).sort()).toEqual(['errors', 'message']);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.errors).toEqual(errors);
    return res;
  }

  it('names the item of an unknown sku', async () => {
    await expectErrors(
      { items: [{ sku: 'SCREW-1', quantity: 1 }, { sku: 'NOPE', quantity: 1 }] },
      { 'items.1.sku': ['No product or alternate SKU "NOPE" exists.'] },
    );
  });

  it('needs product_id or sku, and refuses both when they disagree', async () => {
    await expectErrors({ items: [{ quantity: 1 }] }, { 'items.0.product_id': ['The product_id field is required when sku is not present.'] });
    await expectErrors(
      { items: [{ product_id: products.screw, sku: 'NUT-ALT', quantity: 1 }] },
      { 'items.0.sku': [`The SKU "NUT-ALT" belongs to product ${products.nut}, not to product_id ${products.screw}.`] },
    );
    const agree = await update({ items: [{ product_id: products.nut, sku: 'NUT-ALT', quantity: 1 }] });
    expect(agree.status).toBe(200);
  });

  it('refuses an unknown product_id', async () => {
    await expectErrors({ items: [{ product_id: 999999, quantity: 1 }] }, { 'items.0.product_id': ['The selected product 999999 does not exist.'] });
  });

  it('refuses a deactivated product by id, by sku and by alternate sku', async () => {
    const retired = await db.product.create({ data: { name: 'Retired', sku: 'RETIRED-1', status: 0 } as any });
    await db.productAlternateSku.create({ data: { productId: retired.id, sku: 'RETIRED-ALT' } as any });
    await expectErrors(
      { items: [{ product_id: retired.id, quantity: 1 }, { sku: 'RETIRED-1', quantity: 1 }, { sku: 'RETIRED-ALT', quantity: 1 }] },
      {
        'items.0.product_id': [`The selected product ${retired.id} does not exist.`],
        'items.1.sku': ['No product or alternate SKU "RETIRED-1" exists.'],
        'items.2.sku': ['No product or alternate SKU "RETIRED-ALT" exists.'],
      },
    );
  });

  it('refuses an empty items array', async () => {
    await expectErrors({ items: [] }, { items: ['The items must have at least 1 item.'] });
  });

  it('needs a quantity greater than 0 that fits the column', async () => {
    await expectErrors(
      { items: [{ product_id: products.screw, quantity: 0 }, { product_id: products.screw, quantity: -1 }, { product_id: products.screw, quantity: 0.1234567 }] },
      {
        'items.0.quantity': ['The quantity must be greater than 0.'],
        'items.1.quantity': ['The quantity must be greater than 0.'],
        'items.2.quantity': ['The quantity may have at most 6 decimal places.'],
      },
    );
    await expectErrors({ items: [{ product_id: products.screw }] }, { 'items.0.quantity': ['The quantity field is required.'] });
  });

  it('refuses a unit of another class than the product\'s unit, and an unknown unit', async () => {
    await expectErrors(
      { items: [{ product_id: products.screw, quantity: 1, uom_id: units.kilogram }, { product_id: products.screw, quantity: 1, uom_id: 999999 }] },
      {
        'items.0.uom_id': [expect.stringMatching(/not of the same unit class as the product's unit \(each\)/)],
        'items.1.uom_id': ['The selected unit of measure 999999 does not exist.'],
      },
    );
  });

  it('refuses an unknown consumption basis and a negative order', async () => {
    await expectErrors(
      { items: [{ product_id: products.screw, quantity: 1, consumption_basis: 'guess', order: -1 }] },
      {
        'items.0.consumption_basis': ['The consumption basis must be one of: planned, actual.'],
        'items.0.order': ['The order must be at least 0.'],
      },
    );
    const ok = await update({ items: [{ product_id: products.screw, quantity: 1, consumption_basis: 'actual' }] });
    expect(ok.body.data.items[0].consumption_basis).toBe('actual');
  });

  it('requires name, quantity and unit_price of each extra cost', async () => {
    await expectErrors(
      { extra_costs: [{}, { name: 'Ok', quantity: 1, unit_price: 1 }, { name: '', quantity: -1, unit_price: 'x' }] },
      {
        'extra_costs.0.name': ['The name field is required.'],
        'extra_costs.0.quantity': ['The quantity field is required.'],
        'extra_costs.0.unit_price': ['The unit price field is required.'],
        'extra_costs.2.unit_price': ['The unit price must be a number.'],
      },
    );
    await expectErrors(
      { extra_costs: [{ name: '', quantity: -1, unit_price: 1 }] },
      { 'extra_costs.0.name': ['The name field is required.'], 'extra_costs.0.quantity': ['The quantity must be at least 0.'] },
    );
  });

  it('refuses line_total in the request: the service calculates it', async () => {
    const res = await expectErrors(
      { extra_costs: [{ name: 'Labour', quantity: 2, unit_price: 3, line_total: 6 }] },
      { 'extra_costs.0.line_total': ['The line_total is calculated by the service (quantity × unit_price) and must not be sent.'] },
    );
    expect(res.body.message).toBe('The line_total is calculated by the service (quantity × unit_price) and must not be sent.');
  });

  it('refuses a duplicate name, a name over 255 characters and a blank name', async () => {
    const other = await createBom();
    await expectErrors({ name: other.name }, { name: ['The name has already been taken.'] });
    await expectErrors({ name: 'x'.repeat(256) }, { name: ['The name may not be greater than 255 characters.'] });
    await expectErrors({ name: ' ' }, { name: ['The name may not be empty.'] });
    const created = await api('POST', '/boms', { name: other.name, items: [{ product_id: products.screw, quantity: 1 }] });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ name: ['The name has already been taken.'] });
    expect((await update({ name: 'y'.repeat(255) })).status).toBe(200);
  });

  it('refuses null arrays, unknown fields and wrong types', async () => {
    await expectErrors({ items: null, extra_costs: null }, {
      items: ['The items may not be null; leave the field out to keep the items.'],
      extra_costs: ['The extra_costs may not be null; send [] to remove every extra cost.'],
    });
    await expectErrors({ colour: 'red', items: [{ product_id: 'one', quantity: 1 }] }, {
      colour: ['Unknown field "colour".'],
      'items.0.product_id': ['The product id must be an integer.'],
    });
  });

  it('changes nothing when any part of the request is refused', async () => {
    const before = (await api('GET', `/boms/${bom.id}`)).body.data;
    const res = await update({ name: 'Half-applied?', items: [{ product_id: products.nut, quantity: 1 }], extra_costs: [{ name: 'X', quantity: 1 }] });
    expect(res.status).toBe(422);
    expect((await api('GET', `/boms/${bom.id}`)).body.data).toEqual(before);
  });
});

describe('a BOM may not contain its own product', () => {
  /** A product that names the given BOMs (bom_ids), written directly as the products service would. */
  async function builtBy(sku: string, ...bomIds: number[]): Promise<number> {
    const id = await product(sku);
    for (const bomId of bomIds) await db.productBom.create({ data: { productId: id, bomId } as any });
    return id;
  }

  it('refuses the product the BOM builds as one of its items', async () => {
    const bom = await createBom();
    const table = await builtBy('TABLE', bom.id);
    const res = await api('POST', `/boms/${bom.id}`, { items: [{ product_id: products.screw, quantity: 4 }, { product_id: table, quantity: 1 }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'items.1.product_id': [`Product ${table} (TABLE) is built by this BOM, so it cannot be one of its items.`] });
    const bySku = await api('POST', `/boms/${bom.id}`, { items: [{ sku: 'TABLE', quantity: 1 }] });
    expect(Object.keys(bySku.body.errors)).toEqual(['items.0.sku']);
  });

  it('refuses it through sub-BOMs, at any depth', async () => {
    const top = await createBom(); // builds CHAIR
    const chair = await builtBy('CHAIR', top.id);
    const legBom = await createBom({ items: [{ product_id: chair, quantity: 1 }] }); // contains CHAIR, builds LEG
    const leg = await builtBy('LEG', legBom.id);
    const footBom = await createBom({ items: [{ product_id: leg, quantity: 1 }] }); // contains LEG, builds FOOT
    const foot = await builtBy('FOOT', footBom.id);

    const direct = await api('POST', `/boms/${top.id}`, { items: [{ product_id: products.nut, quantity: 1 }, { product_id: leg, quantity: 4 }] });
    expect(direct.status).toBe(422);
    expect(direct.body.errors).toEqual({
      'items.1.product_id': [`Product ${leg} (LEG) contains product ${chair} (CHAIR), which is built by this BOM, through its own BOMs: a BOM may not contain its own product.`],
    });
    const deeper = await api('POST', `/boms/${top.id}`, { items: [{ sku: 'FOOT', quantity: 1 }] });
    expect(deeper.status).toBe(422);
    expect(Object.keys(deeper.body.errors)).toEqual(['items.0.sku']);
    expect(deeper.body.errors['items.0.sku'][0]).toContain(`Product ${foot} (FOOT) contains product ${chair} (CHAIR)`);
  });

  it('allows shared components (no cycle) and ends on cycles already in the data', async () => {
    const shared = await createBom({ items: [{ product_id: products.screw, quantity: 1 }] });
    const panel = await builtBy('PANEL', shared.id);
    const door = await builtBy('DOOR', shared.id);
    const cabinetBom = await createBom();
    await builtBy('CABINET', cabinetBom.id);
    const ok = await api('POST', `/boms/${cabinetBom.id}`, { items: [{ product_id: panel, quantity: 2 }, { product_id: door, quantity: 1 }] });
    expect(ok.status).toBe(200);

    // X names E, E contains Y, Y names F, F contains X: a loop written behind the service's back.
    const bomE = await createBom();
    const bomF = await createBom();
    const x = await builtBy('LOOP-X', bomE.id);
    const y = await builtBy('LOOP-Y', bomF.id);
    await db.bomItem.create({ data: { bomId: bomE.id, productId: y, quantity: 1, baseQuantity: 1 } as any });
    await db.bomItem.create({ data: { bomId: bomF.id, productId: x, quantity: 1, baseQuantity: 1 } as any });
    const walked = await api('POST', `/boms/${cabinetBom.id}`, { items: [{ product_id: x, quantity: 1 }] });
    expect(walked.status).toBe(200);
  });

  it('exports assertNoBomCycle(tx, productId, bomIds) for the products service', async () => {
    const wheelBom = await createBom({ items: [{ product_id: products.screw, quantity: 5 }] });
    const wheel = await builtBy('WHEEL', wheelBom.id);
    const cartBom = await createBom({ items: [{ product_id: wheel, quantity: 4 }] });
    const cart = await builtBy('CART', cartBom.id);

    await expect(assertNoBomCycle(db, products.nut, [wheelBom.id, cartBom.id])).resolves.toBeUndefined();
    await expect(assertNoBomCycle(db, products.screw, [])).resolves.toBeUndefined();
    // WHEEL built by the cart's BOM, which contains WHEEL: direct.
    await expect(assertNoBomCycle(db, wheel, [cartBom.id])).rejects.toMatchObject({
      fieldErrors: { bomIds: [`BOM ${cartBom.id} (${cartBom.name}) contains product ${wheel} (WHEEL) as one of its items, so the product cannot be built by it: a BOM may not contain its own product.`] },
    });
    // SCREW built by the cart's BOM: CART's BOM contains WHEEL, whose BOM contains SCREW.
    await expect(assertNoBomCycle(db, products.screw, [cartBom.id])).rejects.toMatchObject({
      fieldErrors: { bomIds: [expect.stringContaining(`through product ${wheel} (WHEEL), one of its items`)] },
    });
    expect(cart).toBeGreaterThan(0);
  });
});

describe('GET /boms and GET /boms/{bomId}', () => {
  it('pages with {data, meta}, filters by name and sorts', async () => {
    await createBom({ name: 'Zeta frame' });
    await createBom({ name: 'Alpha frame' });
    const res = await api('GET', '/boms?per_page=2&page=1&q=FRAME&sort=name');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
    expect(res.body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 2, to: 2, total: 2 });
    expect(res.body.data.map((b: any) => b.name)).toEqual(['Alpha frame', 'Zeta frame']);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(BOM_KEYS);
    expect(Object.keys(res.body.data[0].items[0]).sort()).toEqual(ITEM_KEYS);
    const desc = await api('GET', '/boms?q=frame&sort=-name');
    expect(desc.body.data.map((b: any) => b.name)).toEqual(['Zeta frame', 'Alpha frame']);
  });

  it('refuses unknown query parameters, bad sort keys and oversized pages', async () => {
    const res = await api('GET', '/boms?colour=red&sort=price&per_page=101');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['colour']);
    expect((await api('GET', '/boms?sort=price')).body.errors).toHaveProperty('sort');
    expect((await api('GET', '/boms?per_page=101')).body.errors).toHaveProperty('per_page');
  });

  it('answers {data: BOM}, and 404 {message} for an unknown or malformed id on every route', async () => {
    const bom = await createBom();
    const res = await api('GET', `/boms/${bom.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: bom });
    for (const [method, body] of [['GET'], ['POST', { name: 'x' }], ['DELETE']] as const) {
      for (const id of ['999999', 'abc']) {
        const missing = await api(method, `/boms/${id}`, body);
        expect(missing.status).toBe(404);
        expect(Object.keys(missing.body)).toEqual(['message']);
      }
    }
  });
});

describe('DELETE /boms/{bomId}', () => {
  it('answers {data: the deleted BOM} and removes its items and extra costs', async () => {
    const bom = await createBom({ extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 1 }] });
    const res = await api('DELETE', `/boms/${bom.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: bom });
    expect((await api('GET', `/boms/${bom.id}`)).status).toBe(404);
    expect(await db.bomItem.count({ where: { bomId: bom.id } })).toBe(0);
    expect(await db.bomExtraCost.count({ where: { bomId: bom.id } })).toBe(0);
  });

  it('deletes a BOM that products name: the products stop naming it', async () => {
    const bom = await createBom();
    const desk = await product('DESK');
    await db.productBom.create({ data: { productId: desk, bomId: bom.id } as any });
    const res = await api('DELETE', `/boms/${bom.id}`);
    expect(res.status).toBe(200);
    expect(await db.productBom.count({ where: { productId: desk } })).toBe(0);
    expect(await db.product.count({ where: { id: desk } })).toBe(1);
  });
});

describe('tenant isolation', () => {
  it('hides one company\'s BOMs, products and SKUs from another', async () => {
    const bom = await createBom({ name: 'Acme only' });
    for (const [method, body] of [['GET'], ['POST', { name: 'Stolen' }], ['DELETE']] as const) {
      expect((await api(method, `/boms/${bom.id}`, body, globex)).status).toBe(404);
    }
    const list = await api('GET', '/boms', undefined, globex);
    expect(list.body.data).toEqual([]);

    const byId = await api('POST', '/boms', { name: 'Globex BOM', items: [{ product_id: products.screw, quantity: 1 }] }, globex);
    expect(byId.status).toBe(422);
    expect(byId.body.errors).toEqual({ 'items.0.product_id': [`The selected product ${products.screw} does not exist.`] });
    const bySku = await api('POST', '/boms', { name: 'Globex BOM', items: [{ sku: 'NUT-ALT', quantity: 1 }] }, globex);
    expect(bySku.body.errors).toEqual({ 'items.0.sku': ['No product or alternate SKU "NUT-ALT" exists.'] });

    // Names are unique per company, not across companies.
    const globexDb = tenantClient(server.database.prisma, globex.companyId);
    const own = await globexDb.product.create({ data: { name: 'Globex screw', sku: 'SCREW-1' } as any });
    const created = await api('POST', '/boms', { name: 'Acme only', items: [{ sku: 'SCREW-1', quantity: 1 }] }, globex);
    expect(created.status).toBe(201);
    expect(created.body.data.items[0].product_id).toBe(own.id);
    expect((await api('GET', `/boms/${bom.id}`)).body.data.name).toBe('Acme only');
  });
});
