// Document pages benchmark (issue 34, goal 3, "measured side by side"): for each area, a dashboard's list page
// read through REST and through /graphql (the route's own operation, from restRoutes), against that area's floor
// in the same run: one SQL statement that writes comparable JSON inside the database (document-floors/<area>.ts),
// served by a bare node:http handler. The areas:
//   sales-orders      100 sales orders of 5 lines (product, unit, channel, customer, quantities, allocations);
//                     also the same operation executed field by field, as before issue 34
//   purchase-orders   100 purchase orders of 4 lines, an additional cost and a deal each
//   bills             100 bills of 4 lines, approved, half of them with a payment
//   shipments         100 shipments with their lines and their packages (include_packages=true): a pallet holding
//                     two cartons, one of which holds an inner pack, with items at three levels; half shipped
//   work-orders       100 work orders of 3 steps (an output SKU, an outside vendor), some released
//   cycle-counts      100 cycle count sessions (camelCase) of batches over two warehouses, started (a line per
//                     product and location), some counted and submitted for review
//   customers         100 customer companies with two addresses, a price list, custom fields and 2 contacts
//   dashboard         one /graphql request asking for 50 sales orders + 50 purchase orders + 50 products, against
//                     one statement that writes all three parts
// Everything is seeded once through the REST API (the areas asked for and those they need), then ANALYZE. Every
// case counts failed requests: any sets process.exitCode = 1. Before measuring, each floor's JSON is compared with
// the page it stands for (same keys, same values) and the differences are printed, so an unfair floor shows.
//
// BENCH_DOCUMENT_AREAS picks areas (comma-separated names above; default all); BENCH_DOCUMENT_ORDERS sizes the
// sales orders (default 300), BENCH_DOCUMENTS every other area (default 120 documents each);
// BENCH_DOCUMENT_DUMP=<dir> writes each page and its floor's JSON there. BENCH_SECONDS,
// BENCH_CONNECTIONS and BENCH_WARMUP_SECONDS as for the products case.
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Kind, OperationTypeNode, parse, print, type ArgumentNode, type DefinitionNode, type FieldNode, type FragmentDefinitionNode } from 'graphql';
import { restRoutes } from '../../rest-mapping/index.js';
import { measure, startBenchApp, type BenchApp, type Measured } from './bench-app.js';
import { recordBench } from './summary.js';
import { salesOrdersPageStatement } from './document-floors/sales-orders.js';
import { purchaseOrdersPageStatement } from './document-floors/purchase-orders.js';
import { billsPageStatement } from './document-floors/bills.js';
import { shipmentsPageStatement } from './document-floors/shipments.js';
import { workOrdersPageStatement } from './document-floors/work-orders.js';
import { cycleCountSessionsPageStatement } from './document-floors/cycle-counts.js';
import { customersPageStatement } from './document-floors/customers.js';
import { dashboardStatement } from './document-floors/dashboard.js';

const ORDERS = Number(process.env.BENCH_DOCUMENT_ORDERS ?? 300);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 120);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DUMP_DIR = process.env.BENCH_DOCUMENT_DUMP;
const LINES_PER_ORDER = 5;
/** Products of the catalog the documents use; the dashboard's page of products takes the first 50. */
const PRODUCTS = 60;

type Call = (method: string, path: string, body?: unknown) => Promise<any>;

/** What every area's documents refer to, created first. */
interface Base {
  north: any;
  south: any;
  channel: any;
  customer: any;
  supplier: any;
  vendor: any;
  box: any;
  products: any[];
}

interface DocumentArea {
  name: string;
  /** The table's heading. */
  title: () => string;
  /** Areas whose documents this one reads (the dashboard's sales and purchase orders). */
  needs?: string[];
  /** Creates the area's documents through the API; answers what it made, for the log. */
  seed?: (call: Call, base: Base) => Promise<string>;
  /** The floor: SQL text with one `body` text column. */
  floor: (companyId: number) => string;
  /** The REST list route (GET) and its query string; the /graphql case runs the route's own operation. */
  rest?: { path: string; query: string; variables: Record<string, unknown> };
  /** The /graphql operation of an area without a REST route (the dashboard). */
  graphql?: () => { query: string; variables: Record<string, unknown> };
  /** Also measure the operation executed field by field (as every page but products was before issue 34). */
  fieldByField?: boolean;
  /** A difference between the floor and the page that is known and why, printed beside the comparison. */
  floorNote?: string;
}

const newestPage = { page: 1, perPage: 100, sort: '-id' };

const AREAS: DocumentArea[] = [
  {
    name: 'sales-orders',
    title: () => `sales orders page of 100 (the newest of ${ORDERS} orders of ${LINES_PER_ORDER} lines)`,
    seed: seedSalesOrders,
    floor: salesOrdersPageStatement,
    rest: { path: '/sales-orders', query: 'per_page=100&sort=-id', variables: newestPage },
    fieldByField: true,
  },
  {
    name: 'purchase-orders',
    title: () => `purchase orders page of 100 (4 lines, a cost and a deal each, of ${DOCUMENTS})`,
    seed: seedPurchaseOrders,
    floor: purchaseOrdersPageStatement,
    rest: { path: '/purchase-orders', query: 'per_page=100&sort=-id', variables: newestPage },
  },
  {
    name: 'bills',
    title: () => `bills page of 100 (4 lines each, half with a payment, of ${DOCUMENTS})`,
    seed: seedBills,
    floor: billsPageStatement,
    rest: { path: '/bills', query: 'per_page=100&sort=-id', variables: newestPage },
  },
  {
    name: 'shipments',
    title: () => `shipments page of 100 (lines and 4 nested packages each, of ${DOCUMENTS})`,
    seed: seedShipments,
    floor: shipmentsPageStatement,
    rest: { path: '/shipments', query: 'per_page=100&sort=-id&include_packages=true', variables: { ...newestPage, includePackages: true } },
  },
  {
    name: 'work-orders',
    title: () => `work orders page of 100 (3 steps each, of ${DOCUMENTS})`,
    seed: seedWorkOrders,
    floor: workOrdersPageStatement,
    rest: { path: '/work-orders', query: 'per_page=100&sort=-id', variables: newestPage },
  },
  {
    name: 'cycle-counts',
    title: () => `cycle count sessions page of 100 (of ${DOCUMENTS} sessions, started with a line per product and location)`,
    seed: seedCycleCounts,
    floor: cycleCountSessionsPageStatement,
    rest: { path: '/pickflow/cycle-counts', query: 'per_page=100&sort=-id', variables: newestPage },
  },
  {
    name: 'customers',
    title: () => `customer companies page of 100 (2 contacts each, of ${DOCUMENTS})`,
    seed: seedCustomers,
    floor: customersPageStatement,
    rest: { path: '/companies', query: 'per_page=100&sort=-id', variables: newestPage },
  },
  {
    name: 'dashboard',
    title: () => 'dashboard: 50 sales orders + 50 purchase orders + 50 products in one /graphql request',
    needs: ['sales-orders', 'purchase-orders'],
    floor: dashboardStatement,
    graphql: () => ({ query: dashboardQuery(), variables: {} }),
    floorNote: "the products page's statement floor writes every column of a product (to_jsonb), ten ids more than the page asks for",
  },
];

/**
 * The order areas are seeded in: the shipments' own sales orders first, so that the newest sales orders (the sales
 * orders page, the dashboard) are the sales orders area's own, as before the other areas were measured.
 */
const SEED_ORDER = ['shipments', 'sales-orders', 'purchase-orders', 'bills', 'work-orders', 'cycle-counts', 'customers'];

/** The GET route of `path`, as the gateway serves it. */
function listRoute(path: string) {
  const route = restRoutes.find((r) => r.method === 'GET' && r.path === path);
  if (!route) throw new Error(`GET ${path} is not declared`);
  return route;
}

/**
 * The dashboard's one request: the sales orders, purchase orders and products list operations' root fields side
 * by side (their selections and fragments as the routes declare them), each with literal arguments.
 */
export function dashboardQuery(): string {
  const parts: Array<[path: string, args: Record<string, number | string>]> = [
    ['/sales-orders', { page: 1, perPage: 50, sort: '-id' }],
    ['/purchase-orders', { page: 1, perPage: 50, sort: '-id' }],
    ['/products', { page: 1, perPage: 50 }],
  ];
  const fields: FieldNode[] = [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const [path, args] of parts) {
    for (const definition of parse(listRoute(path).graphql).definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
      else if (definition.kind === Kind.OPERATION_DEFINITION) {
        const field = definition.selectionSet.selections[0] as FieldNode;
        const argumentNodes: ArgumentNode[] = Object.entries(args).map(([name, value]) => ({
          kind: Kind.ARGUMENT,
          name: { kind: Kind.NAME, value: name },
          value: typeof value === 'number' ? { kind: Kind.INT, value: String(value) } : { kind: Kind.STRING, value },
        }));
        fields.push({ ...field, arguments: argumentNodes });
      }
    }
  }
  const definitions: DefinitionNode[] = [
    { kind: Kind.OPERATION_DEFINITION, operation: OperationTypeNode.QUERY, name: { kind: Kind.NAME, value: 'Dashboard' }, selectionSet: { kind: Kind.SELECTION_SET, selections: fields } },
    ...fragments.values(),
  ];
  return print({ kind: Kind.DOCUMENT, definitions });
}

// ───────────────────────────── seeding, through the API ─────────────────────────────

async function seedBase(call: Call, stock: number): Promise<Base> {
  const north = await call('POST', '/locations', { name: 'North' });
  const south = await call('POST', '/locations', { name: 'South' });
  const group = await call('POST', '/warehouse-groups', { name: 'Both', warehouse_ids: [north.id, south.id] });
  const channel = await call('POST', '/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id });
  const customer = await call('POST', '/companies', { name: 'Bench customer' });
  const supplier = await call('POST', '/suppliers', { name: 'Bench supplier', currency: 'USD', payment_terms_days: 30 });
  const vendor = await call('POST', '/suppliers', { name: 'Bench outside processor' });
  const units = await call('POST', '/unit-classes', { name: 'Count' });
  await call('POST', '/unit-of-measures', { unit_class_id: units.id, name: 'each' });
  const box = await call('POST', '/unit-of-measures', { unit_class_id: units.id, name: 'box of 12', conversion_factor: 12 });
  const products: any[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    products.push(await call('POST', '/products', { name: `Bench ${i}`, sku: `BENCH-${i}`, retail_price: 1.5 + i, unit_cost: 0.5 + i / 10, alternate_skus: [{ sku: `BENCH-ALT-${i}` }] }));
  }
  await call('POST', '/inventory/adjustments', {
    lines: products.flatMap((p) => [
      { product_id: p.id, location_id: north.id, quantity: stock, unit_cost: 1 },
      { product_id: p.id, location_id: south.id, quantity: stock, unit_cost: 1 },
    ]),
  });
  return { north, south, channel, customer, supplier, vendor, box, products };
}

async function seedSalesOrders(call: Call, { channel, customer, products }: Base): Promise<string> {
  for (let i = 0; i < ORDERS; i++) {
    // The first 20 products, as before this bench had other areas.
    const lines = Array.from({ length: LINES_PER_ORDER }, (_, k) => ({ product_id: products[(i + k) % 20].id, quantity: 1 + ((i + k) % 4), discount_percent: k }));
    const order = await call('POST', '/sales-orders', { channel_id: channel.id, company_id: customer.id, lines, notes: `Order ${i}` });
    await call('POST', `/sales-orders/${order.id}/confirm`);
  }
  return `${ORDERS} sales orders of ${LINES_PER_ORDER} lines, confirmed`;
}

async function seedPurchaseOrders(call: Call, { supplier, north, south, box, products }: Base): Promise<string> {
  const deals = [await call('POST', '/deals', { name: 'Spring restock', supplier_id: supplier.id }), await call('POST', '/deals', { name: 'Autumn restock' })];
  for (let i = 0; i < DOCUMENTS; i++) {
    const lines = Array.from({ length: 4 }, (_, k) => ({
      product_id: products[(i + k) % products.length].id,
      quantity: 2 + ((i + k) % 5),
      ...(k === 3 ? { uom_id: box.id } : {}),
      unit_cost: 1.25 + k,
      tax_rate: k % 2 === 0 ? 10 : 0,
    }));
    const order = await call('POST', '/purchase-orders', {
      supplier_id: supplier.id,
      warehouse_id: i % 2 === 0 ? north.id : south.id,
      order_date: '2026-05-01',
      expected_date: '2026-05-20',
      reference: `Restock ${i}`,
      payment_terms: { deposit_percent: 30, deposit_due_days: 0, balance_due_days: 30, balance_due_from: 'receipt' },
      lines,
      additional_costs: [{ name: 'Freight', amount: 12.5 }],
    });
    await call('POST', `/deals/${deals[i % 2].id}/purchase-orders/${order.id}`);
    if (i % 3 !== 0) await call('POST', `/purchase-orders/${order.id}/submit`);
  }
  return `${DOCUMENTS} purchase orders of 4 lines with a cost and a deal, two thirds submitted`;
}

async function seedBills(call: Call, { supplier, products }: Base): Promise<string> {
  for (let i = 0; i < DOCUMENTS; i++) {
    const lines = Array.from({ length: 4 }, (_, k) => ({ product_id: products[(i + k) % products.length].id, description: `Item ${k}`, quantity: 1 + k, unit_price: 2.5 + k, tax_rate: k === 0 ? 10 : 0 }));
    const bill = await call('POST', '/bills', { supplier_id: supplier.id, bill_number: `INV-${i}`, bill_date: '2026-05-05', notes: `Bill ${i}`, lines });
    await call('POST', `/bills/${bill.id}/approve`);
    if (i % 2 === 0) await call('POST', `/bills/${bill.id}/payments`, { amount: 5, paid_at: '2026-05-10', method: 'wire', reference: `PAY-${i}` });
  }
  return `${DOCUMENTS} bills of 4 lines, approved, half with a payment`;
}

async function seedShipments(call: Call, { channel, customer, products }: Base): Promise<string> {
  await call('PATCH', '/company', { gs1_company_prefix: '0614141' });
  for (let i = 0; i < DOCUMENTS; i++) {
    const lines = Array.from({ length: 3 }, (_, k) => ({ product_id: products[20 + ((i + k) % 40)].id, quantity: 2 + k }));
    const draft = await call('POST', '/sales-orders', { channel_id: channel.id, company_id: customer.id, lines, notes: `Shipped order ${i}` });
    const order = await call('POST', `/sales-orders/${draft.id}/confirm`);
    const [a, b, c] = order.lines;
    const shipment = await call('POST', `/sales-orders/${order.id}/shipments`, {
      carrier: 'UPS',
      service: 'Ground',
      ship_date: '2026-06-01',
      lines: order.lines.map((line: any) => ({ sales_order_line_id: line.id, quantity: line.quantity })),
    });
    await call('POST', `/sales-orders/${order.id}/shipments/${shipment.id}/packages`, {
      bill_of_lading_number: `BOL-${i}`,
      carrier_alpha_code: 'UPSN',
      packages: [
        {
          package_type: 'pallet',
          packing_type: 'PLT',
          weight_lb: 120.5,
          contained_items: [{ order_item_id: a.id, quantity: 1, description: 'On the pallet' }],
          child_packages: [
            { package_type: 'carton', tracking: `1Z${i}`, length_in: 12, width_in: 10, height_in: 8.25, weight_lb: 5, contained_items: [{ order_item_id: a.id, quantity: 1 }, { order_item_id: b.id, quantity: 2 }] },
            {
              package_type: 'carton',
              contained_items: [{ order_item_id: b.id, quantity: 1 }],
              child_packages: [{ package_type: 'inner', contained_items: [{ order_item_id: c.id, quantity: c.quantity, line_item_key: `k-${i}` }] }],
            },
          ],
        },
      ],
    });
    if (i % 2 === 0) await call('POST', `/shipments/${shipment.id}/ship`);
  }
  return `${DOCUMENTS} shipments of 3 lines (a sales order each) with 4 nested packages, half shipped`;
}

async function seedWorkOrders(call: Call, { north, south, vendor, products }: Base): Promise<string> {
  const produced = products.slice(40, 50);
  for (const [n, product] of produced.entries()) {
    const bom = await call('POST', '/boms', { name: `BOM ${n}`, items: [{ product_id: products[n].id, quantity: 2 }, { product_id: products[n + 1].id, quantity: 1 }], extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 0.5 }] });
    await call('PATCH', `/products/${product.id}`, { bom_ids: [bom.id] });
  }
  for (let i = 0; i < DOCUMENTS; i++) {
    const order = await call('POST', '/work-orders', {
      produced_sku_id: produced[i % produced.length].id,
      planned_qty: 5 + (i % 7),
      production_warehouse_id: north.id,
      destination_warehouse_id: south.id,
      expected_completion_date: '2026-12-01',
      notes: `Run ${i}`,
      custom_fields: { line: i % 2 === 0 ? 'A' : 'B' },
      alternate_ids: [`ERP-${i}`],
      steps: [
        { sequence: 1 },
        { sequence: 2, output_sku_id: products[50 + (i % 10)].id, planned_qty: 5 },
        { sequence: 3, is_outside_processing: true, vendor_id: vendor.id, supply_mode: 'outside_processing' },
      ],
    });
    if (i % 2 === 0) await call('POST', `/work-orders/${order.id}/release`);
  }
  return `${DOCUMENTS} work orders of 3 steps, half released`;
}

async function seedCycleCounts(call: Call, { north, south, products }: Base): Promise<string> {
  let sessions = 0;
  let lines = 0;
  for (let b = 0; sessions < DOCUMENTS; b++) {
    const batch = await call('POST', '/pickflow/cycle-count-batches', { name: `Count ${b}`, warehouse_ids: [north.id, south.id], scheduled_for: '2026-11-30', notes: `Batch ${b}` });
    for (const session of batch.sessions) {
      sessions++;
      if (sessions % 5 === 0) continue; // some stay drafts
      const started = await call('POST', `/pickflow/cycle-counts/${session.id}/start`);
      lines += started.skuCount;
      if (sessions % 5 === 1 || sessions % 5 === 2) {
        const counts = products.slice(0, 10).map((p, k) => ({ productId: p.id, locationId: session.warehouseId, countedQuantity: 1000 + k }));
        await call('POST', `/pickflow/cycle-counts/${session.id}/counts`, { counts });
        if (sessions % 5 === 1) await call('POST', `/pickflow/cycle-counts/${session.id}/submit-review`);
      }
    }
  }
  return `${sessions} cycle count sessions (${lines} lines), most started, some counted and submitted`;
}

async function seedCustomers(call: Call): Promise<string> {
  const priceList = await call('POST', '/price-lists', { name: 'Trade', currency: 'USD' });
  for (let i = 0; i < DOCUMENTS; i++) {
    const address = (kind: string) => ({ name: `${kind} ${i}`, street_1: `${i} Main Street`, street_2: 'Suite 4', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' });
    const company = await call('POST', '/companies', {
      name: `Customer ${i}`,
      email: `buyer${i}@example.test`,
      phone: '+1 555 0100',
      tax_id: `TAX-${i}`,
      currency: 'USD',
      ...(i % 2 === 0 ? { price_list_id: priceList.id } : {}),
      payment_terms_days: 30,
      billing_address: address('Billing'),
      shipping_address: address('Shipping'),
      notes: `Customer ${i}`,
      custom_fields: { tier: i % 3, region: 'midwest' },
    });
    for (let k = 0; k < 2; k++) {
      await call('POST', '/contacts', { company_id: company.id, first_name: `First ${k}`, last_name: `Last ${i}`, email: `c${k}.${i}@example.test`, phone: '+1 555 0101', title: k === 0 ? 'Buyer' : 'Accounts' });
    }
  }
  return `${DOCUMENTS} customer companies with 2 contacts each`;
}

// ───────────────────────────── comparing a floor with its page ─────────────────────────────

/** A key compared whatever its casing: REST's snake_case (street_1), GraphQL's and the cycle counts' camelCase. */
const bare = (key: string) => key.replace(/_/g, '').toLowerCase();
const looksNumeric = (value: unknown) => typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value));
const looksLikeTime = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
const instant = (value: string) => Date.parse(/Z|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);

/**
 * Where the floor's JSON differs from the page's: keys whatever their casing, values (numbers by value, times by
 * instant), and of a page's `meta` only the total (the rest is arithmetic on it). One line per place (elements of
 * an array are one place, `[]`), with the first example; at most 12.
 */
function differences(page: unknown, floor: unknown): string[] {
  const found = new Map<string, string>();
  const note = (path: string, what: string) => {
    const place = path.replace(/\[\d+\]/g, '[]');
    if (!found.has(place) && found.size < 12) found.set(place, `${place}: ${what}`);
  };
  const walk = (page: unknown, floor: unknown, path: string): void => {
    if (Array.isArray(page) && Array.isArray(floor)) {
      if (page.length !== floor.length) note(path, `${page.length} elements on the page, ${floor.length} in the floor`);
      for (let i = 0; i < Math.min(page.length, floor.length); i++) walk(page[i], floor[i], `${path}[${i}]`);
      return;
    }
    if (page && floor && typeof page === 'object' && typeof floor === 'object' && !Array.isArray(page) && !Array.isArray(floor)) {
      const isMeta = path.endsWith('.meta');
      const p = new Map(Object.entries(page).filter(([k]) => !isMeta || k === 'total').map(([k, v]) => [bare(k), [k, v] as const]));
      const f = new Map(Object.entries(floor).map(([k, v]) => [bare(k), [k, v] as const]));
      for (const [key, [name]] of p) if (!f.has(key)) note(`${path}.${name}`, 'not in the floor');
      for (const [key, [name]] of f) if (!p.has(key)) note(`${path}.${name}`, 'only in the floor');
      for (const [key, [name, value]] of p) if (f.has(key)) walk(value, f.get(key)![1], `${path}.${name}`);
      return;
    }
    if (looksNumeric(page) && looksNumeric(floor) && Number(page) === Number(floor)) return;
    if (looksLikeTime(page) && looksLikeTime(floor) && instant(page as string) === instant(floor as string)) return;
    if (JSON.stringify(page) !== JSON.stringify(floor)) note(path, `page ${JSON.stringify(page)?.slice(0, 60)}, floor ${JSON.stringify(floor)?.slice(0, 60)}`);
  };
  walk(page, floor, '');
  return [...found.values()];
}

// ───────────────────────────── the runner ─────────────────────────────

/** The areas BENCH_DOCUMENT_AREAS asks for (all by default), in the order above. */
function wantedAreas(): DocumentArea[] {
  const names = (process.env.BENCH_DOCUMENT_AREAS ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !AREAS.some((area) => area.name === name));
  if (unknown.length > 0) throw new Error(`Unknown document area: ${unknown.join(', ')}. Areas: ${AREAS.map((a) => a.name).join(', ')}`);
  return names.length === 0 ? AREAS : AREAS.filter((area) => names.includes(area.name));
}

/** A bare node:http server answering every request with the statement's `body`. */
async function startFloor(bench: BenchApp, statement: string) {
  let reads: Promise<unknown>[] = [];
  const server = http.createServer((_req, res) => {
    const read = (async () => {
      try {
        const [row] = await bench.database.sql.query<{ body: string }>(statement);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(row!.body) });
        res.end(row!.body);
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    })();
    reads.push(read);
    void read.finally(() => (reads = reads.filter((r) => r !== read)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async close() {
      // Reads still running when autocannon stops must finish before the database closes.
      await Promise.allSettled(reads);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function measureArea(bench: BenchApp, area: DocumentArea): Promise<void> {
  const { database, port, headers } = bench;
  const floor = await startFloor(bench, area.floor(bench.companyId));
  try {
    const graphqlUrl = `http://127.0.0.1:${port}/graphql`;
    const jsonHeaders = { ...headers, 'content-type': 'application/json' };
    const operation = area.rest ? { query: listRoute(area.rest.path).graphql, variables: area.rest.variables } : area.graphql!();
    const restUrl = area.rest && `http://127.0.0.1:${port}/external/api/v1${area.rest.path}?${area.rest.query}`;

    // The floor against the page it stands for, once, before measuring.
    const floorBody = await (await fetch(floor.url)).json();
    const page = restUrl
      ? await (await fetch(restUrl, { headers })).json()
      : await (await fetch(graphqlUrl, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(operation) })).json();
    if (DUMP_DIR) {
      mkdirSync(DUMP_DIR, { recursive: true });
      writeFileSync(`${DUMP_DIR}/${area.name}.page.json`, JSON.stringify(page, null, 2));
      writeFileSync(`${DUMP_DIR}/${area.name}.floor.json`, JSON.stringify(floorBody, null, 2));
    }
    const found = differences(page, floorBody);
    console.log(found.length === 0 ? `${area.name}: the floor's JSON equals the page's` : `${area.name}: the floor's JSON differs from the page's at\n  ${found.join('\n  ')}`);
    if (area.floorNote) console.log(`  (known: ${area.floorNote})`);

    const results: Measured[] = [];
    results.push(await measure('statement floor (one SQL statement)', { url: floor.url }));
    if (restUrl) results.push(await measure(`REST GET ${area.rest!.path}?${area.rest!.query}`, { url: restUrl, headers }));
    results.push(await measure(area.rest ? 'GraphQL (same page)' : 'GraphQL (one request)', { url: graphqlUrl, method: 'POST', headers: jsonHeaders, body: JSON.stringify(operation) }));
    if (area.fieldByField) {
      // The same operation as graphql executes it field by field (an introspection root field beside it has no plan).
      const ordinary = operation.query.replace(/(query\s+\w*\s*(\([^)]*\))?\s*\{)/, '$1 fieldByField: __type(name: "Query") { name } ');
      results.push(await measure('GraphQL field by field (as before)', { url: graphqlUrl, method: 'POST', headers: jsonHeaders, body: JSON.stringify({ ...operation, query: ordinary }) }));
    }

    const floorRps = results[0]!.rps;
    console.log(`\n${area.title()}, ${CONNECTIONS} connections, ${DURATION_S} s each, ${database.kind}`);
    console.log('case'.padEnd(64), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'floor/x'.padStart(8));
    for (const r of results) {
      console.log(r.name.padEnd(64), r.rps.toFixed(1).padStart(8), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(7), (floorRps / r.rps).toFixed(2).padStart(8));
      recordBench({ name: `${area.name}: ${r.name}`, database: database.kind, throughput: r.rps, unit: 'req/s', p50Ms: r.p50, p99Ms: r.p99, floorRatio: floorRps / r.rps });
    }
    const failing = results.filter((r) => r.errors > 0);
    if (failing.length > 0) {
      console.error(`FAILED: requests that did not answer 2xx in ${area.name}: ${failing.map((r) => r.name).join(', ')}; the figures do not count`);
      process.exitCode = 1;
    }
  } finally {
    await floor.close();
  }
}

/**
 * Seeds, through the API of the running app, the areas named and those they need (the shared catalog first), then
 * runs ANALYZE as a long-running database would have it.
 */
export async function seedDocuments(bench: BenchApp, names: Iterable<string>): Promise<void> {
  const { database, port, headers } = bench;
  const wanted = new Set(names);
  for (const area of AREAS) if (wanted.has(area.name)) for (const need of area.needs ?? []) wanted.add(need);
  const call: Call = async (method, path, body) => {
    const res = await fetch(`http://127.0.0.1:${port}/external/api/v1${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    // A cycle count session's lifecycle answers the bare session.
    return 'data' in json ? json.data : json;
  };
  let seedStart = Date.now();
  const base = await seedBase(call, Math.max(ORDERS, DOCUMENTS) * 10);
  console.log(`seeded ${PRODUCTS} products in two warehouses, a customer and suppliers on ${database.kind} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
  for (const name of SEED_ORDER) {
    const area = AREAS.find((a) => a.name === name)!;
    if (!wanted.has(area.name) || !area.seed) continue;
    seedStart = Date.now();
    const made = await area.seed(call, base);
    console.log(`seeded ${made} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
  }
  await database.sql.exec('ANALYZE');
}

export async function runDocumentsBenchmark(): Promise<void> {
  const areas = wantedAreas();
  const bench = await startBenchApp();
  try {
    await seedDocuments(bench, areas.map((area) => area.name));
    for (const area of areas) {
      console.log(`\n--- ${area.name} ---`);
      await measureArea(bench, area);
    }
  } finally {
    await bench.close();
  }
}
