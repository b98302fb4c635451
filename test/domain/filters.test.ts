// The list filter grammar (src/domain/shared/filters) on a small field table, and the products table
// (src/domain/products/product-filters.ts) run against a real database through the domain's list.
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/shared/decimal.js';
import { FieldErrorCollector } from '../../src/domain/shared/errors.js';
import {
  buildFilterWhere,
  comparisonFilter,
  dateTimeFilter,
  parseFilterParams,
  stringFilter,
  type FilterSpec,
} from '../../src/domain/shared/filters/index.js';
import { PRODUCT_FILTERS, productFilterSql } from '../../src/domain/products/product-filters.js';
import { listProducts } from '../../src/domain/products/products.js';
import { tenantClient, type TenantDb } from '../../src/db/tenant-client.js';
import { databaseForTests } from '../support/file-server.js';

const SPEC: FilterSpec<Record<string, unknown>> = {
  title: { kind: 'string', where: (op, v) => ({ title: stringFilter(op, v) }) },
  search: { kind: 'string', bareOperator: 'contains', where: (op, v) => ({ OR: [{ title: stringFilter(op, v) }] }) },
  qty: { kind: 'integer', where: (op, v) => ({ qty: comparisonFilter(op, v as number) }) },
  price: { kind: 'float', where: (op, v) => ({ price: comparisonFilter(op, v as Decimal) }) },
  state: { kind: 'enum', enumValues: ['OPEN', 'CLOSED'], where: (op, v) => ({ state: comparisonFilter(op, v as string) }) },
  active: { kind: 'boolean', where: (op, v) => ({ active: comparisonFilter(op, v as boolean) }) },
  at: { kind: 'datetime', where: (op, v) => ({ at: dateTimeFilter(op, v) }) },
  'owner.id': { kind: 'integer', operators: ['eq'], where: (op, v) => ({ ownerId: comparisonFilter(op, v as number) }) },
};

function parse(params: Array<[string, string]>) {
  const errors = new FieldErrorCollector();
  const conditions = parseFilterParams(params, SPEC, errors);
  return { conditions, errors: errors.errors };
}

/** Parameters written `name=value`, as a query string carries them (split at the first `=`). */
function params(...written: string[]): Array<[string, string]> {
  return written.map((text) => [text.slice(0, text.indexOf('=')), text.slice(text.indexOf('=') + 1)]);
}

/** The single message recorded for one parameter that is refused. */
function problem(name: string, value: string): string {
  const { conditions, errors } = parse([[name, value]]);
  expect(conditions).toEqual([]);
  expect(Object.keys(errors)).toEqual([name]);
  expect(errors[name]).toHaveLength(1);
  return errors[name][0];
}

describe('filter grammar: parsing', () => {
  it('reads field[operator]=value for every kind, values typed', () => {
    const { conditions, errors } = parse(params('title[contains]=Ham', 'qty[gte]=5', 'price[lt]=12.50', 'state[eq]=closed', 'active[eq]=TRUE', 'at[gt]=2024-02-29 23:59:58', 'owner.id[eq]=-3'));
    expect(errors).toEqual({});
    expect(conditions.map(({ field, operator, param }) => [field, operator, param])).toEqual([
      ['title', 'contains', 'title[contains]'],
      ['qty', 'gte', 'qty[gte]'],
      ['price', 'lt', 'price[lt]'],
      ['state', 'eq', 'state[eq]'],
      ['active', 'eq', 'active[eq]'],
      ['at', 'gt', 'at[gt]'],
      ['owner.id', 'eq', 'owner.id[eq]'],
    ]);
    const [title, qty, price, state, active, at, owner] = conditions.map((c) => c.value);
    expect(title).toBe('Ham');
    expect(qty).toBe(5);
    expect(price).toBeInstanceOf(Decimal);
    expect((price as Decimal).toString()).toBe('12.5');
    expect(state).toBe('CLOSED');
    expect(active).toBe(true);
    expect(at).toEqual(new Date('2024-02-29T23:59:58.000Z'));
    expect(owner).toBe(-3);
  });

  it('keeps decimals exact, with exponents and signs', () => {
    const values = ['0.1', '-2.50', '+3', '1e3', '.5', '7.'].map((text) => (parse([['price[eq]', text]]).conditions[0].value as Decimal).toString());
    expect(values).toEqual(['0.1', '-2.5', '3', '1000', '0.5', '7']);
  });

  it('takes the bare form field=value as eq for every kind, and as the bare operator of a search field', () => {
    const { conditions, errors } = parse(params('title=Hammer', 'qty=2', 'price=1.5', 'state=Open', 'active=0', 'at=2024-01-31', 'search=ham'));
    expect(errors).toEqual({});
    expect(conditions.map((c) => c.operator)).toEqual(['eq', 'eq', 'eq', 'eq', 'eq', 'eq', 'contains']);
    expect(conditions[3].value).toBe('OPEN');
    expect(conditions[4].value).toBe(false);
    expect(conditions[5].value).toEqual(new Date('2024-01-31T00:00:00.000Z'));
  });

  it('reads booleans as true, false, 1 or 0 in any case', () => {
    const values = ['true', 'False', '1', '0', ' TRUE '].map((text) => parse([['active', text]]).conditions[0].value);
    expect(values).toEqual([true, false, true, false, true]);
  });

  it('reads date-times with a space or a T, and dates as midnight UTC', () => {
    const at = (text: string) => parse([['at[gte]', text]]).conditions[0].value;
    expect(at('2024-05-06 07:08:09')).toEqual(new Date('2024-05-06T07:08:09.000Z'));
    expect(at('2024-05-06T07:08:09')).toEqual(new Date('2024-05-06T07:08:09.000Z'));
    expect(at('2024-05-06')).toEqual(new Date('2024-05-06T00:00:00.000Z'));
  });

  it('keeps string values as given, spaces and all', () => {
    expect(parse([['title[eq]', ' a b ']]).conditions[0].value).toBe(' a b ');
    expect(parse([['title[eq]', '']]).conditions[0].value).toBe('');
  });

  it('adds one condition per parameter, a repeated parameter included', () => {
    const { conditions } = parse([['qty[gt]', '1'], ['qty[gt]', '3']]);
    expect(conditions.map((c) => c.value)).toEqual([1, 3]);
  });
});

describe('filter grammar: refusals keyed by the parameter as given', () => {
  it('refuses an unknown field, naming the filterable ones', () => {
    expect(problem('colour[eq]', 'red')).toBe(
      'Cannot filter by "colour". Filterable fields: title, search, qty, price, state, active, at, owner.id.',
    );
    expect(problem('Title', 'x')).toMatch(/^Cannot filter by "Title"\./);
    expect(problem('toString', 'x')).toMatch(/^Cannot filter by "toString"\./);
    expect(problem('__proto__', 'x')).toMatch(/^Cannot filter by "__proto__"\./);
    expect(problem('constructor[eq]', 'x')).toMatch(/^Cannot filter by "constructor"\./);
    expect(problem('owner', '1')).toMatch(/^Cannot filter by "owner"\./);
  });

  it('refuses an unknown operator', () => {
    expect(problem('qty[ne]', '1')).toBe('Unknown filter operator "ne". Operators for qty: eq, gt, gte, lt, lte.');
    expect(problem('title[]', 'x')).toBe('Unknown filter operator "". Operators for title: eq, contains.');
    expect(problem('title[EQ]', 'x')).toMatch(/^Unknown filter operator "EQ"\./);
  });

  it('refuses an operator that does not fit the kind', () => {
    expect(problem('title[gt]', 'a')).toBe('The title filter does not take the gt operator. Operators for title: eq, contains.');
    expect(problem('qty[contains]', '1')).toBe('The qty filter does not take the contains operator. Operators for qty: eq, gt, gte, lt, lte.');
    expect(problem('price[contains]', '1')).toMatch(/^The price filter does not take the contains operator\./);
    expect(problem('at[contains]', '2024-01-01')).toMatch(/^The at filter does not take the contains operator\./);
    expect(problem('state[gt]', 'OPEN')).toBe('The state filter does not take the gt operator. Operators for state: eq.');
    expect(problem('state[contains]', 'OP')).toMatch(/^The state filter does not take the contains operator\./);
    expect(problem('active[lte]', 'true')).toBe('The active filter does not take the lte operator. Operators for active: eq.');
    expect(problem('owner.id[gt]', '1')).toBe('The owner.id filter does not take the gt operator. Operators for owner.id: eq.');
  });

  it('refuses values that do not parse for the kind', () => {
    for (const text of ['1.5', 'abc', '', '1e3', '99999999999', '2147483648', '0x10']) {
      expect(problem('qty[eq]', text), text).toBe('The qty filter must be an integer.');
    }
    expect(parse([['qty', '2147483647']]).conditions[0].value).toBe(2147483647);
    expect(parse([['qty', '-2147483648']]).conditions[0].value).toBe(-2147483648);
    for (const text of ['abc', '', 'NaN', 'Infinity', '1e', '1,5', '--1', '1.2.3']) {
      expect(problem('price[gt]', text), text).toBe('The price filter must be a number.');
    }
    for (const text of ['yes', 'no', '', '2']) {
      expect(problem('active', text), text).toBe('The active filter must be true or false (or 1 or 0).');
    }
    expect(problem('state', 'pending')).toBe('The state filter must be one of: OPEN, CLOSED.');
    for (const text of ['2024-13-01 00:00:00', '2024-02-30', '2023-02-29', '2024-01-01 24:00:00', '2024-01-01 10:60:00', '2024-01-01 10:00', '01/02/2024', 'yesterday', '2024-01-01T10:00:00Z', '']) {
      expect(problem('at[gte]', text), text).toBe(
        'The at filter must be a date-time in the form YYYY-MM-DD HH:MM:SS (UTC) or a date YYYY-MM-DD.',
      );
    }
  });

  it('reports every bad parameter at once and keeps the good ones', () => {
    const { conditions, errors } = parse(params('title[contains]=ok', 'price[gt]=cheap', 'nope=1', 'title[gt]=x'));
    expect(conditions.map((c) => c.param)).toEqual(['title[contains]']);
    expect(Object.keys(errors)).toEqual(['price[gt]', 'nope', 'title[gt]']);
  });
});

describe('filter grammar: where', () => {
  it('ANDs the fragments of each condition in order', () => {
    const { conditions } = parse(params('title=Hammer', 'search=ham', 'qty[gt]=2', 'price[lte]=9.99', 'state=open', 'active=true'));
    expect(buildFilterWhere(conditions, SPEC)).toEqual({
      AND: [
        { title: { equals: 'Hammer', mode: 'insensitive' } },
        { OR: [{ title: { contains: 'ham', mode: 'insensitive' } }] },
        { qty: { gt: 2 } },
        { price: { lte: new Decimal('9.99') } },
        { state: { equals: 'OPEN' } },
        { active: { equals: true } },
      ],
    });
  });

  it('matches everything without conditions', () => {
    expect(buildFilterWhere([], SPEC)).toEqual({ AND: [] });
  });

  it('compares date-times by whole seconds', () => {
    const t = new Date('2024-01-01T10:00:00.000Z');
    const end = new Date('2024-01-01T10:00:00.999Z');
    expect(dateTimeFilter('eq', t)).toEqual({ gte: t, lte: end });
    expect(dateTimeFilter('gt', t)).toEqual({ gt: end });
    expect(dateTimeFilter('gte', t)).toEqual({ gte: t });
    expect(dateTimeFilter('lt', t)).toEqual({ lt: t });
    expect(dateTimeFilter('lte', t)).toEqual({ lte: end });
  });
});

describe('product filter table', () => {
  it('has every filter of the contract, with its kind', () => {
    const kinds = Object.fromEntries(Object.entries(PRODUCT_FILTERS).map(([field, spec]) => [field, spec.kind]));
    const expected: Record<string, string> = {};
    for (const f of ['name', 'description', 'sku', 'upc', 'tag', 'q', 'category.name', 'sub_category.name', 'supplier.name', 'priority_list.name']) expected[f] = 'string';
    for (const f of ['id', 'category.id', 'sub_category.id', 'supplier.id', 'bom.id', 'kit_items.product_id', 'priority_list.id']) expected[f] = 'integer';
    expected.type = 'enum';
    for (const f of ['retail_price', 'wholesale_price', 'product_weight_oz', 'product_weight_lb']) expected[f] = 'float';
    for (const group of ['product', 'box', 'carton', 'shipping', 'pallet']) {
      for (const side of ['length', 'width', 'height']) expected[`${group}_${side}`] = 'float';
    }
    for (const group of ['box', 'carton', 'shipping', 'pallet', 'dimensional']) {
      for (const unit of ['oz', 'lb']) expected[`${group}_weight_${unit}`] = 'float';
    }
    for (const f of ['sellable', 'discontinued']) expected[f] = 'boolean';
    for (const f of ['created_at', 'updated_at']) expected[f] = 'datetime';
    expect(kinds).toEqual(expected);
    expect(PRODUCT_FILTERS.type.enumValues).toEqual(['PRODUCT', 'KIT']);
  });

  it('binds every value as a parameter, never as SQL text', () => {
    const errors = new FieldErrorCollector();
    const hostile = "x' OR TRUE --";
    const condition = productFilterSql(
      7,
      [
        ['sku', hostile],
        ['q', hostile],
        ['tag', hostile],
        ['category.name[contains]', hostile],
        ['sub_category.id', '4'],
        ['box_weight_lb[gt]', '2.5'],
        ['type', 'kit'],
        ['created_at', '2024-01-01 10:00:00'],
      ],
      errors,
    );
    expect(errors.empty).toBe(true);
    expect(condition.text).not.toContain(hostile);
    // The company is bound too, in each condition on another table (so that Citus keeps it on the company's shard).
    expect(condition.values.filter((value) => value !== 7)).toEqual([...Array(8).fill(hostile), '4', '2.5', 'KIT', '2024-01-01 10:00:00.000', '2024-01-01 10:00:00.999']);
    expect(condition.values.filter((value) => value === 7).length).toBeGreaterThanOrEqual(4);
    expect(condition.values.some((value) => typeof value === 'symbol')).toBe(false);
  });

  it('names a refused parameter exactly as given', () => {
    const errors = new FieldErrorCollector();
    productFilterSql(7, [['retail_price[gt]', 'ten'], ['name[gt]', 'a'], ['sellable[eq]', 'maybe'], ['weight', '1']], errors);
    expect(errors.errors).toEqual({
      'retail_price[gt]': ['The retail_price filter must be a number.'],
      'name[gt]': ['The name filter does not take the gt operator. Operators for name: eq, contains.'],
      'sellable[eq]': ['The sellable filter must be true or false (or 1 or 0).'],
      weight: [expect.stringMatching(/^Cannot filter by "weight"\. Filterable fields: name, description, sku, /)],
    });
  });
});

describe('product filter table against the database', () => {
  const database = databaseForTests();
  let db: TenantDb;
  let ids: Record<string, number>;
  let bomId: number;
  let categoryId: number;
  let subcategoryId: number;
  let supplierId: number;
  let priorityListId: number;

  beforeAll(async () => {
    const company = await database.prisma.company.create({ data: { slug: 'filters', name: 'Filters' } });
    const other = await database.prisma.company.create({ data: { slug: 'other', name: 'Other' } });
    db = tenantClient(database.prisma, company.id);

    const tools = await db.productCategory.create({ data: { name: 'Tools' } as any });
    const garden = await db.productCategory.create({ data: { name: 'Garden' } as any });
    const hand = await db.productCategory.create({ data: { name: 'Hand tools', parentId: tools.id } as any });
    const supplier = await db.supplier.create({ data: { name: 'Acme Supply' } as any });
    const priority = await db.priorityList.create({ data: { name: 'Fast movers' } as any });
    const red = await db.tag.create({ data: { name: 'Red' } as any });
    categoryId = tools.id;
    subcategoryId = hand.id;
    supplierId = supplier.id;
    priorityListId = priority.id;

    const product = (data: Record<string, unknown>) => db.product.create({ data: data as any });
    const hammer = await product({
      name: 'Hammer',
      sku: 'HAM-1',
      upc: '0001',
      description: 'Steel claw hammer',
      retailPrice: '12.50',
      wholesalePrice: '7',
      productLength: '10.25',
      productWeightOz: '16',
      productWeightLb: '1',
      boxWeightLb: '1.5',
      dimensionalWeightOz: '40',
      palletHeight: '48',
      categoryId: tools.id,
      subcategoryId: hand.id,
      supplierId: supplier.id,
      priorityListId: priority.id,
      createdAt: new Date('2024-01-01T10:00:00.500Z'),
      updatedAt: new Date('2024-03-01T00:00:00.000Z'),
    });
    const rake = await product({
      name: 'Rake',
      sku: 'RAK-1',
      upc: '0002',
      retailPrice: '20',
      categoryId: garden.id,
      sellable: false,
      discontinued: true,
      createdAt: new Date('2024-06-01T00:00:00.000Z'),
      updatedAt: new Date('2024-06-01T00:00:00.000Z'),
    });
    const kit = await product({
      name: 'Tool kit',
      sku: 'KIT-1',
      type: 'KIT',
      retailPrice: '30',
      createdAt: new Date('2025-01-01T12:00:00.000Z'),
      updatedAt: new Date('2025-01-01T12:00:00.000Z'),
    });
    const sign = await product({ name: '50% off sign', sku: 'SIGN_1', createdAt: new Date('2025-02-01T00:00:00Z'), updatedAt: new Date('2025-02-01T00:00:00Z') });
    const plain = await product({ name: '500 off sign', sku: 'SIGNX1', createdAt: new Date('2025-02-01T00:00:00Z'), updatedAt: new Date('2025-02-01T00:00:00Z') });
    await db.productAlternateSku.create({ data: { productId: hammer.id, sku: 'ALT-HAM' } as any });
    await db.productTag.create({ data: { productId: hammer.id, tagId: red.id } as any });
    await db.kitItem.create({ data: { kitId: kit.id, productId: hammer.id, quantity: '2', baseUomQuantity: '2' } as any });
    const bom = await db.bom.create({ data: { name: 'Hammer build' } as any });
    bomId = bom.id;
    await db.productBom.create({ data: { productId: hammer.id, bomId: bom.id } as any });
    // Another company's product matching most filters must never appear.
    await database.prisma.product.create({ data: { companyId: other.id, name: 'Hammer', sku: 'HAM-1', retailPrice: '12.50' } });
    ids = { hammer: hammer.id, rake: rake.id, kit: kit.id, sign: sign.id, plain: plain.id };
  });

  async function skus(params: Array<[string, string]>): Promise<string[]> {
    const page = await listProducts(db, { filters: params, perPage: 100 }, { select: { sku: true } });
    return page.items.map((r: { sku: string }) => r.sku);
  }

  it('runs every field of the table with each of its operators', async () => {
    const sample = { string: 'x', integer: '1', float: '1.5', enum: 'PRODUCT', boolean: 'true', datetime: '2024-01-01 00:00:00' } as const;
    for (const [field, spec] of Object.entries(PRODUCT_FILTERS)) {
      for (const operator of spec.operators ?? (spec.kind === 'string' ? ['eq', 'contains'] : spec.kind === 'enum' || spec.kind === 'boolean' ? ['eq'] : ['eq', 'gt', 'gte', 'lt', 'lte'])) {
        await expect(skus([[`${field}[${operator}]`, sample[spec.kind]]]), `${field}[${operator}]`).resolves.toBeInstanceOf(Array);
      }
    }
  });

  it('matches strings without regard to case, sku through alternate SKUs, q over name, upc and sku', async () => {
    expect(await skus([['name', 'hammer']])).toEqual(['HAM-1']);
    expect(await skus([['name[contains]', 'SIGN']])).toEqual(['SIGN_1', 'SIGNX1']);
    expect(await skus([['description[contains]', 'claw']])).toEqual(['HAM-1']);
    expect(await skus([['sku', 'alt-ham']])).toEqual(['HAM-1']);
    expect(await skus([['sku[contains]', 'ham']])).toEqual(['HAM-1']);
    expect(await skus([['upc[eq]', '0002']])).toEqual(['RAK-1']);
    expect(await skus([['q', 'RAK']])).toEqual(['RAK-1']);
    expect(await skus([['q', '0001']])).toEqual(['HAM-1']);
    expect(await skus([['q', 'tool']])).toEqual(['KIT-1']);
    expect(await skus([['q', 'alt-h']])).toEqual(['HAM-1']);
    expect(await skus([['q[eq]', 'rake']])).toEqual(['RAK-1']);
    expect(await skus([['tag', 'RED']])).toEqual(['HAM-1']);
  });

  it('treats % and _ in a value as plain characters', async () => {
    expect(await skus([['name[contains]', '0%']])).toEqual(['SIGN_1']);
    expect(await skus([['sku[contains]', 'N_']])).toEqual(['SIGN_1']);
    expect(await skus([['name', '50_ off sign']])).toEqual([]);
    expect(await skus([['name', '50% OFF SIGN']])).toEqual(['SIGN_1']);
    expect(await skus([['sku', 'sign_1']])).toEqual(['SIGN_1']);
    expect(await skus([['q[contains]', '\\']])).toEqual([]);
  });

  it('filters through relations by name and by id', async () => {
    expect(await skus([['category.name', 'tools']])).toEqual(['HAM-1']);
    expect(await skus([['category.name[contains]', 'ar']])).toEqual(['RAK-1']);
    expect(await skus([['category.id', String(categoryId)]])).toEqual(['HAM-1']);
    expect(await skus([['sub_category.name[contains]', 'hand']])).toEqual(['HAM-1']);
    expect(await skus([['sub_category.id', String(subcategoryId)]])).toEqual(['HAM-1']);
    expect(await skus([['supplier.name', 'acme supply']])).toEqual(['HAM-1']);
    expect(await skus([['supplier.id', String(supplierId)]])).toEqual(['HAM-1']);
    expect(await skus([['priority_list.name[contains]', 'fast']])).toEqual(['HAM-1']);
    expect(await skus([['priority_list.id', String(priorityListId)]])).toEqual(['HAM-1']);
    expect(await skus([['bom.id', String(bomId)]])).toEqual(['HAM-1']);
    expect(await skus([['kit_items.product_id', String(ids.hammer)]])).toEqual(['KIT-1']);
    expect(await skus([['kit_items.product_id', String(ids.rake)]])).toEqual([]);
  });

  it('compares numbers exactly, skipping products without a value', async () => {
    expect(await skus([['retail_price[gt]', '12.5']])).toEqual(['RAK-1', 'KIT-1']);
    expect(await skus([['retail_price[gte]', '12.5']])).toEqual(['HAM-1', 'RAK-1', 'KIT-1']);
    expect(await skus([['retail_price', '12.50']])).toEqual(['HAM-1']);
    expect(await skus([['retail_price[lt]', '20']])).toEqual(['HAM-1']);
    expect(await skus([['wholesale_price[lte]', '7']])).toEqual(['HAM-1']);
    expect(await skus([['product_length[eq]', '10.25']])).toEqual(['HAM-1']);
    expect(await skus([['product_weight_oz[gte]', '16']])).toEqual(['HAM-1']);
    expect(await skus([['product_weight_lb[lt]', '1']])).toEqual([]);
    expect(await skus([['box_weight_lb[gt]', '1.4999']])).toEqual(['HAM-1']);
    expect(await skus([['dimensional_weight_oz', '40']])).toEqual(['HAM-1']);
    expect(await skus([['pallet_height[gt]', '47.999999']])).toEqual(['HAM-1']);
    expect(await skus([['retail_price[lt]', '1e30']])).toEqual(['HAM-1', 'RAK-1', 'KIT-1']);
  });

  it('filters by type, flags and date-times to the second', async () => {
    expect(await skus([['type', 'kit']])).toEqual(['KIT-1']);
    expect(await skus([['type[eq]', 'PRODUCT']])).toEqual(['HAM-1', 'RAK-1', 'SIGN_1', 'SIGNX1']);
    expect(await skus([['sellable', 'false']])).toEqual(['RAK-1']);
    expect(await skus([['discontinued', '1']])).toEqual(['RAK-1']);
    expect(await skus([['created_at', '2024-01-01 10:00:00']])).toEqual(['HAM-1']);
    expect(await skus([['created_at[gt]', '2024-01-01 10:00:00']])).toEqual(['RAK-1', 'KIT-1', 'SIGN_1', 'SIGNX1']);
    expect(await skus([['created_at[lte]', '2024-01-01 10:00:00']])).toEqual(['HAM-1']);
    expect(await skus([['created_at[lt]', '2024-01-01 10:00:00']])).toEqual([]);
    expect(await skus([['created_at[gte]', '2024-06-01']])).toEqual(['RAK-1', 'KIT-1', 'SIGN_1', 'SIGNX1']);
    expect(await skus([['updated_at[lt]', '2024-06-01 00:00:00']])).toEqual(['HAM-1']);
  });

  it('combines filters with AND', async () => {
    expect(await skus([['retail_price[gte]', '10'], ['retail_price[lte]', '25']])).toEqual(['HAM-1', 'RAK-1']);
    expect(await skus([['retail_price[gte]', '10'], ['sellable', 'true']])).toEqual(['HAM-1', 'KIT-1']);
    expect(await skus([['name[contains]', 'sign'], ['sku[contains]', '_']])).toEqual(['SIGN_1']);
    expect(await skus([['type', 'kit'], ['category.name', 'tools']])).toEqual([]);
    expect(await skus([])).toEqual(['HAM-1', 'RAK-1', 'KIT-1', 'SIGN_1', 'SIGNX1']);
  });
});
