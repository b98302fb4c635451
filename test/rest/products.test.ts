// Contract tests of the products routes over real HTTP: exact keys, types, status codes and error bodies.
// Records of other areas (categories, units, tags...) are made with the tenant-scoped client directly.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient, type TenantDb } from '../../src/db/tenant-client.js';
import { serverForFile } from '../support/file-server.js';
import { byId } from '../../src/db/tenant-client.js';
import { countUnitsWithDozen } from '../support/seed.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let db: TenantDb;

const WEIGHT_GROUPS = ['product_weight', 'dimensional_weight', 'box_weight', 'carton_weight', 'shipping_weight', 'pallet_weight'];
const DIMENSIONS = ['product', 'box', 'carton', 'shipping', 'pallet'].flatMap((g) => ['length', 'width', 'height'].map((s) => `${g}_${s}`));
const WEIGHT_KEYS = WEIGHT_GROUPS.flatMap((g) => [g, `${g}_oz`, `${g}_lb`]);
const PRODUCT_KEYS = [
  'id', 'name', 'description', 'sku', 'upc', 'hs_code', 'type', 'image_url', 'created_at', 'updated_at',
  'retail_price', 'wholesale_price', 'unit_cost', 'landed_cost', 'manufacturing_fee',
  ...DIMENSIONS, ...WEIGHT_KEYS,
  'sellable', 'discontinued', 'is_drop_ship_item', 'taxable', 'lot_tracking', 'round_up_as_component',
  'lot_deduction_strategy', 'default_supply_method',
  'category', 'subcategory', 'custom_fields', 'attachments', 'variants', 'variant_attributes', 'alternate_skus', 'tags',
  'substitutions', 'supplier', 'kit_items', 'priority_list', 'distribution_template', 'distribution_template_category', 'boms',
].sort();
const VARIANT_KEYS = [
  'id', 'name', 'sku', 'upc', 'hs_code', 'round_up_as_component', 'retail_price', 'wholesale_price', 'custom_fields',
  'created_at', 'updated_at', 'attachments', 'variant_attributes', ...WEIGHT_KEYS,
].sort();
const KIT_ITEM_KEYS = ['id', 'product_id', 'uom_id', 'quantity', 'base_uom_quantity', 'price', 'original_price', 'total', 'product', 'unit_of_measure'].sort();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const refs = {
  category: 0, subcategory: 0, otherCategory: 0, otherSubcategory: 0, supplier: 0, tagRed: 0, tagBlue: 0,
  priorityList: 0, template: 0, templateCategory: 0, countClass: 0, each: 0, dozen: 0, gram: 0, bom: 0,
};

beforeAll(async () => {
  db = tenantClient(server.database.prisma, acme.companyId);
  const category = await db.productCategory.create({ data: { name: 'Hardware' } as any });
  const subcategory = await db.productCategory.create({ data: { name: 'Screws', parentId: category.id } as any });
  const otherCategory = await db.productCategory.create({ data: { name: 'Garden' } as any });
  const otherSubcategory = await db.productCategory.create({ data: { name: 'Hoses', parentId: otherCategory.id } as any });
  const supplier = await db.supplier.create({ data: { name: 'Fasteners Inc', email: 'sales@fasteners.test', currency: 'USD', phone: '555' } as any });
  const tagRed = await db.tag.create({ data: { name: 'red', description: 'Red things', icon: 'flame', color: '#ff0000' } as any });
  const tagBlue = await db.tag.create({ data: { name: 'blue' } as any });
  const priorityList = await db.priorityList.create({ data: { name: 'Rush', description: 'First out' } as any });
  const template = await db.distributionTemplate.create({ data: { name: 'Default split' } as any });
  const templateCategory = await db.distributionTemplateCategory.create({ data: { name: 'Retail' } as any });
  const { count, each, dozen } = await countUnitsWithDozen(db);
  const mass = await db.unitClass.create({ data: { name: 'Mass' } as any });
  const gram = await db.unitOfMeasure.create({ data: { unitClassId: mass.id, name: 'g', baseUnit: true } as any });
  const bom = await db.bom.create({ data: { name: 'Screw assembly' } as any });
  await db.customFieldDefinition.create({ data: { entityType: 'product', key: 'finish', label: 'Finish', type: 'text' } as any });
  await db.customFieldDefinition.create({ data: { entityType: 'product', key: 'pack_size', label: 'Pack size', type: 'number' } as any });
  Object.assign(refs, {
    category: category.id, subcategory: subcategory.id, otherCategory: otherCategory.id, otherSubcategory: otherSubcategory.id,
    supplier: supplier.id, tagRed: tagRed.id, tagBlue: tagBlue.id, priorityList: priorityList.id, template: template.id,
    templateCategory: templateCategory.id, countClass: count.id, each: each.id, dozen: dozen.id, gram: gram.id, bom: bom.id,
  });
});

const create = (body: Record<string, unknown>): Promise<any> => post('/products', body);

function expect422(res: { status: number; body: any }, keys: string[]) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({ message: expect.any(String), errors: expect.any(Object) });
  expect(Object.keys(res.body.errors).sort()).toEqual([...keys].sort());
}

describe('POST /products', () => {
  it('creates a product with every field and answers 201 {data: product} with the contract keys', async () => {
    const component = await create({ name: 'Washer', sku: 'WASH-1' });
    const res = await api('POST', '/products', {
      name: 'Wood screw', description: '4 x 40 mm', sku: 'SCREW-440', upc: '012345678905', hs_code: '7318.12', type: 'PRODUCT',
      image_url: 'https://img.test/screw.png',
      retail_price: 0.25, wholesale_price: 0.12, unit_cost: 0.05, landed_cost: 0.07, manufacturing_fee: 0.01,
      ...Object.fromEntries(DIMENSIONS.map((d, i) => [d, i + 1])),
      product_weight: [{ unit: 'g', value: 5 }],
      dimensional_weight: [{ unit: 'oz', value: 2 }],
      box_weight: [{ unit: 'lb', value: 1 }, { unit: 'oz', value: 4 }],
      carton_weight: [{ unit: 'kg', value: 1 }],
      shipping_weight: [{ unit: 'mg', value: 500 }],
      pallet_weight: [{ unit: 't', value: 0.5 }],
      sellable: false, discontinued: true, is_drop_ship_item: true, taxable: false, lot_tracking: true, round_up_as_component: true,
      lot_deduction_strategy: 'FEFO', default_supply_method: 'purchase',
      category_id: refs.category, subcategory_id: refs.subcategory, supplier_id: refs.supplier,
      tag_ids: [refs.tagRed, refs.tagBlue], bom_ids: [refs.bom], priority_list_id: refs.priorityList,
      distribution_template_id: refs.template, distribution_template_category_id: refs.templateCategory, default_uom_id: refs.each,
      alternate_skus: [{ sku: 'SCREW-440-B' }, { sku: 'SCREW-440-C' }],
      substitutions: [{ product_id: component.id, priority: 2 }],
      attachments: [{ name: 'spec.pdf', type: 'application/pdf', size: 1024, full_url: 'https://files.test/spec.pdf', thumb_url: 'https://files.test/spec.png' }],
      variant_attributes: [{ variant_name: 'Length', variant_terms: ['40 mm', '60 mm'] }],
      custom_fields: { finish: 'zinc', pack_size: 100 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const p = res.body.data;
    expect(Object.keys(p).sort()).toEqual(PRODUCT_KEYS);
    expect(p).toMatchObject({
      name: 'Wood screw', description: '4 x 40 mm', sku: 'SCREW-440', upc: '012345678905', hs_code: '7318.12', type: 'PRODUCT',
      image_url: 'https://img.test/screw.png', retail_price: 0.25, wholesale_price: 0.12, unit_cost: 0.05, landed_cost: 0.07,
      manufacturing_fee: 0.01, product_length: 1, pallet_height: 15,
      sellable: false, discontinued: true, is_drop_ship_item: true, taxable: false, lot_tracking: true, round_up_as_component: true,
      lot_deduction_strategy: 'FEFO', default_supply_method: 'purchase',
      category: { id: refs.category, name: 'Hardware' },
      subcategory: { id: refs.subcategory, name: 'Screws' },
      supplier: { id: refs.supplier, name: 'Fasteners Inc', email: 'sales@fasteners.test', currency: 'USD' },
      priority_list: { id: refs.priorityList, name: 'Rush', description: 'First out' },
      distribution_template: { id: refs.template, name: 'Default split', source: 'assigned' },
      distribution_template_category: { id: refs.templateCategory, name: 'Retail' },
      custom_fields: { finish: 'zinc', pack_size: 100 },
      variants: [],
      kit_items: [],
    });
    expect(Object.keys(p.supplier).sort()).toEqual(['currency', 'email', 'id', 'name']);
    expect(p.tags).toEqual([
      { id: refs.tagBlue, name: 'blue', description: null, icon: null, color: null },
      { id: refs.tagRed, name: 'red', description: 'Red things', icon: 'flame', color: '#ff0000' },
    ]);
    expect(p.boms).toEqual([{ id: refs.bom, name: 'Screw assembly', created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO) }]);
    expect(p.alternate_skus).toEqual([{ id: expect.any(Number), sku: 'SCREW-440-B' }, { id: expect.any(Number), sku: 'SCREW-440-C' }]);
    expect(p.substitutions).toEqual([{ id: expect.any(Number), priority: 2, product: { id: component.id, name: 'Washer', sku: 'WASH-1' } }]);
    expect(p.attachments).toEqual([
      { id: expect.any(Number), name: 'spec.pdf', type: 'application/pdf', size: 1024, full_url: 'https://files.test/spec.pdf', thumb_url: 'https://files.test/spec.png' },
    ]);
    expect(p.variant_attributes).toEqual([{ variant_name: 'Length', variant_terms: ['40 mm', '60 mm'] }]);
    expect(p.created_at).toMatch(ISO);
    expect(p.updated_at).toMatch(ISO);

    // Weight groups: the entries as given, and exact totals.
    expect(p.product_weight).toEqual([{ unit: 'g', value: 5 }]);
    expect([p.product_weight_oz, p.product_weight_lb]).toEqual([0.1763698097, 0.0110231131]);
    expect([p.dimensional_weight_oz, p.dimensional_weight_lb]).toEqual([2, 0.125]);
    expect(p.box_weight).toEqual([{ unit: 'lb', value: 1 }, { unit: 'oz', value: 4 }]);
    expect([p.box_weight_oz, p.box_weight_lb]).toEqual([20, 1.25]);
    expect([p.carton_weight_oz, p.carton_weight_lb]).toEqual([35.2739619496, 2.2046226218]);
    expect([p.shipping_weight_oz, p.shipping_weight_lb]).toEqual([0.0176369810, 0.0011023113]);
    expect([p.pallet_weight_oz, p.pallet_weight_lb]).toEqual([17636.9809747902, 1102.3113109244]);

    const read = await api('GET', `/products/${p.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: p });
  });

  it('applies defaults: type PRODUCT, flags, empty lists and null totals', async () => {
    const p = await create({ name: '  Plain  ', sku: ' PLAIN-1 ' });
    expect(Object.keys(p).sort()).toEqual(PRODUCT_KEYS);
    expect(p).toMatchObject({
      name: 'Plain', sku: 'PLAIN-1', type: 'PRODUCT', sellable: true, discontinued: false, is_drop_ship_item: false, taxable: true,
      lot_tracking: false, round_up_as_component: false, lot_deduction_strategy: null, retail_price: null, category: null,
      supplier: null, custom_fields: {}, tags: [], alternate_skus: [], product_weight: [], product_weight_oz: null, product_weight_lb: null,
    });
  });

  it('requires name and sku and refuses unknown fields and wrong types', async () => {
    expect422(await api('POST', '/products', {}), ['name', 'sku']);
    expect422(await api('POST', '/products', { name: 'X', sku: 'X', product_weight_oz: 3 }), ['product_weight_oz']);
    expect422(await api('POST', '/products', { name: 'X', sku: 'X', retail_price: 'cheap', sellable: 'yes' }), ['retail_price', 'sellable']);
    expect422(await api('POST', '/products', { name: 'X', sku: 'X', type: 'SERVICE', lot_deduction_strategy: 'RANDOM' }), ['lot_deduction_strategy', 'type']);
    const long = await api('POST', '/products', { name: 'n'.repeat(256), sku: 'X' });
    expect422(long, ['name']);
    expect(long.body.errors.name).toEqual(['The name may not be greater than 255 characters.']);
    expect422(await api('POST', '/products', { name: 'X', sku: 'X', retail_price: -1, box_length: 0.0000001 }), ['box_length', 'retail_price']);
  });

  it('refuses unknown weight units and negative values at their index', async () => {
    const res = await api('POST', '/products', {
      name: 'Heavy', sku: 'HEAVY',
      product_weight: [{ unit: 'kg', value: 1 }, { unit: 'stone', value: 1 }],
      box_weight: [{ unit: 'g', value: -2 }],
    });
    expect422(res, ['box_weight.0.value', 'product_weight.1.unit']);
    expect(res.body.errors['product_weight.1.unit']).toEqual(['The unit must be one of: g, kg, mg, oz, lb, t.']);
    expect422(await api('POST', '/products', { name: 'H', sku: 'H', pallet_weight: [{ value: 1 }] }), ['pallet_weight.0.unit']);
  });

  it('names every reference that does not exist in the company', async () => {
    const foreignTag = await tenantClient(server.database.prisma, globex.companyId).tag.create({ data: { name: 'foreign' } as any });
    const res = await api('POST', '/products', {
      name: 'Refs', sku: 'REFS',
      category_id: 999999, supplier_id: 999999, priority_list_id: 999999, distribution_template_id: 999999,
      distribution_template_category_id: 999999, default_uom_id: 999999, parent_product_id: 999999,
      tag_ids: [refs.tagRed, foreignTag.id], bom_ids: [999999],
      substitutions: [{ product_id: 999999 }],
    });
    expect422(res, [
      'bom_ids.0', 'category_id', 'default_uom_id', 'distribution_template_category_id', 'distribution_template_id',
      'parent_product_id', 'priority_list_id', 'substitutions.0.product_id', 'supplier_id', 'tag_ids.1',
    ]);
    expect(res.body.errors['tag_ids.1']).toEqual([`The selected tag ${foreignTag.id} does not exist.`]);
  });

  it('keeps subcategory under its category, and takes the category from a lone subcategory', async () => {
    const res = await api('POST', '/products', { name: 'C', sku: 'CAT-1', category_id: refs.category, subcategory_id: refs.otherSubcategory });
    expect422(res, ['subcategory_id']);
    expect422(await api('POST', '/products', { name: 'C', sku: 'CAT-1', category_id: refs.subcategory }), ['category_id']);
    expect422(await api('POST', '/products', { name: 'C', sku: 'CAT-1', subcategory_id: refs.category }), ['subcategory_id']);
    const p = await create({ name: 'C', sku: 'CAT-2', subcategory_id: refs.otherSubcategory });
    expect(p.category).toEqual({ id: refs.otherCategory, name: 'Garden' });
    expect(p.subcategory).toEqual({ id: refs.otherSubcategory, name: 'Hoses' });
  });

  it('validates custom fields against the definitions', async () => {
    const res = await api('POST', '/products', { name: 'CF', sku: 'CF-1', custom_fields: { finish: 3, colour: 'red', pack_size: 'many' } });
    expect422(res, ['custom_fields.colour', 'custom_fields.finish', 'custom_fields.pack_size']);
  });
});

describe('SKU uniqueness across products, variants and alternate SKUs', () => {
  it('refuses a sku used by a product or an alternate sku, in either direction', async () => {
    const first = await create({ name: 'Bolt', sku: 'BOLT-1', alternate_skus: [{ sku: 'BOLT-ALT' }] });
    expect422(await api('POST', '/products', { name: 'Dup', sku: 'BOLT-1' }), ['sku']);
    const viaAlt = await api('POST', '/products', { name: 'Dup', sku: 'BOLT-ALT' });
    expect422(viaAlt, ['sku']);
    expect(viaAlt.body.errors.sku[0]).toMatch(/alternate SKU of product/);
    expect422(await api('POST', '/products', { name: 'Dup', sku: 'DUP-2', alternate_skus: [{ sku: 'X-1' }, { sku: 'BOLT-1' }] }), ['alternate_skus.1.sku']);
    expect422(await api('POST', '/products', { name: 'Dup', sku: 'DUP-3', alternate_skus: [{ sku: 'BOLT-ALT' }] }), ['alternate_skus.0.sku']);
    expect422(await api('POST', '/products', { name: 'Dup', sku: 'DUP-4', alternate_skus: [{ sku: 'DUP-4' }] }), ['alternate_skus.0.sku']);
    expect422(await api('POST', '/products', { name: 'Dup', sku: 'DUP-5', alternate_skus: [{ sku: 'Z' }, { sku: 'Z' }] }), ['alternate_skus.1.sku']);
    const variant = await create({ name: 'Bolt long', sku: 'BOLT-1-L', parent_product_id: first.id });
    expect422(await api('PATCH', `/products/${first.id}`, { alternate_skus: [{ sku: variant.sku }] }), ['alternate_skus.0.sku']);
    expect422(await api('PATCH', `/products/${variant.id}`, { sku: 'BOLT-ALT' }), ['sku']);
  });

  it('lets a product keep, reorder and swap its own alternate SKUs', async () => {
    const p = await create({ name: 'Nut', sku: 'NUT-1', alternate_skus: [{ sku: 'NUT-A' }, { sku: 'NUT-B' }] });
    const keptId = p.alternate_skus[0].id;
    const res = await api('PATCH', `/products/${p.id}`, { sku: 'NUT-B', alternate_skus: [{ sku: 'NUT-A' }, { sku: 'NUT-1' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sku).toBe('NUT-B');
    expect(res.body.data.alternate_skus).toEqual([{ id: keptId, sku: 'NUT-A' }, { id: expect.any(Number), sku: 'NUT-1' }]);
    // Its own stored alternate cannot become its SKU while it stays an alternate.
    expect422(await api('PATCH', `/products/${p.id}`, { sku: 'NUT-A' }), ['sku']);
  });

  it('is per company', async () => {
    await create({ name: 'Shared', sku: 'SHARED-SKU' });
    const res = await api('POST', '/products', { name: 'Shared', sku: 'SHARED-SKU' }, globex);
    expect(res.status).toBe(201);
  });
});

describe('kits', () => {
  it('stores kit items with base quantity, original price and total', async () => {
    const screw = await create({ name: 'Kit screw', sku: 'KS-1', retail_price: 0.5, wholesale_price: 0.3, default_uom_id: refs.each, description: 'a screw' });
    const plug = await create({ name: 'Kit plug', sku: 'KP-1', retail_price: 0.2 });
    const kit = await create({
      name: 'Fixing kit', sku: 'KIT-1', type: 'KIT',
      kit_items: [
        { product_id: screw.id, quantity: 2, uom_id: refs.dozen, price: 4.5 },
        { product_id: plug.id, quantity: 10 },
      ],
    });
    expect(kit.type).toBe('KIT');
    expect(kit.kit_items).toHaveLength(2);
    for (const item of kit.kit_items) expect(Object.keys(item).sort()).toEqual(KIT_ITEM_KEYS);
    expect(kit.kit_items[0]).toEqual({
      id: expect.any(Number), product_id: screw.id, uom_id: refs.dozen, quantity: 2, base_uom_quantity: 24, price: 4.5,
      original_price: 0.5, total: 9,
      product: { id: screw.id, name: 'Kit screw', sku: 'KS-1', description: 'a screw', retail_price: 0.5, wholesale_price: 0.3 },
      unit_of_measure: { id: refs.dozen, name: 'dozen', description: '12 each', base_unit: false },
    });
    // No unit: the component's default unit (none here), quantity as given; no price: the retail price.
    expect(kit.kit_items[1]).toMatchObject({ product_id: plug.id, uom_id: null, quantity: 10, base_uom_quantity: 10, price: 0.2, original_price: 0.2, total: 2, unit_of_measure: null });

    // Filter: kits containing a product.
    const list = await api('GET', `/products?kit_items.product_id=${plug.id}`);
    expect(list.body.data.map((p: any) => p.id)).toEqual([kit.id]);
  });

  it('refuses kit items on a PRODUCT, a kit inside itself, cycles, bad quantities and units', async () => {
    const part = await create({ name: 'Part', sku: 'PART-1', default_uom_id: refs.each });
    expect422(await api('POST', '/products', { name: 'P', sku: 'P-KIT', kit_items: [{ product_id: part.id, quantity: 1 }] }), ['kit_items']);
    const inner = await create({ name: 'Inner', sku: 'INNER', type: 'KIT', kit_items: [{ product_id: part.id, quantity: 1 }] });
    const outer = await create({ name: 'Outer', sku: 'OUTER', type: 'KIT', kit_items: [{ product_id: inner.id, quantity: 1 }] });
    expect422(await api('PATCH', `/products/${inner.id}`, { kit_items: [{ product_id: inner.id, quantity: 1 }] }), ['kit_items.0.product_id']);
    const cycle = await api('PATCH', `/products/${inner.id}`, { kit_items: [{ product_id: part.id, quantity: 1 }, { product_id: outer.id, quantity: 1 }] });
    expect422(cycle, ['kit_items.1.product_id']);
    expect(cycle.body.errors['kit_items.1.product_id']).toEqual([`Kit ${outer.id} contains this kit, so this kit cannot contain it.`]);
    // Through two levels: top → outer → inner.
    const top = await create({ name: 'Top', sku: 'TOP', type: 'KIT', kit_items: [{ product_id: outer.id, quantity: 1 }] });
    const deep = await api('PATCH', `/products/${inner.id}`, { kit_items: [{ product_id: part.id, quantity: 1 }, { product_id: top.id, quantity: 1 }] });
    expect422(deep, ['kit_items.1.product_id']);
    expect(deep.body.errors['kit_items.1.product_id']).toEqual([`Kit ${top.id} contains this kit, so this kit cannot contain it.`]);
    expect422(
      await api('POST', '/products', {
        name: 'Bad', sku: 'BAD-KIT', type: 'KIT',
        kit_items: [{ product_id: part.id, quantity: 0 }, { product_id: 999999, quantity: 1 }, { product_id: part.id, quantity: 1, uom_id: refs.gram }, { product_id: part.id, quantity: 1, uom_id: 999999 }],
      }),
      ['kit_items.0.quantity', 'kit_items.1.product_id', 'kit_items.2.uom_id', 'kit_items.3.uom_id'],
    );
    expect422(await api('POST', '/products', { name: 'Bad', sku: 'BAD-KIT', type: 'KIT', kit_items: [{ quantity: 1 }] }), ['kit_items.0.product_id']);
    // A valid quantity in a large unit can be too large for the base-unit column: 422, not a failed write.
    const container = await db.unitOfMeasure.create({ data: { unitClassId: refs.countClass, name: 'container' } as any });
    await db.unitConversionRule.create({ data: { baseUnitOfMeasureId: refs.each, convertedUnitOfMeasureId: container.id, conversionFactor: 1_000_000 } as any });
    const huge = await api('POST', '/products', { name: 'Huge', sku: 'HUGE-KIT', type: 'KIT', kit_items: [{ product_id: part.id, quantity: 1_000_000_000, uom_id: container.id }] });
    expect422(huge, ['kit_items.0.uom_id']);
    expect(huge.body.errors['kit_items.0.uom_id']).toEqual([
      "In the product's unit the quantity is 1000000000000000, more than the 100000000000000 a kit item can hold.",
    ]);
    // Turning a kit with items into a product needs its items removed in the same request.
    expect422(await api('PATCH', `/products/${outer.id}`, { type: 'PRODUCT' }), ['type']);
    const plain = await api('PATCH', `/products/${outer.id}`, { type: 'PRODUCT', kit_items: [] });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatchObject({ type: 'PRODUCT', kit_items: [] });
  });
});

describe('PATCH /products/{productId}', () => {
  it('changes only the fields given; arrays given replace, arrays left out stay', async () => {
    const sub = await create({ name: 'Sub A', sku: 'SUB-A' });
    const sub2 = await create({ name: 'Sub B', sku: 'SUB-B' });
    const p = await create({
      name: 'Hammer', sku: 'HAM-1', retail_price: 10, tag_ids: [refs.tagRed], alternate_skus: [{ sku: 'HAM-ALT' }],
      substitutions: [{ product_id: sub.id }], attachments: [{ name: 'a.png' }], variant_attributes: [{ variant_name: 'Size', variant_terms: ['S'] }],
      box_weight: [{ unit: 'lb', value: 2 }], custom_fields: { finish: 'matte', pack_size: 1 }, bom_ids: [refs.bom], category_id: refs.category,
    });
    const res = await api('PATCH', `/products/${p.id}`, {
      retail_price: 12.5, description: 'Claw hammer', tag_ids: [refs.tagBlue], box_weight: [{ unit: 'kg', value: 1 }],
      substitutions: [{ product_id: sub2.id, priority: 1 }, { product_id: sub.id, priority: 2 }], custom_fields: { pack_size: 2 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const u = res.body.data;
    expect(u).toMatchObject({
      name: 'Hammer', sku: 'HAM-1', retail_price: 12.5, description: 'Claw hammer',
      tags: [{ id: refs.tagBlue, name: 'blue', description: null, icon: null, color: null }],
      alternate_skus: [{ id: p.alternate_skus[0].id, sku: 'HAM-ALT' }],
      attachments: [{ name: 'a.png' }], variant_attributes: [{ variant_name: 'Size', variant_terms: ['S'] }],
      box_weight: [{ unit: 'kg', value: 1 }], box_weight_oz: 35.2739619496, box_weight_lb: 2.2046226218,
      custom_fields: { finish: 'matte', pack_size: 2 }, boms: [{ id: refs.bom }], category: { id: refs.category },
    });
    expect(u.substitutions.map((s: any) => [s.priority, s.product.sku])).toEqual([[1, 'SUB-B'], [2, 'SUB-A']]);
    expect(new Date(u.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(p.updated_at).getTime());

    const cleared = (await api('PATCH', `/products/${p.id}`, { tag_ids: [], alternate_skus: null, box_weight: [], description: null, category_id: null, bom_ids: [] })).body.data;
    expect(cleared).toMatchObject({ tags: [], alternate_skus: [], box_weight: [], box_weight_oz: null, box_weight_lb: null, description: null, category: null, boms: [] });
    // The freed alternate SKU can be used again.
    await create({ name: 'Other', sku: 'HAM-ALT' });
  });

  it('refuses null for required fields and keeps an empty body a no-op', async () => {
    const p = await create({ name: 'Saw', sku: 'SAW-1' });
    expect422(await api('PATCH', `/products/${p.id}`, { name: null, sku: '', sellable: null }), ['name', 'sku', 'sellable']);
    const same = await api('PATCH', `/products/${p.id}`, {});
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ name: 'Saw', sku: 'SAW-1' });
  });

  it('makes a variant of a product; the parent lists it with the variant fields', async () => {
    const parent = await create({ name: 'Shirt', sku: 'SHIRT', variant_attributes: [{ variant_name: 'Size', variant_terms: ['S', 'M'] }] });
    const v = await create({ name: 'Shirt S', sku: 'SHIRT-S', retail_price: 20, parent_product_id: parent.id, product_weight: [{ unit: 'oz', value: 6 }], custom_fields: { finish: 'cotton' } });
    const read = (await api('GET', `/products/${parent.id}`)).body.data;
    expect(read.variants).toHaveLength(1);
    expect(Object.keys(read.variants[0]).sort()).toEqual(VARIANT_KEYS);
    expect(read.variants[0]).toMatchObject({ id: v.id, sku: 'SHIRT-S', retail_price: 20, product_weight_oz: 6, product_weight_lb: 0.375, custom_fields: { finish: 'cotton' } });
    expect422(await api('POST', '/products', { name: 'Deep', sku: 'SHIRT-S-X', parent_product_id: v.id }), ['parent_product_id']);
    expect422(await api('PATCH', `/products/${parent.id}`, { parent_product_id: parent.id }), ['parent_product_id']);
  });

  it('answers 404 for unknown ids and ids of another company', async () => {
    const foreign = (await api('POST', '/products', { name: 'G', sku: 'G-1' }, globex)).body.data;
    for (const id of [999999, foreign.id]) {
      expect(await api('GET', `/products/${id}`)).toMatchObject({ status: 404, body: { message: expect.any(String) } });
      expect((await api('PATCH', `/products/${id}`, { name: 'x' })).status).toBe(404);
      expect((await api('DELETE', `/products/${id}`)).status).toBe(404);
    }
    expect((await api('GET', '/products/abc')).status).toBe(404);
    // Another company's product cannot be used as a component or substitute either.
    expect422(await api('POST', '/products', { name: 'K', sku: 'K-FOREIGN', type: 'KIT', kit_items: [{ product_id: foreign.id, quantity: 1 }] }), ['kit_items.0.product_id']);
  });
});

describe('DELETE /products/{productId}', () => {
  it('erases a product without history and answers {data: product}', async () => {
    const p = await create({ name: 'Temp', sku: 'TEMP-1', alternate_skus: [{ sku: 'TEMP-ALT' }] });
    const res = await api('DELETE', `/products/${p.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data).sort()).toEqual(PRODUCT_KEYS);
    expect(res.body.data).toMatchObject({ id: p.id, sku: 'TEMP-1', alternate_skus: [{ sku: 'TEMP-ALT' }] });
    expect((await api('GET', `/products/${p.id}`)).status).toBe(404);
    expect(await db.product.findUnique({ where: byId(p.id) })).toBeNull();
    await create({ name: 'Temp again', sku: 'TEMP-1', alternate_skus: [{ sku: 'TEMP-ALT' }] });
  });

  it('deactivates a product with history: gone from the API, kept for the records naming it', async () => {
    const part = await create({ name: 'Used part', sku: 'USED-1' });
    const kit = await create({ name: 'User kit', sku: 'USER-KIT', type: 'KIT', kit_items: [{ product_id: part.id, quantity: 1 }] });
    const res = await api('DELETE', `/products/${part.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: part.id, sku: 'USED-1' });
    expect(await db.product.findUnique({ where: byId(part.id), select: { status: true } })).toEqual({ status: 0 });
    expect((await api('GET', `/products/${part.id}`)).status).toBe(404);
    expect((await api('GET', '/products?sku=USED-1')).body.data).toEqual([]);
    expect((await api('GET', `/products/${kit.id}`)).body.data.kit_items[0].product.sku).toBe('USED-1');
    expect((await api('DELETE', `/products/${part.id}`)).status).toBe(404);
    // Its SKU stays taken, with a message that says why.
    const dup = await api('POST', '/products', { name: 'New', sku: 'USED-1' });
    expect422(dup, ['sku']);
    expect(dup.body.errors.sku[0]).toMatch(/deactivated/);
  });
});

describe('GET /products', () => {
  it('lists {data, meta} pages of active products with filters and sort', async () => {
    const [a, b] = [
      await create({ name: 'List alpha', sku: 'LIST-A', retail_price: 5, tag_ids: [refs.tagRed] }),
      await create({ name: 'List beta', sku: 'LIST-B', retail_price: 15, alternate_skus: [{ sku: 'LIST-B-ALT' }] }),
    ];
    const res = await api('GET', '/products?per_page=2&page=1&sort=-id');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
    expect(Object.keys(res.body.meta).sort()).toEqual(['current_page', 'from', 'last_page', 'per_page', 'to', 'total']);
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, to: 2, per_page: 2 });
    expect(res.body.data.map((p: any) => p.id)).toEqual([b.id, a.id]);
    for (const p of res.body.data) expect(Object.keys(p).sort()).toEqual(PRODUCT_KEYS);

    const ids = async (query: string) => (await api('GET', `/products?${query}`)).body.data.map((p: any) => p.id);
    expect(await ids('name[contains]=list')).toEqual([a.id, b.id]);
    expect(await ids('name[contains]=list&retail_price[gt]=10')).toEqual([b.id]);
    expect(await ids('sku=LIST-B-ALT')).toEqual([b.id]);
    expect(await ids('tag=red&name[contains]=list')).toEqual([a.id]);
    expect(await ids('q=list-b')).toEqual([b.id]);
    const bad = await api('GET', '/products?colour=red&retail_price[gt]=cheap&per_page=101');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['colour', 'per_page', 'retail_price[gt]'].sort());
  });

  it('never shows another company\'s products', async () => {
    await api('POST', '/products', { name: 'Globex only', sku: 'GLOBEX-ONLY' }, globex);
    expect((await api('GET', '/products?sku=GLOBEX-ONLY')).body.data).toEqual([]);
  });
});
