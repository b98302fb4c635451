// The small shapes a product shows of its category, subcategory, priority list and distribution template
// (the contract's {id, name}, {id, name, description}, {id, name, source}), as variants of those models so
// the product area does not depend on how their own areas expose them in full.
import { builder } from '../builder.js';

export const CategorySummaryRef = builder.prismaObject('ProductCategory', {
  variant: 'ProductCategorySummary',
  description: 'A category or subcategory as a product shows it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
  }),
});

export const PriorityListSummaryRef = builder.prismaObject('PriorityList', {
  variant: 'PriorityListSummary',
  description: 'The fulfillment priority list of a product.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
  }),
});

export const DistributionTemplateSummaryRef = builder.prismaObject('DistributionTemplate', {
  variant: 'DistributionTemplateSummary',
  description: 'The distribution template of a product.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    source: t.exposeString('source', { description: 'For example assigned.' }),
  }),
});

export const DistributionTemplateCategorySummaryRef = builder.prismaObject('DistributionTemplateCategory', {
  variant: 'DistributionTemplateCategorySummary',
  description: 'The distribution template category of a product.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
  }),
});
