// Bills of materials answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (its name filter and sort, reading ids only), and one statement writes it as the
// selection asks, with each BOM's items in their order (their product and unit) and its extra costs. Here those
// answers equal graphql's ordinary execution field by field, keys in the same order and values alike, for REST pages
// (plain, filtered and sorted), records and random /graphql selections. The data: BOMs made through the API (items
// named by product and by SKU, with and without a unit, extra costs), and bulk written directly: BOMs without items
// or costs, items with equal orders (then by id), notes JSON must escape and quantities at full precision. A page
// runs as many statements for 10 BOMs as for 100. Changes (create, update, delete) are compared too: each answers in
// one statement in its transaction, as the BOM read field by field (compiledMutation).
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { bomRoutes } from '../../rest-mapping/boms.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);
const bomList = getRoute(bomRoutes, '/boms');
const bomRecord = getRoute(bomRoutes, '/boms/{bomId}');
const bomIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const kg = await post('/unit-classes', { name: 'Mass' });
  const gram = await post('/unit-of-measures', { unit_class_id: kg.id, name: 'g' });
  const bolt = await post('/products', { name: 'Bolt "M6" \\ ☃', sku: 'B-1', description: 'Zinc\nplated' });
  const nut = await post('/products', { name: 'Nut', sku: 'N-1' });
  const frame = await post('/boms', {
    name: 'Frame "A" \\ ☃',
    items: [
      { product_id: bolt.id, quantity: 4.123456, note: 'torque "8Nm"\n\\', uom_id: gram.id },
      { sku: 'N-1', quantity: 0.000001, order: 0, consumption_basis: 'actual' },
    ],
    extra_costs: [{ name: 'Labour ☃', quantity: 1.5, unit_price: 12.345678 }, { name: 'Box', quantity: 99999999999.999999, unit_price: 0.000001 }],
  });
  const plain = await post('/boms', { name: 'Plain', items: [{ product_id: nut.id, quantity: 2 }] });
  bomIds.push(frame.id, plain.id);

  // Bulk: 105 BOMs, items 0 to 3 each (equal orders among some), extra costs on some.
  const boms = await db.bom.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({ name: `Bom ${String(i).padStart(3, '0')} ${i % 5 ? '' : '"x" \\'}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })) as any,
  });
  await db.bomItem.createMany({
    data: boms.flatMap(({ id }, i) =>
      Array.from({ length: i % 4 }, (_, k) => ({
        bomId: id,
        productId: k % 2 ? bolt.id : nut.id,
        quantity: `${i}.${String(k).padStart(6, '9')}`,
        baseQuantity: `${i * 1000}.${String(i).padStart(10, '1')}`,
        note: k === 1 ? null : `note ${k}\n"q"`,
        uomId: k === 2 ? gram.id : null,
        order: i % 3 ? 3 - k : 0,
        consumptionBasis: k === 2 ? 'actual' : 'planned',
      })),
    ) as any,
  });
  await db.bomExtraCost.createMany({
    data: boms.filter((_, i) => i % 3 === 0).map(({ id }, i) => ({ bomId: id, name: `Cost ${i} ☃`, quantity: '0.000001', unitPrice: '123456789012.123456', lineTotal: `${i}.0000000001` })) as any,
  });
  bomIds.push(boms[0]!.id, boms[3]!.id, boms[104]!.id);
}, 60_000);

describe('bills of materials written by one statement', () => {
  it('GET /boms answers as field by field, and runs as many statements for 10 BOMs as for 100', () =>
    pagesAsFieldByField(on, bomList, '/boms?sort=id', { sort: 'id' }, 'boms'));

  it('GET /boms by name, sorted, answers as field by field', async () => {
    await pageAsFieldByField(on, bomList, '/boms?per_page=50&q=BOM%200&sort=-name', { perPage: 50, q: 'BOM 0', sort: '-name' }, 'boms');
    await pageAsFieldByField(on, bomList, '/boms?per_page=20&page=3&sort=-created_at', { perPage: 20, page: 3, sort: '-created_at' }, 'boms');
  });

  it('GET /boms/{id} answers as field by field', () => recordsAsFieldByField(on, bomRecord, '/boms', bomIds, 'bom'));
});

describe('random selections over /graphql', () => {
  it('of BOMs answer as field by field', () =>
    selectionsAsFieldByField(on, ['Bom'], ([selection], id) => pageAndRecordQueries(selection!, 'boms', '-id', 'bom', id), {
      numRuns: 15, seed: 20261130, ids: bomIds, skipTooDeep: true,
    }));
});

describe('changes answered by one statement', () => {
  it('BOMs: create (every field, and the required ones), update (set and clear), delete', async () => {
    const mass = await post('/unit-classes', { name: 'Mass (changes)' });
    const gram = await post('/unit-of-measures', { unit_class_id: mass.id, name: 'g' });
    const rivet = await post('/products', { name: 'Rivet "R" \\ ☃', sku: 'RIVET-1' });
    const washer = await post('/products', { name: 'Washer', sku: 'WASHER-1' });
    const full = await change('POST', '/boms', {
      name: 'A "quoted" \\ name ☃\nline',
      items: [
        { product_id: rivet.id, quantity: 0.000001, note: 'note "n"\n\\', uom_id: gram.id, order: 2, consumption_basis: 'actual' },
        { sku: 'WASHER-1', quantity: 123456789.123456 },
      ],
      extra_costs: [{ name: 'Labour "x"', quantity: 1.123456, unit_price: 0.000001 }],
    }, { record: (x) => `/boms/${x.id}` });
    const bare = await change('POST', '/boms', { name: 'Bare BOM', items: [{ product_id: washer.id, quantity: 1 }] }, { record: (x) => `/boms/${x.id}` });
    await change('POST', `/boms/${full.id}`, { name: 'Renamed', extra_costs: [], items: [{ product_id: washer.id, quantity: 2.5 }] });
    await change('POST', `/boms/${bare.id}`, { extra_costs: [{ name: 'Box', quantity: 3, unit_price: 7.654321 }] });
    await change('DELETE', `/boms/${full.id}`, undefined, { deletes: true });
    await change('DELETE', `/boms/${bare.id}`, undefined, { deletes: true });
    expect((await api('GET', `/boms/${bare.id}`)).status).toBe(404);
  });
});
