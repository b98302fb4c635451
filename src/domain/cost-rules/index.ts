// The cost-rules area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/cost-rules/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as costRuleEnums from './cost-rule-enums.js';
export * as costRules from './cost-rules.js';
export { COST_RULE_FILTERS } from './cost-rules.js';
export { resolveCostRuleRequest } from './resolve-request.js';
export { optionOf, optionSql, resolutionJson, resolveCostRule } from './resolve.js';
