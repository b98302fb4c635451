// A retry sent the moment the client has the whole answer finds the key kept and gets the answer again
// (src/http/idempotency.ts keeps the response before any byte of its body goes out). The database is made slow
// to keep it (a trigger sleeps 300 ms in the update that completes a key): were the body written before the key
// was kept, the client would have it, and its retry would meet a key still running (409). PostgreSQL only: on
// PGlite the sleeping statement holds the one thread, the client's too, so the race cannot show there.
import { beforeAll, describe, expect, it } from 'vitest';
import { onCitus, onPostgres } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';

describe.skipIf(!onPostgres || onCitus)('a retry right after the answer, with the database slow to keep the key', () => {
  const { server, companies: { acme } } = serverForFile(['acme']);

  beforeAll(async () => {
    await server.database.sql.query(`
      CREATE FUNCTION slow_idempotency_keep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."completedAt" IS NOT NULL THEN PERFORM pg_sleep(0.3); END IF;
        RETURN NEW;
      END $$`);
    await server.database.sql.query(`CREATE TRIGGER slow_keep BEFORE UPDATE ON "IdempotencyKey" FOR EACH ROW EXECUTE FUNCTION slow_idempotency_keep()`);
  });

  it('replays a REST answer and a GraphQL answer to a retry sent as soon as each arrived', async () => {
    const rest = (key: string) =>
      server.call('POST', '/external/api/v1/locations', { token: acme.token, company: acme.slug, headers: { 'idempotency-key': key }, body: { name: `Dock ${key}` } });
    const first = await rest('rest-1');
    const again = await rest('rest-1');
    expect(first.status, first.text).toBe(201);
    expect(again.status, again.text).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);

    const mutation = 'mutation($input: LocationCreateInput!) { createLocation(input: $input) { id name } }';
    const graphql = () => server.graphql(mutation, { input: { name: 'Via GraphQL' } }, { token: acme.token, company: acme.slug, headers: { 'idempotency-key': 'graphql-1' } });
    const firstGraphql = await graphql();
    const againGraphql = await graphql();
    expect(firstGraphql.body.data?.createLocation?.name, firstGraphql.text).toBe('Via GraphQL');
    expect(againGraphql.headers['idempotent-replayed'], againGraphql.text).toBe('true');
    expect(againGraphql.text).toBe(firstGraphql.text);
  });
});
