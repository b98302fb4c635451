// Inputs of the cost rule routes. Every field is optional here so that the domain can name every missing
// or wrong field in one answer; decimals the contract sends as strings take DecimalString.
import { builder } from '../builder.js';
import { costRuleEnums as enums } from '../../domain/cost-rules/index.js';

const { oneOf } = enums;

const CostRuleEffectInput = builder.inputType('CostRuleEffectInput', {
  fields: (t) => ({
    effectType: t.string({ required: false, description: `Required. ${oneOf(enums.EFFECT_TYPES)}` }),
    amount: t.field({ type: 'DecimalString', required: false, description: 'Required. PERCENTAGE: a percentage of the cost so far (negative: a discount).' }),
    sequence: t.int({ required: false, description: "The effect's order in its tier (answered as `order`); default its place, from 1." }),
    description: t.string({ required: false }),
  }),
});

const CostRuleTierInput = builder.inputType('CostRuleTierInput', {
  fields: (t) => ({
    minQuantity: t.field({ type: 'DecimalString', required: false, description: 'Required, at least 0; one tier per min quantity.' }),
    effects: t.field({ type: [CostRuleEffectInput], required: false }),
  }),
});

const CostRuleScopeInput = builder.inputType('CostRuleScopeInput', {
  fields: (t) => ({
    scopeType: t.string({ required: false, description: `Required. ${oneOf(enums.SCOPE_TYPES)}` }),
    scopeValue: t.string({ required: false, description: 'Product, category or tag ids that exist: one id, or comma-separated with IN; ignored for ALL.' }),
    scopeOperator: t.string({ required: false, description: `${oneOf(enums.SCOPE_OPERATORS)} Default EQUALS.` }),
    scopeExtra: t.field({ type: 'JSON', required: false, description: 'An object kept with the scope.' }),
  }),
});

const CostRuleConditionInput = builder.inputType('CostRuleConditionInput', {
  fields: (t) => ({
    conditionType: t.string({ required: false, description: `Required. ${oneOf(enums.CONDITION_TYPES)}` }),
    fieldKey: t.string({ required: false, description: 'Default vendor_id, warehouse_id or currency.' }),
    operator: t.string({ required: false, description: `${oneOf(enums.CONDITION_OPERATORS)} Default IN.` }),
    values: t.stringList({ required: false, description: 'At least one: supplier or warehouse ids, or ISO 4217 codes.' }),
  }),
});

const CostRuleOptionsInput = builder.inputType('CostRuleOptionsInput', {
  fields: (t) => ({
    autoApply: t.boolean({ required: false }),
    addAsAdditionalFee: t.boolean({ required: false }),
  }),
});

export const CostRuleInput = builder.inputType('CostRuleInput', {
  description: 'On create, name and document_types (or document_type) are required; on update only the fields given change.',
  fields: (t) => ({
    vendorId: t.int({ required: false, description: 'Required unless output_kind is EXTRA_COST (which refuses it) or the document types include PRODUCTION_RUN.' }),
    name: t.string({ required: false, description: 'At most 255 characters; unique per vendor among rules not deleted.' }),
    description: t.string({ required: false }),
    documentTypes: t.stringList({ required: false, description: `At least one; each one of ${enums.DOCUMENT_TYPES.join(', ')}.` }),
    documentType: t.string({ required: false, description: 'The singular alternative to document_types (back-compatible).' }),
    status: t.string({ required: false, description: `${oneOf(enums.COST_RULE_STATUSES)} Default ACTIVE.` }),
    tierMode: t.string({ required: false, description: `${oneOf(enums.TIER_MODES)} Default NON_GRADUATED.` }),
    tierQuantityBasis: t.string({ required: false, description: `${oneOf(enums.TIER_QUANTITY_BASES)} Default LINE.` }),
    priority: t.int({ required: false, description: 'Higher wins. Default 0.' }),
    isActive: t.boolean({ required: false, description: 'Default true.' }),
    effectiveFrom: t.string({ required: false, description: 'YYYY-MM-DD, inclusive.' }),
    effectiveTo: t.string({ required: false, description: 'YYYY-MM-DD, inclusive.' }),
    moq: t.field({ type: 'DecimalString', required: false, description: 'Greater than 0: a smaller quantity is priced as the moq.' }),
    orderMultiple: t.field({ type: 'DecimalString', required: false, description: 'Greater than 0: the quantity is rounded up to a multiple.' }),
    outputKind: t.string({ required: false, description: `${oneOf(enums.OUTPUT_KINDS)} Default UNIT_COST.` }),
    extraCostItemName: t.string({ required: false }),
    costAllocationType: t.string({ required: false, description: oneOf(enums.COST_ALLOCATION_TYPES) }),
    costBasis: t.string({ required: false, description: `${oneOf(enums.COST_BASES)} Required for EXTRA_COST.` }),
    costBasisAmount: t.field({ type: 'DecimalString', required: false, description: 'At least 0. Required for EXTRA_COST.' }),
    shipmentType: t.string({ required: false }),
    options: t.field({ type: CostRuleOptionsInput, required: false }),
    tiers: t.field({ type: [CostRuleTierInput], required: false, description: 'Replaces the stored tiers.' }),
    scopes: t.field({ type: [CostRuleScopeInput], required: false, description: 'Replaces the stored scopes; every scope must match.' }),
    conditions: t.field({ type: [CostRuleConditionInput], required: false, description: 'Replaces the stored conditions; every condition must match.' }),
  }),
});

export const CostRuleResolveInput = builder.inputType('CostRuleResolveInput', {
  fields: (t) => ({
    documentType: t.string({ required: false, description: `Required. ${oneOf(enums.DOCUMENT_TYPES)}` }),
    vendorId: t.int({ required: false }),
    productId: t.int({ required: false, description: 'Required.' }),
    quantity: t.field({ type: 'DecimalString', required: false, description: 'Required, greater than 0.' }),
    date: t.string({ required: false, description: 'YYYY-MM-DD; default today (UTC).' }),
    warehouseId: t.int({ required: false }),
    productionBatchId: t.int({ required: false, description: 'For PRODUCTION_RUN_TOTAL rules: the batch whose work orders give the tier quantity.' }),
    currency: t.string({ required: false, description: 'ISO 4217, for CURRENCY conditions.' }),
    serviceUnitPrice: t.field({ type: 'DecimalString', required: false, description: 'The first fallback when no rule applies.' }),
  }),
});
