-- The audit log and the product counts, written so that they also run on a Citus cluster (src/db/citus.ts), the
-- same way on PGlite, PostgreSQL and Citus.
--
-- On Citus a trigger of a distributed table fires on its shard, on a worker. There a statement that reads a
-- transition table and writes a distributed table in one go cannot be planned (Citus plans the write and loses
-- the transition table), and a sequence of type int cannot give ids. So:
-- - each trigger first gathers its rows from the transition tables into a JSON array, in a query that touches
--   no distributed table, then writes them in one INSERT from that array: still one INSERT per statement,
--   whatever its size;
-- - the audit log's ids are bigint (Citus gives each node its own range of them). Entries are listed by when
--   their transaction started, then by id (src/domain/audit/audit-log.ts), not by id alone.
-- - the company's own record is a reference table on Citus, copied to every node, whose triggers would run once
--   per copy and cannot write a distributed table: its changes are recorded by the statement that makes them
--   (src/domain/tenancy/company-record.ts), and its trigger goes.
-- The caller stays in app.audit_actor, which the service now sets with SET LOCAL: Citus passes that on to the
-- workers a transaction uses (citus.propagate_set_commands = local, set by the service's connections).

ALTER SEQUENCE "AuditLogEntry_id_seq" AS BIGINT;
ALTER TABLE "AuditLogEntry" ALTER COLUMN "id" SET DATA TYPE BIGINT;

-- Who makes the current change: {type, id, name, request_id}, the system when nobody is set.
CREATE FUNCTION audit_actor() RETURNS jsonb LANGUAGE sql STABLE AS $fn$
  SELECT COALESCE(NULLIF(current_setting('app.audit_actor', true), '')::jsonb, '{"type": "system"}'::jsonb)
$fn$;

CREATE OR REPLACE FUNCTION audit_log_rows() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor jsonb := audit_actor();
  -- On Citus the trigger fires on a shard, named after its table with the shard's number: "Product_102008".
  -- (No table of the schema ends in an underscore and digits.)
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
    INSERT INTO "AuditLogEntry" ("companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
    SELECT (e ->> 'company')::int, actor ->> 'type', (actor ->> 'id')::int, actor ->> 'name', actor ->> 'request_id',
           entity, (e ->> 'id')::int, action, e -> 'changes'
    FROM jsonb_array_elements(entries) AS e;
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER audit_update ON "Company";
DROP FUNCTION audit_log_company_rows();

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
    INSERT INTO "ProductStatusCount" AS c ("companyId", status, count)
    SELECT (e ->> 0)::int, (e ->> 1)::int, (e ->> 2)::int FROM jsonb_array_elements(changes) WITH ORDINALITY AS x(e, n) ORDER BY n
    ON CONFLICT ("companyId", status) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END
$fn$;
