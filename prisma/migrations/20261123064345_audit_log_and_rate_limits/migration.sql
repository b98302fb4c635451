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

-- Which columns a change shows: companyId and bookkeeping columns are left out; a secret shows as "[redacted]";
-- a value longer than 10,000 characters (an EDI interchange) shows its length only. Field names in snake_case.
CREATE FUNCTION audit_shown(column_name text, value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE
    WHEN value IS NULL OR value = 'null'::jsonb THEN value
    WHEN column_name ~* '(hash|secret|password|credential|apikey)' THEN to_jsonb('[redacted]'::text)
    WHEN length(value::text) > 10000 THEN to_jsonb('[' || length(value::text) || ' characters, not shown]')
    ELSE value
  END
$fn$;

CREATE FUNCTION audit_changes(before_row jsonb, after_row jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  SELECT COALESCE(jsonb_object_agg(
    lower(regexp_replace(k, '([a-z0-9])([A-Z])', '\1_\2', 'g')),
    jsonb_build_object('before', audit_shown(k, before_row -> k), 'after', audit_shown(k, after_row -> k))
  ), '{}'::jsonb)
  FROM jsonb_object_keys(COALESCE(after_row, before_row)) AS k
  WHERE k NOT IN ('companyId', 'updatedAt', 'lastUsedAt', 'failedSignIns', 'lastFailedSignInAt')
    AND CASE
      WHEN before_row IS NULL THEN after_row -> k <> 'null'::jsonb
      WHEN after_row IS NULL THEN before_row -> k <> 'null'::jsonb
      ELSE before_row -> k IS DISTINCT FROM after_row -> k
    END
$fn$;

CREATE FUNCTION audit_log_rows() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor jsonb := COALESCE(NULLIF(current_setting('app.audit_actor', true), '')::jsonb, '{"type": "system"}'::jsonb);
  entity text := lower(regexp_replace(TG_TABLE_NAME, '([a-z0-9])([A-Z])', '\1_\2', 'g'));
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "AuditLogEntry" ("companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
    SELECT (r ->> 'companyId')::int, actor ->> 'type', (actor ->> 'id')::int, actor ->> 'name', actor ->> 'request_id',
           entity, (r ->> 'id')::int, 'create', audit_changes(NULL, r)
    FROM (SELECT to_jsonb(n) AS r FROM new_rows n) AS inserted;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "AuditLogEntry" ("companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
    SELECT (r ->> 'companyId')::int, actor ->> 'type', (actor ->> 'id')::int, actor ->> 'name', actor ->> 'request_id',
           entity, (r ->> 'id')::int, 'delete', audit_changes(r, NULL)
    FROM (SELECT to_jsonb(o) AS r FROM old_rows o) AS deleted;
  ELSE
    INSERT INTO "AuditLogEntry" ("companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
    SELECT "companyId", actor ->> 'type', (actor ->> 'id')::int, actor ->> 'name', actor ->> 'request_id',
           entity, id, 'update', changes
    FROM (
      SELECT n."companyId", n.id, audit_changes(to_jsonb(o), to_jsonb(n)) AS changes
      FROM old_rows o JOIN new_rows n ON n."companyId" = o."companyId" AND n.id = o.id
    ) AS updated
    WHERE changes <> '{}'::jsonb;
  END IF;
  RETURN NULL;
END
$fn$;

-- Every company-owned table is audited except these (src/domain/audit/audited-tables.ts says why for each; a
-- test holds the database to that list). A table without an id column (a link table) is created and deleted,
-- never updated, so it gets the INSERT and DELETE triggers only.
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.table_name, EXISTS (
      SELECT 1 FROM information_schema.columns i
      WHERE i.table_schema = c.table_schema AND i.table_name = c.table_name AND i.column_name = 'id'
    ) AS has_id
    FROM information_schema.columns c
    WHERE c.table_schema = current_schema() AND c.column_name = 'companyId'
      AND c.table_name NOT IN (
        'AuditLogEntry', 'RateLimitCounter', 'IdempotencyKey', 'SettingsSession', 'StockMovement', 'StockBalance',
        'CostLayer', 'CostLayerConsumption', 'DocumentSequence', 'Job', 'Import', 'ImportFileChunk', 'ImportRowError',
        'Event', 'WebhookDelivery', 'ForecastWarehouseRow', 'WorkOrderStatusEvent'
      )
  LOOP
    EXECUTE format('CREATE TRIGGER audit_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_rows()', t.table_name);
    EXECUTE format('CREATE TRIGGER audit_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_rows()', t.table_name);
    IF t.has_id THEN
      EXECUTE format('CREATE TRIGGER audit_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_rows()', t.table_name);
    END IF;
  END LOOP;
END
$do$;
