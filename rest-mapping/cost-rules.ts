// Cost rules (snake_case, {data} envelopes) and their resolution. Every route needs the company's cost_rules
// feature: without it, 403 {message}.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const TAG = 'Cost Rules';
const FEATURE = 'Needs the cost_rules feature of the company (else 403).';
const COST_RULE_FIELDS = `fragment CostRuleFields on CostRule {
  id vendorId vendorName name description documentType documentTypes tierMode tierQuantityBasis priority status isActive
  effectiveFrom effectiveTo moq orderMultiple outputKind extraCostItemName costAllocationType costBasis costBasisAmount shipmentType
  options { autoApply addAsAdditionalFee }
  scopes { ${everyField('CostRuleScope')} }
  conditions { ${everyField('CostRuleCondition')} }
  tiers { ${everyField('CostRuleTier', { effects: everyField('CostRuleEffect') })} }
  createdAt updatedAt
}`;
const RULES =
  'Rules: name (at most 255 characters) and document_types (at least one; or the singular document_type) are required; vendor_id is required unless output_kind is EXTRA_COST or the document types include PRODUCTION_RUN; an EXTRA_COST rule may not have a vendor_id (scope it with a SUPPLIER condition) and needs cost_basis and cost_basis_amount; the name is unique per vendor among rules not deleted, without regard to case (checked under a lock, so of two requests at once taking one name only one succeeds: two creates give one 201 and one 422). ' +
  'tiers: [{min_quantity (decimal string or number, ≥ 0, one tier per value), effects: [{effect_type, amount (decimal string or number), sequence (answered as order), description}]}]; scopes: [{scope_type, scope_value (ids; comma-separated for IN), scope_operator, scope_extra}]; conditions: [{condition_type, field_key, operator, values}]; options: {auto_apply, add_as_additional_fee}. The decimal fields (min_quantity, amount, moq, order_multiple, cost_basis_amount) are answered as numbers. ' +
  'Enumerations (any case in, upper case out; another value is a 422 listing the values): document_type PURCHASE_ORDER, WORK_ORDER, SHIPMENT, PRODUCTION_RUN; status ACTIVE, INACTIVE; tier_mode NON_GRADUATED, GRADUATED; tier_quantity_basis LINE, PRODUCTION_RUN_TOTAL; output_kind UNIT_COST, EXTRA_COST; cost_basis PERCENTAGE, FIXED_PER_UNIT, FIXED_TOTAL; cost_allocation_type UNIT_BASED_ALLOCATION, VALUE_BASED_ALLOCATION; effect_type BASE_PRICE, FIXED_PER_UNIT, PERCENTAGE, FIXED_TOTAL; scope_type PRODUCT, CATEGORY, TAG, ALL; scope_operator EQUALS, IN, NOT_EQUALS; condition_type SUPPLIER, WAREHOUSE, CURRENCY; operator IN, NOT_IN. ' +
  'Errors are 422s naming the field, e.g. tiers.0.effects.1.amount.';

export const costRuleRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/cost-rules',
    operationId: 'listCostRules',
    tag: TAG,
    summary: 'List cost rules',
    description: `${FEATURE} Rules not deleted. Filters vendor_id, document_type (rules whose document_types include it), status and is_active, with the grammar of GET /products. \`sort\` takes id, name, priority, created_at or updated_at (prefix - for descending).`,
    graphql: /* GraphQL */ `
      query ListCostRules($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        costRules(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ...CostRuleFields } ${PAGE_META} }
      }
      ${COST_RULE_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'costRules' },
    envelope: 'page',
  },
  {
    method: 'POST',
    path: '/cost-rules',
    operationId: 'createCostRule',
    tag: TAG,
    summary: 'Create a cost rule',
    description: `${FEATURE} ${RULES}`,
    graphql: /* GraphQL */ `mutation CreateCostRule($input: CostRuleInput!) { createCostRule(input: $input) { ...CostRuleFields } } ${COST_RULE_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'POST',
    path: '/cost-rules/resolve',
    operationId: 'resolveCostRule',
    tag: TAG,
    summary: 'Resolve the unit cost of a line from the cost rules',
    description:
      `${FEATURE} {document_type, product_id, quantity (> 0), vendor_id?, date? (YYYY-MM-DD, default today), warehouse_id?, production_batch_id?, currency?, service_unit_price?} → {data: {used_cost_rule, cost_rule_id, cost_rule_name, resolved_unit_cost, fallback_source, tier_min_qty, breakdown: [{effect, description, amount, delta, result (decimal strings), costRuleId, costRuleName}], next_tier_hint: {min_qty, unit_cost, savings} | null, extra_costs: [{cost_rule_id, cost_rule_name, name, cost_basis, cost_basis_amount, cost_allocation_type, add_as_additional_fee, unit_amount, total_amount}]}}. ` +
      'Candidates: UNIT_COST rules with tiers, status ACTIVE and is_active, effective on the date, of the document type, of the vendor (a rule without vendor matches any), every scope and condition matching (a CATEGORY scope matches the product\'s category or subcategory; a rule without scopes matches every product; a condition on a vendor, warehouse or currency the line does not have matches only with NOT_IN); the highest priority wins, then the most specific scope (PRODUCT > TAG > CATEGORY > ALL), then the lowest id. ' +
      'The tier quantity (the line quantity, or with PRODUCTION_RUN_TOTAL the planned quantity of the batch\'s work orders not cancelled, the line quantity when there is no batch or it is empty) is raised to moq and rounded up to order_multiple. ' +
      'A tier covers from its min_quantity up to the next tier\'s; the first also covers anything below it. A tier\'s unit cost starts at 0 and its effects apply in order; every step is rounded to 10 decimals. NON_GRADUATED prices every unit at the tier containing it; GRADUATED prices each slice at its tier and divides the total by the quantity. ' +
      'breakdown lists every step: PRODUCTION_RUN_TOTAL, MOQ and ORDER_MULTIPLE (amount the basis, moq or multiple; result the quantity), then the effects (result the unit cost so far); GRADUATED, each tier\'s effects are followed by a TIER_SLICE (amount the units, delta their cost, result the running total) and a last GRADUATED_UNIT_COST (the total divided by the quantity). ' +
      'next_tier_hint: the next tier\'s min quantity, its own unit cost at that quantity and the saving per unit against the current tier\'s own unit cost (GRADUATED: the marginal costs); null at the top tier. Without a rule: service_unit_price, else the vendor\'s supplier SKU cost, else the product\'s unit_cost (fallback_source service_unit_price, supplier_sku_cost or product_unit_cost; null with resolved_unit_cost null when none has one), and breakdown is empty. ' +
      'EXTRA_COST rules with options.auto_apply that match add extra_costs lines: PERCENTAGE of the resolved unit cost, FIXED_PER_UNIT, or FIXED_TOTAL spread over the quantity.',
    graphql: /* GraphQL */ `query ResolveCostRule($input: CostRuleResolveInput!) { costRuleResolution(input: $input) }`,
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/cost-rules/{costRuleId}',
    operationId: 'getCostRule',
    tag: TAG,
    summary: 'Get a cost rule',
    description: `${FEATURE} A deleted rule answers 404.`,
    graphql: /* GraphQL */ `query GetCostRule($id: Int!) { costRule(id: $id) { ...CostRuleFields } } ${COST_RULE_FIELDS}`,
    pathParams: { costRuleId: 'id' },
    envelope: 'data',
  },
  {
    method: 'PATCH',
    path: '/cost-rules/{costRuleId}',
    operationId: 'updateCostRule',
    tag: TAG,
    summary: 'Update a cost rule',
    description: `${FEATURE} Only the fields given change; tiers, scopes and conditions, when given, replace the stored ones ([] removes them). The rules of create apply to the rule as it will stand. ${RULES}`,
    graphql: /* GraphQL */ `
      mutation UpdateCostRule($id: Int!, $input: CostRuleInput!) { updateCostRule(id: $id, input: $input) { ...CostRuleFields } } ${COST_RULE_FIELDS}`,
    pathParams: { costRuleId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/cost-rules/{costRuleId}',
    operationId: 'deleteCostRule',
    tag: TAG,
    summary: 'Delete a cost rule',
    description: `${FEATURE} A soft delete (the rule keeps its row, with deletedAt set): answers with the rule as it was; afterwards it answers 404, never applies, and its name is free.`,
    graphql: /* GraphQL */ `mutation DeleteCostRule($id: Int!) { deleteCostRule(id: $id) { ...CostRuleFields } } ${COST_RULE_FIELDS}`,
    pathParams: { costRuleId: 'id' },
    envelope: 'data',
  },
];
