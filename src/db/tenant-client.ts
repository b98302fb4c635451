// The one place where tenant scoping is enforced: a Prisma client bound to one company. Every query on a
// model that has `companyId` gets the company added to its filter, every create gets it set, and every
// compound key (`companyId_id`, `companyId_sku`, ...) gets the current company, so domain code cannot read
// or change another company's rows by forgetting a `where`, and never builds a key with a company itself.
import { getDatamodel } from '../generated/pothos-types.js';
import type { PrismaClient } from '../generated/prisma/client.js';

const datamodel = getDatamodel().datamodel.models;

/** Models owned by a company: those with a `companyId` column. */
export const TENANT_MODELS: ReadonlySet<string> = new Set(
  Object.entries(datamodel)
    .filter(([, model]) => model.fields.some((field) => field.name === 'companyId' && field.kind === 'scalar'))
    .map(([name]) => name),
);

const FILTERED = new Set([
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
  'updateMany',
  'updateManyAndReturn',
  'deleteMany',
]);
const UNIQUE = new Set(['findUnique', 'findUniqueOrThrow', 'update', 'delete']);

/**
 * Company-owned rows are keyed (companyId, id). Domain code names a row by its id with `byId(id)`; the
 * tenant client puts the current company into the key. The placeholder company matches no row, so the
 * key used on an unscoped client finds nothing rather than another company's row.
 */
export function byId(id: number): { companyId_id: { companyId: number; id: number } } {
  return { companyId_id: { companyId: NO_COMPANY, id } };
}
const NO_COMPANY = 0;

/** The key of a row already read, for code outside a tenant scope (sign-in, token checks) that holds it. */
export function keyOf(row: { companyId: number; id: number }): { companyId_id: { companyId: number; id: number } } {
  return { companyId_id: { companyId: row.companyId, id: row.id } };
}

/** A unique `where` of a company-owned model with the current company in every compound key and filter. */
function scopeUniqueWhere(where: Record<string, any> | undefined, companyId: number): Record<string, any> {
  const scoped: Record<string, any> = { ...where, companyId };
  for (const [key, value] of Object.entries(scoped)) {
    if (key.startsWith('companyId_') && value !== null && typeof value === 'object') scoped[key] = { ...value, companyId };
  }
  return scoped;
}

export function tenantClient(prisma: PrismaClient, companyId: number) {
  return prisma.$extends({
    name: 'tenant-scope',
    // Raw SQL bypasses the scoping below and must name the company itself: companyIdOf(tx) gives it.
    client: { $companyId: () => companyId },
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const a = (args ?? {}) as Record<string, any>;
          if (model === 'Company') {
            // The company itself: visible and changeable only when it is the current one.
            if (operation === 'create' || operation === 'createMany' || operation === 'upsert') {
              throw new Error('Companies are created outside a tenant scope.');
            }
            if (UNIQUE.has(operation)) a.where = { ...a.where, id: companyId };
            else if (FILTERED.has(operation)) a.where = a.where ? { AND: [a.where, { id: companyId }] } : { id: companyId };
            return query(a);
          }
          if (!TENANT_MODELS.has(model)) return query(a);
          if (UNIQUE.has(operation)) {
            a.where = scopeUniqueWhere(a.where, companyId);
          } else if (FILTERED.has(operation)) {
            a.where = a.where ? { AND: [a.where, { companyId }] } : { companyId };
          } else if (operation === 'create') {
            a.data = { ...a.data, companyId };
          } else if (operation === 'createMany' || operation === 'createManyAndReturn') {
            const rows = Array.isArray(a.data) ? a.data : [a.data];
            a.data = rows.map((row: object) => ({ ...row, companyId }));
          } else if (operation === 'upsert') {
            a.where = scopeUniqueWhere(a.where, companyId);
            a.create = { ...a.create, companyId };
          } else {
            throw new Error(`Operation ${operation} on ${model} is not tenant-scoped.`);
          }
          return query(a);
        },
      },
    },
  });
}

export type TenantDb = ReturnType<typeof tenantClient>;

/** The company a tenant client (or one of its transactions) is bound to, for raw SQL. */
export function companyIdOf(db: { $companyId: () => number }): number {
  return db.$companyId();
}
/** The client handed to a callback of `TenantDb.$transaction`. */
export type TenantTx = Parameters<Parameters<TenantDb['$transaction']>[0]>[0];
