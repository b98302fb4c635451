// Receiving reports answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (its filters by order, supplier and day, its sort, reading ids only), and one statement
// writes the reports as the selection asks, with their lines, landed costs and the cost adjustments late landed
// costs made to issued stock (declared beside its resolver). Here those answers equal graphql's ordinary execution
// field by field, keys in the same order and values alike, for REST pages (plain, filtered, sorted), records and
// random selections over /graphql. The data is varied: receipts in another currency at a rate of 15 decimals, into
// a bin and lots, landed costs in three currencies, late landed costs with adjustments, a voided report, a report
// with no landed costs, text JSON must escape, and copies written directly with decimals at full precision. A page
// runs as many statements for 10 reports as for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { purchasingRoutes } from '../../rest-mapping/purchasing.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import {
  fewerStatementsThanFieldByField,
  getRoute,
  pageAndRecordQueries,
  pageAsFieldByField,
  pagesAsFieldByField,
  recordsAsFieldByField,
  selectionsAsFieldByField,
  type Compared,
} from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(purchasingRoutes, '/receiving-reports');
const recordRoute = getRoute(purchasingRoutes, '/receiving-reports/{receivingReportId}');
const reportIds: number[] = [];
let euroOrderId = 0;
let usdSupplierId = 0;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const euros = await post('/suppliers', { name: 'Euro "Bolts" \\ GmbH', currency: 'EUR' });
  const dollars = await post('/suppliers', { name: 'Nüt ✓ Co', currency: 'USD' });
  usdSupplierId = dollars.id;
  const warehouse = await post('/locations', { name: 'Main' });
  const bin = await post('/locations', { name: 'Bin "A"\tleft', parent_id: warehouse.id });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT-1', product_weight: [{ unit: 'lb', value: 2 }] });
  const nut = await post('/products', { name: 'Nut\nnew line ☃', sku: 'NUT-1', lot_tracking: true, product_weight: [{ unit: 'lb', value: 1 }] });
  const strap = await post('/products', { name: 'Strap </script>', sku: 'STRAP-1' });
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.123456789012345, as_of: '2026-01-01' });
  await post('/currency/rates', { from: 'GBP', to: 'USD', rate: 1.300000000000001, as_of: '2026-01-01' });

  // In euros, into a bin and lots, with landed costs in three currencies.
  const euroDraft = await post('/purchase-orders', {
    supplier_id: euros.id,
    warehouse_id: warehouse.id,
    order_date: '2026-03-01',
    lines: [
      { product_id: bolt.id, quantity: 100, unit_cost: 0.1234 },
      { product_id: nut.id, quantity: 300.5, unit_cost: 1.5 },
    ],
  });
  const euroOrder = await post(`/purchase-orders/${euroDraft.id}/submit`);
  euroOrderId = euroOrder.id;
  const first = await post(`/purchase-orders/${euroOrder.id}/receiving-reports`, {
    received_at: '2026-04-02T10:00:00.123Z',
    location_id: bin.id,
    lines: [
      { purchase_order_line_id: euroOrder.lines[0].id, quantity: 3.3333333333 },
      { purchase_order_line_id: euroOrder.lines[1].id, quantity: 6, lot_number: 'N-"1"', expiry_date: '2027-01-01' },
      { purchase_order_line_id: euroOrder.lines[1].id, quantity: 7.25, lot_number: 'N\\2', production_date: '2026-02-28' },
    ],
    landed_costs: [
      { name: 'Freight "sea"', amount: 10.01, currency: 'USD', allocation: 'value' },
      { name: 'Duty\n', amount: 1, currency: 'GBP', allocation: 'weight' },
      { name: 'Handling ☃', amount: 0.07, allocation: 'quantity' },
    ],
  });
  reportIds.push(first.id);

  // In dollars: some of it issued twice, then late landed costs adjust what was issued.
  const dollarDraft = await post('/purchase-orders', {
    supplier_id: dollars.id,
    warehouse_id: warehouse.id,
    currency: 'USD',
    lines: [
      { product_id: strap.id, quantity: 10, unit_cost: 2 },
      { product_id: bolt.id, quantity: 10, unit_cost: 1 },
    ],
  });
  const dollarOrder = await post(`/purchase-orders/${dollarDraft.id}/submit`);
  const costed = await post(`/purchase-orders/${dollarOrder.id}/receiving-reports`, {
    received_at: '2026-04-20T00:00:00Z',
    lines: [{ purchase_order_line_id: dollarOrder.lines[0].id, quantity: 10 }],
  });
  await post('/inventory/adjustments', { lines: [{ product_id: strap.id, location_id: warehouse.id, quantity: -4 }] });
  await post('/inventory/adjustments', { lines: [{ product_id: strap.id, location_id: warehouse.id, quantity: -1.5 }] });
  await post(`/receiving-reports/${costed.id}/landed-costs`, { name: 'Late freight', amount: 10, currency: 'USD', allocation: 'quantity' });
  await post(`/receiving-reports/${costed.id}/landed-costs`, { name: 'Late duty', amount: 3.33, currency: 'USD', allocation: 'value' });
  reportIds.push(costed.id);

  // No landed costs, then voided.
  const voided = await post(`/purchase-orders/${dollarOrder.id}/receiving-reports`, {
    received_at: '2026-04-21T23:59:59.999Z',
    lines: [{ purchase_order_line_id: dollarOrder.lines[1].id, quantity: 1 }],
  });
  await post(`/receiving-reports/${voided.id}/void`);
  reportIds.push(voided.id);
  // No landed costs and posted.
  reportIds.push(
    (await post(`/purchase-orders/${dollarOrder.id}/receiving-reports`, { received_at: '2026-04-22T00:00:00Z', lines: [{ purchase_order_line_id: dollarOrder.lines[1].id, quantity: 2 }] })).id,
  );

  // Enough reports for pages of 10 and of 100, written directly: copies of the first report's lines, some with
  // landed costs, some with cost adjustments, some voided, a day apart.
  const template = await db.receivingReportLine.findMany({ where: { receivingReportId: first.id }, orderBy: { id: 'asc' } });
  const copies = await db.receivingReport.createManyAndReturn({
    data: Array.from({ length: 100 }, (_, i) => ({
      reportNumber: `RR-COPY-${String(i).padStart(3, '0')}`,
      purchaseOrderId: i % 2 ? euroOrder.id : dollarOrder.id,
      status: i % 7 ? 'posted' : 'voided',
      receivedAt: new Date(Date.UTC(2026, 0, 1 + i, i % 24, i, i % 60, i)),
      exchangeRate: `${i % 3}.${String(i * 7919).padStart(15, '0')}`,
      voidedAt: i % 7 ? null : new Date(Date.UTC(2026, 5, 1, 0, 0, 0, i)),
    })) as any,
    select: { id: true },
  });
  await db.receivingReportLine.createMany({
    data: copies.flatMap(({ id }, i) =>
      template.slice(0, 1 + (i % 3)).map(({ id: _id, companyId: _c, receivingReportId: _r, ...line }) => ({
        ...line,
        receivingReportId: id,
        quantity: `${i}.${String(i).padStart(10, '0')}`,
        unitCost: `99999999999999.9999999999`,
      })),
    ) as any,
  });
  await db.receivingReportCost.createMany({
    data: copies
      .filter((_, i) => i % 3 === 0)
      .map(({ id }, i) => ({ receivingReportId: id, name: `Cost "${i}" \\ ☃`, amount: '1234567890123456.1234', currency: 'EUR', exchangeRate: '0.000000000000001', amountBase: '0.0001', allocation: 'value' })) as any,
  });
  await db.costAdjustment.createMany({
    data: copies
      .filter((_, i) => i % 4 === 1)
      .flatMap(({ id }, i) => [
        { movementId: 1, layerId: 1, sourceType: 'RECEIVING_REPORT', sourceId: id, quantity: '0.0000000001', amount: '-12345678901234.1234567891' },
        { movementId: 2 + i, layerId: 1, sourceType: 'RECEIVING_REPORT', sourceId: id, quantity: i, amount: 0, createdAt: new Date(Date.UTC(2026, 6, 1, 12, 0, 0, i)) },
        // Another source with the same id: not the report's.
        { movementId: 3, layerId: 1, sourceType: 'OTHER', sourceId: id, quantity: 1, amount: 1 },
      ]) as any,
  });
  reportIds.push(copies[0]!.id, copies[1]!.id, copies[5]!.id);
}, 60_000);

describe('receiving reports written by one statement', () => {
  it('GET /receiving-reports answers as field by field, and runs as many statements for 10 reports as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/receiving-reports?sort=id', { sort: 'id' }, 'receivingReports'));

  it('GET /receiving-reports by order, supplier and day, sorted, answers as field by field', async () => {
    await pageAsFieldByField(on, listRoute, `/receiving-reports?per_page=100&purchase_order_id=${euroOrderId}&sort=-received_at`, { perPage: 100, purchaseOrderId: euroOrderId, sort: '-received_at' }, 'receivingReports');
    await pageAsFieldByField(on, listRoute, `/receiving-reports?per_page=100&supplier_id=${usdSupplierId}`, { perPage: 100, supplierId: usdSupplierId }, 'receivingReports');
    await pageAsFieldByField(on, listRoute, '/receiving-reports?per_page=100&received_at=2026-04-21', { perPage: 100, receivedAt: '2026-04-21' }, 'receivingReports');
    await pageAsFieldByField(on, listRoute, '/receiving-reports?per_page=100&received_at=1999-01-01', { perPage: 100, receivedAt: '1999-01-01' }, 'receivingReports');
    await pageAsFieldByField(on, listRoute, '/receiving-reports?per_page=10&page=3&sort=-created_at', { perPage: 10, page: 3, sort: '-created_at' }, 'receivingReports');
  });

  it('GET /receiving-reports/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, '/receiving-reports', reportIds, 'receivingReport'));

  it('a page is one statement beside the domain reading its ids', () => fewerStatementsThanFieldByField(on, listRoute, '/receiving-reports?per_page=100', { perPage: 100 }));
});

describe('random selections over /graphql', () => {
  it('of receiving reports answer as field by field', () =>
    selectionsAsFieldByField(on, ['ReceivingReport'], ([report], id) => pageAndRecordQueries(report!, 'receivingReports', 'id', 'receivingReport', id), {
      numRuns: 20,
      seed: 20261201,
      ids: reportIds,
      skipTooDeep: true,
    }));
});
