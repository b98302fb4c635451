// A page of GET /inventory/movements runs a fixed number of SQL statements whatever its size and filters: the
// movements' lots come with the page, never one query per movement.
import { beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';

const counter = statementCounter();
const { api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
let warehouse: any;
let serum: any;

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  serum = await post('/products', { name: 'Serum', sku: 'SER-1', lot_tracking: true });
  // 60 movements of one product, each in a lot of its own.
  await post('/inventory/adjustments', {
    lines: Array.from({ length: 60 }, (_, i) => ({ product_id: serum.id, location_id: warehouse.id, quantity: 1, unit_cost: 2, lot_number: `LOT-${i}`, expiry_date: '2099-01-01' })),
  });
}, 120_000);

it('is the same for a page of 2 movements and a page of 50, filtered or not', async () => {
  const page = async (query: string, size: number) => {
    let body: any;
    const statements = await counter.of(async () => {
      const res = await api('GET', `/inventory/movements?${query}`);
      expect(res.status, res.text).toBe(200);
      body = res.body;
    });
    expect(body.data).toHaveLength(size);
    expect(body.data.every((movement: any) => /^LOT-\d+$/.test(movement.lot_number))).toBe(true);
    return statements;
  };
  const small = await page('per_page=2', 2);
  expect(await page('per_page=50', 50)).toBe(small);
  const filtered = await page(`per_page=2&product_id=${serum.id}&location_id=${warehouse.id}`, 2);
  expect(await page(`per_page=50&product_id=${serum.id}&location_id=${warehouse.id}`, 50)).toBe(filtered);
});
