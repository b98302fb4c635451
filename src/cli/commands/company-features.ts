// company:features — turns a company's feature flags on and off (the names in FEATURES), or lists them.
// A name that is not a feature is a mistake on the command line (usage, exit 2), caught before the database opens.
import { tenantClient } from '../../db/tenant-client.js';
import { findCompanyBySlug, clearFeature, FEATURES, listFeatures, setFeature } from '../../domain/tenancy/index.js';
import { UsageError, type ParsedFlags } from '../args.js';
import { defineCommand } from '../command.js';
import { formatTable } from '../format.js';

function featureFlag(flags: ParsedFlags, name: 'enable' | 'disable'): string | undefined {
  const value = flags.optional(name)?.trim();
  if (value !== undefined && !(FEATURES as readonly string[]).includes(value)) {
    throw new UsageError(`Unknown feature "${value}" for --${name}. Known features: ${FEATURES.join(', ')}.`);
  }
  return value;
}

export const companyFeatures = defineCommand({
  name: 'company:features',
  summary: `Turn a company's features on (--enable) or off (--disable), or list them. Features: ${FEATURES.join(', ')}.`,
  flags: [
    { name: 'company', placeholder: 'slug', required: true },
    { name: 'enable', placeholder: 'feature' },
    { name: 'disable', placeholder: 'feature' },
  ],
  parse: (flags) => {
    const enable = featureFlag(flags, 'enable');
    const disable = featureFlag(flags, 'disable');
    if (enable !== undefined && enable === disable) throw new UsageError(`--enable and --disable both name ${enable}; give one of them.`);
    return { companySlug: flags.string('company'), enable, disable };
  },
  async run({ prisma, out }, input) {
    const company = await findCompanyBySlug(prisma, input.companySlug);
    const db = tenantClient(prisma, company.id);
    if (input.enable !== undefined) {
      await setFeature(db, input.enable);
      out.line(`Feature ${input.enable} is on for company ${company.slug}.`);
    }
    if (input.disable !== undefined) {
      await clearFeature(db, input.disable);
      out.line(`Feature ${input.disable} is off for company ${company.slug}.`);
    }
    if (input.enable === undefined && input.disable === undefined) {
      const rows = (await listFeatures(db)).map((feature) => [feature.name, feature.enabled ? 'on' : 'off']);
      for (const line of formatTable(['FEATURE', 'STATE'], rows)) out.line(line);
    }
  },
});

export const companyFeatureCommands = [companyFeatures];
