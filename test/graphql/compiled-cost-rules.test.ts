// Cost rules answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts): the
// domain picks the page (the feature check, its filters, the rules not deleted, its sort, reading ids only), and
// one statement writes the rules with their scopes, conditions and tiers (each with its effects) as the selection
// asks, with the fields that have resolvers of their own declared beside them (the vendor's name, the first
// document type, the two dates, the options). A scope's scopeExtra is the caller's own JSON and has no SQL, so the
// REST routes, which ask for it, are answered field by field as before; here the REST routes' selections without
// it, and random selections, are compared over /graphql with graphql's ordinary execution field by field, keys in
// the same order and values alike. The data is varied: rules made over REST with every field, with none, and one
// deleted, and rules written directly with no document type or several, options of odd shapes (a string "true", a
// 1, a list, a scalar), dates and decimals at full precision or null, text JSON must escape, and children or none.
// A page runs as many statements for 10 rules as for 100, and fewer than field by field. Changes are compared too,
// over /graphql without scopeExtra: a create, update and (soft) delete answer by one JSON statement in their transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import { costRuleRoutes } from '../../rest-mapping/cost-rules.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { fieldByField } from '../support/random-selection.js';
import { getRoute, pageAndRecordQueries, queryAsFieldByField, selectionsAsFieldByField, writtenAsJson, type Compared, graphqlPagesAsFieldByField } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const { graphqlChange } = compiledChangeChecker(server, acme, api, () => counter.statements);
const on: Compared = { server, counter, tenant: acme };
/** A REST route's query without the scopes' scopeExtra (the caller's own JSON, answered by its resolver). */
const withoutScopeExtra = (path: string) => getRoute(costRuleRoutes, path).graphql.replace(/\bscopeExtra\b/g, '');
const listQuery = withoutScopeExtra('/cost-rules');
const recordQuery = withoutScopeExtra('/cost-rules/{costRuleId}');
const ruleIds: number[] = [];
let vendorId: number;
let partId: number;

/** The company's credentials, read once the server has made it. */
const asAcme = () => ({ token: acme.token, company: acme.slug });

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  await setFeature(db, 'cost_rules');
  const vendor = await post('/suppliers', { name: 'Forge "Ltd" \\ ☃ </script>' });
  vendorId = vendor.id;
  const other = await post('/suppliers', { name: 'Smelter SA' });
  const part = await post('/products', { name: 'Part', sku: 'PART' });
  partId = part.id;
  const category = await post('/categories', { name: 'Castings' });

  // Over REST: a rule with every field, an extra cost, a bare one, and one deleted (never answered).
  const full = await post('/cost-rules', {
    name: 'Every "field" \\ ☃',
    vendor_id: vendor.id,
    description: 'Tab\there "quoted" \\ back ☃\nnew line \u0001',
    document_types: ['WORK_ORDER', 'PURCHASE_ORDER'],
    tier_mode: 'GRADUATED',
    priority: -3,
    effective_from: '2024-02-29',
    effective_to: '2099-12-31',
    moq: '0.0000000001',
    order_multiple: '12345678901234.5678901234',
    shipment_type: 'LTL "pallet"',
    options: { auto_apply: true, add_as_additional_fee: false },
    tiers: [
      { min_quantity: '0', effects: [{ effect_type: 'BASE_PRICE', amount: '10.1234567891' }] },
      { min_quantity: '100.5', effects: [{ effect_type: 'BASE_PRICE', amount: '8' }, { effect_type: 'PERCENTAGE', amount: '-2.5', sequence: 2, description: 'Volume "discount"' }] },
      { min_quantity: '99999999999999.9999999999', effects: [] },
    ],
    scopes: [
      { scope_type: 'PRODUCT', scope_value: String(part.id), scope_extra: { '2': 'b', a: [1, 'x'] } },
      { scope_type: 'CATEGORY', scope_value: String(category.id), scope_operator: 'NOT_EQUALS' },
    ],
    conditions: [{ condition_type: 'CURRENCY', values: ['USD', 'EUR'] }, { condition_type: 'SUPPLIER', operator: 'NOT_IN', values: [String(other.id)] }],
  });
  const extra = await post('/cost-rules', {
    name: 'Freight',
    document_types: ['SHIPMENT'],
    output_kind: 'EXTRA_COST',
    extra_cost_item_name: 'Freight "in"',
    cost_basis: 'PERCENTAGE',
    cost_basis_amount: '12.3456789012',
    cost_allocation_type: 'VALUE_BASED_ALLOCATION',
    options: { auto_apply: true, add_as_additional_fee: true },
    conditions: [{ condition_type: 'SUPPLIER', values: [String(vendor.id)] }],
  });
  const bare = await post('/cost-rules', { name: 'Bare', document_types: ['PRODUCTION_RUN'] });
  ruleIds.push(full.id, extra.id, bare.id);
  const deleted = await post('/cost-rules', { name: 'Gone', document_types: ['PRODUCTION_RUN'] });
  expect((await api('DELETE', `/cost-rules/${deleted.id}`)).status).toBe(200);

  // Enough rules for pages of 10 and of 100, written directly; one in 13 deleted.
  const options = [{}, { auto_apply: true }, { auto_apply: 'true', add_as_additional_fee: 1 }, { add_as_additional_fee: true, auto_apply: false }, [true], 'auto_apply', { auto_apply: null }];
  const documentTypes = [[], ['WORK_ORDER'], ['SHIPMENT', 'PURCHASE_ORDER'], ['PRODUCTION_RUN']];
  const bulk = await db.costRule.createManyAndReturn({
    data: Array.from({ length: 120 }, (_, i) => ({
      name: `Bulk ${i} "q" \\`,
      vendorId: [null, vendor.id, other.id][i % 3],
      description: i % 4 ? null : `Line\n${i}\t"x" ☃`,
      documentTypes: documentTypes[i % 4],
      status: i % 5 ? 'ACTIVE' : 'INACTIVE',
      isActive: i % 7 !== 0,
      priority: (i % 11) - 5,
      effectiveFrom: i % 3 ? new Date(Date.UTC(2020 + (i % 6), i % 12, 1 + (i % 28))) : null,
      effectiveTo: i % 2 ? new Date(Date.UTC(2030, 1, 28)) : null,
      moq: i % 4 ? `${i}.${String(i).padStart(10, '0')}` : null,
      orderMultiple: i % 5 ? null : '0.0000000001',
      outputKind: i % 6 ? 'UNIT_COST' : 'EXTRA_COST',
      extraCostItemName: i % 6 ? null : `Item ${i} </script>`,
      costBasis: i % 6 ? null : 'FIXED_TOTAL',
      costBasisAmount: i % 6 ? null : '99999999999999.9999999999',
      options: options[i % options.length],
      deletedAt: i % 13 ? null : new Date(),
    })) as any,
    select: { id: true },
  });
  const tiers = await db.costRuleTier.createManyAndReturn({
    data: bulk.filter((_, i) => i % 3 === 0).flatMap(({ id }, i) => [
      { costRuleId: id, minQuantity: '0', maxQuantity: '10.0000000001', position: 1 },
      { costRuleId: id, minQuantity: `10.0000000001`, maxQuantity: null, position: 0 },
    ].slice(0, 1 + (i % 2))) as any,
    select: { id: true, costRuleId: true },
  });
  await db.costRuleEffect.createMany({
    data: tiers.flatMap(({ id, costRuleId }, i) =>
      Array.from({ length: i % 3 }, (_, k) => ({ costRuleId, costRuleTierId: id, effectType: k ? 'FIXED_PER_UNIT' : 'BASE_PRICE', amount: `${i}.${k}000000001`, order: 2 - k, description: k ? null : 'Step "one"' })),
    ) as any,
  });
  await db.costRuleScope.createMany({
    data: bulk.filter((_, i) => i % 4 === 1).map(({ id }, i) => ({ costRuleId: id, scopeType: 'TAG', scopeValue: `${i},${i + 1}`, scopeOperator: 'IN' })) as any,
  });
  await db.costRuleCondition.createMany({
    data: bulk.filter((_, i) => i % 5 === 2).map(({ id }, i) => ({ costRuleId: id, conditionType: 'WAREHOUSE', fieldKey: i % 2 ? null : 'warehouse_id', operator: 'IN', values: i % 2 ? [] : ['1', '2'] })) as any,
  });
  ruleIds.push(...bulk.filter((_, i) => i % 13 !== 0 && i % 9 === 4).map(({ id }) => id));
}, 60_000);

describe('cost rules written by one statement', () => {
  it("GET /cost-rules's selection (but scopeExtra) answers as field by field, and runs as many statements for 10 rules as for 100", () =>
    graphqlPagesAsFieldByField(on, listQuery, { sort: 'id' }, 'costRules'));

  it('with filters and sorts, as field by field', async () => {
    await graphqlPagesAsFieldByField(on, listQuery, { sort: '-priority' }, 'costRules');
    for (const filters of [
      [{ name: 'vendor_id', value: String(vendorId) }],
      [{ name: 'document_type', value: 'PURCHASE_ORDER' }, { name: 'is_active', value: 'true' }],
      [{ name: 'status', value: 'INACTIVE' }],
    ]) {
      const data = await queryAsFieldByField(on, listQuery, { perPage: 100, sort: 'name', filters });
      expect(data.costRules.items.length).toBeGreaterThan(0);
    }
  });

  it("GET /cost-rules/{id}'s selection (but scopeExtra) answers as field by field", async () => {
    for (const id of ruleIds) await queryAsFieldByField(on, recordQuery, { id });
  });

  it('a page is one statement beside the domain reading its ids: fewer than field by field', async () => {
    const { result, count: planned } = await counter.count(() => server.graphql(listQuery, { perPage: 100 }, asAcme()));
    expect(result.body.errors, result.text).toBeUndefined();
    const ordinary = await counter.of(() => fieldByField(server, listQuery, { perPage: 100 }, acme));
    expect(planned).toBeLessThan(ordinary);
  });

  it('the REST routes, which ask for scopeExtra, are answered field by field', async () => {
    const before = counter.statements.length;
    const page = await api('GET', '/cost-rules?per_page=100');
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.find((rule: any) => rule.id === ruleIds[0]).scopes[0].scope_extra).toEqual({ '2': 'b', a: [1, 'x'] });
    expect((await api('GET', `/cost-rules/${ruleIds[0]}`)).status).toBe(200);
    expect(counter.statements.slice(before).filter(writtenAsJson)).toEqual([]);
  });
});

describe('changes answered by one statement', () => {
  const text = 'A "quoted" \\ name ☃\nline';
  const fields = recordQuery.slice(recordQuery.indexOf('costRule(id: $id)') + 'costRule(id: $id)'.length);
  const create = `mutation Create($input: CostRuleInput!) { createCostRule(input: $input) ${fields}`;
  const update = `mutation Update($id: Int!, $input: CostRuleInput!) { updateCostRule(id: $id, input: $input) ${fields}`;
  const remove = `mutation Delete($id: Int!) { deleteCostRule(id: $id) ${fields}`;

  it('create with every field and with the fewest, update setting and clearing fields, and delete', async () => {
    const full = await graphqlChange(create, {
      input: {
        name: text, vendorId, description: text, documentTypes: ['WORK_ORDER', 'SHIPMENT'], tierMode: 'GRADUATED', priority: 7,
        effectiveFrom: '2024-02-29', effectiveTo: '2099-12-31', moq: '0.0000000001', orderMultiple: '12345678901234.5678901234', shipmentType: text,
        options: { autoApply: true, addAsAdditionalFee: false },
        tiers: [{ minQuantity: '0', effects: [{ effectType: 'BASE_PRICE', amount: '10.1234567891', description: text }] }, { minQuantity: '99999999999999.9999999999', effects: [] }],
        scopes: [{ scopeType: 'PRODUCT', scopeValue: String(partId), scopeOperator: 'NOT_EQUALS', scopeExtra: { b: 1, a: 2 } }],
        conditions: [{ conditionType: 'CURRENCY', values: ['USD', 'EUR'] }],
      },
    }, recordQuery);
    const bare = await graphqlChange(create, { input: { name: 'Bare "change"', documentTypes: ['PRODUCTION_RUN'] } }, recordQuery);
    await graphqlChange(update, { id: full.id, input: { description: null, effectiveTo: null, moq: null, tiers: [], scopes: [], conditions: [], priority: -1 } }, recordQuery);
    await graphqlChange(update, {
      id: bare.id,
      input: { name: 'Extra "cost"', documentTypes: ['SHIPMENT'], outputKind: 'EXTRA_COST', extraCostItemName: text, costBasis: 'PERCENTAGE', costBasisAmount: '12.3456789012', costAllocationType: 'VALUE_BASED_ALLOCATION', tiers: [{ minQuantity: '1.5', effects: [{ effectType: 'PERCENTAGE', amount: '-2.5', sequence: 2 }] }] },
    }, recordQuery);
    await graphqlChange(remove, { id: full.id }, recordQuery, { deletes: true });
    expect((await api('GET', `/cost-rules/${full.id}`)).status).toBe(404);
  });
});

describe('random selections over /graphql', () => {
  it('of cost rules answer as field by field', () =>
    selectionsAsFieldByField(on, ['CostRule'], ([rule], id) => pageAndRecordQueries(rule!, 'costRules', 'id', 'costRule', id), {
      numRuns: 20,
      seed: 20261130,
      ids: ruleIds,
      skipTooDeep: true,
    }));
});
