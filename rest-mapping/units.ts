// Units of measure, unit classes and conversion rules (contract: Endpoints › Units of measure, Resources ›
// Unit of measure / Unit conversion rule / Unit class).
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const UNIT_SUMMARY = 'id name unitClassId baseUnit';

const RULE_FIELDS = /* GraphQL */ `
  fragment RuleFields on UnitConversionRule {
    id createdAt updatedAt status baseUnitOfMeasureId convertedUnitOfMeasureId
    baseUnitOfMeasure { ${UNIT_SUMMARY} } convertedUnitOfMeasure { ${UNIT_SUMMARY} }
    conversionFactor type productId product { id name sku } productAlternateSkus { ${everyField('UnitConversionRuleAlternateSku')} }
  }`;

const UNIT_FIELDS = /* GraphQL */ `
  fragment UnitFields on UnitOfMeasure {
    id createdAt updatedAt status unitClassId unitClass { id name baseClass } name description baseUnit
    unitConversionRules { ...RuleFields }
  }
  ${RULE_FIELDS}`;

const CLASS_FIELDS = /* GraphQL */ `
  fragment ClassFields on UnitClass {
    id createdAt updatedAt status name baseClass
    unitOfMeasures { ...UnitFields }
    baseUnitOfMeasure { ...UnitFields }
  }
  ${UNIT_FIELDS}`;

const tag = 'Units of measure';

export const unitRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/unit-classes',
    operationId: 'listUnitClasses',
    tag,
    summary: 'List unit classes',
    description: 'Paginated, with each class\'s units and base unit. `q` matches part of the name; `sort` takes id, name, created_at or updated_at, with a leading - for descending order.',
    graphql: /* GraphQL */ `
      query ListUnitClasses($page: Int, $perPage: Int, $sort: String, $q: String) {
        unitClasses(page: $page, perPage: $perPage, sort: $sort, q: $q) { items { ...ClassFields } ${PAGE_META} }
      }
      ${CLASS_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', q: 'q' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/unit-classes/{unitClassId}',
    operationId: 'getUnitClass',
    tag,
    summary: 'Get a unit class',
    graphql: /* GraphQL */ `
      query GetUnitClass($id: Int!) { unitClass(id: $id) { ...ClassFields } }
      ${CLASS_FIELDS}`,
    pathParams: { unitClassId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/unit-classes',
    operationId: 'createUnitClass',
    tag,
    summary: 'Create a unit class',
    description: 'Body: name (unique in the company, at most 255 characters), base_class boolean.',
    graphql: /* GraphQL */ `
      mutation CreateUnitClass($input: UnitClassCreateInput!) { createUnitClass(input: $input) { ...ClassFields } }
      ${CLASS_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'DELETE',
    path: '/unit-classes/{unitClassId}',
    operationId: 'deleteUnitClass',
    tag,
    summary: 'Delete a unit class that has no units',
    description: 'Answers with the deleted class. A class that still has units of measure is refused with 422.',
    graphql: /* GraphQL */ `
      mutation DeleteUnitClass($id: Int!) { deleteUnitClass(id: $id) { ...ClassFields } }
      ${CLASS_FIELDS}`,
    pathParams: { unitClassId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/unit-classes/{unitClassId}/default-unit-of-measure/{unitOfMeasureId}',
    operationId: 'setDefaultUnitOfMeasure',
    tag,
    summary: 'Make a unit the base (default) unit of its class',
    description:
      'No body. The previous base unit is unset and every conversion factor of the class (system and product rules) is re-expressed relative to the new base, so every conversion between two units gives the same result as before.',
    graphql: /* GraphQL */ `
      mutation SetDefaultUnitOfMeasure($unitClassId: Int!, $unitOfMeasureId: Int!) {
        setDefaultUnitOfMeasure(unitClassId: $unitClassId, unitOfMeasureId: $unitOfMeasureId) { ...ClassFields }
      }
      ${CLASS_FIELDS}`,
    pathParams: { unitClassId: 'unitClassId', unitOfMeasureId: 'unitOfMeasureId' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/unit-of-measures',
    operationId: 'listUnitOfMeasures',
    tag,
    summary: 'List units of measure',
    description: 'Paginated. `unit_class_id` lists one class; `q` matches part of the name; `sort` takes id, name, unit_class_id, created_at or updated_at.',
    graphql: /* GraphQL */ `
      query ListUnitOfMeasures($page: Int, $perPage: Int, $sort: String, $unitClassId: Int, $q: String) {
        unitOfMeasures(page: $page, perPage: $perPage, sort: $sort, unitClassId: $unitClassId, q: $q) { items { ...UnitFields } ${PAGE_META} }
      }
      ${UNIT_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', unit_class_id: 'unitClassId', q: 'q' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/unit-of-measures/{id}',
    operationId: 'getUnitOfMeasure',
    tag,
    summary: 'Get a unit of measure',
    graphql: /* GraphQL */ `
      query GetUnitOfMeasure($id: Int!) { unitOfMeasure(id: $id) { ...UnitFields } }
      ${UNIT_FIELDS}`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/unit-of-measures',
    operationId: 'createUnitOfMeasure',
    tag,
    summary: 'Create a unit of measure',
    description:
      'Body: unit_class_id, name (unique within the class), description, base_unit, conversion_factor (1 unit = conversion_factor base units; creates the unit\'s SYSTEM rule). The first unit of a class becomes its base unit.',
    graphql: /* GraphQL */ `
      mutation CreateUnitOfMeasure($input: UnitOfMeasureCreateInput!) { createUnitOfMeasure(input: $input) { ...UnitFields } }
      ${UNIT_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'POST',
    path: '/unit-of-measures/{id}',
    operationId: 'updateUnitOfMeasure',
    tag,
    summary: 'Update a unit of measure',
    description:
      'All fields optional: unit_class_id, name, description, base_unit, conversion_factor. base_unit true makes the unit the base of its class, re-expressing every factor of the class as POST /unit-classes/{unitClassId}/default-unit-of-measure/{unitOfMeasureId} does.',
    graphql: /* GraphQL */ `
      mutation UpdateUnitOfMeasure($id: Int!, $input: UnitOfMeasureUpdateInput!) { updateUnitOfMeasure(id: $id, input: $input) { ...UnitFields } }
      ${UNIT_FIELDS}`,
    pathParams: { id: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/unit-of-measures/{id}',
    operationId: 'deleteUnitOfMeasure',
    tag,
    summary: 'Delete a unit of measure',
    description:
      'Answers with the deleted unit. A unit in use (a product\'s default unit, kit or BOM items, purchase order lines, conversion rules other than its own system rule) or the base unit of a class with other units is refused with 422.',
    graphql: /* GraphQL */ `
      mutation DeleteUnitOfMeasure($id: Int!) { deleteUnitOfMeasure(id: $id) { ...UnitFields } }
      ${UNIT_FIELDS}`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/unit-conversion-rules',
    operationId: 'listUnitConversionRules',
    tag,
    summary: 'List unit conversion rules',
    description: 'Paginated. Filters: product_id, unit_class_id (rules converting units of the class), type (system or product). `sort` takes id, conversion_factor, created_at or updated_at.',
    graphql: /* GraphQL */ `
      query ListUnitConversionRules($page: Int, $perPage: Int, $sort: String, $productId: Int, $unitClassId: Int, $type: UnitConversionRuleType) {
        unitConversionRules(page: $page, perPage: $perPage, sort: $sort, productId: $productId, unitClassId: $unitClassId, type: $type) {
          items { ...RuleFields } ${PAGE_META}
        }
      }
      ${RULE_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', product_id: 'productId', unit_class_id: 'unitClassId', type: 'type' },
    envelope: 'page',
  },
  {
    method: 'POST',
    path: '/unit-conversion-rules',
    operationId: 'createUnitConversionRule',
    tag,
    summary: 'Create a unit conversion rule',
    description:
      'Body: base_unit_of_measure_id (the base unit of the class), converted_unit_of_measure_id, conversion_factor (> 0; 1 converted unit = conversion_factor base units), product_id (makes a PRODUCT rule overriding the system factor for that product), product_alternate_sku_ids.',
    graphql: /* GraphQL */ `
      mutation CreateUnitConversionRule($input: UnitConversionRuleCreateInput!) { createUnitConversionRule(input: $input) { ...RuleFields } }
      ${RULE_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'DELETE',
    path: '/unit-conversion-rules/{id}',
    operationId: 'deleteUnitConversionRule',
    tag,
    summary: 'Delete a unit conversion rule',
    description: 'Answers with the deleted rule. The system rule of a unit that products, kits, BOMs or purchase order lines measure in is refused with 422.',
    graphql: /* GraphQL */ `
      mutation DeleteUnitConversionRule($id: Int!) { deleteUnitConversionRule(id: $id) { ...RuleFields } }
      ${RULE_FIELDS}`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
];
