// Adjustments over real HTTP: posting, lots and the deduction strategies, negative stock, FIFO layer
// consumption values, all-or-nothing documents; then the ledger check over everything posted.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';

const { server, companies: { acme }, api, post, gql } = serverForFile(['acme']);
let warehouse: any;

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
});

let skuCounter = 0;
const product = (extra: Record<string, unknown> = {}) => post('/products', { name: `P${++skuCounter}`, sku: `SKU-${skuCounter}`, ...extra });
const adjust = (lines: unknown[], extra: Record<string, unknown> = {}) => api('POST', '/inventory/adjustments', { lines, ...extra });

async function stockOf(productId: number, locationId?: number): Promise<Array<{ lot_id: number | null; quantity: number }>> {
  const query = `product_id=${productId}${locationId ? `&location_id=${locationId}` : ''}`;
  const res = await api('GET', `/inventory/stock?${query}`);
  expect(res.status).toBe(200);
  return res.body.data.map((row: any) => ({ lot_id: row.lot_id, quantity: row.quantity }));
}

describe('POST /inventory/adjustments', () => {
  it('posts at once and answers 201 {data: adjustment with lines}', async () => {
    const p = await product({ unit_cost: 2.5 });
    const res = await adjust([{ product_id: p.id, location_id: warehouse.id, quantity: 10, unit_cost: 3 }], { reason: 'count', notes: 'first' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(['created_at', 'id', 'lines', 'notes', 'posted_at', 'reason', 'status', 'updated_at']);
    expect(data).toMatchObject({ reason: 'count', notes: 'first', status: 'posted' });
    expect(data.lines).toHaveLength(1);
    expect(Object.keys(data.lines[0]).sort()).toEqual(['counted_quantity', 'id', 'location_id', 'lot_id', 'lot_number', 'movements', 'product_id', 'quantity', 'reason', 'unit_cost']);
    expect(data.lines[0]).toMatchObject({ product_id: p.id, location_id: warehouse.id, lot_id: null, lot_number: null, quantity: 10, unit_cost: 3 });
    expect(data.lines[0].movements).toEqual([expect.objectContaining({ quantity: 10, unit_cost: 3, lot_id: null })]);
    expect(await stockOf(p.id)).toEqual([{ lot_id: null, quantity: 10 }]);

    const one = await api('GET', `/inventory/adjustments/${data.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(data);
    const list = await api('GET', '/inventory/adjustments?per_page=100');
    expect(list.status).toBe(200);
    expect(Object.keys(list.body).sort()).toEqual(['data', 'meta']);
    // The file's first adjustment: the list holds it alone.
    expect(list.body.data.map((a: any) => a.id)).toEqual([data.id]);
    expect(list.body.meta.total).toBe(1);
    expect((await api('GET', '/inventory/adjustments/999999')).status).toBe(404);
  });

  it('posts reasons as long as a document takes (255 characters), on the document and on a line', async () => {
    const p = await product();
    const long = 'r'.repeat(255);
    const res = await adjust([{ product_id: p.id, location_id: warehouse.id, quantity: 1 }, { product_id: p.id, location_id: warehouse.id, quantity: 2, reason: `${long.slice(1)}l` }], { reason: long });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.lines.map((line: any) => line.movements.length)).toEqual([1, 1]);
    const movements = await server.database.prisma.stockMovement.findMany({ where: { sourceType: 'ADJUSTMENT', sourceId: res.body.data.id }, orderBy: { id: 'asc' } });
    expect(movements.map((m) => m.reason)).toEqual([long, `${long.slice(1)}l`]);
    expect((await adjust([{ product_id: p.id, location_id: warehouse.id, quantity: 1 }], { reason: `${long}x` })).status).toBe(422);
  });

  it('validates the document: lines required, quantity not 0, unit cost only on increases, dates', async () => {
    const p = await product();
    expect((await adjust([])).body.errors).toEqual({ lines: [expect.stringMatching(/at least 1/)] });
    const res = await adjust([
      { product_id: p.id, location_id: warehouse.id, quantity: 0 },
      { product_id: p.id, location_id: warehouse.id, quantity: -1, unit_cost: 2 },
      { product_id: p.id, location_id: warehouse.id, quantity: 1, expiry_date: '2026-02-30' },
    ]);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['lines.0.quantity', 'lines.1.unit_cost', 'lines.2.expiry_date']);
    // The columns keep 10 decimals: more would be rounded away by the database (this change to 0).
    const precise = await adjust([
      { product_id: p.id, location_id: warehouse.id, quantity: 0.00000000001 },
      { product_id: p.id, location_id: warehouse.id, quantity: 1, unit_cost: 1e15 },
      { product_id: p.id, location_id: warehouse.id, counted_quantity: -1 },
    ]);
    expect(precise.status).toBe(422);
    expect(precise.body.errors).toEqual({
      'lines.0.quantity': ['The quantity may have at most 10 decimal places.'],
      'lines.1.unit_cost': ['The unit cost must be less than 100000000000000 in size.'],
      'lines.2.counted_quantity': ['The counted quantity must be at least 0.'],
    });
    const missing = await adjust([{ product_id: 999999, location_id: warehouse.id, quantity: 1 }]);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['lines.0.product_id']);
  });

  it('refuses a lot on a product without lot tracking, and requires one on a lot-tracked increase', async () => {
    const plain = await product();
    const lotted = await product({ lot_tracking: true });
    const a = await adjust([{ product_id: plain.id, location_id: warehouse.id, quantity: 1, lot_number: 'L1' }]);
    expect(a.status).toBe(422);
    expect(Object.keys(a.body.errors)).toEqual(['lines.0.lot_number']);
    const b = await adjust([{ product_id: lotted.id, location_id: warehouse.id, quantity: 1 }]);
    expect(b.status).toBe(422);
    expect(Object.keys(b.body.errors)).toEqual(['lines.0.lot_number']);
  });

  it('refuses negative stock with product, location and available quantity, and rolls back the whole document', async () => {
    const p = await product({ sku: 'NEG-1' });
    const other = await product();
    await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: warehouse.id, quantity: 4 }] });
    const res = await adjust([
      { product_id: other.id, location_id: warehouse.id, quantity: 7 },
      { product_id: p.id, location_id: warehouse.id, quantity: -5 },
    ]);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['lines.1.quantity']);
    const message = res.body.errors['lines.1.quantity'][0];
    expect(message).toContain('NEG-1');
    expect(message).toContain('Main');
    expect(message).toMatch(/4 available/);
    // Nothing of the failing document was written: no stock for the first line, the old stock unchanged.
    expect(await stockOf(other.id)).toEqual([]);
    expect(await stockOf(p.id)).toEqual([{ lot_id: null, quantity: 4 }]);
    const prisma = server.database.prisma;
    expect(await prisma.stockMovement.count({ where: { productId: other.id } })).toBe(0);
  });

  it('allows negative stock when the warehouse group does', async () => {
    const loose = await post('/locations', { name: 'Loose' });
    const bin = await post('/locations', { name: 'Loose bin', parent_id: loose.id });
    await post('/warehouse-groups', { name: 'Negative ok', allow_negative_stock: true, warehouse_ids: [loose.id] });
    const p = await product();
    const res = await adjust([{ product_id: p.id, location_id: bin.id, quantity: -3 }]);
    expect(res.status).toBe(201);
    expect(await stockOf(p.id)).toEqual([{ lot_id: null, quantity: -3 }]);
    await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: bin.id, quantity: 5, unit_cost: 2 }] });
    expect(await stockOf(p.id)).toEqual([{ lot_id: null, quantity: 2 }]);
  });
});

describe('FIFO valuation', () => {
  it('consumes layers oldest first and values the take at the weighted cost consumed', async () => {
    const p = await product({ unit_cost: 9, landed_cost: 1 });
    await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: warehouse.id, quantity: 10, unit_cost: 2 }] });
    await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: warehouse.id, quantity: 10, unit_cost: 5 }] });
    await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: warehouse.id, quantity: 5 }] }); // product cost 9
    const take = await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: warehouse.id, quantity: -15 }] });
    // 10 × 2 + 5 × 5 = 45 over 15 units = 3
    expect(take.lines[0].unit_cost).toBe(3);
    expect(take.lines[0].movements[0].unit_cost).toBe(3);
    const layers = await server.database.prisma.costLayer.findMany({ where: { productId: p.id }, orderBy: { id: 'asc' } });
    expect(layers.map((l) => [Number(l.unitCost), Number(l.landedUnitCost), Number(l.remainingQuantity)])).toEqual([
      [2, 3, 0],
      [5, 6, 5],
      [9, 10, 5],
    ]);
    const consumptions = await server.database.prisma.costLayerConsumption.findMany({
      where: { movementId: take.lines[0].movements[0].id },
      orderBy: { id: 'asc' },
    });
    expect(consumptions.map((c) => [c.layerId, Number(c.quantity), Number(c.unitCost)])).toEqual([
      [layers[0].id, 10, 2],
      [layers[1].id, 5, 5],
    ]);
    const second = await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: warehouse.id, quantity: -7 }] });
    // 5 × 5 + 2 × 9 = 43 over 7
    expect(second.lines[0].unit_cost).toBeCloseTo(43 / 7, 8);
  });
});

describe('lots and deduction strategies', () => {
  const lotLine = (productId: number, lotNumber: string, quantity: number, production: string, expiry: string) => ({
    product_id: productId, location_id: warehouse.id, quantity, lot_number: lotNumber, production_date: production, expiry_date: expiry,
  });

  /** Three lots (A old production/late expiry, B middle, C newest production/earliest expiry), 5 each. */
  async function threeLots(extra: Record<string, unknown> = {}, location = warehouse) {
    const p = await product({ lot_tracking: true, ...extra });
    const res = await post('/inventory/adjustments', {
      lines: [
        { ...lotLine(p.id, 'A', 5, '2030-01-01', '2031-12-31'), location_id: location.id },
        { ...lotLine(p.id, 'B', 5, '2030-02-01', '2031-06-30'), location_id: location.id },
        { ...lotLine(p.id, 'C', 5, '2030-03-01', '2031-01-31'), location_id: location.id },
      ],
    });
    const lotIds = Object.fromEntries(res.lines.map((line: any) => [line.lot_number, line.lot_id]));
    return { p, lotIds };
  }

  async function takeLots(productId: number, quantity: number, location = warehouse): Promise<string[]> {
    const res = await post('/inventory/adjustments', { lines: [{ product_id: productId, location_id: location.id, quantity: -quantity }] });
    return res.lines[0].movements.map((m: any) => `${m.lot_number}:${m.quantity}`);
  }

  it('creates lots with their dates and reuses an existing lot number', async () => {
    const { p, lotIds } = await threeLots();
    expect(Object.keys(lotIds)).toEqual(['A', 'B', 'C']);
    const again = await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: warehouse.id, quantity: 1, lot_number: 'A' }] });
    expect(again.lines[0].lot_id).toBe(lotIds.A);
    const lot = await server.database.prisma.lot.findFirstOrThrow({ where: { id: lotIds.B } });
    expect(lot.productionDate?.toISOString().slice(0, 10)).toBe('2030-02-01');
    expect(lot.expiryDate?.toISOString().slice(0, 10)).toBe('2031-06-30');
  });

  it('FIFO takes the oldest production date first and splits across lots', async () => {
    const { p } = await threeLots({ lot_deduction_strategy: 'FIFO' });
    expect(await takeLots(p.id, 7)).toEqual(['A:-5', 'B:-2']);
  });

  it('FEFO takes the earliest expiry first', async () => {
    const { p } = await threeLots({ lot_deduction_strategy: 'FEFO' });
    expect(await takeLots(p.id, 6)).toEqual(['C:-5', 'B:-1']);
  });

  it('LIFO takes the newest production date first', async () => {
    const { p } = await threeLots({ lot_deduction_strategy: 'LIFO' });
    expect(await takeLots(p.id, 2)).toEqual(['C:-2']);
  });

  it('without a product setting, the warehouse group setting applies; without both, the newest lot', async () => {
    const grouped = await post('/locations', { name: 'FIFO house' });
    await post('/warehouse-groups', { name: 'FIFO group', lot_deduction_strategy: 'FIFO', warehouse_ids: [grouped.id] });
    const inGroup = await threeLots({}, grouped);
    expect(await takeLots(inGroup.p.id, 1, grouped)).toEqual(['A:-1']);
    const plain = await threeLots();
    expect(await takeLots(plain.p.id, 1)).toEqual(['C:-1']);
  });

  it('never picks an expired lot automatically, but takes it when named', async () => {
    const p = await product({ lot_tracking: true, lot_deduction_strategy: 'FEFO' });
    await post('/inventory/adjustments', {
      lines: [lotLine(p.id, 'OLD', 5, '2020-01-01', '2021-01-01'), lotLine(p.id, 'NEW', 5, '2030-01-01', '2032-01-01')],
    });
    expect(await takeLots(p.id, 3)).toEqual(['NEW:-3']);
    const short = await adjust([{ product_id: p.id, location_id: warehouse.id, quantity: -3 }]);
    expect(short.status).toBe(422);
    expect(short.body.errors['lines.0.quantity'][0]).toMatch(/2 available/);
    const named = await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: warehouse.id, quantity: -4, lot_number: 'OLD' }] });
    expect(named.lines[0].lot_number).toBe('OLD');
  });

  it('a named lot cannot go below zero', async () => {
    const { p } = await threeLots();
    const res = await adjust([{ product_id: p.id, location_id: warehouse.id, quantity: -6, lot_number: 'B' }]);
    expect(res.status).toBe(422);
    expect(res.body.errors['lines.0.quantity'][0]).toMatch(/lot B: 5 available, 6 requested/);
  });
});

describe('stock history protects products and locations', () => {
  it('a location with stock or movements cannot be deleted; a product with movements is only deactivated', async () => {
    const spot = await post('/locations', { name: 'Spot', parent_id: warehouse.id });
    const p = await product();
    await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: spot.id, quantity: 2 }] });
    const refused = await api('DELETE', `/locations/${spot.id}`);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['id']);
    await post('/inventory/adjustments', { lines: [{ product_id: p.id, location_id: spot.id, quantity: -2 }] });
    expect((await api('DELETE', `/locations/${spot.id}`)).status).toBe(422); // empty now, but has movements
    const unused = await post('/locations', { name: 'Unused', parent_id: warehouse.id });
    expect((await api('DELETE', `/locations/${unused.id}`)).status).toBe(200);

    expect((await api('DELETE', `/products/${p.id}`)).status).toBe(200);
    expect(await server.database.prisma.product.findFirst({ where: { id: p.id }, select: { status: true } })).toEqual({ status: 0 });
    const res = await adjust([{ product_id: p.id, location_id: spot.id, quantity: 1 }]);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['lines.0.product_id']);
  });
});

describe('GraphQL', () => {
  it('creates and reads adjustments and stock', async () => {
    const p = await product({ lot_tracking: true });
    const created = await gql(
      'mutation($input: InventoryAdjustmentInput!) { createInventoryAdjustment(input: $input) { id status lines { lotNumber quantity movements { lotId quantity } } } }',
      { input: { reason: 'gql', lines: [{ productId: p.id, locationId: warehouse.id, quantity: 3, lotNumber: 'G1', expiryDate: '2040-01-01' }] } },
    );
    expect(created.body.errors).toBeUndefined();
    const adjustment = created.body.data.createInventoryAdjustment;
    expect(adjustment).toMatchObject({ status: 'posted', lines: [{ lotNumber: 'G1', quantity: 3 }] });
    const read = await gql('query($id: Int!, $p: Int) { inventoryAdjustment(id: $id) { id } stock(productId: $p) { items { lotId quantity } meta { total } } }', { id: adjustment.id, p: p.id });
    expect(read.body.data.inventoryAdjustment.id).toBe(adjustment.id);
    expect(read.body.data.stock).toEqual({ items: [{ lotId: adjustment.lines[0].movements[0].lotId, quantity: 3 }], meta: { total: 1 } });
    const refused = await gql(
      'mutation($input: InventoryAdjustmentInput!) { createInventoryAdjustment(input: $input) { id } }',
      { input: { lines: [{ productId: p.id, locationId: warehouse.id, quantity: -4 }] } },
    );
    expect(refused.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });
});

describe('the ledger check', () => {
  it('finds no difference after everything above', async () => {
    expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);
  });
});

describe('counted lines', () => {
  it('post the difference between the count and the stock on hand', async () => {
    const warehouse = (await api('POST', '/locations', { name: 'Count WH' })).body.data;
    const product = (await api('POST', '/products', { name: 'Counted', sku: 'COUNTED-1' })).body.data;
    expect((await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: 7 }] })).status).toBe(201);

    const down = await api('POST', '/inventory/adjustments', { reason: 'cycle count', lines: [{ product_id: product.id, location_id: warehouse.id, counted_quantity: 4 }] });
    expect(down.status).toBe(201);
    expect(down.body.data.lines[0]).toMatchObject({ quantity: -3, counted_quantity: 4 });
    const same = await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, counted_quantity: 4 }] });
    expect(same.status).toBe(201);
    expect(same.body.data.lines[0]).toMatchObject({ quantity: 0, counted_quantity: 4, movements: [] });
    const up = await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, counted_quantity: 10 }] });
    expect(up.body.data.lines[0]).toMatchObject({ quantity: 6 });
    const stock = await api('GET', `/inventory/stock?product_id=${product.id}`);
    expect(stock.body.data.map((row: any) => row.qty_onhand ?? row.quantity)).toEqual([10]);

    const both = await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: 1, counted_quantity: 2 }] });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors)).toEqual(['lines.0.quantity']);
    const neither = await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id }] });
    expect(neither.status).toBe(422);
    const negative = await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, counted_quantity: -1 }] });
    expect(Object.keys(negative.body.errors)).toEqual(['lines.0.counted_quantity']);
  });

  it('of a lot-tracked product name the lot counted', async () => {
    const warehouse = (await api('POST', '/locations', { name: 'Count lots WH' })).body.data;
    const product = (await api('POST', '/products', { name: 'Counted lots', sku: 'COUNTED-LOTS', lot_tracking: true })).body.data;
    await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: 5, lot_number: 'A' }] });
    const missingLot = await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, counted_quantity: 2 }] });
    expect(Object.keys(missingLot.body.errors)).toEqual(['lines.0.lot_number']);
    const counted = await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, counted_quantity: 2, lot_number: 'A' }] });
    expect(counted.body.data.lines[0]).toMatchObject({ quantity: -3, counted_quantity: 2 });
    const newLot = await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, counted_quantity: 4, lot_number: 'B' }] });
    expect(newLot.body.data.lines[0]).toMatchObject({ quantity: 4, lot_number: 'B' });
  });
});
