// The ledger's movements answered in one go (compiledList in src/graphql/shared/compiled-records.ts): the domain
// picks the page (its filters and sort, reading ids only), and one statement writes the movements as the selection
// asks, with a movement's lot number declared beside its resolver (movementLotNumberSql). Here those answers equal
// graphql's ordinary execution field by field, keys in the same order and values alike, for REST pages (plain and
// filtered) and for random selections over /graphql. The data is varied: increases with costs at full precision
// and decreases costed from FIFO layers, movements with a lot (a lot number JSON must escape) and without, in two
// locations of which one has a name JSON must escape. A page runs as many statements for 10 movements as for 100.
import { beforeAll, describe, it } from 'vitest';
import { inventoryRoutes } from '../../rest-mapping/inventory.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, pageAsFieldByField, pagesAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const movementList = getRoute(inventoryRoutes, '/inventory/movements');
let serumId: number;
let backRoomId: number;

beforeAll(async () => {
  const main = await post('/locations', { name: 'Main' });
  const backRoom = await post('/locations', { name: 'Back "room" \\ ☃' });
  backRoomId = backRoom.id;
  const serum = await post('/products', { name: 'Serum', sku: 'SERUM', lot_tracking: true });
  serumId = serum.id;
  const plain = [];
  for (let i = 0; i < 6; i++) plain.push(await post('/products', { name: `Part ${i}`, sku: `PART-${i}` }));

  // Increases in both locations, costs at full precision: 6 × 2 × 5 = 60 movements in one posting.
  await post('/inventory/adjustments', {
    lines: plain.flatMap((product, i) =>
      [main.id, backRoom.id].flatMap((locationId, j) =>
        Array.from({ length: 5 }, (_, k) => ({ product_id: product.id, location_id: locationId, quantity: 1 + i + k, unit_cost: Number(`${i}.${j}${k}3456789`) })),
      ),
    ),
  });
  // Lots: a number JSON must escape, and a plain one.
  await post('/inventory/adjustments', { lines: [{ product_id: serum.id, location_id: main.id, quantity: 7, unit_cost: 2.5, lot_number: 'A "1" \\ ☃' }] });
  await post('/inventory/adjustments', { lines: [{ product_id: serum.id, location_id: backRoom.id, quantity: 3, unit_cost: 7, lot_number: 'B' }] });
  // Decreases costed from the FIFO layers: 6 × 2 × 4 = 48 more, and one of a lot.
  await post('/inventory/adjustments', {
    lines: plain.flatMap((product) => [main.id, backRoom.id].flatMap((locationId) => Array.from({ length: 4 }, () => ({ product_id: product.id, location_id: locationId, quantity: -1, reason: 'Damaged "box"' })))),
  });
  await post('/inventory/adjustments', { lines: [{ product_id: serum.id, location_id: main.id, quantity: -2, lot_number: 'A "1" \\ ☃' }] });
}, 60_000);

describe('movements written by one statement', () => {
  it('GET /inventory/movements answers as field by field, and runs as many statements for 10 movements as for 100', () =>
    pagesAsFieldByField(on, movementList, '/inventory/movements?sort=id', { sort: 'id' }, 'stockMovements'));

  it('GET /inventory/movements with filters answers as field by field', async () => {
    await pageAsFieldByField(on, movementList, `/inventory/movements?per_page=100&product_id=${serumId}`, { perPage: 100, productId: serumId }, 'stockMovements');
    await pageAsFieldByField(on, movementList, `/inventory/movements?per_page=100&location_id=${backRoomId}&sort=-quantity`, { perPage: 100, locationId: backRoomId, sort: '-quantity' }, 'stockMovements');
  });
  // No fewer statements than field by field for the REST page: it asks for no relation, only the lot number, which
  // field by field reads for the whole page at once too. A selection with the location is one statement less
  // (the random selections below ask for it).
});

describe('random selections over /graphql', () => {
  it('of movements answer as field by field', () =>
    selectionsAsFieldByField(
      on,
      ['StockMovement'],
      ([movement]) => [`query Movements($perPage: Int) { stockMovements(perPage: $perPage, sort: "id") { items { ${movement!.text} } meta { total lastPage } } } ${movement!.fragments.join(' ')}`],
      { numRuns: 25, seed: 20261129, skipTooDeep: true },
    ));
});
