// Shipping rate tables answered in one go: the list (a plain list, not a page) by compiledArray in
// src/graphql/shipping/rate-tables.ts and a table by compiledRecord (src/graphql/shared/compiled-records.ts). The
// domain picks the tables (its order by carrier and service, reading ids only), and one statement writes them as
// the selection asks, with their zones and brackets (stored as JSON; their SQL declared beside their resolvers).
// Here those answers equal graphql's ordinary execution field by field, keys in the same order and values alike,
// for the REST list and records and random selections over /graphql. The data is varied: tables made through the
// API (states or none, several zones, decimals at the currency's minor units and weights at 4 decimals), and tables
// stored directly as odd as zonesOf and bracketsOf read them: no zones or brackets, JSON null, a zone without
// countries, empty states, decimals kept as numbers, tiny and huge, with trailing zeros, text JSON must escape. The
// list runs as many statements for 3 tables (globex) as for more than 100 (acme). A table has no relations, so field
// by field reads the list in the domain's one read too: the JSON statement is one more, and no fewer is claimed.
// Changes (create, update, delete) are compared too: each answers in one statement in its transaction, as the table
// read field by field (compiledMutation).
import { beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../src/generated/prisma/client.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { shippingRoutes } from '../../rest-mapping/shipping.js';
import type { Tenant } from '../support/test-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fieldByField } from '../support/random-selection.js';
import { restClient } from '../support/rest-client.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { getRoute, recordsAsFieldByField, restCased, selectionsAsFieldByField, writtenAsJson, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme, globex }, post, api } = serverForFile(['acme', 'globex'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);
const PATH = '/pickflow/shipping/rate-tables';
const listRoute = getRoute(shippingRoutes, PATH);
const recordRoute = getRoute(shippingRoutes, `${PATH}/{tableId}`);
const tableIds: number[] = [];

beforeAll(async () => {
  // Through the API.
  const made = [
    { carrier: 'UPS', service: 'Ground "saver"', currency: 'USD', zones: [{ countries: ['US', 'CA'] }], brackets: [{ max_weight_lb: 5, amount: 8 }, { max_weight_lb: 20.1234, amount: 15.5 }], estimated_days: 5 },
    { carrier: 'DHL \\ Express', service: 'Worldwide ☃', currency: 'JPY', zones: [{ countries: ['JP'], states: ['tokyo', 'Ōsaka'] }, { countries: ['DE', 'FR', 'IT'] }], brackets: [{ max_weight_lb: 0.0001, amount: 0 }, { max_weight_lb: 99999999.9999, amount: 123456789 }], dim_divisor: 166.25 },
    { carrier: 'FedEx', service: 'Tab\there </script>', currency: 'EUR', zones: [{ countries: ['AT'], states: [] }], brackets: [{ max_weight_lb: 1.5, amount: 0.01 }], dim_divisor: 0.01, estimated_days: 0 },
  ];
  for (const table of made) tableIds.push((await post(PATH, table)).id);
  // The same three for globex: its list is short.
  for (const table of made) await post(PATH, table, globex);

  // Stored directly, as odd as zonesOf and bracketsOf read them, and enough for a list of more than 100.
  const db = tenantClient(server.database.prisma, acme.companyId);
  const odd = await db.shippingRateTable.createManyAndReturn({
    select: { id: true },
    data: [
      { carrier: 'Empty', service: 'none', currency: 'USD', zones: [], brackets: [], estimatedDays: null },
      { carrier: 'Null', service: 'json', currency: 'USD', zones: Prisma.JsonNull, brackets: Prisma.JsonNull },
      {
        carrier: 'Odd "zones"',
        service: 'Nüt\n✓',
        currency: 'GBP',
        zones: [{}, { countries: null, states: null }, { countries: ['GB', 'Tab\t"x" \\ \u0001'], states: ['London', ''] }, { states: ['X'] }],
        brackets: [
          { maxWeightLb: 1.5, amount: 0 },
          { maxWeightLb: '2.50', amount: '10.000' },
          { maxWeightLb: '0.0000001', amount: 1e-7 },
          { maxWeightLb: '123456789012345678901234.5', amount: 12345678901234567890 },
          { maxWeightLb: '-0.5', amount: '1e3', extra: 'ignored' },
        ],
        dimDivisor: '12345678.99',
      },
    ] as any,
  });
  tableIds.push(...odd.map(({ id }) => id));
  const bulk = await db.shippingRateTable.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 100 }, (_, i) => ({
      carrier: `Carrier ${i % 7}`,
      service: `Service ${String(i).padStart(3, '0')}`,
      currency: i % 2 ? 'USD' : 'EUR',
      zones: Array.from({ length: i % 4 }, (_, z) => ({ countries: ['US', 'CA', 'MX'].slice(0, z + 1), ...(z % 2 ? { states: [`S${i}`] } : {}) })),
      brackets: Array.from({ length: 1 + (i % 3) }, (_, b) => ({ maxWeightLb: `${b + 1}.${String(i).padStart(4, '0')}`, amount: `${i}.${b}` })),
      dimDivisor: `${100 + i}.${i % 100}`,
      estimatedDays: i % 5 ? i : null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)),
    })) as any,
  });
  tableIds.push(bulk[0]!.id, bulk[3]!.id, bulk[99]!.id);
}, 60_000);

/** The REST list as `tenant` equals the list field by field, written by one statement; the statements it ran. */
async function listAsFieldByField(tenant: Tenant) {
  const before = counter.statements.length;
  const rest = await restClient(() => ({ server, tenant })).api('GET', PATH);
  const count = counter.statements.length - before;
  expect(rest.status, rest.text).toBe(200);
  expect(counter.statements.slice(before).filter(writtenAsJson)).toHaveLength(1);
  const ordinary = await fieldByField(server, listRoute.graphql, {}, tenant);
  expect(ordinary.body.errors, ordinary.text).toBeUndefined();
  expect(JSON.stringify(rest.body)).toBe(JSON.stringify(restCased({ data: ordinary.body.data.shippingRateTables })));
  return { tables: rest.body.data.length as number, count };
}

describe('shipping rate tables written by one statement', () => {
  it('GET /pickflow/shipping/rate-tables answers as field by field, and runs as many statements for 3 tables as for more than 100', async () => {
    const short = await listAsFieldByField(globex);
    const long = await listAsFieldByField(acme);
    expect([short.tables, long.tables]).toEqual([3, 106]);
    expect(long.count).toBe(short.count);
  });

  it('GET /pickflow/shipping/rate-tables/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, PATH, tableIds, 'shippingRateTable'));
});

describe('random selections over /graphql', () => {
  it('of shipping rate tables answer as field by field', () =>
    selectionsAsFieldByField(
      on,
      ['ShippingRateTable'],
      ([{ text, fragments }], id) => [`query List { shippingRateTables { ${text} } } ${fragments.join(' ')}`, `query One { shippingRateTable(id: ${id}) { ${text} } } ${fragments.join(' ')}`],
      { numRuns: 20, seed: 20261203, ids: tableIds },
    ));
});

describe('changes answered by one statement', () => {
  it('rate tables: create (every field, and the required ones), update (set and clear), delete', async () => {
    const full = await change('POST', PATH, {
      carrier: 'A "quoted" \\ name ☃\nline', service: 'Express "1"', currency: 'USD', zones: [{ countries: ['US', 'CA'], states: ['NY', 'Québec'] }, { countries: ['MX'] }],
      brackets: [{ max_weight_lb: 0.0001, amount: 0.01 }, { max_weight_lb: 99999999.9999, amount: 123456.78 }], dim_divisor: 166.25, estimated_days: 3,
    }, { record: (t) => `${PATH}/${t.id}` });
    const bare = await change('POST', PATH, { carrier: 'Plain', service: 'Ground', currency: 'EUR', zones: [{ countries: ['DE'] }], brackets: [{ max_weight_lb: 1, amount: 2 }] }, { record: (t) => `${PATH}/${t.id}` });
    await change('PATCH', `${PATH}/${full.id}`, { service: 'Tab\there', dim_divisor: null, estimated_days: null, zones: [{ countries: ['FR'], states: [] }] });
    await change('PATCH', `${PATH}/${bare.id}`, { brackets: [{ max_weight_lb: 2.5, amount: 3.33 }, { max_weight_lb: 10, amount: 7 }], estimated_days: 365 });
    await change('DELETE', `${PATH}/${full.id}`, undefined, { deletes: true });
    await change('DELETE', `${PATH}/${bare.id}`, undefined, { deletes: true });
    expect((await api('GET', `${PATH}/${bare.id}`)).status).toBe(404);
  });
});
