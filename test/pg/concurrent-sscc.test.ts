// Concurrency of SSCCs: parallel requests packing different orders' shipments (so the order claim does not
// serialise them) draw distinct serials from the company's 'sscc' sequence (its row lock), and parallel
// requests giving the same SSCC end with exactly one 201 and 422s at the package's sscc (the unique index,
// P2002 mapped). Meant for PostgreSQL (TEST_DATABASE_URL, a pool of 20); on PGlite it passes as well.
import { beforeAll, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { stockedSalesChannel } from '../support/seed.js';

const ORDERS = 10;
const serverErrors: string[] = [];
const { api, post } = serverForFile(['acme'], { logger: { log: (level, message, fields) => void (level === 'error' && serverErrors.push(`${message} ${fields?.error}`)) } });
const shipments: Array<{ orderId: number; shipmentId: number }> = [];

/** GS1 mod-10 check digit of 17 data digits, written out here independently. */
function checkDigit(data17: string): number {
  const sum = data17.split('').map(Number).reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

beforeAll(async () => {
  const { channel, widget } = await stockedSalesChannel(post, 100);
  for (let i = 0; i < ORDERS; i++) {
    const so = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 2 }] })).id}/confirm`);
    const shipment = await post(`/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 2 }] });
    shipments.push({ orderId: so.id, shipmentId: shipment.id });
  }
  const res = await api('PATCH', '/company', { gs1_company_prefix: '0614141' });
  expect(res.status, res.text).toBe(200);
}, 180_000);

it(`${ORDERS} parallel requests assigning 3 SSCCs each get ${ORDERS * 3} distinct, consecutive serials`, async () => {
  const results = await Promise.all(
    shipments.map(({ orderId, shipmentId }) => api('POST', `/sales-orders/${orderId}/shipments/${shipmentId}/packages`, { packages: [{ child_packages: [{}] }, {}] })),
  );
  expect(serverErrors).toEqual([]);
  expect(results.map((r) => r.status)).toEqual(shipments.map(() => 201));
  const ssccs: string[] = results.flatMap((r) => r.body.data.flatMap((p: any) => [p.sscc, ...p.child_packages.map((c: any) => c.sscc)]));
  expect(new Set(ssccs).size).toBe(ORDERS * 3);
  for (const sscc of ssccs) {
    expect(sscc).toMatch(/^00614141\d{9}\d$/);
    expect(Number(sscc[17])).toBe(checkDigit(sscc.slice(0, 17)));
  }
  const serials = ssccs.map((s) => Number(s.slice(8, 17))).sort((a, b) => a - b);
  expect(serials).toEqual(Array.from({ length: ORDERS * 3 }, (_, i) => i + 1));
});

it('parallel requests giving the same SSCC: one 201, the others 422 at the nested path', async () => {
  const data17 = '00614141999999999';
  const sscc = `${data17}${checkDigit(data17)}`;
  const results = await Promise.all(
    shipments.map(({ orderId, shipmentId }) => api('POST', `/sales-orders/${orderId}/shipments/${shipmentId}/packages`, { packages: [{ child_packages: [{ sscc }] }] })),
  );
  expect(serverErrors).toEqual([]);
  expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  const refused = results.filter((r) => r.status === 422);
  expect(refused).toHaveLength(ORDERS - 1);
  for (const res of refused) {
    expect(Object.keys(res.body.errors)).toEqual(['packages.0.child_packages.0.sscc']);
    expect(res.body.errors['packages.0.child_packages.0.sscc'][0]).toMatch(/already used/);
  }
});
