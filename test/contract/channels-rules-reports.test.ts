// Contract sweep (issue 17 §9), channels, cost rules, reports, forecast and currency: one `describe` per
// operation of the contract's Endpoints section — POST /channels/sales, POST /cost-rules,
// GET /reports/edi/summary, GET /forecast-warehouse-data/{id} and GET /currency/rates/convert — checking the
// envelope, the field names and types of the Resources section, and the status codes and error bodies.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { authRequirement, dataOf, expectInvalid, expectMessageOnly, expectNotFound, expectShape, type Shape } from '../support/contract-shape.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex'], { background: true });
// Rows made in beforeAll for the tests below.
let warehouse: any, group: any, supplier: any;

const expectAuthRequired = authRequirement(() => ({ server, tenant: acme, stranger: globex }));

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  group = await post('/warehouse-groups', { name: 'Retail', warehouse_ids: [warehouse.id] });
  supplier = await post('/suppliers', { name: 'Forge Ltd' });
});

describe('POST /channels/sales', () => {
  // The Sales channel table, camelCase; `credentials` is write-only in this service (DESIGN: secrets of
  // integrations are write-only), so reads carry `credentialsSet` in its place.
  const CHANNEL: Shape = {
    id: 'integer', uuid: 'string', label: 'string', description: 'string?', channelType: 'string', apiLocked: 'boolean', warehouseGroupId: 'integer', warehouseGroup: 'object',
    storeType: 'string?', enabled: 'boolean', status: 'integer', isPOSChannel: 'boolean', isCustomerSpecific: 'boolean', pullOrdersFromOms: 'boolean',
    getProductsEnabled: 'boolean', pushInventoryEnabled: 'boolean', includeIncomingStocksEnabled: 'boolean', includeDraftProductsEnabled: 'boolean', pullStocksEnabled: 'boolean',
    pullShipmentsEnabled: 'boolean', pushIncomingStocksFromSupplierPurchaseOrderEnabled: 'boolean', pushStocksAppIntegrationAccountId: 'integer?',
    channelIntegrationMapping: 'array', pullOrderIntegrationMapping: 'object?', pushOrderIntegrationMapping: 'object?', pushStockIntegrationMapping: 'object?', pushCostIntegrationMapping: 'object?',
    tags: 'array', metafields: 'array', isDropship: 'boolean', dropshipSupplierId: 'integer?', dropshipPoDeliveryWarehouseId: 'integer?', dropshipPoDeliveryType: 'string?',
    dropshipAutoCreatePo: 'boolean', dropshipAutoSendPo: 'boolean', dropshipInventoryNotTracked: 'boolean', autoPushOrderAfterMinutes: 'integer?', autoPushMode: 'string?',
    filters: 'object?', restrictions: 'object?', credentialsSet: 'boolean', fees: 'object?', createdAt: 'integer', updatedAt: 'integer', createdBy: 'integer?', updatedBy: 'integer?',
  };

  it('creates a sales channel from the legacy body (channelType implied) and answers {data: sales channel}', async () => {
    const tag = await post('/tags', { name: 'Web' });
    const channel = dataOf(await api('POST', '/channels/sales', {
      label: 'Legacy shop', warehouseGroupId: group.id, description: 'Old integration', isCustomerSpecific: true, pullOrdersFromOms: true,
      pullOrderAppIntegrationAccountId: 5, pullOrderOmsStoreId: 'oms-1', tagIds: [tag.id],
    }), 201);
    expectShape(channel, CHANNEL, { where: 'sales channel' });
    expect(channel).not.toHaveProperty('credentials');
    expect(channel).toMatchObject({ channelType: 'sales_channel', label: 'Legacy shop', warehouseGroupId: group.id, isCustomerSpecific: true, pullOrdersFromOms: true, apiLocked: false });
    expect(channel.tags.map((t: any) => t.id)).toEqual([tag.id]);
  });

  it('answers 422 {message, errors} keyed camelCase for bad bodies, and 401 without a token', async () => {
    expectInvalid(await api('POST', '/channels/sales', { description: 'x' }), ['label', 'warehouseGroupId']);
    expectInvalid(await api('POST', '/channels/sales', { label: 'L', warehouseGroupId: 999999, tagIds: [999999] }), ['warehouseGroupId', 'tagIds.0']);
    expectInvalid(await api('POST', '/channels/sales', { label: 'L', warehouseGroupId: group.id, isCustomerSpecific: 'yes' }), ['isCustomerSpecific']);
    expectInvalid(await api('POST', '/channels/sales', { label: 'L', warehouseGroupId: group.id, channelType: 'fulfillment_channel' }), ['channelType']);
    await expectAuthRequired('POST', '/channels/sales', { label: 'L', warehouseGroupId: group.id });
  });

  it('a locked channel refuses changes with 403 {message}', async () => {
    // The legacy body has no apiLocked (422 unknown field); a channel is locked through POST /channels.
    expectInvalid(await api('POST', '/channels/sales', { label: 'Locked', warehouseGroupId: group.id, apiLocked: true }), ['apiLocked']);
    const locked = dataOf(await api('POST', '/channels', { channelType: 'sales_channel', label: 'Locked', warehouseGroupId: group.id, apiLocked: true }), 201).id;
    expectMessageOnly(await api('PATCH', `/channels/${locked}`, { label: 'x' }), 403);
    expect(dataOf(await api('GET', `/channels/${locked}`)).apiLocked).toBe(true);
  });
});

describe('POST /cost-rules', () => {
  const RULE: Shape = {
    id: 'integer', vendor_id: 'integer?', vendor_name: 'string?', name: 'string', description: 'string?', document_type: 'string', document_types: 'array',
    tier_mode: 'string', tier_quantity_basis: 'string', priority: 'integer', status: 'string', is_active: 'boolean', effective_from: 'date?', effective_to: 'date?',
    moq: 'number?', order_multiple: 'number?', output_kind: 'string', extra_cost_item_name: 'string?', cost_allocation_type: 'string?', cost_basis: 'string?',
    cost_basis_amount: 'number?', shipment_type: 'string?', options: 'object', scopes: 'array', conditions: 'array', tiers: 'array', created_at: 'date-time', updated_at: 'date-time',
  };
  const flags = (tenant: Tenant) => tenantClient(server.database.prisma, tenant.companyId);

  it('needs the tenant Cost Rules feature (403 {message} without it)', async () => {
    expectMessageOnly(await api('POST', '/cost-rules', { name: 'X', vendor_id: supplier.id, document_types: ['PURCHASE_ORDER'] }), 403);
    await setFeature(flags(acme), 'cost_rules');
  });

  it('creates a rule and answers {data: cost rule} with the fields of the Cost rule table', async () => {
    const casting = await post('/products', { name: 'Casting', sku: 'CAST-1' });
    const rule = dataOf(await api('POST', '/cost-rules', {
      name: 'Castings', vendor_id: supplier.id, document_types: ['PURCHASE_ORDER', 'WORK_ORDER'],
      tiers: [{ min_quantity: '0', effects: [{ effect_type: 'BASE_PRICE', amount: '10.00', sequence: 1, description: 'Base' }] }],
      scopes: [{ scope_type: 'PRODUCT', scope_value: String(casting.id), scope_operator: 'EQUALS' }],
    }), 201);
    expectShape(rule, RULE, { exact: true, where: 'cost rule' });
    expect(rule).toMatchObject({ vendor_id: supplier.id, vendor_name: 'Forge Ltd', document_types: ['PURCHASE_ORDER', 'WORK_ORDER'], tier_mode: 'NON_GRADUATED', tier_quantity_basis: 'LINE', status: 'ACTIVE', is_active: true });
    expectShape(rule.options, { auto_apply: 'boolean', add_as_additional_fee: 'boolean' }, { exact: true, where: 'options' });
    expectShape(rule.scopes[0], { id: 'integer', cost_rule_id: 'integer', scope_type: 'string', scope_value: 'string', scope_operator: 'string', scope_extra: 'object?' }, { exact: true, where: 'scope' });
    expectShape(rule.tiers[0], { id: 'integer', cost_rule_id: 'integer', min_quantity: 'number', max_quantity: 'number?', effects: 'array' }, { exact: true, where: 'tier' });
    expectShape(rule.tiers[0].effects[0], { id: 'integer', cost_rule_id: 'integer', cost_rule_tier_id: 'integer', effect_type: 'string', amount: 'number', order: 'integer', description: 'string?' }, { exact: true, where: 'effect' });
    // The singular document_type is the back-compatible alternative.
    expect(dataOf(await api('POST', '/cost-rules', { name: 'Singular', vendor_id: supplier.id, document_type: 'SHIPMENT' }), 201)).toMatchObject({ document_type: 'SHIPMENT', document_types: ['SHIPMENT'] });
  });

  it('applies the create rules with 422 {message, errors}', async () => {
    // 1. name and document_types are required; name at most 255; at least one document type.
    expectInvalid(await api('POST', '/cost-rules', { vendor_id: supplier.id }), ['name', 'document_types']);
    expectInvalid(await api('POST', '/cost-rules', { name: 'x'.repeat(256), vendor_id: supplier.id, document_types: [] }), ['name', 'document_types']);
    expectInvalid(await api('POST', '/cost-rules', { name: 'Bad type', vendor_id: supplier.id, document_types: ['INVOICE'] }), ['document_types.0']);
    // 2. vendor_id is required unless EXTRA_COST or PRODUCTION_RUN.
    expectInvalid(await api('POST', '/cost-rules', { name: 'No vendor', document_types: ['PURCHASE_ORDER'] }), ['vendor_id']);
    expect(dataOf(await api('POST', '/cost-rules', { name: 'Run', document_types: ['PRODUCTION_RUN'] }), 201).vendor_id).toBeNull();
    // 3. vendor_id on an EXTRA_COST rule is refused, on create and on update.
    const extra = { document_types: ['PURCHASE_ORDER'], output_kind: 'EXTRA_COST', cost_basis: 'PERCENTAGE', cost_basis_amount: '2.5' };
    expectInvalid(await api('POST', '/cost-rules', { name: 'Duty', vendor_id: supplier.id, ...extra }), ['vendor_id']);
    const duty = dataOf(await api('POST', '/cost-rules', { name: 'Duty', ...extra }), 201);
    expect(duty).toMatchObject({ vendor_id: null, output_kind: 'EXTRA_COST', cost_basis: 'PERCENTAGE', cost_basis_amount: 2.5 });
    expectInvalid(await api('PATCH', `/cost-rules/${duty.id}`, { vendor_id: supplier.id }), ['vendor_id']);
    // 4. EXTRA_COST needs cost_basis and cost_basis_amount.
    expectInvalid(await api('POST', '/cost-rules', { name: 'Extra', document_types: ['WORK_ORDER'], output_kind: 'EXTRA_COST' }), ['cost_basis', 'cost_basis_amount']);
    // 5. name unique per vendor among non-deleted rules.
    expectInvalid(await api('POST', '/cost-rules', { name: 'Castings', vendor_id: supplier.id, document_types: ['SHIPMENT'] }), ['name']);
    expect((await api('POST', '/cost-rules', { name: 'x'.repeat(255), vendor_id: supplier.id, document_types: ['SHIPMENT'] })).status).toBe(201);
  });

  it('needs a token (401 {error, message, status_code})', async () => {
    await expectAuthRequired('POST', '/cost-rules', { name: 'X', vendor_id: supplier.id, document_types: ['PURCHASE_ORDER'] });
  });
});

describe('GET /reports/edi/summary', () => {
  const NUMBERS: Shape = {
    total: 'integer', success_count: 'integer', failed_count: 'integer', pending_count: 'integer', success_rate: 'number', ack_997_count: 'integer', ack_997_rate: 'number',
  };

  beforeAll(async () => {
    const channel = await post('/channels', { channelType: 'sales_channel', label: 'Partner', warehouseGroupId: group.id });
    await server.database.prisma.ediDocument.createMany({
      data: [
        { companyId: acme.companyId, channelId: channel.id, type: '856', direction: 'outbound', status: 'accepted', controlNumber: 1, groupControlNumber: 1, raw: 'ISA~', createdAt: new Date('2026-03-01T08:00:00Z'), acknowledgedAt: new Date('2026-03-01T09:00:00Z') },
        { companyId: acme.companyId, channelId: channel.id, type: '810', direction: 'outbound', status: 'failed', controlNumber: 2, groupControlNumber: 2, raw: 'ISA~', createdAt: new Date('2026-03-02T08:00:00Z') },
      ],
    });
  });

  it('answers the bare EDI summary object', async () => {
    const res = await api('GET', '/reports/edi/summary?from=2026-03-01&to=2026-03-31');
    expect(res.status, res.text).toBe(200);
    expectShape(res.body, { ...NUMBERS, by_type: 'object' }, { exact: true, where: 'EDI summary' });
    expect(res.body).toMatchObject({ total: 2, success_count: 1, failed_count: 1, pending_count: 0, success_rate: 0.5 });
    expect(Object.keys(res.body.by_type).sort()).toEqual(['810', '850', '855', '856']);
    for (const numbers of Object.values(res.body.by_type)) expectShape(numbers, NUMBERS, { exact: true, where: 'by_type entry' });
    const chosen = await api('GET', '/reports/edi/summary?types=856');
    expect(Object.keys(chosen.body.by_type)).toEqual(['856']);
    expect(chosen.body.total).toBe(1);
  });

  it('answers 422 {message, errors} for bad parameters, and 401 without a token', async () => {
    expectInvalid(await api('GET', '/reports/edi/summary?from=March'), ['from']);
    expectInvalid(await api('GET', '/reports/edi/summary?types=999'), ['types']);
    expectInvalid(await api('GET', '/reports/edi/summary?colour=red'), ['colour']);
    await expectAuthRequired('GET', '/reports/edi/summary');
  });
});

describe('GET /forecast-warehouse-data/{id}', () => {
  let row: any;

  it('needs the feature forecast_materialized_table (403 {message} without it)', async () => {
    expectMessageOnly(await api('GET', '/forecast-warehouse-data/1'), 403);
  });

  it('answers one row by its id as {data: object}', async () => {
    await setFeature(tenantClient(server.database.prisma, acme.companyId), 'forecast_materialized_table');
    const product = await post('/products', { name: 'Widget', sku: 'W-1' });
    await post('/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: 5, unit_cost: 1 }] });
    const job = dataOf(await api('POST', '/forecast-warehouse-data/refresh'), 202);
    await server.background!.worker.drain();
    let status = '';
    for (let i = 0; i < 200 && !['finished', 'failed', 'cancelled'].includes(status); i++) {
      status = dataOf(await api('GET', `/jobs/${job.id}`)).status;
      if (status !== 'finished') await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe('finished');
    [row] = (await api('GET', '/forecast-warehouse-data')).body.data;
    const one = dataOf(await api('GET', `/forecast-warehouse-data/${row.id}`));
    expect(one).toEqual(row);
    // The contract does not show the fields; these are the service's.
    expectShape(one, {
      id: 'integer', warehouse_id: 'integer', product_id: 'integer', sku: 'string', on_hand: 'number', available: 'number', incoming: 'number',
      avg_daily_demand_30: 'number', avg_daily_demand_90: 'number', days_of_cover: 'number?', supplier_id: 'integer?', lead_time_days: 'integer?',
      safety_stock: 'number', reorder_point: 'number', suggested_order_qty: 'number', below_reorder_point: 'boolean', computed_at: 'date-time',
    }, { exact: true, where: 'forecast row' });
    expect(one).toMatchObject({ warehouse_id: warehouse.id, product_id: product.id, on_hand: 5 });
  });

  it('answers 404 {message} for an unknown row, and 401 without a token', async () => {
    expectNotFound(await api('GET', '/forecast-warehouse-data/999999'));
    await setFeature(tenantClient(server.database.prisma, globex.companyId), 'forecast_materialized_table');
    expectNotFound(await api('GET', `/forecast-warehouse-data/${row.id}`, undefined, globex));
    await expectAuthRequired('GET', `/forecast-warehouse-data/${row.id}`);
  });
});

describe('GET /currency/rates/convert', () => {
  beforeAll(async () => {
    await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.1, as_of: '2026-01-01' });
  });

  it('converts an amount and answers {data: object}', async () => {
    const result = dataOf(await api('GET', '/currency/rates/convert?from=EUR&to=USD&amount=100&date=2026-02-01'));
    // The contract does not show the fields; these are the service's.
    expectShape(result, { from: 'string', to: 'string', amount: 'number', rate: 'number', converted_amount: 'number', as_of: 'date', via: 'string' }, { exact: true, where: 'conversion' });
    expect(result).toEqual({ from: 'EUR', to: 'USD', amount: 100, rate: 1.1, converted_amount: 110, as_of: '2026-01-01', via: 'direct' });
  });

  it('answers 422 {message, errors} for bad parameters or no rate, and 401 without a token', async () => {
    expectInvalid(await api('GET', '/currency/rates/convert?from=EUR&to=USD&amount=lots'), ['amount']);
    // An amount too large for a finite JSON number was answered 200 with amount and converted_amount null.
    expectInvalid(await api('GET', `/currency/rates/convert?from=EUR&to=EUR&amount=${'9'.repeat(400)}`), ['amount']);
    expectInvalid(await api('GET', `/currency/rates/convert?from=EUR&to=USD&amount=1${'0'.repeat(16)}`), ['amount']);
    expectInvalid(await api('GET', '/currency/rates/convert?from=EUR&to=USD&amount=0.00000000001'), ['amount']);
    expect((await api('GET', `/currency/rates/convert?from=EUR&to=EUR&amount=-${'9'.repeat(16)}.${'9'.repeat(10)}`)).status).toBe(200);
    expectInvalid(await api('GET', '/currency/rates/convert?from=ZZZ&to=USD&amount=1'), ['from']);
    expectInvalid(await api('GET', '/currency/rates/convert?from=EUR&to=JPY&amount=1'), ['to']);
    expectInvalid(await api('GET', '/currency/rates/convert?from=EUR&to=USD&amount=1&colour=red'), ['colour']);
    expectInvalid(await api('GET', '/currency/rates/convert?from=EUR&to=USD&amount=1', undefined, globex), ['to']);
    await expectAuthRequired('GET', '/currency/rates/convert?from=EUR&to=USD&amount=1');
  });
});
