-- The event feed's horizon (src/domain/events/feed.ts): every transaction with a smaller id has ended, so no event
-- below it can appear any more. On one node that is the snapshot's xmin.
-- On a Citus coordinator a transaction that wrote on several nodes commits in two phases: its parts are prepared
-- on the workers, the coordinator's transaction commits (and so drops below xmin), and only then does the same
-- backend commit the prepared parts on the workers. In between, an event it wrote is not visible yet although its
-- id is below xmin, and a reader would pass it for good. Such a transaction is recognisable: its record in
-- pg_dist_transaction is visible (it committed with the coordinator's transaction), and its backend still carries
-- the distributed transaction number the record's name holds (citus_<group>_<pid>_<number>_<connection>; Citus
-- clears the number once the workers have committed, and its own recovery relies on the same). The horizon is
-- taken first and returned once no such transaction is left; every transaction below it then is visible on
-- every node. A backend that waits more than 2 seconds for a worker's commit is a worker in trouble: the function
-- gives up with SQLSTATE 57P03 (the service answers 503 with Retry-After) rather than return a horizon that passes
-- its events.
-- One function for PGlite, PostgreSQL and Citus; the check runs only where Citus's catalog is.
CREATE FUNCTION feed_horizon() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  horizon bigint := pg_snapshot_xmin(pg_current_snapshot())::text::bigint;
  committing boolean;
BEGIN
  IF to_regclass('pg_catalog.pg_dist_transaction') IS NULL THEN
    RETURN horizon;
  END IF;
  FOR attempt IN 1..400 LOOP
    EXECUTE $q$
      SELECT EXISTS (
        SELECT 1 FROM pg_catalog.pg_dist_transaction t
          JOIN pg_catalog.get_all_active_transactions() a
            ON a.process_id = split_part(t.gid, '_', 3)::int AND a.transaction_number = split_part(t.gid, '_', 4)::bigint
         WHERE t.gid LIKE 'citus\_%' AND a.process_id <> pg_backend_pid())
    $q$ INTO committing;
    IF NOT committing THEN
      RETURN horizon;
    END IF;
    PERFORM pg_sleep(0.005);
  END LOOP;
  RAISE EXCEPTION 'The database is not available: a transaction is still committing on a worker.'
    USING ERRCODE = '57P03';
END
$fn$;
