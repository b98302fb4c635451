// A cycle count runs a fixed number of SQL statements whatever its size: start (the snapshot), counts, the
// lines page, the count sheet both ways, submit-review, reset-counts and posting (its adjustment goes through
// the set-based ledger), for a warehouse of 2 and of 15 products.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { statementCounter } from '../support/statement-log.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

const counted = counter.ofSuccess;

/** A warehouse holding `size` products, and a started session over it with its lines. */
async function warehouseOf(size: number) {
  const warehouse = await post('/locations', { name: `W${size}` });
  const skus: string[] = [];
  const lines = [];
  for (let i = 0; i < size; i++) {
    const product = await post('/products', { name: `Item ${size}-${i}`, sku: `C${size}-${i}` });
    skus.push(product.sku);
    lines.push({ product_id: product.id, location_id: warehouse.id, quantity: 10, unit_cost: 1 });
  }
  await post('/inventory/adjustments', { lines });
  const batch = await post('/pickflow/cycle-count-batches', { name: `Batch ${size}`, warehouse_ids: [warehouse.id] });
  return { warehouse, skus, sessionId: batch.sessions[0].id as number };
}

let small: Awaited<ReturnType<typeof warehouseOf>>;
let large: Awaited<ReturnType<typeof warehouseOf>>;

beforeAll(async () => {
  small = await warehouseOf(2);
  large = await warehouseOf(15);
}, 120_000);

describe('statements of a cycle count', () => {
  it('are the same for 2 and 15 products', async () => {
    const run = async (w: typeof small) => {
      const path = `/external/api/v1/pickflow/cycle-counts/${w.sessionId}`;
      const counts = w.skus.map((sku, i) => ({ sku, locationId: w.warehouse.id, countedQuantity: i % 2 ? 10 : 9 }));
      const sheet = `sku,location,counted\r\n${w.skus.map((sku) => `${sku},${w.warehouse.name},8`).join('\r\n')}\r\n`;
      const call = (method: string, rest: string, body?: unknown) => () => api(method, `/pickflow/cycle-counts/${w.sessionId}${rest}`, body);
      return [
        await counted(call('POST', '/start')),
        await counted(call('POST', '/counts', { counts })),
        await counted(call('GET', '/lines?per_page=100')),
        await counted(call('GET', '/count-sheet.csv')),
        await counted(() => server.call('POST', `${path}/count-sheet`, { token: acme.token, company: acme.slug, rawBody: sheet, headers: { 'content-type': 'text/csv' } })),
        await counted(call('POST', '/reset-counts')),
        await counted(call('POST', '/counts', { counts })),
        await counted(call('POST', '/submit-review')),
        await counted(call('POST', '/post')),
      ];
    };
    const smallCounts = await run(small);
    const largeCounts = await run(large);
    expect(largeCounts).toEqual(smallCounts);
  });
});
