// Cost rules over real HTTP: the cost_rules feature flag (403 when off), the five rules of POST /cost-rules,
// the whole resource with exact keys, filters, PATCH replacing children, the soft delete freeing the name,
// resolutions (non-graduated and graduated with next-tier hints, effects in order, moq and order_multiple,
// priority and specificity, conditions, dates, the production run total, extra costs, fallbacks), purchase
// order lines priced by rules, bad input on every route, and two creates of one name at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { clearFeature, setFeature } from '../../src/domain/tenancy/features.js';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let vendor: any;
let otherVendor: any;
let plant: any;
let depot: any;
let category: any;
let tag: any;
let productCount = 0;

const RULE_KEYS = [
  'conditions', 'cost_allocation_type', 'cost_basis', 'cost_basis_amount', 'created_at', 'description', 'document_type', 'document_types',
  'effective_from', 'effective_to', 'extra_cost_item_name', 'id', 'is_active', 'moq', 'name', 'options', 'order_multiple', 'output_kind',
  'priority', 'scopes', 'shipment_type', 'status', 'tier_mode', 'tier_quantity_basis', 'tiers', 'updated_at', 'vendor_id', 'vendor_name',
];
const RESOLUTION_KEYS = ['breakdown', 'cost_rule_id', 'cost_rule_name', 'extra_costs', 'fallback_source', 'next_tier_hint', 'resolved_unit_cost', 'tier_min_qty', 'used_cost_rule'];

const flags = (tenant: Tenant) => tenantClient(server.database.prisma, tenant.companyId);
const base = (amount: string, sequence = 1) => ({ effect_type: 'BASE_PRICE', amount, sequence });
/** Price breaks 0 → 10, 100 → 8, 500 → 7 + 0.50 per unit. */
const BREAKS = [
  { min_quantity: '0', effects: [base('10.00')] },
  { min_quantity: '100', effects: [base('8')] },
  { min_quantity: '500', effects: [base('7'), { effect_type: 'FIXED_PER_UNIT', amount: '0.5', sequence: 2, description: 'Packaging' }] },
];
async function product(extra: Record<string, unknown> = {}) {
  productCount += 1;
  return post('/products', { name: `Part ${productCount}`, sku: `P-${productCount}`, ...extra });
}
/** A PURCHASE_ORDER rule of the vendor for one product. */
const ruleFor = (productId: number, extra: Record<string, unknown> = {}) =>
  post('/cost-rules', { name: `Rule ${productId}-${Math.random()}`, vendor_id: vendor.id, document_types: ['PURCHASE_ORDER'], tiers: BREAKS, scopes: [{ scope_type: 'PRODUCT', scope_value: String(productId) }], ...extra });
const resolve = async (body: Record<string, unknown>) => {
  const res = await api('POST', '/cost-rules/resolve', { document_type: 'PURCHASE_ORDER', vendor_id: vendor.id, ...body });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  await setFeature(flags(acme), 'cost_rules');
  vendor = await post('/suppliers', { name: 'Forge Ltd' });
  otherVendor = await post('/suppliers', { name: 'Smelter SA' });
  plant = await post('/locations', { name: 'Plant' });
  depot = await post('/locations', { name: 'Depot' });
  category = await post('/categories', { name: 'Castings' });
  tag = await post('/tags', { name: 'Heavy' });
});

describe('the cost_rules feature', () => {
  it('answers 403 {message} on every route while the feature is off, and serves them once it is on', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/cost-rules'],
      ['POST', '/cost-rules', { name: 'X', document_types: ['PRODUCTION_RUN'] }],
      ['GET', '/cost-rules/1'],
      ['PATCH', '/cost-rules/1', { name: 'Y' }],
      ['DELETE', '/cost-rules/1'],
      ['POST', '/cost-rules/resolve', { document_type: 'WORK_ORDER', product_id: 1, quantity: 1 }],
    ];
    for (const [method, path, body] of routes) {
      const res = await api(method, path, body, globex);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: expect.stringMatching(/^The cost rules feature is off for this company\./) });
    }
    await setFeature(flags(globex), 'cost_rules');
    expect((await api('GET', '/cost-rules', undefined, globex)).status).toBe(200);
    expect((await api('POST', '/cost-rules', { name: 'X', document_types: ['PRODUCTION_RUN'] }, globex)).status).toBe(201);
    await clearFeature(flags(globex), 'cost_rules');
    expect((await api('GET', '/cost-rules', undefined, globex)).status).toBe(403);
  });
});

describe('POST /cost-rules', () => {
  it('answers the whole resource: vendor_name, document_type = the first type, tiers with effects in order, scopes, conditions, options', async () => {
    const widget = await product({ unit_cost: 4 });
    const res = await api('POST', '/cost-rules', {
      name: 'Castings 2026',
      description: 'Quantity breaks',
      vendor_id: vendor.id,
      document_types: ['work_order', 'PURCHASE_ORDER'],
      tier_mode: 'GRADUATED',
      priority: 3,
      is_active: false,
      effective_from: '2026-01-01',
      effective_to: '2026-12-31',
      moq: 10,
      order_multiple: '5',
      tiers: [
        { min_quantity: '100', effects: [{ effect_type: 'FIXED_PER_UNIT', amount: '0.25', sequence: 2 }, { effect_type: 'BASE_PRICE', amount: '8.5', sequence: 1, description: 'List' }] },
        { min_quantity: 0, effects: [base('9.75')] },
      ],
      scopes: [{ scope_type: 'product', scope_value: String(widget.id), scope_operator: 'EQUALS', scope_extra: { note: 'x' } }],
      conditions: [{ condition_type: 'WAREHOUSE', operator: 'IN', values: [String(plant.id)] }],
      options: { auto_apply: false, add_as_additional_fee: true },
      shipment_type: 'LTL',
    });
    expect(res.status, res.text).toBe(201);
    const rule = res.body.data;
    expect(Object.keys(rule).sort()).toEqual(RULE_KEYS);
    expect(rule).toMatchObject({
      name: 'Castings 2026', description: 'Quantity breaks', vendor_id: vendor.id, vendor_name: 'Forge Ltd',
      document_type: 'WORK_ORDER', document_types: ['WORK_ORDER', 'PURCHASE_ORDER'], tier_mode: 'GRADUATED', tier_quantity_basis: 'LINE',
      priority: 3, status: 'ACTIVE', is_active: false, effective_from: '2026-01-01', effective_to: '2026-12-31', moq: 10, order_multiple: 5,
      output_kind: 'UNIT_COST', extra_cost_item_name: null, cost_allocation_type: null, cost_basis: null, cost_basis_amount: null,
      shipment_type: 'LTL', options: { auto_apply: false, add_as_additional_fee: true },
    });
    expect(rule.tiers).toEqual([
      { id: expect.any(Number), cost_rule_id: rule.id, min_quantity: 0, max_quantity: 100, effects: [{ id: expect.any(Number), cost_rule_id: rule.id, cost_rule_tier_id: rule.tiers[0].id, effect_type: 'BASE_PRICE', amount: 9.75, order: 1, description: null }] },
      {
        id: expect.any(Number), cost_rule_id: rule.id, min_quantity: 100, max_quantity: null,
        effects: [
          { id: expect.any(Number), cost_rule_id: rule.id, cost_rule_tier_id: rule.tiers[1].id, effect_type: 'BASE_PRICE', amount: 8.5, order: 1, description: 'List' },
          { id: expect.any(Number), cost_rule_id: rule.id, cost_rule_tier_id: rule.tiers[1].id, effect_type: 'FIXED_PER_UNIT', amount: 0.25, order: 2, description: null },
        ],
      },
    ]);
    expect(rule.scopes).toEqual([{ id: expect.any(Number), cost_rule_id: rule.id, scope_type: 'PRODUCT', scope_value: String(widget.id), scope_operator: 'EQUALS', scope_extra: { note: 'x' } }]);
    expect(rule.conditions).toEqual([{ id: expect.any(Number), cost_rule_id: rule.id, condition_type: 'WAREHOUSE', field_key: 'warehouse_id', operator: 'IN', values: [String(plant.id)] }]);
    expect((await api('GET', `/cost-rules/${rule.id}`)).body.data).toEqual(rule);
  });

  it('rule 1: requires name and document_types, or the singular document_type', async () => {
    expectErrors(await api('POST', '/cost-rules', { vendor_id: vendor.id }), ['name', 'document_types']);
    expectErrors(await api('POST', '/cost-rules', { name: '  ', document_types: [], vendor_id: vendor.id }), ['name', 'document_types']);
    expectErrors(await api('POST', '/cost-rules', { name: 'x'.repeat(256), document_type: 'INVOICE', vendor_id: vendor.id }), ['name', 'document_type']);
    const single = await post('/cost-rules', { name: 'Singular', document_type: 'shipment', vendor_id: vendor.id });
    expect(single).toMatchObject({ document_type: 'SHIPMENT', document_types: ['SHIPMENT'] });
    const res = await api('POST', '/cost-rules', { name: 'Bad types', document_types: ['WORK_ORDER', 'INVOICE'], vendor_id: vendor.id });
    expectErrors(res, ['document_types.1']);
    expect(res.body.errors['document_types.1']).toEqual(['The document types must be one of: PURCHASE_ORDER, WORK_ORDER, SHIPMENT, PRODUCTION_RUN.']);
    expect((await api('POST', '/cost-rules', { name: 'y'.repeat(255), document_types: ['WORK_ORDER'], vendor_id: vendor.id })).status).toBe(201);
  });

  it('rule 2: requires vendor_id unless the rule is EXTRA_COST or covers PRODUCTION_RUN', async () => {
    const res = await api('POST', '/cost-rules', { name: 'No vendor', document_types: ['PURCHASE_ORDER'] });
    expectErrors(res, ['vendor_id']);
    expect(res.body.message).toMatch(/vendor id field is required/);
    expect((await post('/cost-rules', { name: 'Run rule', document_types: ['PRODUCTION_RUN'] })).vendor_id).toBeNull();
    const extra = await post('/cost-rules', { name: 'Freight', document_types: ['PURCHASE_ORDER'], output_kind: 'EXTRA_COST', cost_basis: 'PERCENTAGE', cost_basis_amount: '2.5' });
    expect(extra).toMatchObject({ vendor_id: null, vendor_name: null, output_kind: 'EXTRA_COST', cost_basis: 'PERCENTAGE', cost_basis_amount: 2.5 });
  });

  it('rule 3: refuses vendor_id on an EXTRA_COST rule, on create and on update', async () => {
    const res = await api('POST', '/cost-rules', { name: 'Duty', vendor_id: vendor.id, document_types: ['PURCHASE_ORDER'], output_kind: 'EXTRA_COST', cost_basis: 'FIXED_TOTAL', cost_basis_amount: 30 });
    expectErrors(res, ['vendor_id']);
    expect(res.body.errors.vendor_id[0]).toMatch(/EXTRA_COST rule may not have a vendor_id/);
    const duty = await post('/cost-rules', {
      name: 'Duty', document_types: ['PURCHASE_ORDER'], output_kind: 'EXTRA_COST', cost_basis: 'FIXED_TOTAL', cost_basis_amount: 30,
      conditions: [{ condition_type: 'SUPPLIER', operator: 'IN', values: [String(vendor.id)] }],
    });
    expectErrors(await api('PATCH', `/cost-rules/${duty.id}`, { vendor_id: vendor.id }), ['vendor_id']);
    // A UNIT_COST rule with a vendor cannot become EXTRA_COST while it keeps the vendor.
    const unit = await post('/cost-rules', { name: 'Unit', vendor_id: vendor.id, document_types: ['PURCHASE_ORDER'] });
    expectErrors(await api('PATCH', `/cost-rules/${unit.id}`, { output_kind: 'EXTRA_COST', cost_basis: 'PERCENTAGE', cost_basis_amount: 1 }), ['vendor_id']);
    const moved = await api('PATCH', `/cost-rules/${unit.id}`, { output_kind: 'EXTRA_COST', cost_basis: 'PERCENTAGE', cost_basis_amount: 1, vendor_id: null });
    expect(moved.status, moved.text).toBe(200);
  });

  it('rule 4: an EXTRA_COST rule needs cost_basis and cost_basis_amount', async () => {
    expectErrors(await api('POST', '/cost-rules', { name: 'Extra', document_types: ['WORK_ORDER'], output_kind: 'EXTRA_COST' }), ['cost_basis', 'cost_basis_amount']);
    const res = await api('POST', '/cost-rules', { name: 'Extra', document_types: ['WORK_ORDER'], output_kind: 'EXTRA_COST', cost_basis: 'PER_KILO', cost_basis_amount: '-1' });
    expectErrors(res, ['cost_basis', 'cost_basis_amount']);
    expect(res.body.errors.cost_basis).toEqual(['The cost basis must be one of: PERCENTAGE, FIXED_PER_UNIT, FIXED_TOTAL.']);
  });

  it('rule 5: the name is unique per vendor among rules not deleted; a delete frees it and the deleted rule answers 404', async () => {
    const first = await post('/cost-rules', { name: 'Steel 2026', vendor_id: vendor.id, document_types: ['PURCHASE_ORDER'] });
    const clash = await api('POST', '/cost-rules', { name: 'steel 2026 ', vendor_id: vendor.id, document_types: ['WORK_ORDER'] });
    expectErrors(clash, ['name']);
    expect(clash.body.errors.name[0]).toContain(`(id ${first.id})`);
    expect((await api('POST', '/cost-rules', { name: 'Steel 2026', vendor_id: otherVendor.id, document_types: ['PURCHASE_ORDER'] })).status).toBe(201);
    const second = await post('/cost-rules', { name: 'Steel 2027', vendor_id: vendor.id, document_types: ['PURCHASE_ORDER'] });
    expectErrors(await api('PATCH', `/cost-rules/${second.id}`, { name: 'STEEL 2026' }), ['name']);

    const deleted = await api('DELETE', `/cost-rules/${first.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: first.id, name: 'Steel 2026' });
    expect((await api('GET', `/cost-rules/${first.id}`)).status).toBe(404);
    expect((await api('PATCH', `/cost-rules/${first.id}`, { priority: 1 })).status).toBe(404);
    expect((await api('DELETE', `/cost-rules/${first.id}`)).status).toBe(404);
    expect((await api('GET', `/cost-rules?vendor_id=${vendor.id}`)).body.data.map((r: any) => r.id)).not.toContain(first.id);
    const again = await api('POST', '/cost-rules', { name: 'Steel 2026', vendor_id: vendor.id, document_types: ['PURCHASE_ORDER'] });
    expect(again.status, again.text).toBe(201);
  });

  it('refuses bad enumerations, decimals and references with 422s naming each field, listing the allowed values', async () => {
    const res = await api('POST', '/cost-rules', {
      name: 'Bad', vendor_id: 999999, document_types: ['WORK_ORDER'], tier_mode: 'STEPPED', tier_quantity_basis: 'ORDER', status: 'PAUSED',
      output_kind: 'OTHER', cost_allocation_type: 'WEIGHT', moq: 0, effective_from: '2026-02-30', order_multiple: 'many',
      tiers: [
        { min_quantity: '5', effects: [base('1'), { effect_type: 'DISCOUNT', amount: 'abc', sequence: 2 }] },
        { min_quantity: '5', effects: [base('-2'), { effect_type: 'FIXED_TOTAL', sequence: 1 }] },
      ],
      scopes: [{ scope_type: 'BRAND', scope_value: 'x' }, { scope_type: 'PRODUCT', scope_value: '999999', scope_operator: 'LIKE' }, { scope_type: 'TAG', scope_value: '1,2' }],
      conditions: [{ condition_type: 'REGION', values: ['x'] }, { condition_type: 'CURRENCY', operator: 'ANY', values: ['EURO'] }, { condition_type: 'SUPPLIER', values: [] }],
      colour: 'red',
    });
    expect(res.status, res.text).toBe(422);
    // Type errors (order_multiple, amount) and unknown fields are found before the domain runs.
    expect(Object.keys(res.body.errors).sort()).toEqual(['colour', 'order_multiple', 'tiers.0.effects.1.amount']);
    expect(res.body.errors['tiers.0.effects.1.amount'][0]).toMatch(/^The amount is invalid: Expected a decimal number/);

    const domain = await api('POST', '/cost-rules', {
      name: 'Bad', vendor_id: 999999, document_types: ['WORK_ORDER'], tier_mode: 'STEPPED', tier_quantity_basis: 'ORDER', status: 'PAUSED',
      output_kind: 'OTHER', cost_allocation_type: 'WEIGHT', moq: 0, effective_from: '2026-02-30',
      tiers: [
        { min_quantity: '5', effects: [base('1'), { effect_type: 'DISCOUNT', amount: '1', sequence: 2 }] },
        { min_quantity: '5', effects: [base('-2'), { effect_type: 'FIXED_TOTAL', sequence: 1 }] },
      ],
      scopes: [{ scope_type: 'BRAND', scope_value: 'x' }, { scope_type: 'PRODUCT', scope_value: '999999', scope_operator: 'LIKE' }, { scope_type: 'TAG', scope_value: '1,2' }, { scope_type: 'PRODUCT', scope_value: '999999' }],
      conditions: [{ condition_type: 'REGION', values: ['x'] }, { condition_type: 'CURRENCY', operator: 'ANY', values: ['EURO'] }, { condition_type: 'SUPPLIER', values: [] }, { condition_type: 'WAREHOUSE', values: ['999999', 'abc'] }],
    });
    expectErrors(domain, [
      'vendor_id', 'tier_mode', 'tier_quantity_basis', 'status', 'output_kind', 'cost_allocation_type', 'moq', 'effective_from',
      'tiers.0.effects.1.effect_type', 'tiers.1.min_quantity', 'tiers.1.effects.0.amount', 'tiers.1.effects.1.amount', 'tiers.1.effects.1.sequence',
      'scopes.0.scope_type', 'scopes.1.scope_operator', 'scopes.1.scope_value', 'scopes.2.scope_value', 'scopes.3.scope_value',
      'conditions.0.condition_type', 'conditions.1.operator', 'conditions.1.values.0', 'conditions.2.values', 'conditions.3.values.0', 'conditions.3.values.1',
    ]);
    const errors = domain.body.errors;
    expect(errors['tiers.0.effects.1.effect_type']).toEqual(['The effect type must be one of: BASE_PRICE, FIXED_PER_UNIT, PERCENTAGE, FIXED_TOTAL.']);
    expect(errors['scopes.0.scope_type']).toEqual(['The scope type must be one of: PRODUCT, CATEGORY, TAG, ALL.']);
    expect(errors['scopes.1.scope_operator']).toEqual(['The scope operator must be one of: EQUALS, IN, NOT_EQUALS.']);
    expect(errors['conditions.0.condition_type']).toEqual(['The condition type must be one of: SUPPLIER, WAREHOUSE, CURRENCY.']);
    expect(errors['conditions.1.operator']).toEqual(['The operator must be one of: IN, NOT_IN.']);
    expect(errors.output_kind).toEqual(['The output kind must be one of: UNIT_COST, EXTRA_COST.']);
    expect(errors.cost_allocation_type).toEqual(['The cost allocation type must be one of: UNIT_BASED_ALLOCATION, VALUE_BASED_ALLOCATION.']);
    expect(errors.tier_mode).toEqual(['The tier mode must be one of: NON_GRADUATED, GRADUATED.']);
    expect(errors.tier_quantity_basis).toEqual(['The tier quantity basis must be one of: LINE, PRODUCTION_RUN_TOTAL.']);
    expect(errors.status).toEqual(['The status must be one of: ACTIVE, INACTIVE.']);
    expect(errors['scopes.3.scope_value']).toEqual(['No product with the id 999999.']);
    expect((await api('GET', '/cost-rules?name=Bad')).status).toBe(422);

    for (const body of [[], 'text', { tiers: 'all' }, { tiers: [{ effects: {} }] }, { options: { auto_apply: 'yes' } }, { priority: 1.5 }]) {
      const bad = await api('POST', '/cost-rules', body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.errors).toBeTypeOf('object');
    }
  });

  it('lists the enumerations in the OpenAPI document', async () => {
    const doc = (await server.call('GET', '/external/api/v1/openapi.json')).body;
    const create = doc.paths['/cost-rules'].post;
    const body = create.requestBody.content['application/json'].schema;
    const effect = body.properties.tiers.items.properties.effects.items.properties;
    expect(effect.effect_type.description).toContain('BASE_PRICE, FIXED_PER_UNIT, PERCENTAGE, FIXED_TOTAL');
    // A decimal as text or as a number; optional, so null too, said by the first choice alone (OpenAPI 3.0.3).
    expect(effect.amount.oneOf).toEqual([{ type: 'string', pattern: expect.any(String), nullable: true }, { type: 'number' }]);
    for (const values of ['PRODUCT, CATEGORY, TAG, ALL', 'EQUALS, IN, NOT_EQUALS', 'SUPPLIER, WAREHOUSE, CURRENCY', 'IN, NOT_IN', 'UNIT_COST, EXTRA_COST', 'PERCENTAGE, FIXED_PER_UNIT, FIXED_TOTAL', 'UNIT_BASED_ALLOCATION, VALUE_BASED_ALLOCATION', 'NON_GRADUATED, GRADUATED', 'LINE, PRODUCTION_RUN_TOTAL']) {
      expect(create.description).toContain(values);
      expect(JSON.stringify(body)).toContain(values);
    }
    expect(Object.keys(doc.paths['/cost-rules/{costRuleId}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/cost-rules/resolve'].post.operationId).toBe('resolveCostRule');
  });
});

describe('PATCH and GET /cost-rules', () => {
  it('changes only the fields given; tiers, scopes and conditions given replace the stored ones', async () => {
    const part = await product();
    const rule = await ruleFor(part.id, { conditions: [{ condition_type: 'CURRENCY', values: ['usd'] }] });
    expect(rule.conditions[0]).toMatchObject({ field_key: 'currency', operator: 'IN', values: ['USD'] });
    const res = await api('PATCH', `/cost-rules/${rule.id}`, { priority: 7, tiers: [{ min_quantity: '1', effects: [base('3')] }], conditions: [] });
    expect(res.status, res.text).toBe(200);
    const updated = res.body.data;
    expect(updated).toMatchObject({ id: rule.id, name: rule.name, priority: 7, vendor_id: vendor.id, scopes: rule.scopes, conditions: [] });
    expect(updated.tiers).toEqual([{ id: expect.any(Number), cost_rule_id: rule.id, min_quantity: 1, max_quantity: null, effects: [expect.objectContaining({ effect_type: 'BASE_PRICE', amount: 3, order: 1 })] }]);
    expect((await api('PATCH', `/cost-rules/${rule.id}`, { document_type: 'WORK_ORDER' })).body.data).toMatchObject({ document_type: 'WORK_ORDER', document_types: ['WORK_ORDER'] });
    expectErrors(await api('PATCH', `/cost-rules/${rule.id}`, { name: null, tiers: null, document_types: [], status: null, vendor_id: null }), ['name', 'tiers', 'document_types', 'status', 'vendor_id']);
    expectErrors(await api('PATCH', `/cost-rules/${rule.id}`, { effective_from: '2026-05-01', effective_to: '2026-04-30' }), ['effective_to']);
    expect((await api('PATCH', '/cost-rules/999999', { priority: 1 })).status).toBe(404);
    expect((await api('PATCH', '/cost-rules/abc', { priority: 1 })).status).toBe(404);
  });

  it('filters by vendor_id, document_type, status and is_active, paginated, with 422s for bad parameters', async () => {
    const part = await product();
    const shipping = await post('/cost-rules', { name: 'Ship A', vendor_id: otherVendor.id, document_types: ['SHIPMENT', 'WORK_ORDER'], scopes: [{ scope_type: 'PRODUCT', scope_value: String(part.id) }] });
    const paused = await post('/cost-rules', { name: 'Ship B', vendor_id: otherVendor.id, document_types: ['SHIPMENT'], status: 'inactive', is_active: false });
    const ids = async (query: string) => {
      const res = await api('GET', `/cost-rules?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((r: any) => r.id);
    };
    expect(await ids(`vendor_id=${otherVendor.id}&document_type=shipment`)).toEqual([shipping.id, paused.id]);
    expect(await ids(`vendor_id=${otherVendor.id}&document_type=SHIPMENT&status=INACTIVE`)).toEqual([paused.id]);
    expect(await ids(`vendor_id=${otherVendor.id}&document_type=SHIPMENT&is_active=true`)).toEqual([shipping.id]);
    expect(await ids(`vendor_id=${otherVendor.id}&document_type=SHIPMENT&sort=-id`)).toEqual([paused.id, shipping.id]);
    const page = await api('GET', `/cost-rules?vendor_id=${otherVendor.id}&document_type=SHIPMENT&per_page=1&page=2`);
    expect(page.body).toEqual({ data: [expect.objectContaining({ id: paused.id })], meta: { current_page: 2, from: 2, last_page: 2, per_page: 1, to: 2, total: 2 } });
    expectErrors(await api('GET', '/cost-rules?per_page=500'), ['per_page']);
    expectErrors(await api('GET', '/cost-rules?sort=colour'), ['sort']);
    const bad = await api('GET', '/cost-rules?vendor_id=abc&document_type=INVOICE&status=PAUSED&is_active=maybe&q=x');
    expectErrors(bad, ['vendor_id', 'document_type', 'status', 'is_active', 'q']);
    expect(bad.body.errors.document_type).toEqual(['The document_type filter must be one of: PURCHASE_ORDER, WORK_ORDER, SHIPMENT, PRODUCTION_RUN.']);
    expect((await api('GET', '/cost-rules/999999')).status).toBe(404);
    expect((await api('DELETE', '/cost-rules/999999')).status).toBe(404);
    expect((await api('GET', `/cost-rules/${shipping.id}`, undefined, globex)).status).toBe(403);
    await setFeature(flags(globex), 'cost_rules');
    expect((await api('GET', `/cost-rules/${shipping.id}`, undefined, globex)).status).toBe(404);
    await clearFeature(flags(globex), 'cost_rules');
  });
});

describe('POST /cost-rules/resolve', () => {
  it('prices every unit at the tier containing the quantity, with the next tier as a hint (NON_GRADUATED)', async () => {
    const part = await product({ unit_cost: 99 });
    const rule = await ruleFor(part.id);
    const at150 = await resolve({ product_id: part.id, quantity: 150 });
    expect(Object.keys(at150).sort()).toEqual(RESOLUTION_KEYS);
    expect(at150).toEqual({
      used_cost_rule: true, cost_rule_id: rule.id, cost_rule_name: rule.name, resolved_unit_cost: 8, fallback_source: null, tier_min_qty: 100,
      breakdown: [{ effect: 'BASE_PRICE', description: 'Base price 8 per unit.', amount: '8', delta: '8', result: '8', costRuleId: rule.id, costRuleName: rule.name }],
      next_tier_hint: { min_qty: 500, unit_cost: 7.5, savings: 0.5 },
      extra_costs: [],
    });
    expect(await resolve({ product_id: part.id, quantity: '50' })).toMatchObject({ resolved_unit_cost: 10, tier_min_qty: 0, next_tier_hint: { min_qty: 100, unit_cost: 8, savings: 2 } });
    const top = await resolve({ product_id: part.id, quantity: 600 });
    expect(top).toMatchObject({ resolved_unit_cost: 7.5, tier_min_qty: 500, next_tier_hint: null });
    expect(top.breakdown.map((s: any) => [s.effect, s.description, s.amount, s.delta, s.result])).toEqual([
      ['BASE_PRICE', 'Base price 7 per unit.', '7', '7', '7'],
      ['FIXED_PER_UNIT', 'Packaging', '0.5', '0.5', '7.5'],
    ]);
  });

  it('prices each slice at its own tier and divides by the quantity (GRADUATED)', async () => {
    const part = await product();
    const rule = await ruleFor(part.id, { tier_mode: 'GRADUATED' });
    const at150 = await resolve({ product_id: part.id, quantity: 150 });
    // 100 × 10 + 50 × 8 = 1400 over 150 units.
    expect(at150).toMatchObject({ cost_rule_id: rule.id, resolved_unit_cost: 9.3333333333, tier_min_qty: 100, next_tier_hint: { min_qty: 500, unit_cost: 7.5, savings: 0.5 } });
    expect(at150.breakdown.map((s: any) => [s.effect, s.amount, s.delta, s.result])).toEqual([
      ['BASE_PRICE', '10', '10', '10'],
      ['TIER_SLICE', '100', '1000', '1000'],
      ['BASE_PRICE', '8', '8', '8'],
      ['TIER_SLICE', '50', '400', '1400'],
      ['GRADUATED_UNIT_COST', '150', '1400', '9.3333333333'],
    ]);
    // 100 × 10 + 400 × 8 + 100 × 7.50 = 4950 over 600.
    expect(await resolve({ product_id: part.id, quantity: 600 })).toMatchObject({ resolved_unit_cost: 8.25, tier_min_qty: 500, next_tier_hint: null });
    expect(await resolve({ product_id: part.id, quantity: 80 })).toMatchObject({ resolved_unit_cost: 10, tier_min_qty: 0, next_tier_hint: { min_qty: 100, unit_cost: 8, savings: 2 } });
  });

  it('applies effects in order: BASE_PRICE sets, PERCENTAGE scales, FIXED_TOTAL adds its amount over the quantity', async () => {
    const part = await product();
    await ruleFor(part.id, {
      tiers: [{ min_quantity: '0', effects: [{ effect_type: 'FIXED_TOTAL', amount: '50', sequence: 3 }, base('10'), { effect_type: 'PERCENTAGE', amount: '-10', sequence: 2, description: 'Discount' }] }],
    });
    const resolution = await resolve({ product_id: part.id, quantity: 100 });
    expect(resolution.resolved_unit_cost).toBe(9.5);
    expect(resolution.breakdown.map((s: any) => [s.effect, s.description, s.amount, s.delta, s.result])).toEqual([
      ['BASE_PRICE', 'Base price 10 per unit.', '10', '10', '10'],
      ['PERCENTAGE', 'Discount', '-10', '-1', '9'],
      ['FIXED_TOTAL', 'Adds 50 spread over the quantity.', '50', '0.5', '9.5'],
    ]);
  });

  it('prices a quantity below moq as the moq and rounds up to order_multiple, both in the breakdown', async () => {
    const part = await product();
    await ruleFor(part.id, { moq: '40', order_multiple: 25, tiers: [{ min_quantity: '0', effects: [base('3')] }, { min_quantity: '50', effects: [base('2')] }] });
    const resolution = await resolve({ product_id: part.id, quantity: 30 });
    expect(resolution).toMatchObject({ resolved_unit_cost: 2, tier_min_qty: 50, next_tier_hint: null });
    expect(resolution.breakdown.map((s: any) => [s.effect, s.amount, s.delta, s.result])).toEqual([
      ['MOQ', '40', '10', '40'],
      ['ORDER_MULTIPLE', '25', '10', '50'],
      ['BASE_PRICE', '2', '2', '2'],
    ]);
    expect(resolution.breakdown[0].description).toBe('Quantity 30 is below the minimum order quantity 40: priced as 40.');
    expect((await resolve({ product_id: part.id, quantity: 75 })).breakdown.map((s: any) => s.effect)).toEqual(['BASE_PRICE']);
  });

  it('picks the highest priority, then the most specific scope, then the lowest id; vendor, dates and conditions must match', async () => {
    const part = await product({ category_id: category.id, tag_ids: [tag.id] });
    const otherTag = await post('/tags', { name: 'Light' });
    const flat = (price: string) => [{ min_quantity: '0', effects: [base(price)] }];
    const shipment = (name: string, extra: Record<string, unknown>) => post('/cost-rules', { name, vendor_id: vendor.id, document_types: ['SHIPMENT'], ...extra });
    const byCategory = await shipment('By category', { tiers: flat('20'), scopes: [{ scope_type: 'CATEGORY', scope_value: String(category.id) }] });
    const q = { document_type: 'SHIPMENT', product_id: part.id, quantity: 1 };
    expect((await resolve(q)).cost_rule_id).toBe(byCategory.id);
    const byTag = await shipment('By tag', { tiers: flat('18'), scopes: [{ scope_type: 'TAG', scope_value: `${otherTag.id},${tag.id}`, scope_operator: 'IN' }] });
    expect((await resolve(q)).cost_rule_id).toBe(byTag.id);
    const byProduct = await shipment('By product', { tiers: flat('15'), scopes: [{ scope_type: 'PRODUCT', scope_value: String(part.id) }] });
    const twin = await shipment('By product too', { tiers: flat('14'), scopes: [{ scope_type: 'PRODUCT', scope_value: String(part.id) }] });
    expect((await resolve(q)).cost_rule_id).toBe(byProduct.id);
    const urgent = await shipment('Everything, urgent', { priority: 5, tiers: flat('30'), scopes: [{ scope_type: 'ALL', scope_value: '' }] });
    expect(await resolve(q)).toMatchObject({ cost_rule_id: urgent.id, resolved_unit_cost: 30 });
    // Not this product, another vendor, another date or another warehouse: the next candidate wins.
    await api('PATCH', `/cost-rules/${urgent.id}`, { scopes: [{ scope_type: 'PRODUCT', scope_value: String(part.id), scope_operator: 'NOT_EQUALS' }] });
    expect((await resolve(q)).cost_rule_id).toBe(byProduct.id);
    await api('PATCH', `/cost-rules/${urgent.id}`, { scopes: [], vendor_id: otherVendor.id, name: 'Everything, other vendor' });
    expect((await resolve(q)).cost_rule_id).toBe(byProduct.id);
    expect((await resolve({ ...q, vendor_id: otherVendor.id })).cost_rule_id).toBe(urgent.id);
    await api('PATCH', `/cost-rules/${byProduct.id}`, { effective_from: '2030-01-01', effective_to: '2030-12-31' });
    expect((await resolve({ ...q, date: '2029-12-31' })).cost_rule_id).toBe(twin.id);
    expect((await resolve({ ...q, date: '2030-01-01' })).cost_rule_id).toBe(byProduct.id);
    expect((await resolve({ ...q, date: '2031-01-01' })).cost_rule_id).toBe(twin.id);
    await api('PATCH', `/cost-rules/${twin.id}`, { conditions: [{ condition_type: 'WAREHOUSE', values: [String(plant.id)] }] });
    expect((await resolve({ ...q, warehouse_id: plant.id })).cost_rule_id).toBe(twin.id);
    expect((await resolve({ ...q, warehouse_id: depot.id })).cost_rule_id).toBe(byTag.id);
    await api('PATCH', `/cost-rules/${byTag.id}`, { is_active: false });
    await api('PATCH', `/cost-rules/${byCategory.id}`, { status: 'INACTIVE' });
    expect(await resolve({ ...q, warehouse_id: depot.id })).toMatchObject({ used_cost_rule: false, fallback_source: null });
  });

  it('reads the tier quantity from the production batch with PRODUCTION_RUN_TOTAL', async () => {
    const part = await product();
    const rule = await post('/cost-rules', {
      name: 'Run pricing', document_types: ['WORK_ORDER'], vendor_id: vendor.id, tier_quantity_basis: 'PRODUCTION_RUN_TOTAL',
      tiers: [{ min_quantity: '0', effects: [base('5')] }, { min_quantity: '100', effects: [base('4')] }],
      scopes: [{ scope_type: 'PRODUCT', scope_value: String(part.id) }],
    });
    const db = flags(acme);
    const batch = await db.productionBatch.create({ data: { name: 'Run 1' } as any });
    let n = 0;
    const order = (plannedQty: number, status = 'draft') =>
      db.workOrder.create({ data: { workOrderNumber: `WO-T${++n}`, status, producedSkuId: part.id, plannedQty, productionWarehouseId: plant.id, destinationWarehouseId: plant.id, productionBatchId: batch.id } as any });
    await order(60);
    await order(70);
    await order(500, 'cancelled');
    const q = { document_type: 'WORK_ORDER', product_id: part.id, quantity: 60 };
    const inRun = await resolve({ ...q, production_batch_id: batch.id });
    expect(inRun).toMatchObject({ cost_rule_id: rule.id, resolved_unit_cost: 4, tier_min_qty: 100, next_tier_hint: null });
    expect(inRun.breakdown[0]).toMatchObject({ effect: 'PRODUCTION_RUN_TOTAL', amount: '130', delta: '70', result: '130' });
    expect(await resolve(q)).toMatchObject({ resolved_unit_cost: 5, tier_min_qty: 0, next_tier_hint: { min_qty: 100, unit_cost: 4, savings: 1 } });
  });

  it('adds the extra cost lines of matching EXTRA_COST rules with auto_apply', async () => {
    const part = await product();
    await post('/cost-rules', { name: `Unit ${part.id}`, vendor_id: vendor.id, document_types: ['WORK_ORDER'], tiers: [{ min_quantity: '0', effects: [base('20')] }], scopes: [{ scope_type: 'PRODUCT', scope_value: String(part.id) }] });
    const handling = await post('/cost-rules', {
      name: `Handling ${part.id}`, document_types: ['WORK_ORDER'], output_kind: 'EXTRA_COST', extra_cost_item_name: 'Handling', cost_basis: 'PERCENTAGE', cost_basis_amount: '10',
      cost_allocation_type: 'VALUE_BASED_ALLOCATION', options: { auto_apply: true }, scopes: [{ scope_type: 'PRODUCT', scope_value: String(part.id) }],
      conditions: [{ condition_type: 'SUPPLIER', operator: 'IN', values: [String(vendor.id)] }],
    });
    const setup = await post('/cost-rules', {
      name: `Setup ${part.id}`, document_types: ['WORK_ORDER'], output_kind: 'EXTRA_COST', cost_basis: 'FIXED_TOTAL', cost_basis_amount: 30,
      options: { auto_apply: true, add_as_additional_fee: true }, scopes: [{ scope_type: 'PRODUCT', scope_value: String(part.id) }],
    });
    await post('/cost-rules', { name: `Manual ${part.id}`, document_types: ['WORK_ORDER'], output_kind: 'EXTRA_COST', cost_basis: 'FIXED_PER_UNIT', cost_basis_amount: 1, scopes: [{ scope_type: 'PRODUCT', scope_value: String(part.id) }] });
    const resolution = await resolve({ document_type: 'WORK_ORDER', product_id: part.id, quantity: 12 });
    expect(resolution.resolved_unit_cost).toBe(20);
    expect(resolution.extra_costs).toEqual([
      { cost_rule_id: handling.id, cost_rule_name: handling.name, name: 'Handling', cost_basis: 'PERCENTAGE', cost_basis_amount: 10, cost_allocation_type: 'VALUE_BASED_ALLOCATION', add_as_additional_fee: false, unit_amount: 2, total_amount: 24 },
      { cost_rule_id: setup.id, cost_rule_name: setup.name, name: setup.name, cost_basis: 'FIXED_TOTAL', cost_basis_amount: 30, cost_allocation_type: null, add_as_additional_fee: true, unit_amount: 2.5, total_amount: 30 },
    ]);
    const elsewhere = await resolve({ document_type: 'WORK_ORDER', vendor_id: otherVendor.id, product_id: part.id, quantity: 12 });
    expect(elsewhere.extra_costs.map((line: any) => line.cost_rule_id)).toEqual([setup.id]);
  });

  it('falls back to service_unit_price, else the supplier SKU cost, else the product unit_cost', async () => {
    const part = await product({ unit_cost: 4 });
    await post('/supplier-skus', { supplier_id: vendor.id, product_id: part.id, supplier_sku: `S-${part.id}`, cost: 5 });
    const none = { used_cost_rule: false, cost_rule_id: null, cost_rule_name: null, tier_min_qty: null, breakdown: [], next_tier_hint: null, extra_costs: [] };
    expect(await resolve({ product_id: part.id, quantity: 3, service_unit_price: '6.5' })).toEqual({ ...none, resolved_unit_cost: 6.5, fallback_source: 'service_unit_price' });
    expect(await resolve({ product_id: part.id, quantity: 3 })).toEqual({ ...none, resolved_unit_cost: 5, fallback_source: 'supplier_sku_cost' });
    expect(await resolve({ product_id: part.id, quantity: 3, vendor_id: otherVendor.id })).toEqual({ ...none, resolved_unit_cost: 4, fallback_source: 'product_unit_cost' });
    const bare = await product();
    expect(await resolve({ product_id: bare.id, quantity: 3, vendor_id: null })).toEqual({ ...none, resolved_unit_cost: null, fallback_source: null });
  });

  it('names every bad field with a 422', async () => {
    expectErrors(await api('POST', '/cost-rules/resolve', {}), ['document_type', 'product_id', 'quantity']);
    const res = await api('POST', '/cost-rules/resolve', {
      document_type: 'INVOICE', product_id: 999999, quantity: -1, date: '2026-13-01', vendor_id: 999999, warehouse_id: 999999, production_batch_id: 999999, currency: 'XYZ', service_unit_price: '-1',
    });
    expectErrors(res, ['document_type', 'product_id', 'quantity', 'date', 'vendor_id', 'warehouse_id', 'production_batch_id', 'currency', 'service_unit_price']);
    expectErrors(await api('POST', '/cost-rules/resolve', { document_type: 'WORK_ORDER', product_id: '1', quantity: 'lots', extra: 1 }), ['product_id', 'quantity', 'extra']);
    expect((await api('GET', '/cost-rules/resolve')).status).toBe(404);
  });
});

describe('purchase order lines', () => {
  it('take the PURCHASE_ORDER rule of the supplier when they come without unit_cost and the feature is on', async () => {
    const part = await product({ unit_cost: 9 });
    const plain = await product({ unit_cost: 0.75 });
    await ruleFor(part.id, { tiers: [{ min_quantity: '0', effects: [base('2')] }, { min_quantity: '10', effects: [base('1.5')] }] });
    const order = (lines: unknown[]) => post('/purchase-orders', { supplier_id: vendor.id, warehouse_id: plant.id, lines });
    const po = await order([{ product_id: part.id, quantity: 20 }, { product_id: part.id, quantity: 5 }, { product_id: part.id, quantity: 20, unit_cost: 3 }, { product_id: plain.id, quantity: 1 }]);
    expect(po.lines.map((line: any) => line.unit_cost)).toEqual([1.5, 2, 3, 0.75]);
    expect(po.subtotal).toBe(30 + 10 + 60 + 0.75);

    await clearFeature(flags(acme), 'cost_rules');
    try {
      expect((await order([{ product_id: part.id, quantity: 20 }])).lines[0].unit_cost).toBe(9);
    } finally {
      await setFeature(flags(acme), 'cost_rules');
    }
  });
});

describe('two creates at once', () => {
  it('lets exactly one take a name of a vendor', async () => {
    const body = { name: 'Raced name', vendor_id: vendor.id, document_types: ['PURCHASE_ORDER'], tiers: BREAKS };
    const results = await Promise.all([api('POST', '/cost-rules', body), api('POST', '/cost-rules', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.errors).toHaveProperty('name');
    expect((await api('GET', `/cost-rules?vendor_id=${vendor.id}&per_page=100`)).body.data.filter((r: any) => r.name === 'Raced name')).toHaveLength(1);
  });
});
