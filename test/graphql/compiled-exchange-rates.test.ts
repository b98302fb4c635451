// Exchange rates answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts): the
// domain picks the page (its filters, the rates in force on a date, its sort, reading ids only), and one statement
// writes the rates as the selection asks, with a rate's date declared beside its resolver. Here those answers equal
// graphql's ordinary execution field by field, keys in the same order and values alike, for REST pages (plain, by
// pair and in force on a date), single records and random selections over /graphql. The data is varied: rates at
// full precision (15 decimals), tiny and huge, over several pairs and many dates. A page runs as many statements
// for 10 rates as for 100. A rate has no relations, so field by field reads a page in the domain's one read too:
// the JSON statement is one more than field by field, and no fewer is claimed. Changes are compared too: a create
// and a delete answer by one JSON statement in their transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { currencyRoutes } from '../../rest-mapping/currencies.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const rateList = getRoute(currencyRoutes, '/currency/rates');
const rateRecord = getRoute(currencyRoutes, '/currency/rates/{rateId}');
const rateIds: number[] = [];
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  rateIds.push((await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.234567890123456, as_of: '2026-01-01' })).id);
  rateIds.push((await post('/currency/rates', { from: 'JPY', to: 'USD', rate: 0.000000000000001, as_of: '2026-02-28' })).id);
  rateIds.push((await post('/currency/rates', { from: 'USD', to: 'VND', rate: 25431.5, as_of: '2024-02-29' })).id);
  // Enough rates for pages of 10 and of 100, written directly: three pairs, a day apart.
  const pairs = [['GBP', 'USD'], ['CHF', 'EUR'], ['USD', 'IDR']] as const;
  await db.exchangeRate.createMany({
    data: Array.from({ length: 105 }, (_, i) => ({
      fromCurrency: pairs[i % 3]![0],
      toCurrency: pairs[i % 3]![1],
      rate: i % 5 ? `${i + 1}.${String(i).padStart(15, '0')}` : '999999999999999.999999999999999',
      asOf: new Date(Date.UTC(2025, 0, 1 + Math.floor(i / 3))),
    })) as any,
  });
}, 60_000);

describe('exchange rates written by one statement', () => {
  it('GET /currency/rates answers as field by field, and runs as many statements for 10 rates as for 100', () =>
    pagesAsFieldByField(on, rateList, '/currency/rates?sort=id', { sort: 'id' }, 'exchangeRates'));

  it('GET /currency/rates by pair, and in force on a date, answers as field by field', async () => {
    await pageAsFieldByField(on, rateList, '/currency/rates?per_page=100&from=GBP&to=USD&sort=-as_of', { perPage: 100, from: 'GBP', to: 'USD', sort: '-as_of' }, 'exchangeRates');
    await pageAsFieldByField(on, rateList, '/currency/rates?per_page=100&date=2025-01-20', { perPage: 100, date: '2025-01-20' }, 'exchangeRates');
  });

  it('GET /currency/rates/{id} answers as field by field', () => recordsAsFieldByField(on, rateRecord, '/currency/rates', rateIds, 'exchangeRate'));
});

describe('random selections over /graphql', () => {
  it('of exchange rates answer as field by field', () =>
    selectionsAsFieldByField(on, ['ExchangeRate'], ([rate], id) => pageAndRecordQueries(rate!, 'exchangeRates', 'id', 'exchangeRate', id), {
      numRuns: 20,
      seed: 20261129,
      ids: rateIds,
    }));
});

describe('changes answered by one statement', () => {
  it('create at full precision, tiny and huge, and delete', async () => {
    const precise = await change('POST', '/currency/rates', { from: 'SEK', to: 'NOK', rate: 9876.543210987654, as_of: '2024-02-29' }, { record: (r) => `/currency/rates/${r.id}` });
    await change('POST', '/currency/rates', { from: 'NOK', to: 'SEK', rate: 0.000000000000001, as_of: '2026-12-31' }, { record: (r) => `/currency/rates/${r.id}` });
    await change('DELETE', `/currency/rates/${precise.id}`, undefined, { deletes: true });
    expect((await api('GET', `/currency/rates/${precise.id}`)).status).toBe(404);
  });
});
