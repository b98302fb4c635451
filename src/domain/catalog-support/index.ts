// The catalog-support area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/catalog-support/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as categories from './categories.js';
export * as distributionTemplateCategories from './distribution-template-categories.js';
export * as distributionTemplates from './distribution-templates.js';
export * as priorityLists from './priority-lists.js';
export * as tags from './tags.js';
