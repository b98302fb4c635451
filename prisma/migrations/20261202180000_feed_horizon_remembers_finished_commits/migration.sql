-- The event feed's horizon on Citus asks the workers only about two-phase commits it has not seen finished yet.
--
-- feed_horizon() (migration 20261129050000) holds the feed back below a transaction whose record is in
-- pg_dist_transaction while its part on a worker may still be uncommitted: its backend is still committing, or
-- its part is still prepared on the worker. To know the latter it asked the workers (master_run_on_worker, a new
-- connection to each) on every call while any record was there, and records stay until Citus's recovery clears
-- them, once a minute. A transaction that writes two workers' shards (the webhook dispatch across companies)
-- leaves one on every run, so every horizon read asked the workers: 176 ms a read in the webhook tests, where the
-- rest of the read takes a few.
--
-- A record's transaction that is no longer prepared on its worker, with its backend done, is finished for good
-- (a prepared transaction is only ever committed or rolled back, and its gid names one backend's one
-- transaction). So each session remembers the gids it found finished (the setting feed.finished_commits, a
-- session's own; a rolled-back transaction forgets what it learnt, which only costs a question) and asks the
-- workers only about the others. The list keeps only records still there, so it is pruned as recovery clears them.
CREATE OR REPLACE FUNCTION feed_horizon() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  horizon bigint := database_xmin();
  known_finished text[] := string_to_array(coalesce(current_setting('feed.finished_commits', true), ''), ' ');
  oldest bigint;
  finished text[];
BEGIN
  IF to_regclass('pg_catalog.pg_dist_transaction') IS NULL THEN
    RETURN horizon;
  END IF;
  EXECUTE $q$
    WITH record AS (
      SELECT t.groupid, t.gid, t.xmin::text::bigint AS xid,
             a.process_id IS NOT NULL AS committing,
             t.gid = ANY ($1) AS known_finished
        FROM pg_catalog.pg_dist_transaction t
        LEFT JOIN pg_catalog.get_all_active_transactions() a
          ON a.process_id = split_part(t.gid, '_', 3)::int
         AND a.transaction_number = split_part(t.gid, '_', 4)::bigint
         AND a.process_id <> pg_backend_pid()
       WHERE t.gid LIKE 'citus\_%'
    ),
    -- The workers of records whose backend is done with them and not yet seen finished: is their part still
    -- prepared there?
    node AS (
      SELECT n.groupid, n.nodename, n.nodeport
        FROM pg_catalog.pg_dist_node n
       WHERE n.noderole = 'primary' AND n.groupid IN (SELECT groupid FROM record WHERE NOT committing AND NOT known_finished)
    ),
    answer AS (
      SELECT node.groupid, w.success, w.result
        FROM pg_catalog.master_run_on_worker(
               ARRAY(SELECT nodename FROM node ORDER BY groupid), ARRAY(SELECT nodeport FROM node ORDER BY groupid),
               ARRAY(SELECT $w$SELECT coalesce(string_agg(gid, ' '), '') FROM pg_prepared_xacts WHERE gid LIKE 'citus\_%' AND database = current_database()$w$ FROM node ORDER BY groupid),
               true) w
        JOIN node ON node.nodename = w.node_name AND node.nodeport = w.node_port
       WHERE EXISTS (SELECT 1 FROM node)
    ),
    judged AS (
      SELECT r.xid, r.gid,
             NOT r.committing
             AND (r.known_finished
                  OR EXISTS (SELECT 1 FROM answer w WHERE w.groupid = r.groupid AND w.success AND r.gid <> ALL (string_to_array(w.result, ' '))))
               AS finished
        FROM record r
    )
    -- Unfinished: still committing, still prepared on its worker, or on a worker that did not answer.
    SELECT (SELECT min(xid) FROM judged WHERE NOT finished),
           coalesce((SELECT array_agg(gid ORDER BY gid) FROM judged WHERE finished), '{}')
  $q$ INTO oldest, finished USING known_finished;
  PERFORM set_config('feed.finished_commits', array_to_string(finished, ' '), false);
  IF oldest IS NULL THEN
    RETURN horizon;
  END IF;
  -- The 32-bit id as the 64-bit one nearest the horizon (a record is minutes old, never an epoch).
  RETURN least(horizon, horizon + (((oldest - (horizon & 4294967295)) % 4294967296 + 6442450944) % 4294967296) - 2147483648);
END
$fn$;
