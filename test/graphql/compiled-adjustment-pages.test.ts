// Pages of inventory adjustments answered in one go over /graphql (compiledList beside the resolver in
// src/graphql/inventory/inventory-fields.ts; there is no REST list): the domain picks the page (its sort, reading
// ids only), and one statement writes the documents with their lines, each line's lot number and the ledger rows it
// posted. Here those pages equal graphql's ordinary execution field by field, keys in the same order and values
// alike, for pages of 10 and 100 (as many statements each) and random selections. The data: adjustments posted
// through the API (a lot with a number JSON must escape, a decrease split across lots, a counted line) and more
// written directly, with lines of decimals at full precision and no movements.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { graphqlPagesAsFieldByField, selectionsAsFieldByField, writableFields, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const LINE = `${writableFields('InventoryAdjustmentLine').filter((field) => field !== 'movements').join(' ')} movements { id quantity unitCost lotId lotNumber sourceLineId location { id name } }`;
const PAGE = `query Page($perPage: Int, $sort: String) {
  inventoryAdjustments(perPage: $perPage, sort: $sort) { items { id reason notes status postedAt createdAt updatedAt lines { ${LINE} } } meta { total lastPage } } }`;

beforeAll(async () => {
  const main = await post('/locations', { name: 'Main "a"' });
  const serum = await post('/products', { name: 'Serum', sku: 'SERUM', lot_tracking: true });
  const part = await post('/products', { name: 'Part', sku: 'PART' });
  await post('/inventory/adjustments', {
    reason: 'Opening "stock"',
    lines: [
      { product_id: serum.id, location_id: main.id, quantity: 2, unit_cost: 1.2345678901, lot_number: 'L "1" \\ ☃' },
      { product_id: serum.id, location_id: main.id, quantity: 3, unit_cost: 7, lot_number: 'L-2' },
      { product_id: part.id, location_id: main.id, quantity: 10, unit_cost: 0.0000000001 },
    ],
  });
  await post('/inventory/adjustments', { lines: [{ product_id: serum.id, location_id: main.id, quantity: -4, reason: 'Split' }, { product_id: part.id, location_id: main.id, counted_quantity: 10 }] });
  const db = tenantClient(server.database.prisma, acme.companyId);
  const documents = await db.inventoryAdjustment.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({ reason: i % 3 ? `Reason ${i}` : null, notes: i % 4 ? null : 'Tab\there\n', postedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })) as any,
  });
  await db.inventoryAdjustmentLine.createMany({
    data: documents.flatMap(({ id }, i) => Array.from({ length: i % 3 }, (_, k) => ({ adjustmentId: id, productId: part.id, locationId: main.id, quantity: `${k}.${String(i).padStart(10, '9')}`, countedQuantity: k ? null : '12345678901234.1234567890' }))) as any,
  });
}, 60_000);

describe('inventory adjustments written by one statement', () => {
  it('pages of 10 and 100 answer as field by field, with as many statements each', () =>
    graphqlPagesAsFieldByField(on, PAGE, { sort: 'id' }, 'inventoryAdjustments'));

  it('random selections answer as field by field', () =>
    selectionsAsFieldByField(
      on,
      ['InventoryAdjustment'],
      ([selection]) => [`query Page { inventoryAdjustments(perPage: 100, sort: "-id") { items { ${selection!.text} } meta { total } } } ${selection!.fragments.join(' ')}`],
      { numRuns: 15, seed: 20261130, skipTooDeep: true },
    ));
});
