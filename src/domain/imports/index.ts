// The imports area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/imports/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { watchImport } from './import-progress.js';
export type { ImportProgressEvent } from './import-progress.js';
export { ImportFileError, runImport } from './import-runner.js';
export * as imports from './imports.js';
export { IMPORT_FILTERS, IMPORT_JOB } from './imports.js';
export type { UploadedFile } from './uploaded-file.js';
export { importStats, importStatsSql, type ImportStats } from './import-stats.js';
