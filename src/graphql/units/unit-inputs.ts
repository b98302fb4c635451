// Input types of units of measure, unit classes and conversion rules.
import { builder } from '../builder.js';

export const UnitClassCreateInput = builder.inputType('UnitClassCreateInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: 'Unique in the company; at most 255 characters.' }),
    baseClass: t.boolean({ required: false, description: 'The class that counts discrete items ("each"). Default false.' }),
  }),
});

export const UnitClassUpdateInput = builder.inputType('UnitClassUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => ({
    name: t.string({ required: false }),
    baseClass: t.boolean({ required: false }),
  }),
});

const unitDescriptions = {
  baseUnit: 'True makes this unit the base of its class; every factor of the class is re-expressed relative to it.',
  conversionFactor: '1 unit = conversionFactor base units of its class; kept as the unit\'s SYSTEM conversion rule.',
};

export const UnitOfMeasureCreateInput = builder.inputType('UnitOfMeasureCreateInput', {
  description: 'The first unit of a class becomes its base unit.',
  fields: (t) => ({
    unitClassId: t.int({ required: true }),
    name: t.string({ required: true, description: 'Unique within its class; at most 255 characters.' }),
    description: t.string({ required: false }),
    baseUnit: t.boolean({ required: false, description: unitDescriptions.baseUnit }),
    conversionFactor: t.field({ type: 'Decimal', required: false, description: unitDescriptions.conversionFactor }),
  }),
});

export const UnitOfMeasureUpdateInput = builder.inputType('UnitOfMeasureUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => ({
    unitClassId: t.int({ required: false, description: 'Moves an unused unit to another class; its factor is dropped unless conversionFactor is given.' }),
    name: t.string({ required: false }),
    description: t.string({ required: false }),
    baseUnit: t.boolean({ required: false, description: unitDescriptions.baseUnit }),
    conversionFactor: t.field({ type: 'Decimal', required: false, description: unitDescriptions.conversionFactor }),
  }),
});

export const UnitConversionRuleCreateInput = builder.inputType('UnitConversionRuleCreateInput', {
  description: 'Without productId a SYSTEM rule, with it a PRODUCT rule overriding the system factor for that product.',
  fields: (t) => ({
    baseUnitOfMeasureId: t.int({ required: true, description: 'The base unit of the class.' }),
    convertedUnitOfMeasureId: t.int({ required: true, description: 'Another unit of the same class.' }),
    conversionFactor: t.field({ type: 'Decimal', required: true, description: '1 converted unit = conversionFactor base units; greater than 0.' }),
    productId: t.int({ required: false }),
    productAlternateSkuIds: t.intList({ required: false, description: 'Alternate SKUs of the product the rule is meant for.' }),
  }),
});

export const UnitConversionRuleUpdateInput = builder.inputType('UnitConversionRuleUpdateInput', {
  description: 'Every field is optional; productAlternateSkuIds, when given, replaces the links.',
  fields: (t) => ({
    conversionFactor: t.field({ type: 'Decimal', required: false }),
    productAlternateSkuIds: t.intList({ required: false }),
  }),
});
