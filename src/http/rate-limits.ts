// Counts each authenticated API request against its budgets (src/domain/tenancy/rate-limits.ts) and refuses it
// with 429 once one is spent. Counters are rows of RateLimitCounter in fixed one-minute windows of the database's
// clock, so every server process on one database counts against the same numbers; one statement per request
// counts both budgets. The answer carries the RateLimit-Policy and RateLimit fields of the IETF draft
// (draft-ietf-httpapi-ratelimit-headers): every policy, and the remaining quota of the budget closest to its end.
import type { ServerResponse } from 'node:http';
import type { SqlRunner } from '../db/sql-runner.js';
import { effectiveRateLimits, RATE_LIMIT_WINDOW_SECONDS, type RateLimitBudget, type RateLimits } from '../domain/tenancy/index.js';
import type { RequestContext } from '../graphql/context.js';
import { HttpProblem } from './errors.js';

export interface RateLimitedRequest {
  ctx: RequestContext;
  /** The export, an import upload, a PDF: counted against the heavy budgets. */
  heavy: boolean;
}

const COUNT_REQUEST = `
  INSERT INTO "RateLimitCounter" AS c ("companyId", bucket, "windowStart", count)
  SELECT $1, bucket, to_timestamp(floor(extract(epoch FROM now()) / $3) * $3) AT TIME ZONE 'UTC', 1
  FROM unnest($2::text[]) AS bucket
  ON CONFLICT ("companyId", bucket) DO UPDATE
  SET count = CASE WHEN c."windowStart" = EXCLUDED."windowStart" THEN c.count + 1 ELSE 1 END,
      "windowStart" = EXCLUDED."windowStart"
  RETURNING bucket, count, extract(epoch FROM now())::float8 AS now_seconds`;

export async function countRequest(sql: SqlRunner, res: ServerResponse, request: RateLimitedRequest, defaults: RateLimits): Promise<void> {
  const { ctx, heavy } = request;
  const limits = effectiveRateLimits(defaults, ctx.company.rateLimits);
  // A GraphiQL session counts against the token budgets as a token of its own.
  const caller = ctx.caller.kind === 'token' ? `token:${ctx.caller.tokenId}` : `session:${ctx.caller.sessionId}`;
  const budgets: Array<{ budget: RateLimitBudget; bucket: string }> = heavy
    ? [
        { budget: 'heavy_company', bucket: 'heavy:company' },
        { budget: 'heavy_token', bucket: `heavy:${caller}` },
      ]
    : [
        { budget: 'company', bucket: 'company' },
        { budget: 'token', bucket: caller },
      ];
  // Buckets in one order for every request, so two requests never wait for each other's rows crosswise.
  const rows = await sql.queryPrepared<{ bucket: string; count: number; now_seconds: number }>(COUNT_REQUEST, [
    ctx.company.id,
    budgets.map((b) => b.bucket),
    RATE_LIMIT_WINDOW_SECONDS,
  ]);
  const resetSeconds = Math.max(1, Math.ceil(RATE_LIMIT_WINDOW_SECONDS - (Number(rows[0]!.now_seconds) % RATE_LIMIT_WINDOW_SECONDS)));
  const states = budgets.map(({ budget, bucket }) => {
    const used = Number(rows.find((row) => row.bucket === bucket)!.count);
    return { budget, limit: limits[budget], used, remaining: Math.max(0, limits[budget] - used) };
  });
  res.setHeader('RateLimit-Policy', states.map((s) => `"${s.budget}";q=${s.limit};w=${RATE_LIMIT_WINDOW_SECONDS}`).join(', '));
  const tightest = states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  res.setHeader('RateLimit', `"${tightest.budget}";r=${tightest.remaining};t=${resetSeconds}`);

  const spent = states.find((s) => s.used > s.limit);
  if (spent) {
    res.setHeader('Retry-After', String(resetSeconds));
    const whose = spent.budget.endsWith('company') ? 'this company' : 'this API token';
    const kind = heavy ? 'heavy requests (the stock export, imports, PDFs)' : 'requests';
    throw new HttpProblem(429, `Too many requests: ${whose} may make ${spent.limit} ${kind} per minute. Try again in ${resetSeconds} second${resetSeconds === 1 ? '' : 's'}.`);
  }
}
