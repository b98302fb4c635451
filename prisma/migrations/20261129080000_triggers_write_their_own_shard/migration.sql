-- The audit log's and the product counts' triggers write beside the rows they fire for, not through the
-- distributed table, so that on Citus a write locks only its own company's shards.
--
-- On Citus a trigger fires on a shard, on a worker ("Product_102008"). Its INSERT into "AuditLogEntry" went
-- through Citus there, which plans an INSERT … SELECT of computed rows by collecting them and copying them in, and
-- that copy takes the placement lock of every shard of the table, of every company. A shard move takes the same
-- locks, exclusively, to block writes for its last moment: first on the coordinator, then on each worker. A
-- posting held them on a worker (its audit entries) while its next statement waited on the coordinator, where the
-- move held them and waited on that worker: Citus cancelled the move as a deadlock, and retried it after 5 s,
-- 20 s, then each minute, so that growing a cluster under writes took minutes (docs/scaling-out.md).
--
-- The company's rows of "AuditLogEntry" and "ProductStatusCount" are in the shard co-located with the one the
-- trigger fires on, on the same worker, in the same transaction: the trigger writes that shard directly, which
-- takes no Citus lock. The statement that fired it already holds its company's placement lock on the coordinator,
-- so a move waits for it as before. A shard has no column defaults that Citus evaluates (the audit entry's id
-- comes from the table's sequence, which on a worker gives that node's own range). On PostgreSQL and PGlite a
-- trigger fires on the table itself, and writes the table itself.

-- The table to write `relation`'s rows of company `company` into, from a trigger fired on `fired_on`
-- (TG_TABLE_NAME): the table itself, or on Citus its shard for that company, which is on this node. (No table of
-- the schema ends in an underscore and digits; a shard's name always does.)
CREATE FUNCTION colocated_table(relation text, fired_on text, company int) RETURNS text LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  IF fired_on !~ '_[0-9]+$' THEN
    RETURN quote_ident(relation);
  END IF;
  RETURN shard_name(quote_ident(relation)::regclass, get_shard_id_for_distribution_column(quote_ident(relation), company));
END
$fn$;

CREATE OR REPLACE FUNCTION audit_log_rows() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor jsonb := audit_actor();
  entity text := lower(regexp_replace(regexp_replace(TG_TABLE_NAME, '_[0-9]+$', ''), '([a-z0-9])([A-Z])', '\1_\2', 'g'));
  secrets text[] := COALESCE(TG_ARGV, '{}');
  left_out text[] := ARRAY['companyId', 'updatedAt', 'lastUsedAt', 'failedSignIns', 'lastFailedSignInAt'] || COALESCE(TG_ARGV, '{}');
  redacted jsonb := (SELECT COALESCE(jsonb_object_agg(secret, '[redacted]'), '{}'::jsonb) FROM unnest(COALESCE(TG_ARGV, '{}')) AS secret);
  action text := CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'DELETE' THEN 'delete' ELSE 'update' END;
  entries jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('company', n."companyId", 'id', to_jsonb(n) -> 'id', 'changes', jsonb_strip_nulls(to_jsonb(n) - left_out) || redacted))
    INTO entries FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('company', o."companyId", 'id', to_jsonb(o) -> 'id', 'changes', jsonb_strip_nulls(to_jsonb(o) - left_out) || redacted))
    INTO entries FROM old_rows o;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('company', n."companyId", 'id', n.id, 'changes', d.changes))
    INTO entries
    FROM old_rows o
    JOIN new_rows n ON n."companyId" = o."companyId" AND n.id = o.id
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(
               after_value.key,
               CASE WHEN after_value.key = ANY (secrets) THEN '["[redacted]", "[redacted]"]'::jsonb
                    ELSE jsonb_build_array(before_value.value, after_value.value) END
             ) AS changes
      FROM jsonb_each(to_jsonb(n) - (left_out[1:5])) AS after_value
      JOIN jsonb_each(to_jsonb(o) - (left_out[1:5])) AS before_value ON before_value.key = after_value.key
      WHERE after_value.value IS DISTINCT FROM before_value.value
    ) AS d
    WHERE d.changes IS NOT NULL;
  END IF;
  IF entries IS NOT NULL THEN
    -- Every row of a shard belongs to a company of that shard, so the first entry's company names the shard for all.
    EXECUTE format(
      'INSERT INTO %s ("id", "companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
       SELECT nextval(''"AuditLogEntry_id_seq"''), (e ->> ''company'')::int, $1 ->> ''type'', ($1 ->> ''id'')::int, $1 ->> ''name'', $1 ->> ''request_id'', $2, (e ->> ''id'')::int, $3, e -> ''changes''
       FROM jsonb_array_elements($4) AS e',
      colocated_table('AuditLogEntry', TG_TABLE_NAME, (entries -> 0 ->> 'company')::int)
    ) USING actor, entity, action, entries;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION product_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(company, status, change) ORDER BY company, status) INTO changes
    FROM (SELECT "companyId" AS company, status, count(*) AS change FROM new_rows GROUP BY 1, 2) net;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(company, status, change) ORDER BY company, status) INTO changes
    FROM (SELECT "companyId" AS company, status, -count(*) AS change FROM old_rows GROUP BY 1, 2) net;
  ELSE
    SELECT jsonb_agg(jsonb_build_array(company, status, change) ORDER BY company, status) INTO changes
    FROM (
      SELECT company, status, sum(change) AS change
      FROM (SELECT "companyId" AS company, status, 1 AS change FROM new_rows UNION ALL SELECT "companyId", status, -1 FROM old_rows) moves
      GROUP BY 1, 2 HAVING sum(change) <> 0
    ) net;
  END IF;
  IF changes IS NOT NULL THEN
    EXECUTE format(
      'INSERT INTO %s AS c ("companyId", status, count)
       SELECT (e ->> 0)::int, (e ->> 1)::int, (e ->> 2)::int FROM jsonb_array_elements($1) WITH ORDINALITY AS x(e, n) ORDER BY n
       ON CONFLICT ("companyId", status) DO UPDATE SET count = c.count + EXCLUDED.count',
      colocated_table('ProductStatusCount', TG_TABLE_NAME, (changes -> 0 ->> 0)::int)
    ) USING changes;
  END IF;
  RETURN NULL;
END
$fn$;
