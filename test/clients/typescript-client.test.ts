// The typed TypeScript client (clients/typescript/): its types regenerated from the current OpenAPI document
// (schema.d.ts is not committed, and one on disk that the document no longer produces is rewritten), the
// client, its example and its refusals type-checked with `tsc --strict`, and the example's business day run
// through it against a real server.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateTypescriptClient, restOpenApiDocument, TYPESCRIPT_CLIENT_DIR, TYPESCRIPT_CLIENT_SCHEMA_FILE } from '../../scripts/generate-typescript-client.js';
import { PROJECT_ROOT } from '../../src/project-root.js';
import type { BusinessDaySummary, Log } from '../../clients/typescript/examples/business-day-summary.js';
import { serverForFile } from '../support/file-server.js';
import { answerChecker } from '../support/answer-check.js';

// The client and the example are loaded by path, not imported: their types come from the generated
// schema.d.ts, which the root typecheck (tsc -p .) must not need. tsc -p clients/typescript/tsconfig.json
// checks them, below.
interface ClientModule {
  createInventoryClient(options: { baseUrl: string; token: string; fetch?: (request: Request) => Promise<Response> }): unknown;
}
interface ExampleModule {
  runBusinessDay(client: unknown, log?: Log): Promise<BusinessDaySummary>;
}
const load = (file: string) => import(pathToFileURL(path.join(TYPESCRIPT_CLIENT_DIR, file)).href);

const TSCONFIG = path.join(TYPESCRIPT_CLIENT_DIR, 'tsconfig.json');

function typecheck(): Promise<{ code: number | string | null; output: string }> {
  return new Promise((resolve) => {
    execFile(path.join(PROJECT_ROOT, 'node_modules/.bin/tsc'), ['-p', TSCONFIG], { cwd: PROJECT_ROOT, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code ?? error.signal ?? 'failed') : 0, output: `${stdout}${stderr}` });
    });
  });
}

let document: Record<string, unknown>;
let generated: { file: string; text: string; changed: boolean };
let typechecked: Promise<{ code: number | string | null; output: string }>;

beforeAll(async () => {
  document = restOpenApiDocument();
  // A schema.d.ts on disk (from an earlier run, an older document) that the current document would not
  // produce is rewritten: made stale here, so that this path is the one always taken.
  if (existsSync(TYPESCRIPT_CLIENT_SCHEMA_FILE)) {
    const stale = `${TYPESCRIPT_CLIENT_SCHEMA_FILE}.${process.pid}.stale`;
    writeFileSync(stale, `${readFileSync(TYPESCRIPT_CLIENT_SCHEMA_FILE, 'utf8')}\n// stale\n`);
    renameSync(stale, TYPESCRIPT_CLIENT_SCHEMA_FILE);
  }
  generated = await generateTypescriptClient(document);
  // tsc runs in its own process while the server starts and the business day runs.
  typechecked = typecheck();
});
afterAll(async () => {
  await typechecked;
});
// Started after the beforeAll above (hooks run in the order they are registered), so tsc is already running.
const { server, companies: { acme } } = serverForFile(['acme']);

it('generates the types from the document the server serves, rewriting a stale file', async () => {
  expect(generated).toMatchObject({ file: TYPESCRIPT_CLIENT_SCHEMA_FILE, changed: true });
  expect(readFileSync(TYPESCRIPT_CLIENT_SCHEMA_FILE, 'utf8') === generated.text).toBe(true);
  expect(generated.text).toContain('export interface paths {');
  expect(generated.text).toContain('PackageInput_snake_case: {');
  // The document built in-process (as `npm run client:generate` builds it) is, byte for byte, the served one.
  const served = await server.call('GET', '/external/api/v1/openapi.json', { company: null });
  expect(served.status).toBe(200);
  expect(served.text === JSON.stringify(document), 'the served OpenAPI document differs from the one the types were generated from').toBe(true);
});

it('type-checks the client, the example and the refused calls with tsc --strict', async () => {
  const { code, output } = await typechecked;
  expect(output).toBe('');
  expect(code).toBe(0);
});

it('refuses calls the API does not take: each @ts-expect-error must meet an error, or tsc fails above', () => {
  const tsconfig = readFileSync(TSCONFIG, 'utf8');
  expect(tsconfig).toMatch(/"strict": true/);
  expect(tsconfig).toMatch(/"include": \[[^\]]*"type-checks"/);
  const refused = readFileSync(path.join(TYPESCRIPT_CLIENT_DIR, 'type-checks/refused.ts'), 'utf8');
  for (const refusal of ['A required field given null', 'An unknown route', 'without its order_item_id', 'the id is a number']) expect(refused).toContain(refusal);
  expect(refused.match(/@ts-expect-error/g)?.length).toBeGreaterThanOrEqual(10);
});

it('runs a business day through the client against the real server', async () => {
  const { createInventoryClient }: ClientModule = await load('src/client.ts');
  const { runBusinessDay }: ExampleModule = await load('examples/business-day.ts');
  const requests: Array<{ method: string; url: URL; authorization: string | null }> = [];
  const checker = await answerChecker(async () => document);
  const answerProblems: string[] = [];
  const client = createInventoryClient({
    baseUrl: `${server.baseUrl}/external/api/v1/`,
    token: acme.token,
    // Every answer of the day is checked against the document too, as server.call checks the suite's.
    fetch: async (request) => {
      const url = new URL(request.url);
      requests.push({ method: request.method, url, authorization: request.headers.get('authorization') });
      const response = await fetch(request);
      const problem = checker.problem(request.method, `${url.pathname}${url.search}`, response.status, response.headers.get('content-type') ?? undefined, await response.clone().text());
      if (problem) answerProblems.push(problem);
      return response;
    },
  });
  const lines: string[] = [];
  const day = await runBusinessDay(client, (line) => lines.push(line));
  expect(answerProblems).toEqual([]);

  // Every call went to the API with the token; list filters as their own query parameters.
  expect(requests.length).toBeGreaterThan(20);
  expect(new Set(requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${acme.token}`]));
  expect(requests.every((r) => r.url.pathname.startsWith('/external/api/v1/'))).toBe(true);
  expect(requests.find((r) => r.url.pathname === '/external/api/v1/fulfillment-orders')?.url.search).toBe(`?sales_order_id=${day.salesOrder.id}`);

  const [lamp, shade] = day.products;
  expect(day.purchaseOrder).toMatchObject({ poNumber: 'PO-000001', status: 'received', received: [{ productId: lamp.id, quantity: 10 }, { productId: shade.id, quantity: 20 }] });
  expect(day.salesOrder).toMatchObject({ orderNumber: 'SO-000001', statusAfterConfirm: 'confirmed', status: 'shipped' });
  expect(day.salesOrder.lines.map((l) => [l.productId, l.quantity, l.unitPrice])).toEqual([[lamp.id, 3, 20], [shade.id, 4, 7.5]]);
  expect(day.fulfillmentOrder.status).toBe('shipped');
  expect(day.picklist).toMatchObject({ status: 'packed', picked: 7 });
  expect(day.shipment.status).toBe('shipped');

  // The packages as read back: a pallet holding a case of lamps and a case holding a carton of shades.
  const [lampLine, shadeLine] = day.salesOrder.lines;
  expect(day.shipment.packages).toEqual([
    {
      id: expect.any(Number), sscc: expect.any(String), package_type: 'pallet', items: [],
      child_packages: [
        { id: expect.any(Number), sscc: expect.any(String), package_type: 'case', items: [{ order_item_id: lampLine.id, quantity: 3 }], child_packages: [] },
        {
          id: expect.any(Number), sscc: expect.any(String), package_type: 'case', items: [],
          child_packages: [{ id: expect.any(Number), sscc: expect.any(String), package_type: 'carton', items: [{ order_item_id: shadeLine.id, quantity: 4 }], child_packages: [] }],
        },
      ],
    },
  ]);
  const ssccs: string[] = [];
  const collect = (p: { sscc: string; child_packages: Array<{ sscc: string; child_packages: any[] }> }): void => {
    ssccs.push(p.sscc);
    p.child_packages.forEach(collect);
  };
  day.shipment.packages.forEach(collect);
  expect(ssccs).toHaveLength(4);
  for (const sscc of ssccs) expect(sscc).toMatch(/^00614141\d{10}$/);
  expect(new Set(ssccs).size).toBe(4);

  // The invoice: what was shipped at the order's prices, no tax; the same when read without the client.
  const expectedTotal = 3 * 20 + 4 * 7.5;
  expect(day.invoice).toMatchObject({ status: 'open', subtotal: expectedTotal, taxTotal: 0, total: expectedTotal });
  const invoice = await server.call('GET', `/external/api/v1/invoices/${day.invoice.id}`, { token: acme.token, company: null });
  expect(invoice.body.data).toMatchObject({ invoice_number: day.invoice.number, sales_order_id: day.salesOrder.id, total: expectedTotal });
  expect(lines.at(-1)).toContain(day.invoice.number);
});
