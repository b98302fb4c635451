-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "requestedBy" JSONB;

-- The company's own record (its profile, features and rate limits) is audited too. It has no companyId column
-- (it is the tenant), so it has its own trigger function: the company is the row's id.
CREATE FUNCTION audit_log_company_rows() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor jsonb := COALESCE(NULLIF(current_setting('app.audit_actor', true), '')::jsonb, '{"type": "system"}'::jsonb);
  left_out text[] := ARRAY['updatedAt'];
BEGIN
  INSERT INTO "AuditLogEntry" ("companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
  SELECT n.id, actor ->> 'type', (actor ->> 'id')::int, actor ->> 'name', actor ->> 'request_id', 'company', n.id, 'update', d.changes
  FROM old_rows o
  JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (
    SELECT jsonb_object_agg(after_value.key, jsonb_build_array(before_value.value, after_value.value)) AS changes
    FROM jsonb_each(to_jsonb(n) - left_out) AS after_value
    JOIN jsonb_each(to_jsonb(o) - left_out) AS before_value ON before_value.key = after_value.key
    WHERE after_value.value IS DISTINCT FROM before_value.value
  ) AS d
  WHERE d.changes IS NOT NULL;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER audit_update AFTER UPDATE ON "Company" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_company_rows();
