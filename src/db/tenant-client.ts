// The one place where tenant scoping is enforced: a Prisma client bound to one company. Every query on a
// model that has `companyId` gets the company added to its filter, and every create gets it set, so
// domain code cannot read or change another company's rows by forgetting a `where`.
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

export function tenantClient(prisma: PrismaClient, companyId: number) {
  return prisma.$extends({
    name: 'tenant-scope',
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
            a.where = { ...a.where, companyId };
          } else if (FILTERED.has(operation)) {
            a.where = a.where ? { AND: [a.where, { companyId }] } : { companyId };
          } else if (operation === 'create') {
            a.data = { ...a.data, companyId };
          } else if (operation === 'createMany' || operation === 'createManyAndReturn') {
            const rows = Array.isArray(a.data) ? a.data : [a.data];
            a.data = rows.map((row: object) => ({ ...row, companyId }));
          } else if (operation === 'upsert') {
            a.where = { ...a.where, companyId };
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
/** The client handed to a callback of `TenantDb.$transaction`. */
export type TenantTx = Parameters<Parameters<TenantDb['$transaction']>[0]>[0];
