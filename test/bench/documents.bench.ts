// Document pages benchmark (issue 34, goal 3): a dashboard's page of 100 sales orders with 5 lines each (product,
// unit, channel, customer, the lines' quantities and allocations), read through REST and /graphql, against its
// floor in the same run: one SQL statement that builds comparable JSON inside PostgreSQL, served by a bare
// node:http handler. BENCH_DOCUMENT_ORDERS sizes the data (default 300 orders, confirmed so that they hold
// allocations); BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_WARMUP_SECONDS as for the products case.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { restRoutes } from '../../rest-mapping/index.js';
import { measure, startBenchApp, type Measured } from './bench-app.js';
import { recordBench } from './summary.js';

const ORDERS = Number(process.env.BENCH_DOCUMENT_ORDERS ?? 300);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LINES_PER_ORDER = 5;

/**
 * The floor: the page of 100 orders (newest first) with every relation the REST page shows, as one JSON text
 * written by PostgreSQL. A line's allocated quantity is its allocations' sum (no kits in the data), the backorder
 * what is left of it, so the floor does the same kind of work as the service without its generality.
 */
export function salesOrdersPageStatement(companyId: number): string {
  const c = String(companyId);
  return `
    SELECT json_build_object(
      'data', coalesce((SELECT json_agg(json_build_object(
        'id', o.id, 'order_number', o."orderNumber", 'external_order_id', o."externalOrderId", 'status', o.status,
        'channel', (SELECT json_build_object('id', ch.id, 'label', ch.label) FROM "SalesChannel" ch WHERE ch."companyId" = ${c} AND ch.id = o."channelId"),
        'company', (SELECT json_build_object('id', cc.id, 'name', cc.name) FROM "CustomerCompany" cc WHERE cc."companyId" = ${c} AND cc.id = o."customerCompanyId"),
        'order_date', to_char(o."orderDate", 'YYYY-MM-DD'), 'currency', o.currency, 'ship_to', o."shipTo",
        'requested_ship_date', to_char(o."requestedShipDate", 'YYYY-MM-DD'), 'shipping_method', o."shippingMethod", 'notes', o.notes,
        'lines', coalesce((SELECT json_agg(json_build_object(
          'id', l.id, 'quantity', l.quantity, 'unit_price', l."unitPrice", 'price_source', l."priceSource",
          'discount_percent', l."discountPercent", 'tax_rate', l."taxRate", 'discount_amount', l."discountAmount",
          'line_total', l."lineTotal", 'tax_amount', l."taxAmount",
          'product', (SELECT json_build_object('id', p.id, 'sku', p.sku, 'name', p.name) FROM "Product" p WHERE p."companyId" = ${c} AND p.id = l."productId"),
          'uom', (SELECT json_build_object('id', u.id, 'name', u.name) FROM "UnitOfMeasure" u WHERE u."companyId" = ${c} AND u.id = l."uomId"),
          'quantity_allocated', a.allocated, 'quantity_backordered', greatest(l.quantity - l."baseQuantityShipped" - a.allocated, 0),
          'quantity_shipped', l."baseQuantityShipped", 'allocations', a.list
        ) ORDER BY l.position)
        FROM "SalesOrderLine" l
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(s.quantity), 0) AS allocated, coalesce(json_agg(json_build_object('warehouse_id', s."warehouseId", 'quantity', s.quantity) ORDER BY s."warehouseId"), '[]'::json) AS list
          FROM (SELECT "warehouseId", sum(quantity) AS quantity FROM "SalesOrderAllocation" WHERE "companyId" = ${c} AND "salesOrderLineId" = l.id GROUP BY "warehouseId") s
        ) a
        WHERE l."companyId" = ${c} AND l."salesOrderId" = o.id), '[]'::json),
        'subtotal', o.subtotal, 'discount_total', o."discountTotal", 'tax_total', o."taxTotal", 'total', o.total,
        'created_at', o."createdAt", 'updated_at', o."updatedAt", 'confirmed_at', o."confirmedAt", 'cancelled_at', o."cancelledAt", 'closed_at', o."closedAt"
      ) ORDER BY o.id DESC)
      FROM (SELECT * FROM "SalesOrder" WHERE "companyId" = ${c} ORDER BY id DESC LIMIT 100) o), '[]'::json),
      'meta', json_build_object('total', (SELECT count(*) FROM "SalesOrder" WHERE "companyId" = ${c}))
    )::text AS body`;
}

export async function runDocumentsBenchmark(): Promise<void> {
  const bench = await startBenchApp();
  const { database, port, headers } = bench;
  try {
    const call = async (method: string, path: string, body?: unknown): Promise<any> => {
      const res = await fetch(`http://127.0.0.1:${port}/external/api/v1${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as any;
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return json.data;
    };
    const seedStart = Date.now();
    const north = await call('POST', '/locations', { name: 'North' });
    const south = await call('POST', '/locations', { name: 'South' });
    const group = await call('POST', '/warehouse-groups', { name: 'Both', warehouse_ids: [north.id, south.id] });
    const channel = await call('POST', '/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id });
    const customer = await call('POST', '/companies', { name: 'Bench customer' });
    const products: any[] = [];
    for (let i = 0; i < 20; i++) products.push(await call('POST', '/products', { name: `Bench ${i}`, sku: `BENCH-${i}`, retail_price: 1.5 + i }));
    await call('POST', '/inventory/adjustments', {
      lines: products.flatMap((p) => [
        { product_id: p.id, location_id: north.id, quantity: ORDERS, unit_cost: 1 },
        { product_id: p.id, location_id: south.id, quantity: ORDERS, unit_cost: 1 },
      ]),
    });
    for (let i = 0; i < ORDERS; i++) {
      const lines = Array.from({ length: LINES_PER_ORDER }, (_, k) => ({ product_id: products[(i + k) % products.length].id, quantity: 1 + ((i + k) % 4), discount_percent: k }));
      const order = await call('POST', '/sales-orders', { channel_id: channel.id, company_id: customer.id, lines, notes: `Order ${i}` });
      await call('POST', `/sales-orders/${order.id}/confirm`);
    }
    console.log(`seeded ${ORDERS} sales orders of ${LINES_PER_ORDER} lines on ${database.kind} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    await database.sql.exec('ANALYZE');

    let floorReads: Promise<unknown>[] = [];
    const statement = salesOrdersPageStatement(bench.companyId);
    const floor = http.createServer((_req, res) => {
      const read = (async () => {
        const [row] = await database.sql.query<{ body: string }>(statement);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(row!.body) });
        res.end(row!.body);
      })();
      floorReads.push(read);
      void read.finally(() => (floorReads = floorReads.filter((r) => r !== read)));
    });
    await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
    const floorPort = (floor.address() as AddressInfo).port;

    const listRoute = restRoutes.find((r) => r.method === 'GET' && r.path === '/sales-orders')!;
    const results: Measured[] = [];
    results.push(await measure('statement floor (one SQL statement)', { url: `http://127.0.0.1:${floorPort}/` }));
    results.push(await measure('REST GET /sales-orders?per_page=100', { url: `http://127.0.0.1:${port}/external/api/v1/sales-orders?per_page=100&sort=-id`, headers }));
    results.push(
      await measure('GraphQL (same page)', {
        url: `http://127.0.0.1:${port}/graphql`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query: listRoute.graphql, variables: { page: 1, perPage: 100, sort: '-id' } }),
      }),
    );
    // The same page as graphql executes it field by field (an introspection root field beside it has no plan), as
    // every page but the products page was answered before issue 34.
    const ordinary = listRoute.graphql.replace(/(query\s+\w*\s*(\([^)]*\))?\s*\{)/, '$1 fieldByField: __type(name: "Query") { name } ');
    results.push(
      await measure('GraphQL field by field (as before)', {
        url: `http://127.0.0.1:${port}/graphql`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query: ordinary, variables: { page: 1, perPage: 100, sort: '-id' } }),
      }),
    );
    const floorRps = results[0]!.rps;
    console.log(`\nsales orders page of 100 (${LINES_PER_ORDER} lines each), ${CONNECTIONS} connections, ${DURATION_S} s each, ${database.kind}`);
    console.log('case'.padEnd(40), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'floor/x'.padStart(8));
    for (const r of results) {
      console.log(r.name.padEnd(40), r.rps.toFixed(1).padStart(8), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(7), (floorRps / r.rps).toFixed(2).padStart(8));
      recordBench({ name: `sales orders: ${r.name}`, database: database.kind, throughput: r.rps, unit: 'req/s', p50Ms: r.p50, p99Ms: r.p99, floorRatio: floorRps / r.rps });
    }
    const failing = results.filter((r) => r.errors > 0);
    if (failing.length > 0) {
      console.error(`FAILED: requests that did not answer 2xx in ${failing.map((r) => r.name).join(', ')}; the figures do not count`);
      process.exitCode = 1;
    }
    await Promise.allSettled(floorReads);
    floor.closeAllConnections();
    await new Promise<void>((resolve) => floor.close(() => resolve()));
  } finally {
    await bench.close();
  }
}
