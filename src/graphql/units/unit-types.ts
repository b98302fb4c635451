// GraphQL object types of units of measure, unit classes and conversion rules, and their pages.
import { builder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { linkedRows, oneById } from '../../domain/shared/selection-json-sql.js';
import { unitClasses } from '../../domain/units/index.js';

export const UnitOfMeasureRef = builder.prismaObject('UnitOfMeasure', {
  description: 'A unit quantities can be counted or measured in, within a unit class.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    status: t.exposeString('status', { nullable: true, description: 'active' }),
    unitClassId: t.exposeInt('unitClassId'),
    unitClass: t.relation('unitClass', { nullable: true }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    baseUnit: t.exposeBoolean('baseUnit', { description: 'True for the base unit of its class, the unit every factor of the class is relative to.' }),
    unitConversionRules: t.relation('rulesAsConverted', {
      description: 'The rules converting this unit to the base unit of its class: the system rule and product overrides.',
      query: { orderBy: { id: 'asc' } },
    }),
  }),
});

const UNITS_QUERY = { orderBy: { id: 'asc' as const } };

export const UnitClassRef = builder.prismaObject('UnitClass', {
  description: 'A group of units that convert into each other (length, weight, count...).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    status: t.exposeString('status'),
    name: t.exposeString('name'),
    baseClass: t.exposeBoolean('baseClass', { description: 'The class that counts discrete items ("each").' }),
    unitOfMeasures: t.relation('units', { query: UNITS_QUERY }),
    baseUnitOfMeasure: t.field({
      type: UnitOfMeasureRef,
      nullable: true,
      description: 'The base unit of the class; null while the class has no units.',
      // The same relation query as unitOfMeasures, so both fields share one load of the class's units
      // (a filtered query on the same relation would be loaded separately, once per class).
      select: (_args, _ctx, nestedSelection) => ({ units: nestedSelection(UNITS_QUERY) }),
      resolve: (unitClass) => unitClass.units.find((unit) => unit.baseUnit) ?? null,
      extensions: jsonSql({ type: 'UnitOfMeasure', one: unitClasses.baseUnitSql }),
    }),
  }),
});

/** The product a rule applies to, as a rule shows it. */
const RuleProductRef = builder.objectRef<{ id: number; name: string; sku: string }>('UnitConversionRuleProduct').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), sku: t.exposeString('sku') }),
});

const RuleAlternateSkuRef = builder.objectRef<{ id: number; sku: string }>('UnitConversionRuleAlternateSku').implement({
  fields: (t) => ({ id: t.exposeInt('id'), sku: t.exposeString('sku') }),
});

export const UnitConversionRuleRef = builder.prismaObject('UnitConversionRule', {
  description: '1 converted unit = conversionFactor base units. SYSTEM rules hold the factors of a class; PRODUCT rules override one for a product.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    status: t.exposeString('status'),
    baseUnitOfMeasureId: t.exposeInt('baseUnitOfMeasureId'),
    convertedUnitOfMeasureId: t.exposeInt('convertedUnitOfMeasureId'),
    baseUnitOfMeasure: t.relation('baseUnitOfMeasure'),
    convertedUnitOfMeasure: t.relation('convertedUnitOfMeasure'),
    conversionFactor: t.expose('conversionFactor', { type: 'Decimal' }),
    type: t.exposeString('type', { description: 'SYSTEM or PRODUCT.' }),
    productId: t.exposeInt('productId', { nullable: true }),
    product: t.field({
      type: RuleProductRef,
      nullable: true,
      select: { product: { select: { id: true, name: true, sku: true } } },
      resolve: (rule) => rule.product,
      extensions: jsonSql(oneById('UnitConversionRuleProduct', 'Product', 'productId')),
    }),
    productAlternateSkus: t.field({
      type: [RuleAlternateSkuRef],
      description: 'Alternate SKUs of the product this rule is meant for.',
      select: {
        alternateSkuLinks: { select: { alternateSku: { select: { id: true, sku: true } } }, orderBy: { alternateSkuId: 'asc' } },
      },
      resolve: (rule) => rule.alternateSkuLinks.map((link) => link.alternateSku),
      extensions: jsonSql(
        linkedRows('UnitConversionRuleAlternateSku', 'UnitConversionRuleAlternateSku', 'ruleId', 'alternateSkuId', 'ProductAlternateSku', (_sku, link) => `${link}."alternateSkuId"`),
      ),
    }),
  }),
});

export const UnitConversionRuleTypeEnum = builder.enumType('UnitConversionRuleType', {
  values: { SYSTEM: { value: 'SYSTEM' }, PRODUCT: { value: 'PRODUCT' } } as const,
});

export const UnitClassPageRef = pageOf('UnitClassPage', UnitClassRef);
export const UnitOfMeasurePageRef = pageOf('UnitOfMeasurePage', UnitOfMeasureRef);
export const UnitConversionRulePageRef = pageOf('UnitConversionRulePage', UnitConversionRuleRef);
