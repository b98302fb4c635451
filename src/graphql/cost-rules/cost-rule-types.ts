// The cost rule resource and its tiers, effects, scopes and conditions. Enumerated fields are strings whose
// values the descriptions list (the contract's values are upper case; the domain checks them).
import { builder } from '../builder.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { costRuleEnums as enums, optionOf, optionSql } from '../../domain/cost-rules/index.js';
import { dateOnlyColumn } from '../../domain/shared/selection-json-sql.js';
import { jsonSql } from '../shared/derived-json-types.js';

const { oneOf } = enums;

builder.prismaObject('CostRuleEffect', {
  description: 'One step of a tier: applied in `order` to the unit cost.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    costRuleId: t.exposeInt('costRuleId'),
    costRuleTierId: t.exposeInt('costRuleTierId'),
    effectType: t.exposeString('effectType', {
      description: `${oneOf(enums.EFFECT_TYPES)} BASE_PRICE sets the unit cost, FIXED_PER_UNIT adds, PERCENTAGE adds that percentage of the cost so far, FIXED_TOTAL adds the amount divided by the tier quantity.`,
    }),
    amount: t.expose('amount', { type: 'Decimal' }),
    order: t.exposeInt('order', { description: "The request's sequence." }),
    description: t.exposeString('description', { nullable: true }),
  }),
});

builder.prismaObject('CostRuleTier', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    costRuleId: t.exposeInt('costRuleId'),
    minQuantity: t.expose('minQuantity', { type: 'Decimal' }),
    maxQuantity: t.expose('maxQuantity', { type: 'Decimal', nullable: true, description: "The next tier's min quantity (exclusive); null on the last tier." }),
    effects: t.relation('effects', { query: { orderBy: { order: 'asc' } } }),
  }),
});

builder.prismaObject('CostRuleScope', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    costRuleId: t.exposeInt('costRuleId'),
    scopeType: t.exposeString('scopeType', { description: oneOf(enums.SCOPE_TYPES) }),
    scopeValue: t.exposeString('scopeValue', { description: 'Product, category or tag ids: one, or comma-separated for IN.' }),
    scopeOperator: t.exposeString('scopeOperator', { description: oneOf(enums.SCOPE_OPERATORS) }),
    scopeExtra: t.expose('scopeExtra', { type: 'JSON' }),
  }),
});

builder.prismaObject('CostRuleCondition', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    costRuleId: t.exposeInt('costRuleId'),
    conditionType: t.exposeString('conditionType', { description: `${oneOf(enums.CONDITION_TYPES)} Compared with the line's vendor, warehouse or currency.` }),
    fieldKey: t.exposeString('fieldKey', { nullable: true }),
    operator: t.exposeString('operator', { description: oneOf(enums.CONDITION_OPERATORS) }),
    values: t.exposeStringList('values'),
  }),
});

const CostRuleOptionsRef = builder.objectRef<{ autoApply: boolean; addAsAdditionalFee: boolean }>('CostRuleOptions').implement({
  fields: (t) => ({
    autoApply: t.exposeBoolean('autoApply', { description: 'An EXTRA_COST rule adds its extra cost line to resolutions by itself.' }),
    addAsAdditionalFee: t.exposeBoolean('addAsAdditionalFee'),
  }),
});

export const CostRuleRef = builder.prismaObject('CostRule', {
  description: 'How the unit cost (or an extra cost) of a document line is priced from tiers and effects.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    vendorId: t.exposeInt('vendorId', { nullable: true }),
    vendorName: t.string({
      nullable: true,
      select: { vendor: { select: { name: true } } },
      resolve: (rule) => rule.vendor?.name ?? null,
      extensions: jsonSql({
        value: (rule) => `(SELECT ${rule}_vendor.name FROM "Supplier" ${rule}_vendor WHERE ${rule}_vendor."companyId" = $1::int AND ${rule}_vendor.id = ${rule}."vendorId")`,
      }),
    }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    documentType: t.string({
      description: 'The first of document_types.',
      resolve: (rule) => rule.documentTypes[0] ?? '',
      extensions: jsonSql({ value: (rule) => `coalesce(${rule}."documentTypes"[1], '')` }),
    }),
    documentTypes: t.exposeStringList('documentTypes', { description: `At least one; each one of ${enums.DOCUMENT_TYPES.join(', ')}.` }),
    tierMode: t.exposeString('tierMode', { description: oneOf(enums.TIER_MODES) }),
    tierQuantityBasis: t.exposeString('tierQuantityBasis', { description: oneOf(enums.TIER_QUANTITY_BASES) }),
    priority: t.exposeInt('priority'),
    status: t.exposeString('status', { description: oneOf(enums.COST_RULE_STATUSES) }),
    isActive: t.exposeBoolean('isActive'),
    effectiveFrom: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (rule) => formatDateOnly(rule.effectiveFrom), extensions: jsonSql(dateOnlyColumn('effectiveFrom')) }),
    effectiveTo: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (rule) => formatDateOnly(rule.effectiveTo), extensions: jsonSql(dateOnlyColumn('effectiveTo')) }),
    moq: t.expose('moq', { type: 'Decimal', nullable: true }),
    orderMultiple: t.expose('orderMultiple', { type: 'Decimal', nullable: true }),
    outputKind: t.exposeString('outputKind', { description: oneOf(enums.OUTPUT_KINDS) }),
    extraCostItemName: t.exposeString('extraCostItemName', { nullable: true }),
    costAllocationType: t.exposeString('costAllocationType', { nullable: true, description: oneOf(enums.COST_ALLOCATION_TYPES) }),
    costBasis: t.exposeString('costBasis', { nullable: true, description: oneOf(enums.COST_BASES) }),
    costBasisAmount: t.expose('costBasisAmount', { type: 'Decimal', nullable: true }),
    shipmentType: t.exposeString('shipmentType', { nullable: true }),
    options: t.field({
      type: CostRuleOptionsRef,
      resolve: (rule) => ({ autoApply: optionOf(rule.options, 'auto_apply'), addAsAdditionalFee: optionOf(rule.options, 'add_as_additional_fee') }),
      // The same two flags as one row of `options`, a column each.
      extensions: jsonSql({
        type: 'CostRuleOptions',
        one: (rule, options) => ({
          from: `(SELECT ${optionSql(rule, 'auto_apply')} AS "autoApply", ${optionSql(rule, 'add_as_additional_fee')} AS "addAsAdditionalFee") ${options}`,
          where: 'true',
        }),
      }),
    }),
    scopes: t.relation('scopes', { query: { orderBy: { id: 'asc' } } }),
    conditions: t.relation('conditions', { query: { orderBy: { id: 'asc' } } }),
    tiers: t.relation('tiers', { query: { orderBy: { position: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});
