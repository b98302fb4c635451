// company:rate-limits — shows a company's request budgets per minute, sets its own numbers (--set), or puts
// budgets back to the service's defaults (--reset). A malformed --set or an unknown budget is a usage error
// (exit 2), caught before the database opens.
import { tenantClient } from '../../db/tenant-client.js';
import {
  findCompanyBySlug,
  companyRateLimits,
  DEFAULT_RATE_LIMITS,
  effectiveRateLimits,
  parseRateLimits,
  RATE_LIMIT_BUDGETS,
  setCompanyRateLimits,
  type RateLimitBudget,
} from '../../domain/tenancy/index.js';
import { UsageError } from '../args.js';
import { defineCommand } from '../command.js';
import { formatTable } from '../format.js';

export const companyRateLimitsCommand = defineCommand({
  name: 'company:rate-limits',
  summary: `Show a company's API request limits per minute, set its own (--set token=600,company=1200), or reset budgets to the service's defaults (--reset token,heavy_company or --reset all). Budgets: ${RATE_LIMIT_BUDGETS.join(', ')}.`,
  flags: [
    { name: 'company', placeholder: 'slug', required: true },
    { name: 'set', placeholder: 'budget=number,...' },
    { name: 'reset', placeholder: 'budget,...|all' },
  ],
  parse: (flags) => {
    const setText = flags.optional('set');
    let limits: Partial<Record<RateLimitBudget, number>> = {};
    if (setText !== undefined) {
      const parsed = parseRateLimits(setText);
      if (parsed.problems.length > 0) throw new UsageError(`--set: ${parsed.problems.join(' ')}`);
      if (Object.keys(parsed.limits).length === 0) throw new UsageError('--set needs at least one budget=number.');
      limits = parsed.limits;
    }
    const resetText = flags.optional('reset')?.trim();
    let reset: RateLimitBudget[] = [];
    if (resetText !== undefined) {
      reset = resetText === 'all' ? [...RATE_LIMIT_BUDGETS] : (resetText.split(',').map((b) => b.trim()).filter(Boolean) as RateLimitBudget[]);
      const unknown = reset.filter((budget) => !(RATE_LIMIT_BUDGETS as readonly string[]).includes(budget));
      if (unknown.length > 0 || reset.length === 0) throw new UsageError(`--reset takes budgets (${RATE_LIMIT_BUDGETS.join(', ')}) or all; got "${resetText}".`);
    }
    const both = reset.filter((budget) => budget in limits);
    if (both.length > 0) throw new UsageError(`--set and --reset both name ${both.join(', ')}; give one of them.`);
    return { companySlug: flags.string('company'), set: limits, reset };
  },
  async run({ prisma, out, config }, input) {
    const company = await findCompanyBySlug(prisma, input.companySlug);
    const db = tenantClient(prisma, company.id);
    const changes: Partial<Record<RateLimitBudget, number | null>> = { ...input.set };
    for (const budget of input.reset) changes[budget] = null;
    const own = Object.keys(changes).length > 0 ? await setCompanyRateLimits(db, changes) : await companyRateLimits(db);
    const defaults = config.rateLimits ?? DEFAULT_RATE_LIMITS;
    const effective = effectiveRateLimits(defaults, own);
    const rows = RATE_LIMIT_BUDGETS.map((budget) => [budget, String(effective[budget]), budget in own ? 'company' : 'default']);
    for (const line of formatTable(['BUDGET', 'PER MINUTE', 'FROM'], rows)) out.line(line);
  },
});

export const companyRateLimitCommands = [companyRateLimitsCommand];
