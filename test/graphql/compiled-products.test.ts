// `products` is answered in one go (src/graphql/products/compiled-products.ts: the page's JSON written by one SQL
// statement) when SQL can write every field asked of a product (derived from the GraphQL types), over REST and over
// /graphql. Here that answer equals graphql's ordinary execution field by field, keys in the same order and values
// alike: for the REST page (its operation REST-cased in the `page` envelope), for every field SQL can write, and for selections written every way GraphQL allows (aliases, fragments, @skip/@include,
// __typename, repeated fields). The data is varied (kits with items in other units, variants with attachments
// and attributes, a deactivated variant, tags, alternate SKUs, substitutions, references, custom fields,
// weights in every unit, BOMs, null fields), with several filters, sorts and pages. A page runs as many
// statements for 10 products as for 100, fewer than field by field; a selection SQL cannot write, and
// bad arguments, are answered field by field, as before. A product's delete is compared too: its answer is one
// statement in its transaction, the product as it was (compiledMutation), whether it goes or is deactivated.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { restCased as restCasedKeeping, writtenAsJson } from '../support/compiled-answers.js';
import { fieldByField as ordinaryAnswer } from '../support/random-selection.js';
import { productRoutes } from '../../rest-mapping/products.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { derivedJsonTypes } from '../../src/graphql/shared/derived-json-types.js';
import type { Tenant } from '../support/test-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { countUnitsWithDozen } from '../support/seed.js';
import { recordStatements } from '../support/statement-log.js';
import { compiledChangeChecker } from '../support/compiled-change.js';

const statements: string[] = [];
const { server, companies: { acme, bulk, empty }, api: call } = serverForFile(['acme', 'bulk', 'empty'], { database: () => openTestDatabase({ onQuery: recordStatements(statements) }) });
const listRoute = productRoutes.find((r) => r.method === 'GET' && r.path === '/products')!;
/** The operation's answer REST-cased; the values of JSON fields are kept as they are, key order included. */
const restCased = (value: any): any => restCasedKeeping(value, new Set(['customFields']));
const refs: Record<string, number> = {};

/** A REST call that must succeed (200 or 201): its `data`. */
const api = async (method: string, path: string, body?: unknown, tenant: Tenant = acme): Promise<any> => {
  const res = await call(method, path, body, tenant);
  expect([200, 201], res.text).toContain(res.status);
  return res.body.data;
};

const WEIGHTS = {
  product_weight: [{ unit: 'g', value: 0.1234567891 }, { unit: 'oz', value: 3 }],
  dimensional_weight: [{ unit: 'kg', value: 12.5 }],
  box_weight: [{ unit: 'lb', value: 1.75 }, { unit: 'mg', value: 333 }],
  carton_weight: [{ unit: 't', value: 0.0001 }],
  shipping_weight: [{ unit: 'oz', value: 16 }],
  pallet_weight: [{ unit: 'g', value: 1000000 }, { unit: 'kg', value: 0.001 }],
};

async function seedAcme() {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const category = await db.productCategory.create({ data: { name: 'Hardware' } as any });
  const subcategory = await db.productCategory.create({ data: { name: 'Screws', parentId: category.id } as any });
  const supplier = await db.supplier.create({ data: { name: 'Fasteners "Inc"', email: 'sales@fasteners.test', currency: 'USD' } as any });
  const bare = await db.supplier.create({ data: { name: 'Bare supplier' } as any });
  // Created out of name order: tags are listed by name.
  const zinc = await db.tag.create({ data: { name: 'zinc', description: 'Zinc plated', icon: 'shield', color: '#aaaaaa' } as any });
  const amber = await db.tag.create({ data: { name: 'amber' } as any });
  const red = await db.tag.create({ data: { name: 'Red', description: 'Red things', color: '#ff0000' } as any });
  const priorityList = await db.priorityList.create({ data: { name: 'Rush', description: 'First out' } as any });
  const template = await db.distributionTemplate.create({ data: { name: 'Default split' } as any });
  const templateCategory = await db.distributionTemplateCategory.create({ data: { name: 'Retail' } as any });
  const { each, dozen } = await countUnitsWithDozen(db);
  const bomB = await db.bom.create({ data: { name: 'Second assembly' } as any });
  const bomA = await db.bom.create({ data: { name: 'First assembly' } as any });
  await db.customFieldDefinition.create({ data: { entityType: 'product', key: 'finish', label: 'Finish', type: 'text' } as any });
  await db.customFieldDefinition.create({ data: { entityType: 'product', key: 'pack_size', label: 'Pack size', type: 'number' } as any });
  await db.customFieldDefinition.create({ data: { entityType: 'product', key: 'fragile', label: 'Fragile', type: 'boolean' } as any });
  Object.assign(refs, { tag: red.id, category: category.id, supplier: supplier.id });

  const washer = await api('POST', '/products', { name: 'Washer', sku: 'WASH-1', retail_price: 0.05, wholesale_price: 0.025, description: 'M4 "flat" washer \\ steel', default_uom_id: each.id });
  const nut = await api('POST', '/products', { name: 'Nut ünïcödé ✓', sku: 'NUT-1', retail_price: 1234567.123456, supplier_id: bare.id });
  const screw = await api('POST', '/products', {
    name: 'Wood screw', description: '4 x 40 mm', sku: 'SCREW-440', upc: '012345678905', hs_code: '7318.12', type: 'PRODUCT',
    image_url: 'https://img.test/screw.png',
    retail_price: 0.25, wholesale_price: 0.12, unit_cost: 0.000001, landed_cost: 0.07, manufacturing_fee: 10,
    product_length: 1.5, product_width: 2, product_height: 0.333333, box_length: 100, pallet_height: 99999.999999,
    ...WEIGHTS,
    sellable: false, discontinued: true, is_drop_ship_item: true, taxable: false, lot_tracking: true, round_up_as_component: true,
    lot_deduction_strategy: 'FEFO', default_supply_method: 'purchase',
    category_id: category.id, subcategory_id: subcategory.id, supplier_id: supplier.id,
    tag_ids: [zinc.id, red.id, amber.id], bom_ids: [bomB.id, bomA.id], priority_list_id: priorityList.id,
    distribution_template_id: template.id, distribution_template_category_id: templateCategory.id, default_uom_id: each.id,
    alternate_skus: [{ sku: 'SCREW-440-C' }, { sku: 'SCREW-440-B' }],
    substitutions: [{ product_id: washer.id, priority: 2 }, { product_id: nut.id, priority: 1 }],
    attachments: [
      { name: 'spec.pdf', type: 'application/pdf', size: 1024, full_url: 'https://files.test/spec.pdf', thumb_url: 'https://files.test/spec.png' },
      { name: 'bare.txt' },
    ],
    variant_attributes: [{ variant_name: 'Length', variant_terms: ['40 mm', '60 mm'] }, { variant_name: 'Head', variant_terms: [] }],
    custom_fields: { finish: 'zinc "bright"', pack_size: 100.5, fragile: false },
  });
  const long = await api('POST', '/products', {
    name: 'Wood screw long', sku: 'SCREW-440-L', parent_product_id: screw.id, retail_price: 0.3, upc: '99', hs_code: '7318',
    round_up_as_component: true, custom_fields: { finish: 'black' }, product_weight: [{ unit: 'lb', value: 0.1 }], pallet_weight: [{ unit: 'mg', value: 7 }],
    attachments: [{ name: 'long.png', type: 'image/png', size: 7 }],
    variant_attributes: [{ variant_name: 'Length', variant_terms: ['60 mm'] }],
  });
  await api('POST', '/products', { name: 'Wood screw short', sku: 'SCREW-440-S', parent_product_id: screw.id, wholesale_price: 0.1 });
  Object.assign(refs, { zinc: zinc.id, amber: amber.id, bomA: bomA.id, priorityList: priorityList.id, template: template.id, dozen: dozen.id, subcategory: subcategory.id, washer: washer.id, nut: nut.id, screw: screw.id });
  const gone = await api('POST', '/products', { name: 'Wood screw gone', sku: 'SCREW-440-G', parent_product_id: screw.id });
  await api('POST', '/products', {
    name: 'Screw kit', sku: 'KIT-1', type: 'KIT', retail_price: 9.99, tag_ids: [amber.id], category_id: category.id,
    kit_items: [
      { product_id: screw.id, quantity: 2, uom_id: dozen.id, price: 4.5 },
      { product_id: washer.id, quantity: 0.333333 },
      { product_id: long.id, quantity: 3, price: 0.123456 },
      { product_id: gone.id, quantity: 1, price: 0 },
    ],
  });
  // In a kit, so deleting it deactivates it: the variants and the list leave it out, the kit item keeps it.
  await api('DELETE', `/products/${gone.id}`);
  refs.gone = gone.id;
  for (let n = 0; n < 12; n++) {
    await api('POST', '/products', {
      name: `Bolt ${n % 4}`, sku: `BOLT-${String(n).padStart(2, '0')}`, type: n % 5 === 0 ? 'KIT' : 'PRODUCT',
      ...(n % 3 === 0 ? {} : { retail_price: (n * 7) % 5, wholesale_price: n / 8 }),
      ...(n % 2 === 0 ? { tag_ids: [red.id], product_weight: [{ unit: 'kg', value: Number((n / 3).toFixed(6)) }] } : { supplier_id: supplier.id }),
      ...(n % 4 === 1 ? { category_id: category.id, subcategory_id: subcategory.id, custom_fields: { pack_size: n } } : {}),
      ...(n % 5 === 0 ? { kit_items: [{ product_id: nut.id, quantity: n + 1, uom_id: dozen.id }] } : {}),
    });
  }
}

/** Products carrying every relation, written directly (as the query-count test does), for a page of 100. */
async function seedBulk(size: number) {
  const db = tenantClient(server.database.prisma, bulk.companyId);
  const category = await db.productCategory.create({ data: { name: 'Cat' } as any });
  const supplier = await db.supplier.create({ data: { name: 'Supplier' } as any });
  const unitClass = await db.unitClass.create({ data: { name: 'Count' } as any });
  const each = await db.unitOfMeasure.create({ data: { unitClassId: unitClass.id, name: 'each', baseUnit: true } as any });
  const bom = await db.bom.create({ data: { name: 'BOM' } as any });
  const tags = await db.tag.createManyAndReturn({ data: [{ name: 't2' }, { name: 't1' }] as any });
  const ids = (
    await db.product.createManyAndReturn({
      data: Array.from({ length: size }, (_, i) => ({
        name: `Product ${i}`, sku: `SKU-${i}`, type: i % 2 === 0 ? 'KIT' : 'PRODUCT', retailPrice: 10 + i / 4,
        categoryId: category.id, supplierId: supplier.id, customFields: { finish: `f${i}`, pack_size: i },
        productWeight: [{ unit: 'g', value: String(i) }], productWeightOz: (i / 28.349523125).toFixed(10), productWeightLb: (i / 453.59237).toFixed(10),
      })) as any,
      select: { id: true },
    })
  ).map((p) => p.id);
  await db.product.createMany({ data: ids.map((parentProductId, i) => ({ name: `Variant ${i}`, sku: `VAR-${i}`, parentProductId })) as any });
  await db.productTag.createMany({ data: ids.flatMap((productId) => tags.map((tag) => ({ productId, tagId: tag.id }))) as any });
  await db.productAlternateSku.createMany({ data: ids.map((productId, i) => ({ productId, sku: `ALT-${i}` })) as any });
  await db.kitItem.createMany({
    data: ids.flatMap((kitId, i) => (i % 2 === 0 ? [{ kitId, productId: ids[(i + 1) % ids.length], uomId: each.id, quantity: 2, baseUomQuantity: 2, price: 1.5, originalPrice: 1 }] : [])) as any,
  });
  await db.productSubstitution.createMany({ data: ids.map((productId, i) => ({ productId, substituteId: ids[(i + 1) % ids.length], priority: 1 })) as any });
  await db.productAttachment.createMany({ data: ids.map((productId) => ({ productId, name: 'a.png' })) as any });
  await db.variantAttribute.createMany({ data: ids.map((productId) => ({ productId, variantName: 'Size', variantTerms: ['S', 'M'] })) as any });
  await db.productBom.createMany({ data: ids.map((productId) => ({ productId, bomId: bom.id })) as any });
}

beforeAll(async () => {
  await seedAcme();
  await seedBulk(110);
}, 120_000);

/** The REST answer and the operation's answer for the same query string, both as parsed JSON. */
async function bothAnswers(tenant: Tenant, query: string) {
  const rest = await call('GET', `/products${query ? `?${query}` : ''}`, undefined, tenant);
  expect(rest.status, rest.text).toBe(200);
  const params = new URLSearchParams(query);
  const named = { page: 'page', per_page: 'perPage', sort: 'sort' } as Record<string, string>;
  const variables: Record<string, unknown> = { filters: [] };
  for (const [name, value] of params) {
    if (named[name]) variables[named[name]] = name === 'sort' ? value : Number(value);
    else (variables.filters as unknown[]).push({ name, value });
  }
  const gql = await fieldByField(listRoute.graphql, variables, tenant);
  expect(gql.body.errors, gql.text).toBeUndefined();
  const { items, meta } = gql.body.data.products;
  return { rest: rest.body, graphql: restCased({ data: items, meta }) };
}

/** The query's answer from graphql's ordinary execution (test/support/random-selection.ts). */
const fieldByField = (query: string, variables: Record<string, unknown>, tenant: Tenant = acme) => ordinaryAnswer(server, query, variables, tenant);

/** The query's answer through /graphql (planned when it can be), with the statements it ran. */
async function planned(query: string, variables: Record<string, unknown>, tenant: Tenant = acme) {
  statements.length = 0;
  const res = await server.graphql(query, variables, { token: tenant.token, company: tenant.slug });
  return { res, statements: statements.length };
}

describe('GET /products in one go', () => {
  const queries = [
    '',
    'per_page=100',
    'per_page=3&page=2',
    'per_page=5&page=4',
    'sort=-retail_price,name&per_page=100',
    'sort=name,-sku',
    'sort=-updated_at',
    'type=KIT&sort=sku',
    'tag=Red',
    'sku[contains]=SCREW',
    'q=bolt&per_page=4&page=2',
    `category.id=${0}`,
    'retail_price[gt]=1&sort=-id',
    'name=nothing-matches',
    'per_page=10&page=99',
  ];

  it('answers exactly what the GraphQL operation answers, keys in the same order', async () => {
    let products = 0;
    for (const template of queries) {
      const query = template.replace('category.id=0', `category.id=${refs.category}`);
      const { rest, graphql } = await bothAnswers(acme, query);
      expect(Object.keys(rest), query).toEqual(['data', 'meta']);
      // Stringified: equal values and the same key order at every level.
      expect(JSON.stringify(rest), query).toBe(JSON.stringify(graphql));
      products += rest.data.length;
    }
    expect(products).toBeGreaterThan(60);
  });

  it('shows every relation of the varied products', async () => {
    const { rest } = await bothAnswers(acme, 'sku=SCREW-440');
    const [screw] = rest.data;
    expect(screw.tags.map((t: any) => t.name).sort()).toEqual(['Red', 'amber', 'zinc']);
    expect(screw.variants.map((v: any) => v.sku)).toEqual(['SCREW-440-L', 'SCREW-440-S']);
    expect(screw.variants[0].attachments).toHaveLength(1);
    expect(screw.variants[0].variant_attributes).toEqual([{ variant_name: 'Length', variant_terms: ['60 mm'] }]);
    expect(screw.substitutions.map((s: any) => s.priority)).toEqual([1, 2]);
    expect(screw.boms.map((b: any) => b.name)).toEqual(['Second assembly', 'First assembly']);
    expect(screw.custom_fields).toEqual({ finish: 'zinc "bright"', pack_size: 100.5, fragile: false });
    expect(screw.product_weight).toEqual([{ unit: 'g', value: 0.1234567891 }, { unit: 'oz', value: 3 }]);
    expect(screw.product_weight_oz).toBeCloseTo(3.0043548, 6);
    expect(screw.unit_cost).toBe(0.000001);
    const kit = (await bothAnswers(acme, 'sku=KIT-1')).rest.data[0];
    expect(kit.kit_items.map((i: any) => [i.product.sku, i.unit_of_measure?.name ?? null])).toEqual([
      ['SCREW-440', 'dozen'], ['WASH-1', 'each'], ['SCREW-440-L', null], ['SCREW-440-G', null],
    ]);
    expect(kit.kit_items[0].total).toBe(9);
  });

  it('answers the same for a page of 100 products with every relation, and for a company without products', async () => {
    for (const query of ['per_page=100', 'per_page=100&page=2', 'sort=-name&per_page=7&page=3', 'kit_items.product_id=1']) {
      const { rest, graphql } = await bothAnswers(bulk, query);
      expect(JSON.stringify(rest), query).toBe(JSON.stringify(graphql));
    }
    const { rest, graphql } = await bothAnswers(empty, '');
    expect(rest).toEqual({ data: [], meta: { current_page: 1, from: 0, last_page: 1, per_page: 25, to: 0, total: 0 } });
    expect(JSON.stringify(rest)).toBe(JSON.stringify(graphql));
  });

  it('refuses bad parameters with 422 keyed by the parameter, as before', async () => {
    const res = await call('GET', '/products?per_page=0&sort=colour&retail_price[gt]=abc');
    expect(res.status, res.text).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['per_page', 'retail_price[gt]', 'sort']);
  });

  it('runs as many statements for a page of 10 products as for 100, fewer than field by field, over REST and /graphql', async () => {
    const count = async (perPage: number, graphql = false) => {
      statements.length = 0;
      const res = graphql
        ? await server.graphql(listRoute.graphql, { perPage }, { token: bulk.token, company: bulk.slug })
        : await call('GET', `/products?per_page=${perPage}`, undefined, bulk);
      expect(res.status).toBe(200);
      expect(graphql ? res.body.data.products.items : res.body.data).toHaveLength(perPage);
      return statements.length;
    };
    await count(1); // warm-up
    const small = await count(10);
    const large = await count(100);
    expect(large).toBe(small);
    expect(await count(10, true)).toBe(small);
    expect(await count(100, true)).toBe(small);
    statements.length = 0;
    const ordinary = await fieldByField(listRoute.graphql, { perPage: 100 }, bulk);
    expect(ordinary.body.data.products.items).toHaveLength(100);
    const ordinaryCount = statements.length;
    expect(small).toBe(await onePageStatements(bulk));
    expect(ordinaryCount).toBeGreaterThan(small + 10); // a query per relation
  });
});

/**
 * What a planned page of products costs whatever it shows: the request's own statements (the token with its
 * company, the rate-limit count) and one statement for the page's choice, its total and its JSON.
 */
async function onePageStatements(tenant: Tenant) {
  const { res, statements: count } = await planned('{ products(perPage: 1) { items { id } } }', {}, tenant);
  expect(res.body.data.products.items).toHaveLength(1);
  expect(count).toBe(3);
  return count;
}

/** The value fields of a type SQL can write, and its relations with the type they lead to. */
function catalogued(typeName: string) {
  const type = derivedJsonTypes(buildSchema()).types[typeName]!;
  const values = Object.keys(type).filter((field) => 'value' in type[field]);
  const relations = Object.entries(type).flatMap(([field, known]) => ('type' in known ? [[field, known.type] as const] : []));
  return { values, relations };
}

/** Every value field of the type, and `depth` levels of its relations below it. */
function everyField(typeName: string, depth: number): string {
  const { values, relations } = catalogued(typeName);
  const nested = depth > 0 ? relations.map(([field, type]) => `${field} { ${everyField(type, depth - 1)} }`) : [];
  return [...values, ...nested].join(' ');
}

describe('/graphql products in one go', () => {
  it('answers every field SQL can write as field by field does, in one statement for the page', async () => {
    const { values, relations } = catalogued('Product');
    expect(relations.length).toBeGreaterThan(15);
    const onePage = await onePageStatements(acme);
    for (const [relation, type] of relations) {
      const query = `query Every($perPage: Int, $page: Int) { products(perPage: $perPage, page: $page, sort: "id") { items { ${values.join(' ')} ${relation} { ${everyField(type, 1)} } } meta { total } } }`;
      for (const [tenant, variables] of [[acme, { perPage: 100 }], [bulk, { perPage: 40, page: 2 }]] as const) {
        const { res, statements: count } = await planned(query, variables, tenant);
        expect(res.body.errors, `${relation}: ${res.text.slice(0, 500)}`).toBeUndefined();
        expect(count, relation).toBe(onePage);
        const ordinary = await fieldByField(query, variables, tenant);
        expect(ordinary.body.errors, relation).toBeUndefined();
        expect(JSON.stringify(res.body.data.products), relation).toBe(JSON.stringify(ordinary.body.data.products));
      }
    }
  });

  it('writes the JSON the statement wrote into the body, without spaces as every other answer', async () => {
    const query = 'query Few { products(perPage: 2, sort: "id") { items { id sku } meta { total } } }';
    const { res } = await planned(query, {});
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/(graphql-response\+)?json/);
    // row_to_json and string_agg, not json_build_object (`"key" : value`) or json_agg (`}, {`).
    expect(res.text).toMatch(/^\{"data":\{"products":\{"items":\[\{"id":\d+,"sku":"[^"]+"\},\{"id":\d+,"sku":"[^"]+"\}\],"meta":\{"total":\d+\}\}\}\}$/);
    expect(statements.filter((sql) => /row_to_json/.test(sql))).toHaveLength(1);
    const ordinary = await fieldByField(query, {});
    expect(res.body.data.products).toEqual(ordinary.body.data.products);

    // Custom fields (jsonb, which PostgreSQL writes as `{"key": value, ...}`) too: the whole answer is exactly
    // what JSON.stringify writes for it.
    const withCustomFields = await planned('query Custom { products(perPage: 100, sort: "id") { items { id customFields } } }', {});
    expect(withCustomFields.res.text).toMatch(/"customFields":\{"[a-z_]+":/);
    expect(withCustomFields.res.text).toBe(JSON.stringify(JSON.parse(withCustomFields.res.text)));
    const customOrdinary = await fieldByField('query Custom { products(perPage: 100, sort: "id") { items { id customFields } } }', {});
    expect(withCustomFields.res.body.data.products).toEqual(customOrdinary.body.data.products);
  });

  const VARIED = /* GraphQL */ `
    query Varied($skipName: Boolean!, $withTags: Boolean!, $perPage: Int) {
      __typename
      first: products(perPage: $perPage, sort: "-id") {
        __typename
        meta { total __typename lastPage }
        items {
          ...Names
          ... on Product { sku name }
          label: name @skip(if: $skipName)
          tags @include(if: $withTags) { name __typename }
          kitItems { total qty: quantity product { ...Names } unitOfMeasure { name } }
          variants { sku productWeight { value unit } palletWeightLb }
          substitutions { product { id variants { id } } }
          supplier { name }
          id
          sku
        }
      }
      second: products(page: 2, perPage: 3, filters: [{ name: "type", value: "KIT" }]) { items { sku } meta { currentPage total } }
    }
    fragment Names on Product { id name category { name } }`;

  it('answers selections written every way GraphQL allows as field by field does', async () => {
    const onePage = await onePageStatements(acme);
    for (const variables of [{ skipName: false, withTags: true, perPage: 30 }, { skipName: true, withTags: false }]) {
      const { res, statements: count } = await planned(VARIED, variables);
      expect(res.body.errors, res.text.slice(0, 500)).toBeUndefined();
      expect(count).toBe(onePage + 1); // the second page: its choice, total and JSON in one statement
      const ordinary = await fieldByField(VARIED, variables);
      const { fieldByField: _, ...data } = ordinary.body.data;
      expect(JSON.stringify(res.body.data)).toBe(JSON.stringify(data));
      expect(Object.keys(res.body.data.first.items[0])).toEqual(['id', 'name', 'category', 'sku', ...(variables.skipName ? [] : ['label']), ...(variables.withTags ? ['tags'] : []), 'kitItems', 'variants', 'substitutions', 'supplier']);
    }
  });

  it('answers an operation SQL cannot write whole (an introspection field beside the page) field by field, with the same answer', async () => {
    const query = `query { __schema { queryType { name } } products(perPage: 5) { items { id supplier { name contacts { id } } } } }`;
    const { res, statements: count } = await planned(query, {});
    expect(res.body.errors, res.text).toBeUndefined();
    expect(count).toBeGreaterThan(await onePageStatements(acme));
    const ordinary = await fieldByField(query, {});
    expect(res.body.data.products).toEqual(ordinary.body.data.products);
  });

  it('reports bad arguments exactly as field by field does', async () => {
    const query = `query Bad($sort: String) { products(perPage: 0, sort: $sort) { items { id } } }`;
    const { res } = await planned(query, { sort: 'colour' });
    const ordinary = await fieldByField(query, { sort: 'colour' });
    expect(res.body.errors).toHaveLength(1);
    const withoutLocations = (errors: any[]) => errors.map(({ locations: _, ...error }) => error);
    expect(withoutLocations(res.body.errors)).toEqual(withoutLocations(ordinary.body.errors));
    expect(res.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });
});

describe('products in one go keeps the read scope', () => {
  it('refuses a token without the read scope over /graphql and REST, as field by field does', async () => {
    const token = await server.createToken(acme.companyId, 'write only', ['write']);
    const query = '{ products(perPage: 5) { items { id name } } }';
    const res = await server.graphql(query, {}, { token, company: acme.slug });
    expect(res.body.data?.products ?? null).toBeNull();
    expect(res.body.errors?.[0]?.message).toBe('This API token lacks the read scope.');
    const ordinary = await fieldByField(`query ${query}`, {}, { ...acme, token });
    expect(ordinary.body.errors?.[0]?.message).toBe('This API token lacks the read scope.');
    const rest = await server.call('GET', '/external/api/v1/products', { token, company: acme.slug });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ message: 'This API token lacks the read scope.' });
  });
});

describe('one product in one go: GET, POST and PATCH /products', () => {
  const getRoute = productRoutes.find((r) => r.method === 'GET' && r.path === '/products/{productId}')!;
  /** The product as graphql's ordinary execution answers `product(id)`, REST-cased. */
  const ordinary = async (id: number) => {
    const res = await fieldByField(getRoute.graphql, { id });
    expect(res.body.errors, res.text).toBeUndefined();
    return restCased(res.body.data.product);
  };
  /** Statements that read a product's relations one by one, as field by field does. */
  const relationReads = () => statements.filter((sql) => /FROM "public"\."(ProductTag|Tag|ProductAlternateSku|KitItem|VariantAttribute|ProductAttachment|ProductBom)"/.test(sql));
  /** What a change ran after its last write (its event) and before its commit: the answer's reads. */
  const answerReads = () => {
    const lastWrite = statements.map((sql) => /INSERT INTO "Event"/.test(sql)).lastIndexOf(true);
    expect(lastWrite).toBeGreaterThan(0);
    return statements.slice(lastWrite + 1).filter((sql) => !/COMMIT/.test(sql));
  };

  it('answers every product as the operation does field by field, keys in the same order, its relations in the one statement', async () => {
    const ids: number[] = (await api('GET', '/products?per_page=100')).map((product: { id: number }) => product.id);
    expect(ids.length).toBeGreaterThan(15);
    for (const id of [...ids, refs.screw!]) {
      statements.length = 0;
      const rest = await call('GET', `/products/${id}`);
      expect(rest.status, rest.text).toBe(200);
      expect(relationReads()).toEqual([]);
      expect(JSON.stringify(rest.body.data), String(id)).toBe(JSON.stringify(await ordinary(id)));
    }
  });

  it('answers a creation and an update with the product as it then is, as field by field does', async () => {
    statements.length = 0;
    const created = await call('POST', '/products', {
      name: 'Deck screw', sku: 'DECK-1', retail_price: 0.5, ...WEIGHTS, category_id: refs.category, subcategory_id: refs.subcategory,
      supplier_id: refs.supplier, tag_ids: [refs.zinc, refs.amber], bom_ids: [refs.bomA], priority_list_id: refs.priorityList,
      distribution_template_id: refs.template, alternate_skus: [{ sku: 'DECK-1-B' }], substitutions: [{ product_id: refs.washer, priority: 1 }],
      attachments: [{ name: 'deck.pdf', type: 'application/pdf' }], variant_attributes: [{ variant_name: 'Size', variant_terms: ['S'] }],
      custom_fields: { finish: 'green', fragile: true },
    });
    expect(created.status, created.text).toBe(201);
    expect(answerReads().map(writtenAsJson)).toEqual([true]);
    expect(created.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['amber', 'zinc']);
    expect(JSON.stringify(created.body.data)).toBe(JSON.stringify(await ordinary(created.body.data.id)));

    statements.length = 0;
    const updated = await call('PATCH', `/products/${created.body.data.id}`, {
      name: 'Deck screw, coated', tag_ids: [refs.tag], type: 'KIT', kit_items: [{ product_id: refs.nut, quantity: 3, uom_id: refs.dozen }], custom_fields: { finish: null },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(answerReads().map(writtenAsJson)).toEqual([true]);
    expect(updated.body.data).toMatchObject({ name: 'Deck screw, coated', type: 'KIT', tags: [{ name: 'Red' }], custom_fields: { fragile: true } });
    expect(updated.body.data.kit_items).toHaveLength(1);
    expect(JSON.stringify(updated.body.data)).toBe(JSON.stringify(await ordinary(created.body.data.id)));
  });

  it('answers 404 for a product that does not exist or was deleted, and refuses a bad update with 422, as before', async () => {
    for (const id of [999_999, refs.gone!]) {
      const read = await call('GET', `/products/${id}`);
      expect(read.status, read.text).toBe(404);
      expect(read.body).toEqual({ message: `Product ${id} not found.` });
      const ordinaryRead = await fieldByField(getRoute.graphql, { id });
      expect(ordinaryRead.body.errors[0].message).toBe(read.body.message);
      const update = await call('PATCH', `/products/${id}`, { name: 'x' });
      expect(update.status).toBe(404);
    }
    const refused = await call('PATCH', `/products/${refs.screw}`, { sku: 'NUT-1' });
    expect(refused.status, refused.text).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['sku']);
    const duplicate = await call('POST', '/products', { name: 'Again', sku: 'NUT-1' });
    expect(duplicate.status, duplicate.text).toBe(422);
  });
});

describe('a product delete answered by one statement', () => {
  const { change, readFieldByField } = compiledChangeChecker(server, acme, call, () => statements);

  it('deletes a product without history, and deactivates one a BOM names, answering each as it was', async () => {
    const text = 'A "quoted" \\ name ☃\nline';
    const plain = await api('POST', '/products', { name: text, sku: 'GONE-1', retail_price: 0.123456, description: text, alternate_skus: [{ sku: 'GONE-1-B' }] });
    await change('DELETE', `/products/${plain.id}`, undefined, { deletes: true });
    expect((await call('GET', `/products/${plain.id}`)).status).toBe(404);

    // Deactivated (a BOM names it): no DELETE follows, so the checks are spelled out: one statement in the
    // transaction writes the product as it was.
    const used = await api('POST', '/products', { name: 'Used "part"', sku: 'USED-1', retail_price: 2 });
    await api('POST', '/boms', { name: 'Uses it', items: [{ product_id: used.id, quantity: 1 }] });
    const before = await readFieldByField(`/products/${used.id}`);
    const start = statements.length;
    const res = await call('DELETE', `/products/${used.id}`);
    expect(res.status, res.text).toBe(200);
    const log = statements.slice(start);
    const json = log.flatMap((sql, i) => (writtenAsJson(sql) ? [i] : []));
    expect(json).toHaveLength(1);
    expect(log.slice(json[0]! + 1).some((sql) => /UPDATE "public"\."Product"/.test(sql))).toBe(true);
    expect(log.slice(json[0]! + 1).some((sql) => /COMMIT/.test(sql))).toBe(true);
    expect(JSON.stringify(res.body.data)).toBe(JSON.stringify(before));
    expect((await call('GET', `/products/${used.id}`)).status).toBe(404);
  });
});
