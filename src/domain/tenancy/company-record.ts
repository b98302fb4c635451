// Changing the company's own record, with the change in the audit log. On Citus the record is a reference table
// copied to every node, whose triggers cannot write the (distributed) audit log, so the statement that changes
// the record writes its audit entry too (migration 20261128020000): the same on PGlite, PostgreSQL and Citus.
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';

/**
 * The values before are those of the statement's snapshot (a CTE cannot lock the row it then updates): of two
 * changes of the record at the same moment, the second's entry also shows the first's columns as changed by it.
 * Sets `assignments` (SQL `column = expression` pairs; updatedAt is set here) on company `id` and records
 * {column: [before, after]} of the columns that changed as the current actor's update of the company.
 */
export async function updateCompanyRecord(db: TenantDb | TenantTx, id: number, assignments: Prisma.Sql): Promise<void> {
  await db.$executeRaw`
    WITH before AS (SELECT * FROM "Company" WHERE id = ${id}),
    after AS (UPDATE "Company" SET ${assignments}, "updatedAt" = now() WHERE id = ${id} RETURNING *),
    changes AS (
      SELECT jsonb_object_agg(after_value.key, jsonb_build_array(before_value.value, after_value.value)) AS changes
      FROM before, after, jsonb_each(to_jsonb(after) - 'updatedAt') AS after_value
      JOIN jsonb_each(to_jsonb(before) - 'updatedAt') AS before_value ON before_value.key = after_value.key
      WHERE after_value.value IS DISTINCT FROM before_value.value
    )
    INSERT INTO "AuditLogEntry" ("companyId", "actorType", "actorId", "actorName", "requestId", "entity", "entityId", "action", "changes")
    SELECT ${id}, actor ->> 'type', (actor ->> 'id')::int, actor ->> 'name', actor ->> 'request_id', 'company', ${id}, 'update', changes.changes
    FROM changes, audit_actor() AS actor
    WHERE changes.changes IS NOT NULL`;
}
