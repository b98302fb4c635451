// The record kinds that carry custom fields, and the value types a custom field can have.
export const CUSTOM_FIELD_ENTITY_TYPES = ['product'] as const;
export type CustomFieldEntityType = (typeof CUSTOM_FIELD_ENTITY_TYPES)[number];

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'boolean', 'date', 'single_select'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Longest text value; longer text belongs in an attachment. */
export const MAX_TEXT_VALUE_LENGTH = 65535;
