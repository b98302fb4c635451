// Per-company feature flags, kept in Company.featureFlags as {name: true}. A flag that is off is absent, so
// listing shows every known feature with its state. Only the names listed here can be set.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { ForbiddenError, ValidationError } from '../shared/errors.js';
import { Prisma } from '../../generated/prisma/client.js';
import { currentCompany } from './company-profile.js';
import { updateCompanyRecord } from './company-record.js';

export const FEATURES = ['cost_rules', 'forecast_materialized_table'] as const;
export type FeatureName = (typeof FEATURES)[number];

function enabledIn(flags: unknown, name: string): boolean {
  return typeof flags === 'object' && flags !== null && !Array.isArray(flags) && (flags as Record<string, unknown>)[name] === true;
}

export async function hasFeature(db: TenantDb | TenantTx, name: FeatureName): Promise<boolean> {
  const company = await db.company.findFirstOrThrow({ select: { featureFlags: true } });
  return enabledIn(company.featureFlags, name);
}

/** A 403 when the feature is off: the routes of a feature do not exist for companies without it. */
export async function requireFeature(db: TenantDb | TenantTx, name: FeatureName): Promise<void> {
  if (await hasFeature(db, name)) return;
  throw new ForbiddenError(
    `The ${name.replace(/_/g, ' ')} feature is off for this company. An administrator turns it on with: npm run cli -- company:features --company <slug> --enable ${name}`,
  );
}

/** Every known feature of the current company and whether it is on. */
export async function listFeatures(db: TenantDb | TenantTx): Promise<Array<{ name: FeatureName; enabled: boolean }>> {
  const company = await db.company.findFirstOrThrow({ select: { featureFlags: true } });
  return FEATURES.map((name) => ({ name, enabled: enabledIn(company.featureFlags, name) }));
}

export function setFeature(db: TenantDb | TenantTx, name: string): Promise<void> {
  return writeFeature(db, name, true);
}

export function clearFeature(db: TenantDb | TenantTx, name: string): Promise<void> {
  return writeFeature(db, name, false);
}

async function writeFeature(db: TenantDb | TenantTx, name: string, enabled: boolean): Promise<void> {
  if (!(FEATURES as readonly string[]).includes(name)) {
    throw new ValidationError({ feature: [`Unknown feature "${name}". Known features: ${FEATURES.join(', ')}.`] });
  }
  const { id } = await currentCompany(db);
  // One statement on the JSON, so two changes at once never undo each other.
  await updateCompanyRecord(
    db,
    id,
    enabled ? Prisma.sql`"featureFlags" = "featureFlags" || jsonb_build_object(${name}::text, true)` : Prisma.sql`"featureFlags" = "featureFlags" - ${name}::text`,
  );
}
