// How many API requests a company and each of its tokens may make per minute. Four budgets: every request counts
// against its token's and its company's; a heavy request (the stock export, an import upload, a PDF) counts against
// the two heavy budgets instead, so a long export cannot starve the rest and the rest cannot starve an export.
// The service's defaults (RATE_LIMITS, else DEFAULT_RATE_LIMITS) apply unless the company has its own numbers,
// set by an administrator with `company:rate-limits`. Counting lives in src/http/rate-limits.ts.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { Prisma } from '../../generated/prisma/client.js';
import { ValidationError } from '../shared/errors.js';
import { currentCompany } from './company-profile.js';
import { updateCompanyRecord } from './company-record.js';

export const RATE_LIMIT_BUDGETS = ['token', 'company', 'heavy_token', 'heavy_company'] as const;
export type RateLimitBudget = (typeof RATE_LIMIT_BUDGETS)[number];
export type RateLimits = Record<RateLimitBudget, number>;

/** Requests per window. */
export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = { token: 600, company: 1200, heavy_token: 60, heavy_company: 120 };
export const RATE_LIMIT_WINDOW_SECONDS = 60;
const MAX_LIMIT = 1_000_000;

/**
 * "token=100,heavy_company=20": some budgets, in the form RATE_LIMITS and the CLI take. Problems are returned,
 * one sentence each, so the caller decides whether they are a usage error or a configuration error.
 */
export function parseRateLimits(text: string): { limits: Partial<RateLimits>; problems: string[] } {
  const limits: Partial<RateLimits> = {};
  const problems: string[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z_]+)\s*=\s*(\d+)$/.exec(part);
    if (!match) {
      problems.push(`"${part}" is not of the form budget=number.`);
      continue;
    }
    const [, name, value] = match;
    if (!(RATE_LIMIT_BUDGETS as readonly string[]).includes(name!)) {
      problems.push(`Unknown rate-limit budget "${name}". Budgets: ${RATE_LIMIT_BUDGETS.join(', ')}.`);
    } else if (Number(value) < 1 || Number(value) > MAX_LIMIT) {
      problems.push(`The ${name} limit must be from 1 to ${MAX_LIMIT} requests per minute, got ${value}.`);
    } else {
      limits[name as RateLimitBudget] = Number(value);
    }
  }
  return { limits, problems };
}

/** The company's own numbers over the service's defaults. */
export function effectiveRateLimits(defaults: RateLimits, companyOverrides: unknown): RateLimits {
  const own = typeof companyOverrides === 'object' && companyOverrides !== null ? (companyOverrides as Record<string, unknown>) : {};
  const limits = { ...defaults };
  for (const budget of RATE_LIMIT_BUDGETS) {
    const value = own[budget];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1) limits[budget] = value;
  }
  return limits;
}

/** The company's own numbers (budgets it has none for are absent). */
export async function companyRateLimits(db: TenantDb | TenantTx): Promise<Partial<RateLimits>> {
  const company = await db.company.findFirstOrThrow({ select: { rateLimits: true } });
  return effectiveOverrides(company.rateLimits);
}

function effectiveOverrides(stored: unknown): Partial<RateLimits> {
  const all = effectiveRateLimits({ token: 0, company: 0, heavy_token: 0, heavy_company: 0 }, stored);
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value > 0)) as Partial<RateLimits>;
}

/** Sets some of the company's numbers; `null` puts a budget back to the service's default. */
export async function setCompanyRateLimits(db: TenantDb | TenantTx, changes: Partial<Record<RateLimitBudget, number | null>>): Promise<Partial<RateLimits>> {
  const errors: Record<string, string[]> = {};
  for (const [budget, value] of Object.entries(changes)) {
    if (!(RATE_LIMIT_BUDGETS as readonly string[]).includes(budget)) errors[budget] = [`Unknown rate-limit budget. Budgets: ${RATE_LIMIT_BUDGETS.join(', ')}.`];
    else if (value !== null && (!Number.isInteger(value) || value < 1 || value > MAX_LIMIT)) errors[budget] = [`Must be a whole number of requests per minute from 1 to ${MAX_LIMIT}.`];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const { id } = await currentCompany(db);
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null));
  const cleared = Object.entries(changes).filter(([, value]) => value === null).map(([budget]) => budget);
  // One statement on the JSON, so two changes at once never undo each other.
  await updateCompanyRecord(db, id, Prisma.sql`"rateLimits" = ("rateLimits" - ${cleared}::text[]) || ${JSON.stringify(set)}::jsonb`);
  return companyRateLimits(db);
}
