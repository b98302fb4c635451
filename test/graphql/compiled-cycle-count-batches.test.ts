// Cycle count batches answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (its sort, reading ids only), and one statement writes the batches with their sessions
// as the selection asks, with a batch's scheduled date and its sessions' warehouses declared beside their resolvers
// (src/graphql/cycle-counts/batch-fields.ts). Here those answers equal graphql's ordinary execution field by field,
// keys in the same order and values alike, for REST pages (by id and by name), single records and random
// selections over /graphql. The data is varied: batches made over REST over one or two warehouses (one of them
// with a name JSON must escape), with and without a date, scope lists, notes and blind counting; batches written
// directly with no session or several (warehouses out of order), every session status, empty and full lists, and
// nulls. A page runs as many statements for 10 batches as for 100. Changes are compared too: a create and a delete
// answer by one JSON statement in their transaction, as the record reads field by field.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { tenantClient } from '../../src/db/tenant-client.js';
import { cycleCountRoutes } from '../../rest-mapping/cycle-counts.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, restCased, selectionsAsFieldByField, writtenAsJson, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const { graphqlChange } = compiledChangeChecker(server, acme, api, () => counter.statements);
/** A batch is snake_case over REST, but its sessions keep GraphQL's names (the route aliases them). */
const on: Compared = { server, counter, tenant: acme, rest: (answer) => restCased(answer, new Set(['sessions'])) };
const listRoute = getRoute(cycleCountRoutes, '/pickflow/cycle-count-batches');
const recordRoute = getRoute(cycleCountRoutes, '/pickflow/cycle-count-batches/{batchId}');
const batchIds: number[] = [];
/** What a create may name: warehouses (the first with a shelf), a product, a category and a tag. */
const scope = { warehouses: [] as number[], shelf: 0, product: 0, category: 0, tag: 0 };

const SESSION_STATUSES = ['draft', 'in_progress', 'pending_review', 'posted', 'cancelled'];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const east = await post('/locations', { name: 'East DC' });
  const west = await post('/locations', { name: 'West "DC" \\ ☃' });
  const north = await post('/locations', { name: 'North' });
  const shelf = await post('/locations', { name: 'A-1', parent_id: east.id });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT' });
  const category = await post('/categories', { name: 'Hardware' });
  const tag = await post('/tags', { name: 'Fast' });
  Object.assign(scope, { warehouses: [east.id, west.id, north.id], shelf: shelf.id, product: bolt.id, category: category.id, tag: tag.id });

  const create = async (body: Record<string, unknown>) => batchIds.push((await post('/pickflow/cycle-count-batches', body)).id);
  await create({ name: 'Everything "Nov" \\ ☃\n', warehouse_ids: [west.id, east.id], location_ids: [shelf.id], product_ids: [bolt.id], category_ids: [category.id], tag_ids: [tag.id], blind: true, scheduled_for: '2031-11-30', notes: 'Tab\there </script>' });
  await create({ name: 'Plain', warehouse_ids: [north.id] });
  await create({ name: 'Leap day', warehouse_ids: [east.id, north.id, west.id], scheduled_for: '2028-02-29', notes: '' });

  // Enough batches for pages of 10 and of 100, written directly: 0–3 sessions each, warehouses out of order.
  const warehouses = [north.id, west.id, east.id];
  const bulk = await db.cycleCountBatch.createManyAndReturn({
    data: Array.from({ length: 105 }, (_, i) => ({
      name: `Bulk ${String(104 - i).padStart(3, '0')}${i % 7 ? '' : ' "odd" \\'}`,
      locationIds: i % 4 === 0 ? [shelf.id] : [],
      productIds: i % 5 === 0 ? [bolt.id, bolt.id + 1000] : [],
      categoryIds: i % 6 === 0 ? [category.id] : [],
      tagIds: i % 8 === 0 ? [tag.id] : [],
      blind: i % 2 === 0,
      scheduledFor: i % 3 ? new Date(Date.UTC(2030, i % 12, 1 + (i % 28))) : null,
      notes: i % 4 ? null : `Note ${i}\n"quoted"`,
    })) as any,
    select: { id: true },
  });
  batchIds.push(bulk[0]!.id, bulk[1]!.id, bulk[2]!.id, bulk[3]!.id);
  await db.cycleCountSession.createMany({
    data: bulk.flatMap(({ id }, i) =>
      Array.from({ length: i % 4 }, (_, k) => ({
        batchId: id,
        warehouseId: warehouses[(i + k) % 3]!,
        uuid: randomUUID(),
        status: SESSION_STATUSES[(i + k) % SESSION_STATUSES.length],
        skuCount: i,
        countedSkuCount: k,
      })),
    ) as any,
  });
}, 60_000);

describe('cycle count batches written by one statement', () => {
  it('GET /pickflow/cycle-count-batches answers as field by field, and runs as many statements for 10 batches as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/pickflow/cycle-count-batches?sort=id', { sort: 'id' }, 'cycleCountBatches'));

  it('GET /pickflow/cycle-count-batches by name, descending, answers as field by field', async () => {
    await pageAsFieldByField(on, listRoute, '/pickflow/cycle-count-batches?per_page=100&sort=-name', { perPage: 100, sort: '-name' }, 'cycleCountBatches');
    await pageAsFieldByField(on, listRoute, '/pickflow/cycle-count-batches?per_page=10&page=11&sort=name', { perPage: 10, page: 11, sort: 'name' }, 'cycleCountBatches');
  });

  it('GET /pickflow/cycle-count-batches/{id} answers as field by field', () =>
    recordsAsFieldByField(on, recordRoute, '/pickflow/cycle-count-batches', batchIds, 'cycleCountBatch'));
});

describe('changes answered by one statement', () => {
  // Over /graphql with the REST routes' operations: the REST answer keeps the sessions' GraphQL names (aliased), which
  // compiledChangeChecker's field-by-field read would snake_case.
  const operation = (method: string) => cycleCountRoutes.find((route) => route.method === method && route.path.startsWith('/pickflow/cycle-count-batches'))!.graphql;
  const text = 'A "quoted" \\ name ☃\nline';

  it('create with every field and with the fewest, and delete', async () => {
    const [east, west, north] = scope.warehouses as [number, number, number];
    const full = await graphqlChange(operation('POST'), {
      input: { name: text, warehouseIds: [north, east, west], locationIds: [scope.shelf], productIds: [scope.product], categoryIds: [scope.category], tagIds: [scope.tag], blind: true, scheduledFor: '2028-02-29', notes: text },
    }, recordRoute.graphql);
    await graphqlChange(operation('POST'), { input: { name: 'Fewest', warehouseIds: [west] } }, recordRoute.graphql);
    await graphqlChange(operation('DELETE'), { id: full.id }, recordRoute.graphql, { deletes: true });
    expect((await api('GET', `/pickflow/cycle-count-batches/${full.id}`)).status).toBe(404);
  });

  it('over REST, a create and a delete are one JSON statement each, answering as GET did', async () => {
    const start = counter.statements.length;
    const created = await api('POST', '/pickflow/cycle-count-batches', { name: text, warehouse_ids: [scope.warehouses[0]], blind: false, notes: null });
    expect(created.status, created.text).toBe(201);
    expect(counter.statements.slice(start).filter(writtenAsJson)).toHaveLength(1);
    const path = `/pickflow/cycle-count-batches/${created.body.data.id}`;
    const read = await api('GET', path);
    expect(JSON.stringify(created.body)).toBe(JSON.stringify(read.body));
    const before = counter.statements.length;
    const deleted = await api('DELETE', path);
    expect(deleted.status, deleted.text).toBe(200);
    expect(counter.statements.slice(before).filter(writtenAsJson)).toHaveLength(1);
    expect(JSON.stringify(deleted.body)).toBe(JSON.stringify(read.body));
  });
});

describe('random selections over /graphql', () => {
  it('of cycle count batches answer as field by field', () =>
    selectionsAsFieldByField(on, ['CycleCountBatch'], ([batch], id) => pageAndRecordQueries(batch!, 'cycleCountBatches', 'id', 'cycleCountBatch', id), {
      numRuns: 20,
      seed: 20261201,
      ids: batchIds,
      skipTooDeep: true,
    }));
});
