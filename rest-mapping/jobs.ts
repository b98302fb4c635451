// Durable jobs (issue 15): read one, cancel one. snake_case with {data} envelopes.
import type { RestRoute } from '../src/rest/route.js';
import { JOB_FIELDS } from './shared.js';

const tag = 'Jobs';
const FIELDS = `${JOB_FIELDS} maxAttempts lastError runAt`;

export const jobRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/jobs/{id}',
    operationId: 'getJob',
    tag,
    summary: 'Get a background job',
    description: 'status is queued, running, finished, failed or cancelled; progress_now of progress_max; last_error says why the last attempt failed.',
    graphql: /* GraphQL */ `query GetJob($id: Int!) { job(id: $id) { ${FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/jobs/{id}/cancel',
    operationId: 'cancelJob',
    tag,
    summary: 'Cancel a background job',
    description: 'A queued job never starts; a running one stops at its next step (what it already committed stays). A job that has ended → 409.',
    graphql: /* GraphQL */ `mutation CancelJob($id: Int!) { cancelJob(id: $id) { ${FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
];
