// company:features — turns a company's feature flags on and off (cost_rules), or lists them.
import { tenantClient } from '../../db/tenant-client.js';
import { findCompanyBySlug } from '../../domain/tenancy/companies.js';
import { clearFeature, listFeatures, setFeature } from '../../domain/tenancy/features.js';
import { UsageError } from '../args.js';
import { defineCommand } from '../command.js';
import { formatTable } from '../format.js';

export const companyFeatures = defineCommand({
  name: 'company:features',
  summary: "Turn a company's feature on (--enable) or off (--disable), or list its features.",
  flags: [
    { name: 'company', placeholder: 'slug', required: true },
    { name: 'enable', placeholder: 'feature' },
    { name: 'disable', placeholder: 'feature' },
  ],
  parse: (flags) => {
    const enable = flags.optional('enable');
    const disable = flags.optional('disable');
    if (enable !== undefined && disable !== undefined) throw new UsageError('Give --enable or --disable, not both.');
    return { companySlug: flags.string('company'), enable, disable };
  },
  async run({ prisma, out }, input) {
    const company = await findCompanyBySlug(prisma, input.companySlug);
    const db = tenantClient(prisma, company.id);
    if (input.enable !== undefined) {
      await setFeature(db, input.enable.trim());
      out.line(`Feature ${input.enable.trim()} is on for company ${company.slug}.`);
    } else if (input.disable !== undefined) {
      await clearFeature(db, input.disable.trim());
      out.line(`Feature ${input.disable.trim()} is off for company ${company.slug}.`);
    } else {
      const rows = (await listFeatures(db)).map((feature) => [feature.name, feature.enabled ? 'on' : 'off']);
      for (const line of formatTable(['FEATURE', 'STATE'], rows)) out.line(line);
    }
  },
});

export const companyFeatureCommands = [companyFeatures];
