-- The event feed's horizon (src/domain/events/feed.ts): every event below it is visible, and no event can appear
-- below it any more. On one node that is the snapshot's xmin.
-- On a Citus coordinator a transaction that wrote on several nodes commits in two phases: its parts are prepared
-- on the workers, the coordinator's transaction commits (and so drops below xmin, and its record in
-- pg_dist_transaction becomes visible), and only then are the prepared parts committed on the workers. Until
-- then its events are invisible although its id is below xmin. That second phase is done either by the same
-- backend, which carries the distributed transaction number the record is named after
-- (citus_<group>_<pid>_<number>_<connection>) until it is done, or, when that backend was killed or lost a
-- worker in between, by Citus's recovery (recover_prepared_transactions(), run every citus.recover_2pc_interval):
-- the part stays prepared on its worker until then, and recovery drops the record after.
-- So a visible record names a transaction not yet visible everywhere while its backend still carries the number,
-- or while its part is still prepared on its worker (or its worker cannot be asked). The horizon is held just
-- below the oldest such transaction: the feed answers at once with what is before it, and a reader's cursor
-- never passes it. Records whose parts are committed (the usual case until recovery drops them) cost a look at
-- their workers' pg_prepared_xacts; with no record, nothing is asked.
-- The record's xmin is the coordinator transaction's id, whose events carry it as their txId; it is widened
-- to the 64-bit id by its distance from the horizon.
-- Replaces the version of migration 20261128050000, which waited for the backend and then answered 57P03 and
-- did not see a part left to recovery.
CREATE OR REPLACE FUNCTION feed_horizon() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  horizon bigint := pg_snapshot_xmin(pg_current_snapshot())::text::bigint;
  oldest bigint;
BEGIN
  IF to_regclass('pg_catalog.pg_dist_transaction') IS NULL THEN
    RETURN horizon;
  END IF;
  EXECUTE $q$
    WITH record AS (
      SELECT t.groupid, t.gid, t.xmin::text::bigint AS xid,
             a.process_id IS NOT NULL AS committing
        FROM pg_catalog.pg_dist_transaction t
        LEFT JOIN pg_catalog.get_all_active_transactions() a
          ON a.process_id = split_part(t.gid, '_', 3)::int
         AND a.transaction_number = split_part(t.gid, '_', 4)::bigint
         AND a.process_id <> pg_backend_pid()
       WHERE t.gid LIKE 'citus\_%'
    ),
    -- The workers of records whose backend is done with them: is their part still prepared there?
    node AS (
      SELECT n.groupid, n.nodename, n.nodeport
        FROM pg_catalog.pg_dist_node n
       WHERE n.noderole = 'primary' AND n.groupid IN (SELECT groupid FROM record WHERE NOT committing)
    ),
    answer AS (
      SELECT node.groupid, w.success, w.result
        FROM pg_catalog.master_run_on_worker(
               ARRAY(SELECT nodename FROM node ORDER BY groupid), ARRAY(SELECT nodeport FROM node ORDER BY groupid),
               ARRAY(SELECT $w$SELECT coalesce(string_agg(gid, ' '), '') FROM pg_prepared_xacts WHERE gid LIKE 'citus\_%' AND database = current_database()$w$ FROM node ORDER BY groupid),
               true) w
        JOIN node ON node.nodename = w.node_name AND node.nodeport = w.node_port
       WHERE EXISTS (SELECT 1 FROM node)
    )
    -- Unfinished: still committing, still prepared on its worker, or on a worker that did not answer.
    SELECT min(r.xid) FROM record r
     WHERE r.committing
        OR NOT EXISTS (SELECT 1 FROM answer w WHERE w.groupid = r.groupid AND w.success AND r.gid <> ALL (string_to_array(w.result, ' ')))
  $q$ INTO oldest;
  IF oldest IS NULL THEN
    RETURN horizon;
  END IF;
  -- The 32-bit id as the 64-bit one nearest the horizon (a record is minutes old, never an epoch).
  RETURN least(horizon, horizon + (((oldest - (horizon & 4294967295)) % 4294967296 + 6442450944) % 4294967296) - 2147483648);
END
$fn$;
