// The current company and currencies over real HTTP: base currency (fixed once stock is valued), exchange
// rates (latest on or before a date), conversion (direct, inverse, through the base currency), rounding to
// the target's minor units, and the 422s naming the parameter.
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { companies: { acme, globex }, api, gql } = serverForFile(['acme', 'globex']);

async function rate(from: string, to: string, value: number, asOf: string, tenant: Tenant = acme): Promise<any> {
  const res = await api('POST', '/currency/rates', { from, to, rate: value, as_of: asOf }, tenant);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const convert = (query: string, tenant: Tenant = acme) => api('GET', `/currency/rates/convert?${query}`, undefined, tenant);

describe('/company', () => {
  it('reads and renames the current company; base currency defaults to USD', async () => {
    const res = await api('GET', '/company');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['base_currency', 'created_at', 'edi_sender_id', 'edi_sender_qualifier', 'gs1_company_prefix', 'id', 'name', 'slug', 'updated_at']);
    expect(res.body.data).toMatchObject({ id: acme.companyId, slug: 'acme', base_currency: 'USD' });
    const renamed = await api('PATCH', '/company', { name: 'Acme Trading' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Acme Trading', base_currency: 'USD' });
    expect((await api('GET', '/company', undefined, globex)).body.data).toMatchObject({ slug: 'globex', name: 'Company globex' });
  });

  it('refuses a bad base currency or name, and changes the base currency until stock is valued in it', async () => {
    expectErrors(await api('PATCH', '/company', { base_currency: 'EURO' }), ['base_currency']);
    expectErrors(await api('PATCH', '/company', { base_currency: 'XYZ' }), ['base_currency']);
    expectErrors(await api('PATCH', '/company', { name: '', base_currency: null }), ['name', 'base_currency']);
    expectErrors(await api('PATCH', '/company', { name: 'x'.repeat(256) }), ['name']);
    expectErrors(await api('PATCH', '/company', { currency: 'EUR' }), ['currency']);

    const changed = await api('PATCH', '/company', { base_currency: 'EUR' }, globex);
    expect(changed.status).toBe(200);
    expect(changed.body.data.base_currency).toBe('EUR');

    const warehouse = (await api('POST', '/locations', { name: 'Main' }, globex)).body.data;
    const product = (await api('POST', '/products', { name: 'Valued', sku: 'VAL-1' }, globex)).body.data;
    const adjusted = await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: 2, unit_cost: 3 }] }, globex);
    expect(adjusted.status).toBe(201);
    const refused = await api('PATCH', '/company', { base_currency: 'USD' }, globex);
    expectErrors(refused, ['base_currency']);
    expect(refused.body.errors.base_currency[0]).toContain('from EUR');
    // Naming the current currency again changes nothing and is fine.
    expect((await api('PATCH', '/company', { base_currency: 'EUR' }, globex)).status).toBe(200);
  });
});

describe('/currency/rates', () => {
  it('records, reads, lists with filters and deletes rates', async () => {
    const first = await rate('EUR', 'USD', 1.05, '2026-01-01');
    expect(Object.keys(first).sort()).toEqual(['as_of', 'created_at', 'from', 'id', 'rate', 'to']);
    expect(first).toMatchObject({ from: 'EUR', to: 'USD', rate: 1.05, as_of: '2026-01-01' });
    const second = await rate('EUR', 'USD', 1.1, '2026-03-01');
    const gbp = await rate('GBP', 'USD', 1.25, '2026-02-01');

    expect((await api('GET', `/currency/rates/${first.id}`)).body.data).toEqual(first);
    const all = await api('GET', '/currency/rates');
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: any) => r.id)).toEqual([second.id, gbp.id, first.id]); // newest as_of first
    expect(all.body.meta).toMatchObject({ total: 3, current_page: 1 });
    expect((await api('GET', '/currency/rates?from=GBP')).body.data.map((r: any) => r.id)).toEqual([gbp.id]);
    expect((await api('GET', '/currency/rates?to=USD&sort=as_of')).body.data.map((r: any) => r.id)).toEqual([first.id, gbp.id, second.id]);
    // In force on a date: one per pair, the latest on or before it.
    expect((await api('GET', '/currency/rates?date=2026-02-15&sort=id')).body.data.map((r: any) => r.id)).toEqual([first.id, gbp.id]);
    expect((await api('GET', '/currency/rates?date=2026-03-01&sort=id')).body.data.map((r: any) => r.id)).toEqual([second.id, gbp.id]);
    expect((await api('GET', '/currency/rates?date=2025-12-31')).body.data).toEqual([]);
    // Another company sees none of them.
    expect((await api('GET', '/currency/rates', undefined, globex)).body.data).toEqual([]);
    expect((await api('GET', `/currency/rates/${first.id}`, undefined, globex)).status).toBe(404);

    const deleted = await api('DELETE', `/currency/rates/${gbp.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual(gbp);
    expect((await api('GET', `/currency/rates/${gbp.id}`)).status).toBe(404);
    expect((await api('DELETE', `/currency/rates/${gbp.id}`)).status).toBe(404);
  });

  it('refuses bad rates with 422 per field, and a second rate for the same pair and date', async () => {
    expectErrors(await api('POST', '/currency/rates', {}), ['from', 'to', 'rate', 'as_of']);
    expectErrors(await api('POST', '/currency/rates', { from: 'eur', to: 'ABC', rate: 0, as_of: '2026-02-30' }), ['from', 'to', 'rate', 'as_of']);
    expectErrors(await api('POST', '/currency/rates', { from: 'USD', to: 'USD', rate: 1, as_of: '2026-01-01' }), ['to']);
    expectErrors(await api('POST', '/currency/rates', { from: 'USD', to: 'CHF', rate: -1, as_of: '2026-01-01' }), ['rate']);
    expectErrors(await api('POST', '/currency/rates', { from: 'USD', to: 'CHF', rate: '1.1234567890123456', as_of: '2026-01-01' }), ['rate']);
    expectErrors(await api('POST', '/currency/rates', { from: 'USD', to: 'CHF', rate: 'abc', as_of: '2026-01-01' }), ['rate']);
    await rate('USD', 'CHF', 0.9, '2026-01-01');
    expectErrors(await api('POST', '/currency/rates', { from: 'USD', to: 'CHF', rate: 0.91, as_of: '2026-01-01' }), ['as_of']);
    expectErrors(await api('GET', '/currency/rates?from=usd&date=yesterday'), ['from', 'date']);
    expectErrors(await api('GET', '/currency/rates?colour=red'), ['colour']);
  });
});

describe('/currency/rates/convert', () => {
  it('refuses a request without the parameters it needs, naming each (the document marks them required)', async () => {
    const res = await convert('from=EUR');
    expectErrors(res, ['to', 'amount']);
    expect(res.body.errors).toEqual({ to: ['The to parameter is required.'], amount: ['The amount parameter is required.'] });
  });

  it('converts with the direct rate of the date, rounded to the minor units of the target', async () => {
    // Rates of acme from the test above: EUR→USD 1.05 from 2026-01-01, 1.1 from 2026-03-01.
    const res = await convert('from=EUR&to=USD&amount=100&date=2026-02-15');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { from: 'EUR', to: 'USD', amount: 100, rate: 1.05, converted_amount: 105, as_of: '2026-01-01', via: 'direct' } });
    expect((await convert('from=EUR&to=USD&amount=10.005&date=2026-03-01')).body.data).toMatchObject({ rate: 1.1, converted_amount: 11.01, as_of: '2026-03-01' });
    // Without a date: today's rate (the latest).
    expect((await convert('from=EUR&to=USD&amount=1')).body.data).toMatchObject({ converted_amount: 1.1, as_of: '2026-03-01' });
    expect((await convert('from=EUR&to=EUR&amount=12.345')).body.data).toMatchObject({ rate: 1, converted_amount: 12.35, via: 'same' });
  });

  it('uses the inverse of the opposite pair, else two legs through the base currency, with exact decimals', async () => {
    // USD→EUR: no direct rate; the inverse of EUR→USD 1.1 is 0.909090…
    const inverse = (await convert('from=USD&to=EUR&amount=110&date=2026-03-02')).body.data;
    expect(inverse).toMatchObject({ via: 'inverse', converted_amount: 100, as_of: '2026-03-01' });
    expect(inverse.rate).toBeCloseTo(1 / 1.1, 12);

    await rate('USD', 'JPY', 150.25, '2026-03-01');
    await rate('KWD', 'USD', 3.25, '2026-03-01');
    // EUR→JPY through USD: 1.1 × 150.25 = 165.275 JPY per EUR; 3 EUR = 495.825 → 496 (JPY has no minor unit).
    expect((await convert('from=EUR&to=JPY&amount=3&date=2026-03-05')).body.data).toMatchObject({ via: 'base', rate: 165.275, converted_amount: 496 });
    // JPY→KWD: both legs inverse through USD; KWD keeps 3 decimals. 10000 JPY / 150.25 / 3.25 = 20.4790…
    expect((await convert('from=JPY&to=KWD&amount=10000&date=2026-03-05')).body.data).toMatchObject({ via: 'base', converted_amount: 20.479 });
    // 0.1 + 0.2 style inputs stay exact: 0.3 EUR at 1.1 = 0.33 USD.
    expect((await convert('from=EUR&to=USD&amount=0.3&date=2026-03-05')).body.data.converted_amount).toBe(0.33);
  });

  it('answers 422 naming the parameter: unknown codes, missing or non-numeric amounts, bad dates, no usable rate', async () => {
    expectErrors(await convert(''), ['from', 'to', 'amount']);
    expectErrors(await convert('from=EUR&to=XXQ&amount=1'), ['to']);
    expectErrors(await convert('from=eur&to=USD&amount=ten'), ['from', 'amount']);
    expectErrors(await convert('from=EUR&to=USD&amount=1e3'), ['amount']);
    expectErrors(await convert('from=EUR&to=USD&amount=1&date=2026-13-01'), ['date']);
    const none = await convert('from=EUR&to=USD&amount=1&date=2025-06-01');
    expectErrors(none, ['to']);
    expect(none.body.errors.to[0]).toBe('No exchange rate leads from EUR to USD on or before 2025-06-01.');
    expectErrors(await convert('from=CHF&to=NOK&amount=1&date=2026-03-05'), ['to']);
    expectErrors(await convert('from=EUR&to=USD&amount=1&rate=2'), ['rate']);
  });

  it('is served through GraphQL too', async () => {
    const res = await gql('query { convertCurrency(from: "EUR", to: "USD", amount: "200", date: "2026-02-01") { convertedAmount via asOf } company { baseCurrency } }');
    expect(res.body).toEqual({ data: { convertCurrency: { convertedAmount: 210, via: 'direct', asOf: '2026-01-01' }, company: { baseCurrency: 'USD' } } });
  });
});
