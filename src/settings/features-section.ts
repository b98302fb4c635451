// The company's feature flags on the settings page: read-only, because flags are an administrator's switch
// (the CLI, which needs access to the server), not something a company's own users turn on. Each row shows the
// exact command that flips it.
import type { FeatureName } from '../domain/tenancy/index.js';
import { escapeHtml } from './html.js';

export interface FeatureState {
  name: FeatureName;
  enabled: boolean;
}

/** The CLI command that turns the feature the other way for this company. */
export function featureToggleCommand(companySlug: string, feature: FeatureState): string {
  return `npm run cli -- company:features --company ${companySlug} --${feature.enabled ? 'disable' : 'enable'} ${feature.name}`;
}

export function renderFeaturesSection(companySlug: string, companyName: string, features: FeatureState[]): string {
  const rows = features
    .map(
      (feature) => `<tr data-feature="${escapeHtml(feature.name)}">
<td><code>${escapeHtml(feature.name)}</code></td>
<td>${feature.enabled ? 'on' : 'off'}</td>
<td><code>${escapeHtml(featureToggleCommand(companySlug, feature))}</code></td>
</tr>`,
    )
    .join('\n');
  return `<section aria-labelledby="features-heading">
<h2 id="features-heading">Features</h2>
<p class="hint">An administrator turns features on and off with the command shown, on the machine that runs the service.</p>
<table id="features">
<caption class="hint" style="text-align:left">Features of ${escapeHtml(companyName)}</caption>
<thead><tr><th scope="col">Feature</th><th scope="col">State</th><th scope="col">Change with</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}
