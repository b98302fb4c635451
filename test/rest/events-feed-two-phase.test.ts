// The event feed on a Citus cluster while a transaction is between the two phases of its commit (issue 31 §2):
// its coordinator part has committed, so its id is below every snapshot's xmin, but its part on a worker is not
// committed yet, so its events are not visible. GET /events must not hand out a cursor that passes it
// (migration 20261128170000's feed_horizon()): it answers at once with what comes before, and the transaction's
// events come with the next read once they are committed. Citus pass only.
//
// The moments are made as Citus leaves them. While the backend that commits is still at it: a session in a
// distributed transaction (its backend carries a distributed transaction number) and a record in
// pg_dist_transaction named after that backend and number. When that backend was killed between the phases: a
// transaction PREPAREd on the worker under Citus's name for it, holding an event, and its record, with no
// backend left; Citus's recovery (recover_prepared_transactions(), run here by hand) then commits it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { decodeFeedCursor } from '../../src/domain/events/feed.js';
import { onCitus } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';

describe.skipIf(!onCitus)('the event feed while a transaction commits on the workers', () => {
  const { server, companies: { acme }, api, post } = serverForFile(['acme']);
  let admin: pg.Client;

  beforeAll(async () => {
    await post('/products', { name: 'Bolt', sku: 'B-1' });
    admin = new pg.Client({ connectionString: server.database.url });
    await admin.connect();
  }, 60_000);
  // Registered after the server's hooks: closed before the server is.
  afterAll(() => admin?.end());

  const feed = async (after?: string) => {
    const res = await api('GET', `/events${after ? `?after=${after}` : ''}`);
    expect(res.status, res.text).toBe(200);
    return res.body as { data: { id: number; type: string }[]; meta: { next_cursor: string } };
  };
  const nextTxId = (page: { meta: { next_cursor: string } }) => decodeFeedCursor(page.meta.next_cursor)!.txId;

  /** Runs `work` in a coordinator transaction that writes a record in pg_dist_transaction named `gid`; returns that transaction's id. */
  async function recordCommitted(gid: string, work: (txId: bigint) => Promise<void> = async () => {}): Promise<bigint> {
    await admin.query('BEGIN');
    try {
      const { rows } = await admin.query<{ txid: string }>(`SELECT pg_current_xact_id()::text AS txid`);
      const txId = BigInt(rows[0]!.txid);
      await work(txId);
      await admin.query(
        `INSERT INTO pg_dist_transaction (groupid, gid) SELECT groupid, $1 FROM pg_dist_node WHERE groupid <> 0 ORDER BY groupid LIMIT 1`,
        [gid],
      );
      await admin.query('COMMIT');
      return txId;
    } catch (error) {
      await admin.query('ROLLBACK');
      throw error;
    }
  }

  /** The commits the admin session found finished, after a read of the horizon. */
  const finishedCommitsSeen = async () =>
    (await admin.query<{ gids: string }>(`SELECT feed_horizon(), coalesce(current_setting('feed.finished_commits', true), '') AS gids`)).rows[0]!.gids;

  it('holds its cursor below a transaction whose backend is still committing on the workers, and goes on once it is done', async () => {
    const session = new pg.Client({ connectionString: server.database.url });
    await session.connect();
    let committingTxId: bigint;
    let gid = '';
    try {
      await session.query('BEGIN');
      await session.query(`UPDATE "Event" SET type = type WHERE "companyId" = $1`, [acme.companyId]);
      const { rows } = await session.query<{ pid: number; number: string }>(
        `SELECT process_id AS pid, transaction_number::text AS number FROM get_current_transaction_id()`,
      );
      expect(Number(rows[0]!.number)).toBeGreaterThan(0);
      gid = `citus_0_${rows[0]!.pid}_${rows[0]!.number}_0`;
      committingTxId = await recordCommitted(gid);

      const during = await feed();
      expect(during.data.map((event) => event.type)).toContain('product.created');
      expect(nextTxId(during)).toBeLessThan(committingTxId);
    } finally {
      await session.query('COMMIT');
      await session.end();
    }
    // Its backend is done and nothing is left prepared on the worker: the horizon goes past it.
    expect(nextTxId(await feed())).toBeGreaterThanOrEqual(committingTxId);
    // And a session that found it finished remembers it, so as not to ask the workers about it again
    // (migration 20261202180000).
    expect((await finishedCommitsSeen()).split(' ')).toContain(gid);
  });

  it('does not pass the events of a backend killed between the two phases; they come once recovery commits them', async () => {
    const { rows: shards } = await admin.query<{ shardid: string; nodename: string; nodeport: number }>(
      `SELECT s.shardid::text, n.nodename, n.nodeport
         FROM pg_dist_shard s
         JOIN pg_dist_placement p ON p.shardid = s.shardid
         JOIN pg_dist_node n ON n.groupid = p.groupid
        WHERE s.shardid = get_shard_id_for_distribution_column('"Event"', $1::int)`,
      [acme.companyId],
    );
    const shard = shards[0]!;
    const workerUrl = new URL(server.database.url!);
    workerUrl.hostname = shard.nodename;
    workerUrl.port = String(shard.nodeport);
    const worker = new pg.Client({ connectionString: workerUrl.toString() });
    await worker.connect();
    // No backend has this pid: the one that wrote the transaction is gone.
    const gid = `citus_0_4194000_1_0`;
    try {
      const { rows: ids } = await admin.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('"Event"', 'id'))::int AS id`);
      const eventId = ids[0]!.id;
      const killedTxId = await recordCommitted(gid, async (txId) => {
        await worker.query('BEGIN');
        await worker.query(
          `INSERT INTO "Event_${shard.shardid}" ("companyId", id, type, data, "resourceType", "resourceId", "txId")
           VALUES ($1, $2, 'product.updated', '{}', 'product', 'left-to-recovery', $3)`,
          [acme.companyId, eventId, String(txId)],
        );
        await worker.query(`PREPARE TRANSACTION '${gid}'`);
      });

      const before = await feed();
      expect(before.data.map((event) => event.id)).not.toContain(eventId);
      expect(nextTxId(before)).toBeLessThan(killedTxId);

      // A session remembers the commits it found finished, and asks the workers only about the others
      // (migration 20261202180000): this one is not finished while it is prepared.
      expect((await finishedCommitsSeen()).split(' ')).not.toContain(gid);

      const { rows: recovered } = await admin.query<{ count: number }>(`SELECT recover_prepared_transactions() AS count`);
      expect(recovered[0]!.count).toBeGreaterThanOrEqual(1);
      const after = await feed(before.meta.next_cursor);
      expect(after.data.map((event) => event.id)).toContain(eventId);
    } finally {
      await worker.query(`ROLLBACK PREPARED '${gid}'`).catch(() => undefined);
      await worker.end();
    }
  });
});
