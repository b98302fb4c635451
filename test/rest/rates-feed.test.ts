// The reference rates feed (ECB daily XML) against a fake feed on loopback: rates stored for every company
// as of the feed's date without overriding a company's own rate, and a feed that fails or is malformed
// leaving the stored rates alone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRatesFeed } from '../../src/jobs/rates-feed-job.js';
import type { Logger } from '../../src/http/logger.js';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';

const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time="2026-11-20">
      <Cube currency="USD" rate="1.0523"/>
      <Cube currency="JPY" rate="162.47"/>
      <Cube currency="GBP" rate="0.8331"/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

let feed: http.Server;
let feedUrl: string;
let body = DAILY;
let status = 200;
const logged: Array<[string, string, Record<string, unknown> | undefined]> = [];
const logger: Logger = { log: (level, message, fields) => void logged.push([level, message, fields]) };

// Registered before the server's hooks: the feed is up before the server starts and closed after it.
beforeAll(async () => {
  feed = http.createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/xml' }).end(body));
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/eurofxref-daily.xml`;
});
afterAll(() => new Promise((resolve) => feed?.close(resolve)));

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);

const rates = async (tenant: Tenant) =>
  (await api('GET', '/currency/rates?sort=to', undefined, tenant)).body.data.map((r: any) => [r.from, r.to, r.rate, r.as_of]);

describe('reference rates feed', () => {
  it('stores the feed for every company, keeping rates a company already has for that date', async () => {
    await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.05, as_of: '2026-11-20' });
    const config = { ...server.config, currencyRatesUrl: feedUrl };
    expect(await loadRatesFeed(config, server.database.prisma, logger)).toBe(5);
    expect(await rates(acme)).toEqual([['EUR', 'GBP', 0.8331, '2026-11-20'], ['EUR', 'JPY', 162.47, '2026-11-20'], ['EUR', 'USD', 1.05, '2026-11-20']]);
    expect(await rates(globex)).toEqual([['EUR', 'GBP', 0.8331, '2026-11-20'], ['EUR', 'JPY', 162.47, '2026-11-20'], ['EUR', 'USD', 1.0523, '2026-11-20']]);
    // Conversions use them.
    const converted = await api('GET', '/currency/rates/convert?from=EUR&to=JPY&amount=10&date=2026-11-21', undefined, globex);
    expect(converted.body.data).toMatchObject({ converted_amount: 1625, via: 'direct' });
    expect(await loadRatesFeed(config, server.database.prisma, logger)).toBe(0);
  });

  it('leaves the stored rates alone and logs why when the feed fails or is malformed', async () => {
    const config = { ...server.config, currencyRatesUrl: feedUrl };
    const before = await rates(globex);
    for (const [nextStatus, nextBody, reason] of [
      [503, 'down', 'The exchange rate feed answered HTTP 503.'],
      [200, '<Envelope><Cube>', 'The exchange rate feed is not well-formed XML'],
      [200, '<Envelope><Other/></Envelope>', 'The exchange rate feed has no dated Cube (ECB daily format expected).'],
      [200, '<Envelope><Cube><Cube time="2026-11-21"></Cube></Cube></Envelope>', 'The exchange rate feed lists no rates.'],
    ] as const) {
      status = nextStatus;
      body = nextBody;
      logged.length = 0;
      expect(await loadRatesFeed(config, server.database.prisma, logger)).toBeNull();
      expect(logged[0]?.[0]).toBe('warn');
      expect(JSON.stringify(logged[0])).toContain(reason);
    }
    expect(await rates(globex)).toEqual(before);
  });
});
