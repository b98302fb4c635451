-- The event feed's horizon (src/domain/events/feed.ts) counts only the transactions of this database.
-- It was the snapshot's xmin, which counts every transaction on the server, in any database: a long transaction
-- in another database (a migration, a report, another company's service on the same server) held this
-- database's feed back for as long as it ran, although it can write no event here.
-- database_xmin(): below it every transaction of this database has ended. It is the snapshot's xmax (every
-- id below it was handed out before the snapshot) or the oldest id still held by a backend of this database
-- (read after the snapshot, so a transaction still running then is seen), or by a transaction prepared here.
-- Ids are 32-bit there and widened to 64-bit by their distance below xmax (a running transaction is never an
-- epoch old).
-- feed_horizon() is migration 20261128170000's, with database_xmin() in place of the snapshot's xmin.
CREATE OR REPLACE FUNCTION database_xmin() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  xmax bigint := pg_snapshot_xmax(pg_current_snapshot())::text::bigint;
  oldest bigint;
BEGIN
  -- Statistics views are read once per transaction unless cleared: a second call would see old backends.
  PERFORM pg_stat_clear_snapshot();
  SELECT min(xmax - ((xmax & 4294967295) - held::text::bigint + 4294967296) % 4294967296) INTO oldest
    FROM (
      SELECT backend_xid AS held FROM pg_stat_activity
       WHERE datid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND backend_xid IS NOT NULL
      UNION ALL
      SELECT transaction FROM pg_prepared_xacts WHERE database = current_database()
    ) ids;
  RETURN least(xmax, oldest);
END
$fn$;

CREATE OR REPLACE FUNCTION feed_horizon() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  horizon bigint := database_xmin();
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
