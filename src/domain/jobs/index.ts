// The jobs area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/jobs/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as jobs from './jobs.js';
export { JOB_DONE_STATUSES, cancelJob, enqueueJob } from './jobs.js';
export type { JobStatus } from './jobs.js';
