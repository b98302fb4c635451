// Vendor returns answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page, and one statement writes the returns as the selection asks, with SQL derived from
// the GraphQL types and declared beside the fields with resolvers of their own (the vendor credit's id, a line's
// total, null while its unit cost is unknown). Here those answers equal graphql's ordinary execution field by
// field, keys in the same order and values alike, for the REST page and record and for random selections over
// /graphql. The data is varied: drafts with and without unit costs, shipped and credited returns, returns of an
// order or of none, in another currency, lines with lots, no lines, decimals at full precision, text JSON must
// escape, null reasons. A page runs as many statements for 10 returns as for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { vendorReturnRoutes } from '../../rest-mapping/vendor-returns.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(vendorReturnRoutes, '/vendor-returns');
const recordRoute = getRoute(vendorReturnRoutes, '/vendor-returns/{id}');
const returnIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.234567890123456, as_of: '2026-01-01' });
  const supplier = await post('/suppliers', { name: 'Bolt "Works" \\ Ltd' });
  const other = await post('/suppliers', { name: 'Nüt ✓ Co', currency: 'EUR' });
  const warehouse = await post('/locations', { name: 'Main "dock"' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT' });
  const nut = await post('/products', { name: 'Nut\nnew line', sku: 'NUT' });

  // Stock to ship from: two FIFO layers of bolts, one of nuts.
  const draftOrder = await post('/purchase-orders', {
    supplier_id: supplier.id,
    warehouse_id: warehouse.id,
    order_date: '2026-05-01',
    lines: [{ product_id: bolt.id, quantity: 30, unit_cost: 2 }, { product_id: nut.id, quantity: 30, unit_cost: 0.3333 }],
  });
  const order = await post(`/purchase-orders/${draftOrder.id}/submit`);
  await post(`/purchase-orders/${order.id}/receiving-reports`, { lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 10 }, { purchase_order_line_id: order.lines[1].id, quantity: 30 }] });
  await post(`/purchase-orders/${order.id}/receiving-reports`, { lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 20 }] });

  const returns = [
    // Of the order, shipped at FIFO cost across two layers, then credited.
    { supplier_id: supplier.id, purchase_order_id: order.id, location_id: warehouse.id, reason: 'Damaged "badly"\n\\ ☃\u0001', lines: [{ product_id: bolt.id, quantity: 12.3456789012 }] },
    // A draft: one line with a unit cost at full precision, one without (its total is null).
    {
      supplier_id: supplier.id,
      location_id: warehouse.id,
      lines: [{ product_id: nut.id, quantity: 1.5, unit_cost: 0.1234567891 }, { product_id: bolt.id, quantity: 2 }],
    },
    // In euros (the supplier's currency), shipped with a given unit cost, not credited.
    { supplier_id: other.id, location_id: warehouse.id, reason: '', lines: [{ product_id: nut.id, quantity: 3, unit_cost: 1.25 }] },
  ];
  for (const vendorReturn of returns) returnIds.push((await post('/vendor-returns', vendorReturn)).id);
  const [credited, , shipped] = returnIds as [number, number, number];
  await post(`/vendor-returns/${credited}/ship`);
  await post(`/vendor-returns/${credited}/generate-credit`);
  await post(`/vendor-returns/${shipped}/ship`);

  // Enough plain returns for pages of 10 and of 100, written directly: lots, no lines, some credited.
  const statuses = ['draft', 'shipped', 'credited'];
  const plain = await db.vendorReturn.createManyAndReturn({
    data: Array.from({ length: 97 }, (_, i) => ({
      returnNumber: `PLAIN-${String(i).padStart(3, '0')}`,
      supplierId: i % 2 ? supplier.id : other.id,
      purchaseOrderId: i % 5 ? null : order.id,
      locationId: warehouse.id,
      reason: i % 4 ? `Reason ${i} "q"` : null,
      status: statuses[i % 3],
      currency: i % 2 ? 'USD' : 'EUR',
      exchangeRate: i % 3 ? '1.234567890123456' : null,
      total: i % 7 ? `${i}.0001` : '1234567890123456.1234',
      shippedAt: i % 3 ? new Date(Date.UTC(2026, 4, 1 + (i % 28), 10, 0, 0, i)) : null,
      creditedAt: i % 3 === 2 ? new Date(Date.UTC(2026, 5, 1 + (i % 28))) : null,
    })) as any,
    select: { id: true },
  });
  await db.vendorReturnLine.createMany({
    data: plain.flatMap(({ id }, i) =>
      i % 6 === 5
        ? []
        : [
            { vendorReturnId: id, position: 2, productId: bolt.id, quantity: `${i}.0000000001`, lotNumber: i % 2 ? `LOT "${i}" \\` : null, unitCost: i % 3 ? '99999999999999.9999999999' : null, fifoUnitCost: i % 3 ? '0.0000000001' : null, lineTotal: i % 3 ? `${i}.5` : 0 },
            { vendorReturnId: id, position: 1, productId: nut.id, quantity: 1, unitCost: 0, fifoUnitCost: null, lineTotal: 0 },
          ],
    ) as any,
  });
  await db.vendorCredit.createMany({
    data: plain
      .filter((_, i) => i % 3 === 2)
      .map(({ id }) => ({ supplierId: supplier.id, amount: 1, currency: 'USD', exchangeRate: 1, creditDate: new Date(Date.UTC(2026, 5, 1)), vendorReturnId: id })) as any,
  });
}, 60_000);

describe('vendor returns written by one statement', () => {
  it('GET /vendor-returns answers as field by field, and runs as many statements for 10 returns as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/vendor-returns?sort=id', { sort: 'id' }, 'vendorReturns'));

  it('GET /vendor-returns/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, '/vendor-returns', returnIds, 'vendorReturn'));

  it('a page is one statement beside the domain reading its ids', () => fewerStatementsThanFieldByField(on, listRoute, '/vendor-returns?per_page=100', { perPage: 100 }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['VendorReturn'], ([selection], id) => pageAndRecordQueries(selection!, 'vendorReturns', 'id', 'vendorReturn', id), {
      numRuns: 25,
      seed: 20261203,
      ids: returnIds,
      skipTooDeep: true,
    }));
});
