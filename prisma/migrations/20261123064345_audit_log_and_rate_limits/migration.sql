-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "rateLimits" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "companyId" INTEGER NOT NULL,
    "bucket" VARCHAR(64) NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "RateLimitCounter_pkey" PRIMARY KEY ("companyId","bucket")
);

-- CreateTable
CREATE TABLE "AuditLogEntry" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorType" VARCHAR(16) NOT NULL,
    "actorId" INTEGER,
    "actorName" TEXT,
    "requestId" VARCHAR(100),
    "entity" VARCHAR(64) NOT NULL,
    "entityId" INTEGER,
    "action" VARCHAR(8) NOT NULL,
    "changes" JSONB NOT NULL,

    CONSTRAINT "AuditLogEntry_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "AuditLogEntry_companyId_entity_entityId_id_idx" ON "AuditLogEntry"("companyId", "entity", "entityId", "id");

-- CreateIndex
CREATE INDEX "AuditLogEntry_companyId_occurredAt_idx" ON "AuditLogEntry"("companyId", "occurredAt");

-- The audit log. Statement-level AFTER triggers with transition tables write one AuditLogEntry per changed row,
-- set-based (one INSERT per statement, whatever its size), in the transaction of the change. The caller comes
-- from the transaction-local setting app.audit_actor (JSON {type, id, name, request_id}) that the service sets
-- when it opens a transaction (src/db/audit-actor.ts); without it the change is the system's (jobs, migrations).
--
-- `changes` is kept compact and cheap to write (no work per column beyond PostgreSQL's own JSON functions):
-- a created or deleted row as {column: value} without nulls, an update as {column: [before, after]} of the
-- columns that changed. companyId and bookkeeping columns are left out; the secret columns a table names in
-- its trigger's arguments show as "[redacted]". src/domain/audit/audit-log.ts turns this into the API's form.
CREATE FUNCTION audit_log_rows() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor jsonb := COALESCE(NULLIF(current_setting('app.audit_actor', true), '')::jsonb, '{"type": "system"}'::jsonb);
  entity text := lower(regexp_replace(TG_TABLE_NAME, '([a-z0-9])([A-Z])', '\1_\2', 'g'));
  secrets text[] := COALESCE(TG_ARGV, '{}');
  left_out text[] := ARRAY['companyId', 'updatedAt', 'lastUsedAt', 'failedSignIns', 'lastFailedSignInAt'] || COALESCE(TG_ARGV, '{}');
  redacted jsonb := (SELECT COALESCE(jsonb_object_agg(secret, '[redacted]'), '{}'::jsonb) FROM unnest(COALESCE(TG_ARGV, '{}')) AS secret);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "AuditLogEntry" ("companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
    SELECT n."companyId", actor ->> 'type', (actor ->> 'id')::int, actor ->> 'name', actor ->> 'request_id',
           entity, (to_jsonb(n) ->> 'id')::int, 'create', jsonb_strip_nulls(to_jsonb(n) - left_out) || redacted
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "AuditLogEntry" ("companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
    SELECT o."companyId", actor ->> 'type', (actor ->> 'id')::int, actor ->> 'name', actor ->> 'request_id',
           entity, (to_jsonb(o) ->> 'id')::int, 'delete', jsonb_strip_nulls(to_jsonb(o) - left_out) || redacted
    FROM old_rows o;
  ELSE
    INSERT INTO "AuditLogEntry" ("companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
    SELECT n."companyId", actor ->> 'type', (actor ->> 'id')::int, actor ->> 'name', actor ->> 'request_id',
           entity, n.id, 'update', d.changes
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
  RETURN NULL;
END
$fn$;

-- Every company-owned table is audited except these (src/domain/audit/audited-tables.ts says why for each; a
-- test holds the database to that list). A table without an id column (a link table) is created and deleted,
-- never updated, so it gets the INSERT and DELETE triggers only. Columns whose name says they hold a secret
-- (hash, secret, password, credential, apikey) are the trigger's arguments: their values are never copied.
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.table_name,
           bool_or(c.column_name = 'id') AS has_id,
           COALESCE(string_agg(quote_literal(c.column_name), ', ') FILTER (WHERE c.column_name ~* '(hash|secret|password|credential|apikey)'), '') AS secrets
    FROM information_schema.columns c
    WHERE c.table_schema = current_schema()
      AND c.table_name IN (SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'companyId')
      AND c.table_name NOT IN (
        'AuditLogEntry', 'RateLimitCounter', 'IdempotencyKey', 'SettingsSession', 'StockMovement', 'StockBalance',
        'CostLayer', 'CostLayerConsumption', 'DocumentSequence', 'Job', 'Import', 'ImportFileChunk', 'ImportRowError',
        'Event', 'WebhookDelivery', 'ForecastWarehouseRow', 'WorkOrderStatusEvent'
      )
    GROUP BY c.table_name
  LOOP
    EXECUTE format('CREATE TRIGGER audit_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_rows(%s)', t.table_name, t.secrets);
    EXECUTE format('CREATE TRIGGER audit_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_rows(%s)', t.table_name, t.secrets);
    IF t.has_id THEN
      EXECUTE format('CREATE TRIGGER audit_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_rows(%s)', t.table_name, t.secrets);
    END IF;
  END LOOP;
END
$do$;
