// The audit log (issue 17 §6), snake_case with the page envelope.
import type { RestRoute } from '../src/rest/route.js';
import { PAGE_META } from './shared.js';

export const auditLogRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/audit-log',
    operationId: 'listAuditLog',
    tag: 'Audit log',
    summary: 'List changes of business records, newest first',
    description:
      'Every change of a business record (products, locations, suppliers, every document and its lines, API tokens, webhook endpoints, the company\'s own profile and settings) writes an entry in the same transaction, ' +
      'by a database trigger, so raw and bulk changes are there too. ' +
      'Each entry: `{id, occurred_at, actor: {type, id, name}, request_id, entity, entity_id, action, changes}`. ' +
      'actor type is token (the API token), user (signed in to the settings pages), supplier (answering through the portal), cli (named after the command) or system (the service\'s own scheduled work); ' +
      'a job\'s changes, such as an import\'s rows, are those of whoever asked for the job. request_id groups the changes of one request, the job\'s included. ' +
      'entity is the record\'s type in snake_case; action is create, update or delete; changes is `{field: {before, after}}` (updated_at left out, secrets "[redacted]"). ' +
      'The stock ledger (movements, balances, FIFO layers) is not repeated here: the documents that post it are. ' +
      'Query: `entity` (e.g. product, purchase_order_line), `entity_id`, `actor` (token:<id>, user:<id>, supplier:<id>, cli or system), `from` and `to` ' +
      '(YYYY-MM-DD HH:MM:SS UTC, YYYY-MM-DD, or ISO 8601 with a zone; both ends included), `page`, `per_page` (max 100). A bad value → 422 naming the parameter.',
    graphql: /* GraphQL */ `
      query ListAuditLog($page: Int, $perPage: Int, $entity: String, $entityId: Int, $actor: String, $from: String, $to: String) {
        auditLog(page: $page, perPage: $perPage, entity: $entity, entityId: $entityId, actor: $actor, from: $from, to: $to) {
          items { id occurredAt actor { type id name } requestId entity entityId action changes } ${PAGE_META}
        }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', entity: 'entity', entity_id: 'entityId', actor: 'actor', from: 'from', to: 'to' },
    envelope: 'page',
  },
];
