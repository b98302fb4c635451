// The custom-fields area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/custom-fields/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as customFieldDefinitions from './custom-field-definitions.js';
export { CUSTOM_FIELD_ENTITY_TYPES, CUSTOM_FIELD_TYPES } from './custom-field-types.js';
export {
  checkCustomFieldValues,
  loadCustomFieldDefinitions,
  validateCustomFieldValues,
} from './custom-field-values.js';
export { checkCustomFields } from './free-form-custom-fields.js';
