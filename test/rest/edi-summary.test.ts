// GET /reports/edi/summary over documents of known type, direction, status, day and acknowledgement: exact
// counts and rates for a range (both ends included, to the last second of the last day), the default and a
// chosen set of types, by_type, an empty range (zeros, never NaN or null), another company's documents left
// out, and bad parameters.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { expectErrors } from '../support/rest-client.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
const summary = (query: string, tenant = acme) => api('GET', `/reports/edi/summary${query ? `?${query}` : ''}`, undefined, tenant);

const zero = { total: 0, success_count: 0, failed_count: 0, pending_count: 0, success_rate: 0, ack_997_count: 0, ack_997_rate: 0 };

beforeAll(async () => {
  let control = 0;
  const seed = async (tenant: Tenant, rows: Array<[type: string, direction: string, status: string, createdAt: string, acknowledged?: boolean]>) => {
    const warehouse = await post('/locations', { name: 'DC' }, tenant);
    const channel = await salesChannelFrom(post, [warehouse.id], 'Partner', tenant);
    await server.database.prisma.ediDocument.createMany({
      data: rows.map(([type, direction, status, createdAt, acknowledged]) => ({
        companyId: tenant.companyId,
        channelId: channel.id,
        type,
        direction,
        status,
        controlNumber: ++control,
        groupControlNumber: control,
        raw: 'ISA~',
        createdAt: new Date(createdAt),
        acknowledgedAt: acknowledged ? new Date(createdAt) : null,
      })),
    });
  };
  await seed(acme, [
    ['856', 'outbound', 'accepted', '2026-03-01T08:00:00Z', true],
    ['856', 'outbound', 'sent', '2026-03-01T09:00:00Z', true], // sent and acknowledged: a success
    ['856', 'outbound', 'sent', '2026-03-01T10:00:00Z'], // sent, waiting: in total only
    ['856', 'outbound', 'failed', '2026-03-01T11:00:00Z'],
    ['810', 'outbound', 'pending', '2026-03-02T00:00:00Z'],
    ['810', 'outbound', 'rejected', '2026-03-02T12:00:00Z', true],
    ['850', 'inbound', 'accepted', '2026-03-02T13:00:00Z'],
    ['850', 'inbound', 'rejected', '2026-03-02T14:00:00Z'],
    ['997', 'outbound', 'sent', '2026-03-02T15:00:00Z'],
    ['855', 'outbound', 'sent', '2026-03-03T23:59:59.999Z'],
    ['855', 'outbound', 'sent', '2026-03-04T00:00:00Z'],
  ]);
  await seed(globex, [['856', 'outbound', 'accepted', '2026-03-01T08:00:00Z', true]]);
});

describe('GET /reports/edi/summary', () => {
  it('counts the core types over a range with both days included', async () => {
    const res = await summary('from=2026-03-01&to=2026-03-03');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      total: 9,
      success_count: 3,
      failed_count: 3,
      pending_count: 1,
      success_rate: 0.3333,
      ack_997_count: 3,
      ack_997_rate: 0.4286,
      by_type: {
        '850': { ...zero, total: 2, success_count: 1, failed_count: 1, success_rate: 0.5 },
        '855': { ...zero, total: 1 },
        '856': { ...zero, total: 4, success_count: 2, failed_count: 1, success_rate: 0.5, ack_997_count: 2, ack_997_rate: 0.5 },
        '810': { ...zero, total: 2, failed_count: 1, pending_count: 1, ack_997_count: 1, ack_997_rate: 0.5 },
      },
    });
    // JSON objects keep integer-like keys in ascending order.
    expect(Object.keys(res.body.by_type)).toEqual(['810', '850', '855', '856']);
  });

  it('takes the types asked for, and a range of one day', async () => {
    const only997 = await summary('types=997');
    expect(only997.body).toEqual({ ...zero, total: 1, by_type: { '997': { ...zero, total: 1 } } });
    const oneDay = await summary('from=2026-03-02&to=2026-03-02&types=856,%20810,856');
    expect(oneDay.body).toEqual({ ...zero, total: 2, failed_count: 1, pending_count: 1, ack_997_count: 1, ack_997_rate: 0.5, by_type: { '856': zero, '810': { ...zero, total: 2, failed_count: 1, pending_count: 1, ack_997_count: 1, ack_997_rate: 0.5 } } });
    // The next midnight belongs to the next day.
    expect((await summary('from=2026-03-04&to=2026-03-04&types=855')).body.total).toBe(1);
    // No bounds: everything of the core types.
    expect((await summary('')).body.total).toBe(10);
  });

  it('answers zeros for an empty range and for another company', async () => {
    const empty = await summary('from=2020-01-01&to=2020-01-31');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ ...zero, by_type: { '850': zero, '855': zero, '856': zero, '810': zero } });
    const other = await summary('from=2026-03-01&to=2026-03-01&types=856', globex);
    expect(other.body).toMatchObject({ total: 1, success_count: 1, success_rate: 1, ack_997_count: 1, ack_997_rate: 1 });
  });

  it('refuses bad parameters with 422 naming them', async () => {
    expectErrors(await summary('from=2026-13-01'), ['from']);
    expectErrors(await summary('to=yesterday'), ['to']);
    expectErrors(await summary('from=2026-03-05&to=2026-03-01'), ['from']);
    const unknown = await summary('types=850,123');
    expectErrors(unknown, ['types']);
    expect(unknown.body.message).toContain('123');
    expectErrors(await summary('types=,'), ['types']);
    expectErrors(await summary('colour=red'), ['colour']);
  });
});
