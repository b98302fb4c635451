// The tenancy area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/tenancy/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { TOKEN_SCOPES, authenticateToken, createApiToken, listApiTokens, revokeApiToken } from './api-tokens.js';
export { createCompany, createUser, findCompanyBySlug } from './companies.js';
export { currentCompany, currentCompanyNameSql, updateCompanyProfile } from './company-profile.js';
export { FEATURES, clearFeature, hasFeature, listFeatures, requireFeature, setFeature } from './features.js';
export type { FeatureName } from './features.js';
export {
  DEFAULT_RATE_LIMITS,
  RATE_LIMIT_BUDGETS,
  RATE_LIMIT_WINDOW_SECONDS,
  companyRateLimits,
  effectiveRateLimits,
  parseRateLimits,
  setCompanyRateLimits,
} from './rate-limits.js';
export type { RateLimitBudget, RateLimits } from './rate-limits.js';
export { SignInFailedError, SignInThrottledError, signIn } from './sign-in.js';
