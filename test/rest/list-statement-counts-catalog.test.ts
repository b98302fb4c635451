// Every list route of the catalog and the company's setup (locations, units, BOMs, suppliers and their SKUs and
// contacts, tags, categories, priority lists, distribution templates, custom fields, warehouse groups, exchange
// rates, channels, contacts, price lists, cost rules, integration mappings) runs as many SQL statements for a page
// of 10 records as for a page of 100, nested rows included (a BOM's items, a price list's entries, a unit class's
// units and their rules, a cost rule's tiers and their effects...): a page is read set-based, never with one query
// per record. GET /boms/{id} is the one record among them whose answer is a list: a BOM of 10 items and one of
// 100. Each route gets one record made through the API, to be sure of its shape, and its other records are copies
// of it written with createMany, so the file stays fast. The pages go through the real HTTP server, over a
// database that reports every statement it runs (statement-log.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { byId, tenantClient } from '../../src/db/tenant-client.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { statementCounter } from '../support/statement-log.js';
import { RECORDS, copyable, once, listStatementChecks } from '../support/list-statement-counts.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
let db: ReturnType<typeof tenantClient>;
const { sameStatements, samePageStatements, copiesOf, childCopies } = listStatementChecks(counter, api, () => db);

let warehouse: any;
let bin: any;
let supplier: any;
let customer: any;
/** 110 products: Bolt (made through the API) and its copies. */
let products: Array<{ id: number }> = [];
/** The i-th product, round the list. */
const productAt = (i: number) => products[i % products.length]!.id;

beforeAll(async () => {
  db = tenantClient(server.database.prisma, acme.companyId);
  warehouse = await post('/locations', { name: 'Main', city: 'Oslo' });
  bin = await post('/locations', { name: 'Main bin', parent_id: warehouse.id, is_pick_location: true });
  supplier = await post('/suppliers', { name: 'Bolt Works', email: 'sales@bolt.test', currency: 'EUR' });
  customer = await post('/companies', { name: 'Initech' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT-0', retail_price: 2 });
  products = [bolt, ...(await copiesOf('product', bolt.id, (i) => ({ name: `Bolt ${i + 1}`, sku: `BOLT-${i + 1}` }), RECORDS + 9)).map((id) => ({ id }))];
}, 60_000);

/** 100 unit classes, each with its base unit, two more units and their rules, one of them for a product and an alternate SKU of it. */
const unitClasses = once(async () => {
  const cls = await post('/unit-classes', { name: 'Count' });
  const each = await post('/unit-of-measures', { unit_class_id: cls.id, name: 'each' });
  await post('/unit-of-measures', { unit_class_id: cls.id, name: 'dozen', conversion_factor: 12 });
  const box = await post('/unit-of-measures', { unit_class_id: cls.id, name: 'box', conversion_factor: 100 });
  const alternate = await db.productAlternateSku.create({ data: { productId: productAt(1), sku: 'BOLT-1-ALT' } as any });
  await post('/unit-conversion-rules', {
    base_unit_of_measure_id: each.id, converted_unit_of_measure_id: box.id, conversion_factor: 96, product_id: productAt(1), product_alternate_sku_ids: [alternate.id],
  });
  const classIds = await copiesOf('unitClass', cls.id, (i) => ({ name: `Class ${i}` }));
  await childCopies('unitOfMeasure', 'unitClassId', cls.id, classIds);
  const units = await db.unitOfMeasure.findMany({ select: { id: true, name: true, unitClassId: true } });
  const unitOf = new Map(units.map((u) => [`${u.unitClassId}/${u.name}`, u.id]));
  const nameOf = new Map(units.map((u) => [u.id, u.name]));
  const rules = await db.unitConversionRule.findMany({ where: { baseUnitOfMeasureId: each.id }, include: { alternateSkuLinks: true } });
  expect(rules).toHaveLength(3);
  const made = await (db as any).unitConversionRule.createManyAndReturn({
    data: classIds.flatMap((classId) =>
      rules.map(({ alternateSkuLinks: _, ...rule }) => ({
        ...copyable(rule),
        baseUnitOfMeasureId: unitOf.get(`${classId}/${nameOf.get(rule.baseUnitOfMeasureId)}`),
        convertedUnitOfMeasureId: unitOf.get(`${classId}/${nameOf.get(rule.convertedUnitOfMeasureId)}`),
      })),
    ),
    select: { id: true, productId: true },
  });
  await db.unitConversionRuleAlternateSku.createMany({
    data: made.filter((r: any) => r.productId !== null).map((r: any) => ({ ruleId: r.id, alternateSkuId: alternate.id })) as any,
  });
});

/** 100 suppliers, each with two contacts; the first has 100 contacts. */
const suppliers = once(async () => {
  await post(`/suppliers/${supplier.id}/contacts`, { name: 'Kari Nordmann', email: 'kari@bolt.test', role: 'Sales' });
  await post(`/suppliers/${supplier.id}/contacts`, { name: 'Ola Hansen', phone: '+47 1234', role: 'Buyer' });
  const ids = await copiesOf('supplier', supplier.id, (i) => ({ name: `Supplier ${i}` }));
  await childCopies('contact', 'supplierId', supplier.id, ids);
  const [kari] = await db.contact.findMany({ where: { supplierId: supplier.id }, orderBy: { id: 'asc' }, take: 1 });
  await copiesOf('contact', kari!.id, (i) => ({ firstName: `Contact ${i}` }), RECORDS - 2);
});

const cases: Array<[string, () => Promise<void>]> = [
  [
    '/locations',
    async () => {
      await copiesOf('location', bin.id, (i) => ({ name: `Bin ${i}` }));
      await samePageStatements('/locations');
    },
  ],
  ['/unit-classes', async () => (await unitClasses(), samePageStatements('/unit-classes'))],
  ['/unit-of-measures', async () => (await unitClasses(), samePageStatements('/unit-of-measures'))],
  ['/unit-conversion-rules', async () => (await unitClasses(), samePageStatements('/unit-conversion-rules'))],
  [
    '/boms',
    async () => {
      const bom = await post('/boms', {
        name: 'Frame',
        items: [{ product_id: productAt(1), quantity: 2, note: 'Left' }, { product_id: productAt(2), quantity: 0.5 }, { product_id: productAt(3), quantity: 1 }],
        extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 0.5 }, { name: 'Paint', quantity: 2, unit_price: 0.25 }],
      });
      const ids = await copiesOf('bom', bom.id, (i) => ({ name: `Frame ${i}` }));
      await childCopies('bomItem', 'bomId', bom.id, ids);
      await childCopies('bomExtraCost', 'bomId', bom.id, ids);
      await samePageStatements('/boms');
    },
  ],
  [
    '/boms/{bomId}',
    async () => {
      const bomOf = (name: string, size: number) =>
        post('/boms', { name, items: Array.from({ length: size }, (_, i) => ({ product_id: productAt(i + 1), quantity: i + 1 })), extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 2 }] });
      const small = await bomOf('Ten items', 10);
      const large = await bomOf('A hundred items', 100);
      await sameStatements(`/boms/${small.id}`, `/boms/${large.id}`, (body) => body.data.items.length);
    },
  ],
  ['/suppliers', async () => (await suppliers(), samePageStatements('/suppliers'))],
  ['/suppliers/{supplierId}/contacts', async () => (await suppliers(), samePageStatements(`/suppliers/${supplier.id}/contacts`))],
  [
    '/supplier-skus',
    async () => {
      const sku = await post('/supplier-skus', { supplier_id: supplier.id, product_id: productAt(1), supplier_sku: 'S-0', cost: 0.25, currency: 'EUR', lead_time_days: 7 });
      await copiesOf('supplierSku', sku.id, (i) => ({ productId: productAt(i + 2), supplierSku: `S-${i + 1}` }));
      await samePageStatements('/supplier-skus');
    },
  ],
  [
    '/tags',
    async () => {
      const tag = await post('/tags', { name: 'Heavy', description: 'Over 20 kg', color: '#ff0000' });
      await copiesOf('tag', tag.id, (i) => ({ name: `Tag ${i}` }));
      await samePageStatements('/tags');
    },
  ],
  [
    '/categories',
    async () => {
      // 50 categories, each with a subcategory: 100 categories listed, each with its subcategories.
      const tools = await post('/categories', { name: 'Tools' });
      const power = await post('/categories', { name: 'Power tools', parent_id: tools.id });
      const ids = await copiesOf('productCategory', tools.id, (i) => ({ name: `Category ${i}` }), RECORDS / 2 - 1);
      await copiesOf('productCategory', power.id, (i) => ({ name: `Subcategory ${i}`, parentId: ids[i] }), ids.length);
      await samePageStatements('/categories');
    },
  ],
  [
    '/priority-lists',
    async () => {
      const west = await post('/locations', { name: 'West' });
      const list = await post('/priority-lists', { name: 'West first', description: 'Ship from the west', warehouse_ids: [west.id, warehouse.id] });
      const ids = await copiesOf('priorityList', list.id, (i) => ({ name: `List ${i}` }));
      await childCopies('priorityListWarehouse', 'priorityListId', list.id, ids);
      await samePageStatements('/priority-lists');
    },
  ],
  [
    '/distribution-templates',
    async () => {
      const template = await post('/distribution-templates', { name: 'Source' });
      await copiesOf('distributionTemplate', template.id, (i) => ({ name: `Template ${i}` }));
      await samePageStatements('/distribution-templates');
    },
  ],
  [
    '/distribution-template-categories',
    async () => {
      const category = await post('/distribution-template-categories', { name: 'Seasonal' });
      await copiesOf('distributionTemplateCategory', category.id, (i) => ({ name: `Template category ${i}` }));
      await samePageStatements('/distribution-template-categories');
    },
  ],
  [
    '/custom-fields',
    async () => {
      const field = await post('/custom-fields', { entity_type: 'product', key: 'finish', label: 'Finish', type: 'single_select', options: ['matte', 'gloss'] });
      await copiesOf('customFieldDefinition', field.id, (i) => ({ key: `finish_${i}`, label: `Finish ${i}` }));
      await samePageStatements('/custom-fields');
    },
  ],
  [
    '/warehouse-groups',
    async () => {
      // Each group: two warehouses of its own.
      const first = await post('/locations', { name: 'North' });
      const second = await post('/locations', { name: 'South' });
      const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [first.id, second.id] });
      const ids = await copiesOf('warehouseGroup', group.id, (i) => ({ name: `Group ${i}` }));
      await db.location.createMany({ data: ids.flatMap((warehouseGroupId, i) => [{ name: `North ${i}`, warehouseGroupId }, { name: `South ${i}`, warehouseGroupId }]) as any });
      await samePageStatements('/warehouse-groups');
    },
  ],
  [
    '/currency/rates',
    async () => {
      const rate = await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.05, as_of: '2026-01-01' });
      await copiesOf('exchangeRate', rate.id, (i) => ({ asOf: new Date(Date.UTC(2026, 0, 2 + i)) }));
      await samePageStatements('/currency/rates');
    },
  ],
  [
    '/channels',
    async () => {
      const group = await post('/warehouse-groups', { name: 'Channels', warehouse_ids: [warehouse.id] });
      const web = await post('/tags', { name: 'Web' });
      const retail = await post('/tags', { name: 'Retail' });
      const channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id, tagIds: [web.id, retail.id] });
      const ids = await copiesOf('salesChannel', channel.id, (i) => ({ label: `Channel ${i}`, uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
      await childCopies('salesChannelTag', 'channelId', channel.id, ids);
      await samePageStatements('/channels');
    },
  ],
  [
    '/contacts',
    async () => {
      // Half of a customer company, half of a supplier.
      const ofCustomer = await post('/contacts', { company_id: customer.id, first_name: 'Pat', last_name: 'Lee', email: 'pat@initech.test' });
      const ofSupplier = await post('/contacts', { supplier_id: supplier.id, first_name: 'Ola', last_name: 'Hansen', title: 'Buyer' });
      await copiesOf('contact', ofCustomer.id, (i) => ({ firstName: `Customer contact ${i}` }), RECORDS / 2);
      await copiesOf('contact', ofSupplier.id, (i) => ({ firstName: `Supplier contact ${i}` }), RECORDS / 2);
      await samePageStatements('/contacts');
    },
  ],
  [
    '/price-lists',
    async () => {
      const list = await post('/price-lists', {
        name: 'Wholesale',
        currency: 'EUR',
        entries: [{ product_id: productAt(1), min_quantity: 0, price: 1 }, { product_id: productAt(1), min_quantity: 10, price: 0.9 }, { product_id: productAt(2), min_quantity: 0, price: 3 }],
      });
      const ids = await copiesOf('priceList', list.id, (i) => ({ name: `Price list ${i}` }));
      await childCopies('priceListEntry', 'priceListId', list.id, ids);
      await samePageStatements('/price-lists');
    },
  ],
  [
    '/cost-rules',
    async () => {
      await setFeature(db, 'cost_rules');
      const rule = await post('/cost-rules', {
        name: 'Castings',
        vendor_id: supplier.id,
        document_types: ['PURCHASE_ORDER', 'WORK_ORDER'],
        tiers: [
          { min_quantity: '0', effects: [{ effect_type: 'BASE_PRICE', amount: '10', sequence: 1 }] },
          { min_quantity: '100', effects: [{ effect_type: 'BASE_PRICE', amount: '8', sequence: 1 }, { effect_type: 'FIXED_PER_UNIT', amount: '0.5', sequence: 2, description: 'Packaging' }] },
        ],
        scopes: [{ scope_type: 'PRODUCT', scope_value: String(productAt(1)) }],
        conditions: [{ condition_type: 'WAREHOUSE', operator: 'IN', values: [String(warehouse.id)] }],
      });
      const ids = await copiesOf('costRule', rule.id, (i) => ({ name: `Rule ${i}` }));
      await childCopies('costRuleScope', 'costRuleId', rule.id, ids);
      await childCopies('costRuleCondition', 'costRuleId', rule.id, ids);
      await childCopies('costRuleTier', 'costRuleId', rule.id, ids);
      // Each copied tier gets the effects of the tier at its position in the rule.
      const tiers = await db.costRuleTier.findMany({ select: { id: true, costRuleId: true, position: true } });
      const original = new Map(tiers.filter((t) => t.costRuleId === rule.id).map((t) => [t.position, t.id]));
      const effects = await db.costRuleEffect.findMany({ where: { costRuleId: rule.id } });
      await db.costRuleEffect.createMany({
        data: tiers
          .filter((t) => t.costRuleId !== rule.id)
          .flatMap((t) => effects.filter((e) => e.costRuleTierId === original.get(t.position)).map((e) => ({ ...copyable(e), costRuleId: t.costRuleId, costRuleTierId: t.id }))) as any,
      });
      await samePageStatements('/cost-rules');
    },
  ],
  [
    '/integration-mappings',
    async () => {
      const mapping = await post('/integration-mappings', { integration: 'wms', entity_type: 'product', internal_id: productAt(0), external_id: 'W-0' });
      await copiesOf('integrationMapping', mapping.id, (i) => ({ internalId: productAt(i + 1), externalId: `W-${i + 1}` }));
      await samePageStatements('/integration-mappings');
    },
  ],
  [
    '/integration-field-mappings',
    async () => {
      const mapping = await post('/integration-field-mappings', { integration: 'wms', entity_type: 'product', internal_field: 'upc', external_field: 'barcode' });
      await copiesOf('integrationFieldMapping', mapping.id, (i) => ({ internalField: `field_${i}`, externalField: `external_${i}` }));
      await samePageStatements('/integration-field-mappings');
    },
  ],
];

describe('a page of 10 records and a page of 100 run as many statements', () => {
  it.each(cases)('GET %s', async (_path, check) => check());
});
