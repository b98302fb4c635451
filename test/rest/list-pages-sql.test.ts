// A REST page reads its ids and total in one prepared statement (listPage, src/domain/shared/list-page.ts) when
// its filters and sort are on the table's own columns: here that statement's pages equal the ones Prisma reads for
// the same filters (the field-by-field execution of the route's operation, which reads through Prisma), for every
// kind of condition the filters build (insensitive equality and `contains` with LIKE's characters in the value,
// comparisons of integers, enums and date-times, null, pages past the end), and the page runs it, inside the
// statement writing the page's JSON, in place of Prisma's two statements.
import { beforeAll, describe, expect, it } from 'vitest';
import { customerRoutes } from '../../rest-mapping/customers.js';
import { salesOrderRoutes } from '../../rest-mapping/sales-orders.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, pageAsFieldByField, writtenAsJson, type Compared } from '../support/compiled-answers.js';
import { salesChannelFrom } from '../support/seed.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api, gql } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const companiesRoute = getRoute(customerRoutes, '/companies');
const ordersRoute = getRoute(salesOrderRoutes, '/sales-orders');

const isPageStatement = (statement: string) => statement.includes('SELECT ARRAY(SELECT listed.id');
/** The page's filters as the route's operation takes them. */
const filtersOf = (query: string) =>
  [...new URLSearchParams(query)].filter(([name]) => !['page', 'per_page', 'sort'].includes(name)).map(([name, value]) => ({ name, value }));

async function samePage(route: typeof companiesRoute, path: string, query: string, root: string) {
  const params = new URLSearchParams(query);
  const variables = {
    ...(params.get('page') ? { page: Number(params.get('page')) } : {}),
    ...(params.get('per_page') ? { perPage: Number(params.get('per_page')) } : {}),
    ...(params.get('sort') ? { sort: params.get('sort') } : {}),
    filters: filtersOf(query),
  };
  const before = counter.statements.length;
  const page = await pageAsFieldByField(on, route, `${path}?${query}`, variables, root);
  return { page, statements: counter.statements.slice(before) };
}

beforeAll(async () => {
  const names = ['Acme', 'ACME Corp', '50% off', '50 percent', 'a_b', 'axb', 'Back\\slash', 'Zed'];
  for (const [index, name] of names.entries()) {
    await post('/companies', { name, ...(index % 2 ? { email: `${index}@example.com` } : {}), currency: index % 3 ? 'EUR' : 'USD' });
  }
  const product = await post('/products', { name: 'Bolt', sku: 'BOLT' });
  const warehouse = await post('/locations', { name: 'Main' });
  const channel = await salesChannelFrom(post, [warehouse.id]);
  const customer = await post('/companies', { name: 'Buyer' });
  for (let index = 0; index < 6; index++) {
    const order = await post('/sales-orders', { channel_id: channel.id, company_id: customer.id, order_number: `SO-${index}`, lines: [{ product_id: product.id, quantity: 1, unit_price: 2 }] });
    if (index % 2) await post(`/sales-orders/${order.id}/confirm`, {});
  }
});

describe('a page read in one statement', () => {
  const companyQueries = [
    'per_page=3',
    'per_page=3&page=2&sort=-name',
    'name=acme',
    'name[contains]=50%',
    'name[contains]=a_b',
    'name[contains]=\\',
    'name[contains]=cme&sort=email,-id',
    'currency=eur&sort=-created_at',
    `created_at[gt]=2000-01-01%2000:00:00&created_at[lte]=${new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', '%20')}`,
    'created_at[lt]=2000-01-01',
    'created_at[gte]=2000-01-01&sort=created_at',
    'per_page=5&page=9',
  ];
  it.each(companyQueries)('GET /companies?%s equals Prisma page', async (query) => {
    const { statements } = await samePage(companiesRoute, '/companies', query, 'customerCompanies');
    // The REST request's page statement (the field-by-field execution after it reads through Prisma).
    expect(statements.filter(isPageStatement)).toHaveLength(1);
  });

  const orderQueries = ['status=confirmed', 'status=draft&sort=order_number', 'order_number[contains]=so-&sort=-order_number&per_page=4&page=2', 'channel_id[gte]=1&company_id[lt]=1000000'];
  it.each(orderQueries)('GET /sales-orders?%s equals Prisma page', async (query) => {
    const { statements } = await samePage(ordersRoute, '/sales-orders', query, 'salesOrders');
    expect(statements.filter(isPageStatement)).toHaveLength(1);
  });

  it('reads the ids and the total in the statement that writes the page, where Prisma ran two more', async () => {
    const { result, count } = await counter.count(() => api('GET', '/companies?per_page=2&name[contains]=a'));
    expect(result.status).toBe(200);
    expect(result.body.data.map((company: { name: string }) => company.name)).toEqual(['Acme', 'ACME Corp']);
    expect(result.body.meta).toMatchObject({ total: 5 });
    const statements = counter.statements.slice(-count);
    expect(statements.filter(isPageStatement)).toHaveLength(1);
    expect(statements.filter(writtenAsJson)).toEqual(statements.filter(isPageStatement));
    expect(statements.some((statement) => /SELECT COUNT\(\*\)/i.test(statement) && !isPageStatement(statement))).toBe(false);
  });

  it('reads a page that asks only for its total in one statement', async () => {
    const { result, count } = await counter.count(() => gql('{ customerCompanies(filters: [{ name: "name", value: "acme" }]) { meta { total } } }'));
    expect(result.body).toEqual({ data: { customerCompanies: { meta: { total: 1 } } } });
    const statements = counter.statements.slice(-count);
    expect(statements.filter(isPageStatement)).toHaveLength(1);
    expect(statements.filter(writtenAsJson)).toHaveLength(0);
  });
});
