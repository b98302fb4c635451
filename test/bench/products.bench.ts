// Products page benchmark (issue 3): the same page of 100 products with their relations, read through
// REST, through /graphql, and by two floors in bare node:http handlers: one SQL statement that builds the page's
// JSON inside PostgreSQL (products-statement-floor.ts; the floor the ratios are taken to), and a direct Prisma call
// serialised with JSON.stringify.
import { benchConfig, measure, type Measured } from './bench-app.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/http/app.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { silentLogger } from '../../src/http/logger.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import { restRoutes } from '../../rest-mapping/index.js';
import { openTestDatabase } from '../support/test-database.js';
import { seedCatalog } from './seed-catalog.js';
import { productsPageStatement } from './products-statement-floor.js';
import { recordBench } from './summary.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** What the floor reads: the same relations the REST page shows. */
const FLOOR_INCLUDE = {
  category: { select: { id: true, name: true } },
  subcategory: { select: { id: true, name: true } },
  attachments: true,
  variants: { include: { attachments: true, variantAttributes: true } },
  variantAttributes: true,
  alternateSkus: { select: { id: true, sku: true } },
  tags: { include: { tag: true } },
  substitutions: { include: { substitute: { select: { id: true, name: true, sku: true } } } },
  supplier: { select: { id: true, name: true, email: true, currency: true } },
  kitItems: { include: { product: { select: { id: true, name: true, sku: true, description: true, retailPrice: true, wholesalePrice: true } }, uom: true } },
  priorityList: true,
  distributionTemplate: true,
  distributionTemplateCategory: true,
  boms: { include: { bom: { select: { id: true, name: true, createdAt: true, updatedAt: true } } } },
} as const;

export async function runProductsBenchmark(): Promise<void> {
  const database = await openTestDatabase();
  const { company } = await createCompany(database.prisma, { slug: 'bench', name: 'Bench', adminEmail: 'bench@example.test', adminPassword: 'bench password' });
  const { secret } = await createApiToken(database.prisma, { companyId: company.id, name: 'bench' });
  const seedStart = Date.now();
  await seedCatalog(database.prisma, company.id, PRODUCTS);
  console.log(`seeded ${PRODUCTS} products on ${database.kind} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

  const app = createApp({
    config: benchConfig(),
    database,
    schema: buildSchema(),
    logger: silentLogger,
  });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const appPort = (app.server.address() as AddressInfo).port;

  // Reads still running when autocannon stops must finish before the database closes; a bare server's
  // close() only waits for sockets, not for handlers, so the floor counts them.
  let floorReads: Promise<unknown>[] = [];
  const floor = http.createServer((_req, res) => {
    const read = (async () => {
      const where = { companyId: company.id, status: 1 };
      const [items, total] = await database.prisma.$transaction([
        database.prisma.product.findMany({ where, include: FLOOR_INCLUDE, orderBy: { id: 'asc' }, take: 100 }),
        database.prisma.product.count({ where }),
      ]);
      const body = JSON.stringify({ data: items, meta: { total } });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    })();
    floorReads.push(read);
    void read.finally(() => (floorReads = floorReads.filter((r) => r !== read)));
  });
  await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
  const floorPort = (floor.address() as AddressInfo).port;

  // The statement floor: the same page built as JSON by PostgreSQL in one statement, over the plain driver.
  let statementReads: Promise<unknown>[] = [];
  const statementFloor = http.createServer((_req, res) => {
    const read = (async () => {
      const statement = productsPageStatement(company.id, 1, 100);
      const [row] = await database.sql.query<{ body: string }>(statement.text, statement.values);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(row!.body) });
      res.end(row!.body);
    })();
    statementReads.push(read);
    void read.finally(() => (statementReads = statementReads.filter((r) => r !== read)));
  });
  await new Promise<void>((resolve) => statementFloor.listen(0, '127.0.0.1', resolve));
  const statementPort = (statementFloor.address() as AddressInfo).port;

  const listRoute = restRoutes.find((r) => r.method === 'GET' && r.path === '/products');
  if (!listRoute) throw new Error('GET /products is not declared');
  const headers = { authorization: `Bearer ${secret}`, host: `bench.localhost:${appPort}` };
  const graphqlBody = JSON.stringify({ query: listRoute.graphql, variables: { page: 1, perPage: 100 } });

  const results: Measured[] = [];
  results.push(await measure('statement floor (one SQL statement)', { url: `http://127.0.0.1:${statementPort}/` }));
  results.push(await measure('Prisma floor (Prisma + JSON.stringify)', { url: `http://127.0.0.1:${floorPort}/` }));
  results.push(await measure('REST GET /products?per_page=100', { url: `http://127.0.0.1:${appPort}/external/api/v1/products?per_page=100`, headers }));
  results.push(
    await measure('GraphQL (same page)', {
      url: `http://127.0.0.1:${appPort}/graphql`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: graphqlBody,
    }),
  );

  const floorRps = results[0].rps;
  console.log(`\nproducts page of 100, ${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION_S} s each, ${database.kind}`);
  console.log('case'.padEnd(36), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'floor/x'.padStart(8));
  for (const r of results) {
    console.log(r.name.padEnd(36), r.rps.toFixed(1).padStart(8), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(7), (floorRps / r.rps).toFixed(2).padStart(8));
  }
  console.log(`REST / statement floor time ratio: ${(floorRps / results[2].rps).toFixed(2)}× (goal ≤ 2), GraphQL / statement floor: ${(floorRps / results[3].rps).toFixed(2)}×`);
  // A failed request is fast: any would make the figures look better than they are.
  const failing = results.filter((r) => r.errors > 0);
  if (failing.length > 0) {
    console.error(`FAILED: requests that did not answer 2xx in ${failing.map((r) => r.name).join(', ')}; the figures do not count`);
    process.exitCode = 1;
  }
  for (const r of results) {
    recordBench({ name: `products: ${r.name}`, database: database.kind, throughput: r.rps, unit: 'req/s', p50Ms: r.p50, p99Ms: r.p99, floorRatio: floorRps / r.rps });
  }

  await Promise.allSettled([...floorReads, ...statementReads]);
  statementFloor.closeAllConnections();
  await new Promise<void>((resolve) => statementFloor.close(() => resolve()));
  floor.closeAllConnections(); // autocannon's keep-alive sockets would hold close() for 5 s
  await new Promise<void>((resolve) => floor.close(() => resolve()));
  await app.close();
}
