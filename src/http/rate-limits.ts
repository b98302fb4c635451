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

// The two buckets as rows of VALUES, not a SELECT from an array: on Citus an INSERT … SELECT of computed rows is
// collected on the coordinator and copied in, a two-phase commit that locks every company's shards, while rows
// of VALUES go straight to the company's shard (docs/scaling-out.md). Citus refuses now() in RETURNING there, so
// the row gives back its window's start, and the seconds left in the window are counted on this process's clock.
const COUNT_REQUEST = `
  INSERT INTO "RateLimitCounter" AS c ("companyId", bucket, "windowStart", count)
  VALUES ($1, $2, to_timestamp(floor(extract(epoch FROM now()) / $4) * $4) AT TIME ZONE 'UTC', 1),
         ($1, $3, to_timestamp(floor(extract(epoch FROM now()) / $4) * $4) AT TIME ZONE 'UTC', 1)
  ON CONFLICT ("companyId", bucket) DO UPDATE
  SET count = CASE WHEN c."windowStart" = EXCLUDED."windowStart" THEN c.count + 1 ELSE 1 END,
      "windowStart" = EXCLUDED."windowStart"
  RETURNING bucket, count, extract(epoch FROM "windowStart")::float8 AS window_start_seconds`;

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
  const rows = await sql.queryPrepared<{ bucket: string; count: number; window_start_seconds: number }>(COUNT_REQUEST, [
    ctx.company.id,
    budgets[0]!.bucket,
    budgets[1]!.bucket,
    RATE_LIMIT_WINDOW_SECONDS,
  ]);
  const windowEnd = Number(rows[0]!.window_start_seconds) + RATE_LIMIT_WINDOW_SECONDS;
  const resetSeconds = Math.min(RATE_LIMIT_WINDOW_SECONDS, Math.max(1, Math.ceil(windowEnd - Date.now() / 1000)));
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
