// GET /products filters checked against the data (issue 3, "How it will be checked"): products, kits and
// everything they point at are created through the REST routes; each filter query's answer is compared
// with the ids a plain JS reading of the stored responses gives. The oracle (`matches`) spells out the
// contract's semantics independently of the service: strings case-insensitive (eq = equal, contains =
// substring, no wildcards), `sku` also the alternate SKUs, `q` name OR upc OR sku, relation filters match
// any related record, date-times compare whole seconds, deactivated products never appear.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { api, post } = serverForFile(['filters']);

/** Waits until the wall clock is just past the next whole second, so batches get distinct created_at seconds. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 30));

/** `2024-06-01T12:34:56.789Z` → `2024-06-01 12:34:56`: the contract's date-time filter form (UTC). */
const filterTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

// ---- the data --------------------------------------------------------------------------------------

const ref = {
  tag: {} as Record<'fragile' | 'outdoor' | 'sale', number>,
  cat: {} as Record<'tools' | 'power' | 'hand' | 'garden' | 'hoses', number>,
  supplier: {} as Record<'acme' | 'bolt', number>,
  list: {} as Record<'rush' | 'standard', number>,
  bom: {} as Record<'a' | 'b', number>,
};
/** Every product as the last write (create or update) answered it, by key. */
const p: Record<string, any> = {};
/** The products the list should show (all but the deactivated one). */
let active: any[] = [];

beforeAll(async () => {
  ref.tag.fragile = (await post('/tags', { name: 'fragile' })).id;
  ref.tag.outdoor = (await post('/tags', { name: 'Outdoor', color: '#00aa00' })).id;
  ref.tag.sale = (await post('/tags', { name: 'sale' })).id;
  ref.cat.tools = (await post('/categories', { name: 'Tools' })).id;
  ref.cat.power = (await post('/categories', { name: 'Power tools', parent_id: ref.cat.tools })).id;
  ref.cat.hand = (await post('/categories', { name: 'Hand tools', parent_id: ref.cat.tools })).id;
  ref.cat.garden = (await post('/categories', { name: 'Garden' })).id;
  ref.cat.hoses = (await post('/categories', { name: 'Hoses', parent_id: ref.cat.garden })).id;
  ref.supplier.acme = (await post('/suppliers', { name: 'Acme Supply', currency: 'USD' })).id;
  ref.supplier.bolt = (await post('/suppliers', { name: 'Bolt Bros', currency: 'EUR' })).id;
  ref.list.rush = (await post('/priority-lists', { name: 'Rush' })).id;
  ref.list.standard = (await post('/priority-lists', { name: 'Standard', description: 'Normal pace' })).id;

  // Batch 1: one created_at second.
  await nextSecond();
  p.hammer = await post('/products', {
    name: 'Claw Hammer', description: 'Steel claw hammer, 16 oz head', sku: 'HAM-100', upc: '012345000001',
    alternate_skus: [{ sku: 'HAM-100-B' }], retail_price: 10.5, wholesale_price: 6,
    product_weight: [{ unit: 'oz', value: 16 }],
    product_length: 12, product_width: 4, product_height: 1.5, box_length: 13, box_width: 5, box_height: 2,
    category_id: ref.cat.tools, subcategory_id: ref.cat.hand, supplier_id: ref.supplier.acme,
    tag_ids: [ref.tag.fragile], priority_list_id: ref.list.rush,
  });
  p.drill = await post('/products', {
    name: 'Cordless Drill', description: '18V drill, 2000 rpm', sku: 'DRL-200', upc: '012345000002',
    retail_price: 89.99, wholesale_price: 55,
    product_weight: [{ unit: 'kg', value: 1 }], box_weight: [{ unit: 'lb', value: 3 }], carton_weight: [{ unit: 'kg', value: 10 }],
    product_length: 10, product_width: 3, product_height: 8, box_length: 12, box_width: 5, box_height: 10,
    carton_length: 24, carton_width: 12, carton_height: 20,
    category_id: ref.cat.tools, subcategory_id: ref.cat.power, supplier_id: ref.supplier.bolt,
    tag_ids: [ref.tag.fragile, ref.tag.sale], priority_list_id: ref.list.standard,
  });
  p.hose = await post('/products', {
    name: 'Garden Hose 50ft', description: 'Flexible hose', sku: 'HOSE-50', upc: '012345000003',
    retail_price: 25, wholesale_price: 25,
    product_weight: [{ unit: 'lb', value: 2 }, { unit: 'g', value: 100 }], carton_weight: [{ unit: 'lb', value: 5 }],
    shipping_weight: [{ unit: 'lb', value: 3 }],
    box_length: 14, box_width: 14, box_height: 4, shipping_length: 15, shipping_width: 15, shipping_height: 5,
    pallet_length: 48, pallet_width: 40, pallet_height: 30,
    category_id: ref.cat.garden, subcategory_id: ref.cat.hoses, supplier_id: ref.supplier.acme, tag_ids: [ref.tag.outdoor],
  });
  p.nozzle = await post('/products', {
    name: 'Hose Nozzle', sku: 'NOZ-1', retail_price: 10.5, wholesale_price: 4.25,
    product_weight: [{ unit: 'oz', value: 8 }], product_length: 6, product_width: 2, product_height: 2,
    category_id: ref.cat.garden, tag_ids: [ref.tag.outdoor, ref.tag.sale], discontinued: true,
  });
  p.screwdrivers = await post('/products', {
    name: 'Screwdriver Set', description: '6-piece set, 50% off', sku: 'SCR_SET', upc: '012345000005',
    alternate_skus: [{ sku: 'SCREW-SET' }, { sku: 'SDS-6' }], retail_price: 19.99, wholesale_price: 9.5,
    product_weight: [{ unit: 'g', value: 500 }], pallet_weight: [{ unit: 't', value: 1 }],
    pallet_length: 42, pallet_width: 36, pallet_height: 24,
    category_id: ref.cat.tools, subcategory_id: ref.cat.hand, supplier_id: ref.supplier.bolt, sellable: false,
  });
  p.glue = await post('/products', {
    name: 'Wood Glue', description: 'Dries clear', sku: 'GLUE-8', upc: '098765000006', retail_price: 4.5, wholesale_price: 2,
    product_weight: [{ unit: 'lb', value: 1 }], dimensional_weight: [{ unit: 'oz', value: 20 }], priority_list_id: ref.list.rush,
  });

  // BOMs of components from batch 1; products of batch 2 and 3 name them.
  ref.bom.a = (await post('/boms', { name: 'Measuring set', items: [{ product_id: p.screwdrivers.id, quantity: 1 }] })).id;
  ref.bom.b = (await post('/boms', { name: 'Glued frame', items: [{ sku: 'GLUE-8', quantity: 0.25 }] })).id;

  // Batch 2.
  await nextSecond();
  p.gloves = await post('/products', {
    name: 'Work Gloves', description: 'Leather gloves', sku: 'GLV-L', upc: '098765000007', retail_price: 12, wholesale_price: 6,
    product_weight: [{ unit: 'oz', value: 6 }], sellable: false, discontinued: true, tag_ids: [ref.tag.sale], supplier_id: ref.supplier.acme,
  });
  p.tape = await post('/products', {
    name: 'Tape Measure', sku: 'TAPE-25', upc: '012345000008', retail_price: 8,
    product_weight: [{ unit: 'oz', value: 10 }], box_weight: [{ unit: 'oz', value: 12 }],
    dimensional_weight: [{ unit: 'g', value: 250 }, { unit: 'oz', value: 1 }],
    product_length: 3, product_width: 3, product_height: 1.5, box_length: 4, box_width: 4, box_height: 2,
    bom_ids: [ref.bom.a], category_id: ref.cat.tools, subcategory_id: ref.cat.hand,
  });
  p.glasses = await post('/products', {
    name: 'Safety Glasses', description: 'Clear lens', sku: 'SAFE-1', bom_ids: [ref.bom.a, ref.bom.b], priority_list_id: ref.list.standard,
  });
  p.hammerKit = await post('/products', {
    name: 'Hammer Kit', type: 'KIT', sku: 'KIT-HAM', retail_price: 29.99, wholesale_price: 18,
    kit_items: [{ product_id: p.hammer.id, quantity: 1 }, { product_id: p.gloves.id, quantity: 2 }],
    product_weight: [{ unit: 'lb', value: 2 }], box_weight: [{ unit: 'kg', value: 1 }],
    box_length: 16, box_width: 8, box_height: 4, carton_length: 32, carton_width: 16, carton_height: 8,
    shipping_length: 17, shipping_width: 9, shipping_height: 5, category_id: ref.cat.tools, tag_ids: [ref.tag.sale],
  });
  p.gardenKit = await post('/products', {
    name: 'Garden Kit', type: 'KIT', sku: 'KIT-GDN', upc: '098765000011', retail_price: 45, wholesale_price: 30,
    kit_items: [{ product_id: p.hose.id, quantity: 1 }, { product_id: p.nozzle.id, quantity: 1 }, { product_id: p.gloves.id, quantity: 1 }],
    shipping_weight: [{ unit: 'kg', value: 2 }], pallet_weight: [{ unit: 'kg', value: 500 }],
    shipping_length: 20, shipping_width: 20, shipping_height: 10, pallet_length: 48, pallet_width: 40, pallet_height: 50,
    category_id: ref.cat.garden, subcategory_id: ref.cat.hoses, supplier_id: ref.supplier.acme, tag_ids: [ref.tag.outdoor],
    priority_list_id: ref.list.rush,
  });
  // Matches many filters below; a kit component, so deleting it deactivates it instead of erasing it.
  p.ghost = await post('/products', {
    name: 'Ghost Hammer', description: 'hammer', sku: 'GHOST-1', upc: '012345000099', retail_price: 10.5, wholesale_price: 6,
    product_weight: [{ unit: 'oz', value: 16 }], category_id: ref.cat.tools, subcategory_id: ref.cat.hand,
    supplier_id: ref.supplier.acme, tag_ids: [ref.tag.fragile], priority_list_id: ref.list.rush, bom_ids: [ref.bom.a],
  });
  p.starterKit = await post('/products', {
    name: 'Starter Kit', type: 'KIT', sku: 'KIT-START', retail_price: 15, wholesale_price: 15, sellable: false,
    kit_items: [{ product_id: p.hammer.id, quantity: 1 }, { product_id: p.ghost.id, quantity: 1 }],
  });

  // Batch 3.
  await nextSecond();
  p.sledge = await post('/products', {
    name: 'Sledge hammer', sku: 'HAM-300', upc: '012345000014', alternate_skus: [{ sku: 'SLEDGE' }], retail_price: 35, wholesale_price: 20,
    product_weight: [{ unit: 'lb', value: 10 }], box_weight: [{ unit: 'lb', value: 11 }], carton_weight: [{ unit: 'lb', value: 22 }],
    shipping_weight: [{ unit: 'lb', value: 12 }], pallet_weight: [{ unit: 'lb', value: 500 }], dimensional_weight: [{ unit: 'lb', value: 14 }],
    product_length: 36, product_width: 8, product_height: 4, carton_length: 40, carton_width: 10, carton_height: 5,
    shipping_length: 38, shipping_width: 10, shipping_height: 6, pallet_length: 40, pallet_width: 44, pallet_height: 40,
    category_id: ref.cat.tools, subcategory_id: ref.cat.hand, supplier_id: ref.supplier.bolt,
    tag_ids: [ref.tag.fragile, ref.tag.outdoor], bom_ids: [ref.bom.b],
  });
  p.connector = await post('/products', {
    name: 'a_b connector', description: '100% brass', sku: 'CON-AB', retail_price: 0.99, wholesale_price: 0.5,
    product_weight: [{ unit: 'mg', value: 5000 }],
  });
  p.hook = await post('/products', { name: 'Hammer hook', description: 'Fits the album rack', sku: 'HOOK-1', retail_price: 3 });

  // Batch 4: updates move updated_at past every created_at; the deletion deactivates the ghost.
  await nextSecond();
  for (const [key, body] of [['drill', { retail_price: 79.99 }], ['glue', { wholesale_price: 2.5 }]] as const) {
    const res = await api('PATCH', `/products/${p[key].id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    p[key] = res.body.data;
  }
  expect((await api('DELETE', `/products/${p.ghost.id}`)).status).toBe(200);
  expect((await api('GET', `/products/${p.ghost.id}`)).status).toBe(404);
  active = Object.values(p).filter((product) => product !== p.ghost);
}, 120_000);

// ---- the oracle ------------------------------------------------------------------------------------

type Kind = 'string' | 'number' | 'enum' | 'boolean' | 'datetime';
interface OracleField {
  kind: Kind;
  /** Every value the product offers for the field (any one matching is enough). */
  values: (product: any) => unknown[];
}

const field = (kind: Kind, values: (product: any) => unknown[]): OracleField => ({ kind, values });
const own = (kind: Kind, key: string) => field(kind, (x) => [x[key]]);
const skus = (x: any) => [x.sku, ...x.alternate_skus.map((a: any) => a.sku)];

const DIMENSIONS = ['product', 'box', 'carton', 'shipping', 'pallet'].flatMap((g) => ['length', 'width', 'height'].map((s) => `${g}_${s}`));
const WEIGHT_TOTALS = ['product', 'box', 'carton', 'shipping', 'pallet', 'dimensional'].flatMap((g) => [`${g}_weight_oz`, `${g}_weight_lb`]);
const NUMERIC = ['retail_price', 'wholesale_price', ...DIMENSIONS, ...WEIGHT_TOTALS];

const ORACLE: Record<string, OracleField> = {
  name: own('string', 'name'),
  description: own('string', 'description'),
  sku: field('string', skus),
  upc: own('string', 'upc'),
  tag: field('string', (x) => x.tags.map((t: any) => t.name)),
  q: field('string', (x) => [x.name, x.upc, ...skus(x)]),
  'category.name': field('string', (x) => [x.category?.name]),
  id: field('number', (x) => [x.id]),
  'category.id': field('number', (x) => [x.category?.id]),
  'sub_category.name': field('string', (x) => [x.subcategory?.name]),
  'sub_category.id': field('number', (x) => [x.subcategory?.id]),
  'supplier.name': field('string', (x) => [x.supplier?.name]),
  'supplier.id': field('number', (x) => [x.supplier?.id]),
  'priority_list.name': field('string', (x) => [x.priority_list?.name]),
  'priority_list.id': field('number', (x) => [x.priority_list?.id]),
  'bom.id': field('number', (x) => x.boms.map((b: any) => b.id)),
  'kit_items.product_id': field('number', (x) => x.kit_items.map((k: any) => k.product_id)),
  type: own('enum', 'type'),
  ...Object.fromEntries(NUMERIC.map((key) => [key, own('number', key)])),
  sellable: own('boolean', 'sellable'),
  discontinued: own('boolean', 'discontinued'),
  created_at: own('datetime', 'created_at'),
  updated_at: own('datetime', 'updated_at'),
};

const compare = (a: number, operator: string, b: number) =>
  ({ eq: a === b, gt: a > b, gte: a >= b, lt: a < b, lte: a <= b })[operator as 'eq'] ?? false;

/** Whether one product satisfies one filter parameter, by the contract's semantics. */
function matches(product: any, param: string, raw: string): boolean {
  const bracketed = /^(.+)\[([^[\]]*)\]$/.exec(param);
  const name = bracketed ? bracketed[1] : param;
  const operator = bracketed ? bracketed[2] : name === 'q' ? 'contains' : 'eq';
  const spec = ORACLE[name];
  if (!spec) throw new Error(`oracle: unknown field ${name}`);
  return spec.values(product).some((value) => {
    if (value === null || value === undefined) return false;
    switch (spec.kind) {
      case 'string': {
        const [text, wanted] = [String(value).toLowerCase(), raw.toLowerCase()];
        return operator === 'contains' ? text.includes(wanted) : text === wanted;
      }
      case 'number':
        return compare(Number(value), operator, Number(raw));
      case 'enum':
        return value === raw.toUpperCase();
      case 'boolean':
        return value === (raw.toLowerCase() === 'true' || raw === '1');
      case 'datetime': {
        const second = Math.floor(Date.parse(String(value)) / 1000) * 1000;
        return compare(second, operator, Date.parse(`${raw.replace(' ', 'T')}Z`));
      }
    }
  });
}

type Pairs = Array<[string, string | number]>;
const queryOf = (pairs: Pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');
const expectedIds = (pairs: Pairs, products: any[]) =>
  products.filter((x) => pairs.every(([k, v]) => matches(x, k, String(v)))).map((x) => x.id).sort((a, b) => a - b);

async function listedIds(pairs: Pairs): Promise<number[]> {
  const res = await api('GET', `/products?${[queryOf(pairs), 'per_page=100'].filter(Boolean).join('&')}`);
  expect(res.status, `${queryOf(pairs)} → ${JSON.stringify(res.body).slice(0, 500)}`).toBe(200);
  const ids = res.body.data.map((x: any) => x.id);
  expect(res.body.meta.total).toBe(ids.length);
  return ids.sort((a: number, b: number) => a - b);
}

// ---- the cases -------------------------------------------------------------------------------------

interface Case {
  title: string;
  pairs: () => Pairs;
  /** The expected set may be empty (wildcard escaping, deactivated product). */
  empty?: boolean;
}

const cases: Case[] = [
  // Strings: bare = eq, case-insensitive; contains = substring, LIKE wildcards taken literally.
  { title: 'name bare eq, other case', pairs: () => [['name', 'claw hammer']] },
  { title: 'name[eq]', pairs: () => [['name[eq]', 'SAFETY GLASSES']] },
  { title: 'name[contains]', pairs: () => [['name[contains]', 'HAMMER']] },
  { title: 'name[contains] with _ taken literally', pairs: () => [['name[contains]', 'a_b']] },
  { title: 'description[contains] with % taken literally', pairs: () => [['description[contains]', '0%']] },
  { title: 'description[contains] with _ matching nothing', pairs: () => [['description[contains]', 'a_b']], empty: true },
  { title: 'description bare eq', pairs: () => [['description', 'dries clear']] },
  { title: 'description[contains]', pairs: () => [['description[contains]', 'clear']] },
  { title: 'sku bare eq', pairs: () => [['sku', 'HAM-100']] },
  { title: 'sku matches an alternate SKU', pairs: () => [['sku', 'ham-100-b']] },
  { title: 'sku[eq] on another alternate SKU', pairs: () => [['sku[eq]', 'SDS-6']] },
  { title: 'sku[contains] over skus and alternates', pairs: () => [['sku[contains]', 'set']] },
  { title: 'sku[contains] ham', pairs: () => [['sku[contains]', 'ham']] },
  { title: 'upc bare eq', pairs: () => [['upc', '012345000002']] },
  { title: 'upc[contains]', pairs: () => [['upc[contains]', '098765']] },
  { title: 'tag bare eq, other case', pairs: () => [['tag', 'FRAGILE']] },
  { title: 'tag[contains]', pairs: () => [['tag[contains]', 'OUT']] },
  { title: 'tag[eq]', pairs: () => [['tag[eq]', 'sale']] },
  { title: 'q bare = contains over name, upc, sku', pairs: () => [['q', 'ham']] },
  { title: 'q on upc digits', pairs: () => [['q', '0123450000']] },
  { title: 'q[eq] on an alternate SKU', pairs: () => [['q[eq]', 'sledge']] },
  { title: 'q[contains]', pairs: () => [['q[contains]', 'kit']] },
  // Relations.
  { title: 'category.name bare eq', pairs: () => [['category.name', 'tools']] },
  { title: 'category.name[contains]', pairs: () => [['category.name[contains]', 'GARD']] },
  // The product's own id (the contract's Integer row shows "{base_url}" in its place).
  { title: 'id bare eq', pairs: () => [['id', p.drill.id]] },
  { title: 'id[gt]', pairs: () => [['id[gt]', p.hammer.id]] },
  { title: 'id[lte]', pairs: () => [['id[lte]', p.hose.id]] },
  { title: 'id[gte] with id[lt]', pairs: () => [['id[gte]', p.hammer.id], ['id[lt]', p.hose.id]] },
  { title: 'category.id', pairs: () => [['category.id', ref.cat.garden]] },
  { title: 'category.id[gt]', pairs: () => [['category.id[gt]', ref.cat.tools]] },
  { title: 'sub_category.name', pairs: () => [['sub_category.name', 'hand tools']] },
  { title: 'sub_category.name[contains]', pairs: () => [['sub_category.name[contains]', 'tools']] },
  { title: 'sub_category.id[eq]', pairs: () => [['sub_category.id[eq]', ref.cat.hoses]] },
  { title: 'sub_category.id[lte]', pairs: () => [['sub_category.id[lte]', ref.cat.hand]] },
  { title: 'supplier.name', pairs: () => [['supplier.name', 'acme supply']] },
  { title: 'supplier.name[contains]', pairs: () => [['supplier.name[contains]', 'bros']] },
  { title: 'supplier.id', pairs: () => [['supplier.id', ref.supplier.bolt]] },
  { title: 'priority_list.name', pairs: () => [['priority_list.name', 'RUSH']] },
  { title: 'priority_list.name[contains]', pairs: () => [['priority_list.name[contains]', 'and']] },
  { title: 'priority_list.id', pairs: () => [['priority_list.id', ref.list.standard]] },
  { title: 'priority_list.id[gte]', pairs: () => [['priority_list.id[gte]', ref.list.rush]] },
  { title: 'bom.id', pairs: () => [['bom.id', ref.bom.a]] },
  { title: 'bom.id[eq] other BOM', pairs: () => [['bom.id[eq]', ref.bom.b]] },
  { title: 'kit_items.product_id', pairs: () => [['kit_items.product_id', p.hammer.id]] },
  { title: 'kit_items.product_id shared component', pairs: () => [['kit_items.product_id', p.gloves.id]] },
  { title: 'kit_items.product_id of a deactivated component', pairs: () => [['kit_items.product_id', p.ghost.id]] },
  // Enum and booleans.
  { title: 'type bare, lower case', pairs: () => [['type', 'kit']] },
  { title: 'type[eq]', pairs: () => [['type[eq]', 'PRODUCT']] },
  { title: 'sellable=true', pairs: () => [['sellable', 'true']] },
  { title: 'sellable=0', pairs: () => [['sellable', '0']] },
  { title: 'discontinued=1', pairs: () => [['discontinued', '1']] },
  { title: 'discontinued[eq]=FALSE', pairs: () => [['discontinued[eq]', 'FALSE']] },
  // Prices at and around shared values.
  { title: 'retail_price bare eq 10.5', pairs: () => [['retail_price', '10.5']] },
  { title: 'retail_price[eq] 10.50', pairs: () => [['retail_price[eq]', '10.50']] },
  { title: 'retail_price[gt] 10.5', pairs: () => [['retail_price[gt]', '10.5']] },
  { title: 'retail_price[gte] 10.5', pairs: () => [['retail_price[gte]', '10.5']] },
  { title: 'retail_price[lt] 10.5', pairs: () => [['retail_price[lt]', '10.5']] },
  { title: 'retail_price[lte] 10.5', pairs: () => [['retail_price[lte]', '10.5']] },
  { title: 'wholesale_price[eq] 6', pairs: () => [['wholesale_price[eq]', '6']] },
  { title: 'wholesale_price[gte] 25', pairs: () => [['wholesale_price[gte]', '25']] },
  { title: 'wholesale_price[lt] 2.5 (changed by PATCH)', pairs: () => [['wholesale_price[lt]', '2.5']] },
  // Weight totals from mixed units.
  { title: 'product_weight_oz eq 16 (16 oz and 1 lb)', pairs: () => [['product_weight_oz', '16']] },
  { title: 'product_weight_oz[gt] 16', pairs: () => [['product_weight_oz[gt]', '16']] },
  { title: 'product_weight_lb[lte] 1', pairs: () => [['product_weight_lb[lte]', '1']] },
  { title: 'product_weight_lb[eq] of 2 lb + 100 g, exactly as answered', pairs: () => [['product_weight_lb[eq]', p.hose.product_weight_lb]] },
  { title: 'product_weight_oz[gte] of 1 kg, exactly as answered', pairs: () => [['product_weight_oz[gte]', p.drill.product_weight_oz]] },
  { title: 'product_weight_oz[lt] of 5000 mg + epsilon', pairs: () => [['product_weight_oz[lt]', '0.1763698098']] },
  { title: 'box_weight_lb[gte] 2.2046226218 (1 kg)', pairs: () => [['box_weight_lb[gte]', '2.2046226218']] },
  { title: 'pallet_weight_lb[gt] 1000', pairs: () => [['pallet_weight_lb[gt]', '1000']] },
  // Date-times, whole seconds.
  { title: 'created_at[gte] a second of batch 2', pairs: () => [['created_at[gte]', filterTime(p.gloves.created_at)]] },
  { title: 'created_at[gt] a second of batch 2', pairs: () => [['created_at[gt]', filterTime(p.gloves.created_at)]] },
  { title: 'created_at[lt] a second of batch 2', pairs: () => [['created_at[lt]', filterTime(p.gloves.created_at)]] },
  { title: 'created_at[lte] a second of batch 2', pairs: () => [['created_at[lte]', filterTime(p.gloves.created_at)]] },
  { title: 'created_at bare eq: the whole second', pairs: () => [['created_at', filterTime(p.sledge.created_at)]] },
  { title: 'created_at[eq] with a T', pairs: () => [['created_at[eq]', p.hammer.created_at.slice(0, 19)]] },
  { title: 'updated_at[gt] batch 3', pairs: () => [['updated_at[gt]', filterTime(p.sledge.updated_at)]] },
  { title: 'updated_at[lte] batch 3', pairs: () => [['updated_at[lte]', filterTime(p.sledge.updated_at)]] },
  { title: 'updated_at[eq] the update second', pairs: () => [['updated_at[eq]', filterTime(p.glue.updated_at)]] },
  // AND combinations.
  { title: 'name[contains] AND retail_price[gte]', pairs: () => [['name[contains]', 'hammer'], ['retail_price[gte]', '10.5']] },
  { title: 'tag AND type', pairs: () => [['tag', 'sale'], ['type', 'KIT']] },
  {
    title: 'category.name AND sellable AND product_weight_oz[gt]',
    pairs: () => [['category.name', 'Tools'], ['sellable', 'true'], ['product_weight_oz[gt]', '10']],
  },
  {
    title: 'supplier.id AND discontinued AND retail_price[lt] AND tag[contains]',
    pairs: () => [['supplier.id', ref.supplier.acme], ['discontinued', 'false'], ['retail_price[lt]', '30'], ['tag[contains]', 'o']],
  },
  { title: 'the same field twice: a price range', pairs: () => [['retail_price[gte]', '5'], ['retail_price[lte]', '20']] },
  { title: 'bom.id twice: built by both BOMs', pairs: () => [['bom.id', ref.bom.a], ['bom.id', ref.bom.b]] },
  {
    title: 'sub_category.id AND product_length[gt] AND carton_length[gte]',
    pairs: () => [['sub_category.id', ref.cat.hand], ['product_length[gt]', '5'], ['carton_length[gte]', '40']],
  },
  { title: 'created_at[gte] AND type', pairs: () => [['created_at[gte]', filterTime(p.gloves.created_at)], ['type', 'PRODUCT']] },
  { title: 'q AND upc[contains]', pairs: () => [['q', 'h'], ['upc[contains]', '0123']] },
  {
    title: 'sku[contains] AND wholesale_price[lte] AND created_at[lt] AND type',
    pairs: () => [['sku[contains]', '-'], ['wholesale_price[lte]', '25'], ['created_at[lt]', filterTime(p.sledge.created_at)], ['type', 'product']],
  },
  { title: 'contradictory: sellable AND not sellable', pairs: () => [['sellable', 'true'], ['sellable', 'false']], empty: true },
  // The deactivated product matches these by its data, yet is never listed.
  { title: 'name of the deactivated product', pairs: () => [['name[contains]', 'ghost']], empty: true },
  { title: 'sku of the deactivated product', pairs: () => [['sku', 'GHOST-1']], empty: true },
];

/**
 * Every dimension and weight total, with the operators in turn, at the middle of the field's distinct
 * stored values: each field is hit at least once and each answer is a proper, non-empty subset.
 */
const OPERATORS = ['eq', 'gt', 'gte', 'lt', 'lte'];
const numericCases: Case[] = [...DIMENSIONS, ...WEIGHT_TOTALS].flatMap((key, i) =>
  [OPERATORS[i % OPERATORS.length], OPERATORS[(i + 2) % OPERATORS.length]].map((operator) => ({
    title: `${key}[${operator}] at the middle stored value`,
    pairs: (): Pairs => {
      const values = [...new Set(active.map((x) => x[key]).filter((v) => v !== null))].sort((a, b) => a - b);
      expect(values.length, `${key} needs 3 distinct values in the data`).toBeGreaterThanOrEqual(3);
      return [[`${key}[${operator}]`, values[Math.floor(values.length / 2)]]];
    },
  })),
);

describe('GET /products filters against the data', () => {
  it('has data that exercises every filterable field', () => {
    expect(active).toHaveLength(15);
    expect(Object.keys(ORACLE).sort()).toEqual(
      [
        'id', 'name', 'description', 'sku', 'upc', 'tag', 'q', 'category.name', 'category.id', 'sub_category.name', 'sub_category.id',
        'supplier.name', 'supplier.id', 'priority_list.name', 'priority_list.id', 'bom.id', 'kit_items.product_id', 'type',
        ...NUMERIC, 'sellable', 'discontinued', 'created_at', 'updated_at',
      ].sort(),
    );
    // Every field of the table is used by some case (the numeric ones by the generated cases).
    const used = new Set([...cases, ...numericCases].flatMap((c) => c.pairs().map(([param]) => param.replace(/\[.*\]$/, ''))));
    expect([...used].sort()).toEqual(Object.keys(ORACLE).sort());
    // The batches landed in distinct seconds, so the date-time cases separate products.
    const seconds = (key: string) => new Set(active.map((x) => filterTime(x[key]))).size;
    expect(seconds('created_at')).toBeGreaterThanOrEqual(3);
    expect(seconds('updated_at')).toBeGreaterThanOrEqual(4);
    // The weight totals the cases rely on, computed with exact conversion.
    expect([p.hose.product_weight_oz, p.hose.product_weight_lb]).toEqual([35.527396195, 2.2204622622]);
    expect([p.drill.product_weight_oz, p.glue.product_weight_oz, p.connector.product_weight_oz]).toEqual([35.2739619496, 16, 0.1763698097]);
  });

  it.each([...cases, ...numericCases].map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    const pairs = c.pairs();
    const expected = expectedIds(pairs, active);
    if (c.empty) expect(expected).toEqual([]);
    else expect(expected.length, `${queryOf(pairs)} should match something`).toBeGreaterThan(0);
    expect(expected.length, `${queryOf(pairs)} should not match everything`).toBeLessThan(active.length);
    const listed = await listedIds(pairs);
    expect(listed, queryOf(pairs)).toEqual(expected);
    expect(listed).not.toContain(p.ghost.id);
  });

  it('leaves out the deactivated product even where its data matches', () => {
    // Cases whose filters the ghost satisfies by its stored data: its absence above is the deletion's doing.
    const ghostMatches = [...cases, ...numericCases].filter((c) => expectedIds(c.pairs(), [p.ghost]).length === 1);
    expect(ghostMatches.length).toBeGreaterThanOrEqual(10);
  });

  it('lists every active product without filters, and only those', async () => {
    expect(await listedIds([])).toEqual(active.map((x) => x.id).sort((a, b) => a - b));
  });
});

describe('GET /products filter errors', () => {
  const notTaking = (fieldName: string, operator: string, operators: string) =>
    `The ${fieldName} filter does not take the ${operator} operator. Operators for ${fieldName}: ${operators}.`;
  const NUMERIC_OPS = 'eq, gt, gte, lt, lte';

  it.each([
    ['colour=red', 'colour', /^Cannot filter by "colour"\. Filterable fields: name, description, sku, /],
    ['sub_category=Hoses', 'sub_category', /^Cannot filter by "sub_category"\./],
    ['name[like]=x', 'name[like]', 'Unknown filter operator "like". Operators for name: eq, contains.'],
    ['name[gt]=a', 'name[gt]', notTaking('name', 'gt', 'eq, contains')],
    ['tag[lte]=a', 'tag[lte]', notTaking('tag', 'lte', 'eq, contains')],
    ['retail_price[contains]=1', 'retail_price[contains]', notTaking('retail_price', 'contains', NUMERIC_OPS)],
    ['category.id[contains]=1', 'category.id[contains]', notTaking('category.id', 'contains', NUMERIC_OPS)],
    ['type[gt]=KIT', 'type[gt]', notTaking('type', 'gt', 'eq')],
    ['sellable[gt]=true', 'sellable[gt]', notTaking('sellable', 'gt', 'eq')],
    ['created_at[contains]=2024', 'created_at[contains]', notTaking('created_at', 'contains', NUMERIC_OPS)],
    ['retail_price[gt]=abc', 'retail_price[gt]', 'The retail_price filter must be a number.'],
    ['product_weight_oz=1,5', 'product_weight_oz', 'The product_weight_oz filter must be a number.'],
    ['bom.id=1.5', 'bom.id', 'The bom.id filter must be an integer.'],
    ['created_at[gte]=yesterday', 'created_at[gte]', 'The created_at filter must be a date-time in the form YYYY-MM-DD HH:MM:SS (UTC) or a date YYYY-MM-DD.'],
    ['updated_at[lt]=2024-02-30%2010:00:00', 'updated_at[lt]', 'The updated_at filter must be a date-time in the form YYYY-MM-DD HH:MM:SS (UTC) or a date YYYY-MM-DD.'],
    ['sellable=maybe', 'sellable', 'The sellable filter must be true or false (or 1 or 0).'],
    ['type=GADGET', 'type', 'The type filter must be one of: PRODUCT, KIT.'],
    // Beyond what PostgreSQL's numeric holds: the statement could not even compare it (it answered 500 before).
    ['retail_price[gt]=1e200000', 'retail_price[gt]', 'The retail_price filter must be a number of at most 131072 digits before the decimal point and 16383 after it.'],
    ['box_length[lt]=-1e-20000', 'box_length[lt]', 'The box_length filter must be a number of at most 131072 digits before the decimal point and 16383 after it.'],
  ] as const)('%s → 422 keyed by the parameter', async (query, key, message) => {
    const res = await api('GET', `/products?${query}&per_page=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body).sort()).toEqual(['errors', 'message']);
    expect(Object.keys(res.body.errors)).toEqual([key]);
    expect(res.body.errors[key]).toHaveLength(1);
    if (typeof message === 'string') expect(res.body.errors[key][0]).toBe(message);
    else expect(res.body.errors[key][0]).toMatch(message);
    expect(res.body.message).toBe(res.body.errors[key][0]);
  });

  it('takes the last second a date-time holds and the widest numbers PostgreSQL holds (it answered 500 before)', async () => {
    const everyId = active.map((x) => x.id).sort((a, b) => a - b);
    expect(await listedIds([['created_at', '9999-12-31 23:59:59']])).toEqual([]);
    expect(await listedIds([['created_at[gt]', '9999-12-31 23:59:59']])).toEqual([]);
    expect(await listedIds([['updated_at[lte]', '9999-12-31 23:59:59']])).toEqual(everyId);
    expect(await listedIds([['retail_price[lt]', '1e131071']])).toEqual(active.filter((x) => x.retail_price !== null).map((x) => x.id).sort((a, b) => a - b));
    expect(await listedIds([['retail_price[gt]', '1e-16383']])).toEqual(active.filter((x) => x.retail_price !== null && Number(x.retail_price) > 0).map((x) => x.id).sort((a, b) => a - b));
  });

  it('names every bad parameter at once, also beside good ones and when written URL-encoded', async () => {
    const res = await api('GET', '/products?name[contains]=ham&retail_price%5Bgt%5D=abc&type=GADGET&sellable=maybe&colour=red');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['retail_price[gt]', 'type', 'sellable', 'colour']);
    expect(res.body.message).toBe('The retail_price filter must be a number. (and 3 more errors)');
  });
});
