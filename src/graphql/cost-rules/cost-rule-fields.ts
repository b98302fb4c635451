// Cost rule queries and mutations: argument plumbing only; rules in src/domain/cost-rules.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams, withFilterParams } from '../shared/filters.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { costRules, resolveCostRuleRequest } from '../../domain/cost-rules/index.js';
import { CostRuleRef } from './cost-rule-types.js';
import { CostRuleInput, CostRuleResolveInput } from './cost-rule-inputs.js';

const CostRulePageRef = pageOf('CostRulePage', CostRuleRef);

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections
// (a scope's scopeExtra, the caller's own JSON, among them).
compiledList('costRules', 'CostRule', (ctx, args, query) => costRules.listCostRules(ctx.db, withFilterParams(args), query));
compiledRecord('costRule', 'CostRule', (ctx, args, query) => costRules.getCostRule(ctx.db, args.id, query));

builder.queryFields((t) => ({
  costRules: t.field({
    type: CostRulePageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: vendor_id, document_type, status, is_active.') },
    resolve: (_root, args, ctx, info) =>
      costRules.listCostRules(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'CostRule', path: ['items'] })),
  }),
  costRule: t.prismaField({
    type: 'CostRule',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => costRules.getCostRule(ctx.db, args.id, query),
  }),
  costRuleResolution: t.field({
    type: 'JSON',
    description:
      'The unit cost a line would get from the cost rules: {used_cost_rule, cost_rule_id, cost_rule_name, resolved_unit_cost, fallback_source, tier_min_qty, breakdown, next_tier_hint, extra_costs}, keys as written.',
    args: { input: t.arg({ type: CostRuleResolveInput, required: true }) },
    resolve: (_root, args, ctx) => resolveCostRuleRequest(ctx.db, args.input),
  }),
}));

builder.mutationFields((t) => ({
  createCostRule: t.prismaField({
    type: 'CostRule',
    args: { input: t.arg({ type: CostRuleInput, required: true }) },
    resolve: compiledMutation('createCostRule', 'CostRule', (ctx, args, query) => costRules.createCostRule(ctx.db, args.input, query)),
  }),
  updateCostRule: t.prismaField({
    type: 'CostRule',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: CostRuleInput, required: true }) },
    resolve: compiledMutation('updateCostRule', 'CostRule', (ctx, args, query) => costRules.updateCostRule(ctx.db, args.id, args.input, query)),
  }),
  deleteCostRule: t.prismaField({
    type: 'CostRule',
    description: 'A soft delete: the rule no longer applies or shows, and its name is free again.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteCostRule', 'CostRule', (ctx, args, query) => costRules.deleteCostRule(ctx.db, args.id, query)),
  }),
}));
