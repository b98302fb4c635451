// A bill's allocations answered in one go (compiledArray in src/graphql/shared/compiled-records.ts): the domain picks
// them (the bill must exist, in id order, reading ids only), and one statement writes them as the selection asks,
// with each line's share read from the stored JSON by SQL declared beside its resolver (storedArrayElements). Here
// those answers equal graphql's ordinary execution field by field, keys in the same order and values alike, for the
// REST list and random selections over /graphql. The data: an allocation made through the API, and allocations
// stored directly with shares at full precision, tiny and huge, and none at all. The list runs as many statements
// for one allocation as for 60.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { payablesRoutes } from '../../rest-mapping/payables.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, listAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(payablesRoutes, '/bills/{billId}/allocations');
let freightId: number;
let dutyId: number;

beforeAll(async () => {
  const vendor = await post('/suppliers', { name: 'Goods Inc' });
  const carrier = await post('/suppliers', { name: 'Euro Freight', currency: 'EUR' });
  const warehouse = await post('/locations', { name: 'Main' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'B-1' });
  const nut = await post('/products', { name: 'Nut', sku: 'N-1' });
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.2, as_of: '2026-01-01' });
  const po = await post('/purchase-orders', {
    supplier_id: vendor.id, warehouse_id: warehouse.id, order_date: '2026-05-01',
    lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 2 }, { product_id: nut.id, quantity: 10, unit_cost: 1 }],
  });
  await post(`/purchase-orders/${po.id}/submit`);
  const report = await post(`/purchase-orders/${po.id}/receiving-reports`, {
    received_at: '2026-05-03T10:00:00Z',
    lines: po.lines.map((line: any) => ({ purchase_order_line_id: line.id, quantity: 10 })),
  });
  const freight = await post('/bills', { supplier_id: carrier.id, bill_number: 'FR-7', bill_date: '2026-05-10', lines: [{ description: 'Sea freight', quantity: 1, unit_price: 25 }] });
  freightId = freight.id;
  await post(`/bills/${freight.id}/approve`);
  await post(`/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 10, allocation: 'value' });
  const duty = await post('/bills', { supplier_id: carrier.id, bill_number: 'DU-1', bill_date: '2026-05-11', lines: [{ description: 'Duty', quantity: 1, unit_price: 5 }] });
  dutyId = duty.id;
  // Stored directly: 60 allocations of the duty bill, shares as odd as the resolver reads them.
  const [first, second] = report.lines.map((line: any) => line.id);
  await tenantClient(server.database.prisma, acme.companyId).billAllocation.createMany({
    data: Array.from({ length: 60 }, (_, i) => ({
      billId: duty.id,
      receivingReportId: report.id,
      amount: `${i}.${String(i).padStart(4, '0')}`,
      amountBase: `${i * 2}.5`,
      allocation: ['value', 'quantity', 'weight'][i % 3],
      lineShares: i % 5 === 0 ? [] : [{ lineId: first, share: `${i}.${String(i).padStart(10, '3')}` }, { lineId: second, share: i % 2 ? '0.0000000001' : '99999999999999.9999999999' }],
      issuedAmountBase: i % 4 ? `0.${String(i).padStart(10, '0')}` : '0',
      createdAt: new Date(Date.UTC(2026, 4, 11, 0, 0, i)),
    })) as any,
  });
}, 60_000);

describe('bill allocations written by one statement', () => {
  it('GET /bills/{id}/allocations answers as field by field, and runs as many statements for one allocation as for 60', async () => {
    const one = await listAsFieldByField(on, listRoute, `/bills/${freightId}/allocations`, { billId: freightId }, 'billAllocations');
    const many = await listAsFieldByField(on, listRoute, `/bills/${dutyId}/allocations`, { billId: dutyId }, 'billAllocations');
    expect([one.body.data.length, many.body.data.length]).toEqual([1, 60]);
    expect(many.count).toBe(one.count);
  });
});

describe('random selections over /graphql', () => {
  it('of bill allocations answer as field by field', () =>
    selectionsAsFieldByField(
      on,
      ['BillAllocation'],
      ([{ text, fragments }], billId) => [`query List { billAllocations(billId: ${billId}) { ${text} } } ${fragments.join(' ')}`],
      { numRuns: 20, seed: 20261130, ids: [freightId, dutyId] },
    ));
});
