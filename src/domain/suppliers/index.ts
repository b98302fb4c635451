// The suppliers area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/suppliers/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as supplierContacts from './supplier-contacts.js';
export * as supplierSkus from './supplier-skus.js';
export * as suppliers from './suppliers.js';
