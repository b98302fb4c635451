// Cycle counts (issue 13): batches (snake_case), per-warehouse sessions (camelCase in responses, bodies and
// error keys, as the contract's session table), their lifecycle (bare session), counts, lines and CSV count
// sheets. Every route here answers a 404 as {error: "Not Found", message, status_code: 404}.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const SESSION_FIELDS = `
  id uuid batchId warehouseId status skuCount countedSkuCount theoreticalValue totalVarianceQty totalVarianceValue accuracyPercentage
  adjustmentId startedBy postedBy cancelledBy startedAt postedAt cancelledAt createdAt updatedAt`;
// A session is camelCase wherever it appears (contract: Resources), also inside a batch: its aliases keep the names.
const BATCH_FIELDS = `id name warehouseIds locationIds productIds categoryIds tagIds blind scheduledFor notes sessions { id warehouseId: warehouseId status skuCount: skuCount countedSkuCount: countedSkuCount } createdAt updatedAt`;
const LINE_FIELDS = everyField('CycleCountLine');
/** The page block with the contract's snake_case names (the camel casing would keep GraphQL's). */
const PAGE_META_SNAKE = 'meta { current_page: currentPage from last_page: lastPage per_page: perPage to total }';
const tag = 'Cycle Counts';
const sessionPath = '/pickflow/cycle-counts/{sessionId}';
const common = { tag, notFoundBody: 'detailed' } as const;

const LIFECYCLE: Array<{ operation: string; mutation: string; operationId: string; summary: string; description: string }> = [
  { operation: 'start', mutation: 'startCycleCount', operationId: 'startCycleCount', summary: 'Start counting (draft → in_progress)', description: 'Takes a snapshot of the book quantity of every product, location and lot in scope (active stocked products matching the batch filters with a balance in the warehouse\'s locations, or the batch\'s listed ones); sets skuCount, startedBy and startedAt.' },
  { operation: 'submit-review', mutation: 'submitCycleCountForReview', operationId: 'submitCycleCountForReview', summary: 'Submit for review (in_progress → pending_review)', description: 'Computes over the counted lines: totalVarianceQty (signed sum of counted − expected), totalVarianceValue (at FIFO unit cost) and accuracyPercentage (share of counted lines without variance, 0–100). Lines nobody counted are left out and change nothing when posted. A session without any count → 422.' },
  { operation: 'reopen', mutation: 'reopenCycleCount', operationId: 'reopenCycleCount', summary: 'Reopen (pending_review → in_progress)', description: 'Clears the three variance fields; the counts stay.' },
  { operation: 'post', mutation: 'postCycleCount', operationId: 'postCycleCount', summary: 'Post (pending_review → posted)', description: 'Creates one inventory adjustment with each counted line\'s variance (counted − the book quantity when it was counted), so stock that moved after a count keeps its movement; sets adjustmentId (null when every count matched), theoreticalValue (book value of the stock in scope at posting, FIFO unit cost), postedBy and postedAt. Two posts at once post once: the other gets 422.' },
  { operation: 'cancel', mutation: 'cancelCycleCount', operationId: 'cancelCycleCount', summary: 'Cancel (draft, in_progress or pending_review → cancelled)', description: 'Sets cancelledBy and cancelledAt; nothing is posted.' },
  { operation: 'reset-counts', mutation: 'resetCycleCountCounts', operationId: 'resetCycleCountCounts', summary: 'Clear every count (in_progress)', description: 'The session stays in_progress; every count is cleared (countedSkuCount 0) and lines added for found stock are removed.' },
];

export const cycleCountRoutes: RestRoute[] = [
  {
    ...common,
    method: 'POST',
    path: '/pickflow/cycle-count-batches',
    operationId: 'createCycleCountBatch',
    summary: 'Create a cycle count batch',
    description:
      '{name, warehouse_ids (at least one warehouse: a top-level location), location_ids? (locations of those warehouses; default all), product_ids?, category_ids? (category or subcategory), tag_ids?, blind? (default false), scheduled_for? (YYYY-MM-DD), notes?} → 201 with one draft session per warehouse. ' +
      'In scope: active products that hold stock (not kits) matching every filter given, with a balance in the locations. A wrong field → 422 naming it (`warehouse_ids.1`).',
    graphql: /* GraphQL */ `mutation CreateCycleCountBatch($input: CycleCountBatchInput!) { createCycleCountBatch(input: $input) { ${BATCH_FIELDS} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    ...common,
    method: 'GET',
    path: '/pickflow/cycle-count-batches',
    operationId: 'listCycleCountBatches',
    summary: 'List cycle count batches',
    description: '`sort` takes id, name, created_at or scheduled_for (- for descending).',
    graphql: /* GraphQL */ `query ListCycleCountBatches($page: Int, $perPage: Int, $sort: String) { cycleCountBatches(page: $page, perPage: $perPage, sort: $sort) { items { ${BATCH_FIELDS} } ${PAGE_META} } }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    envelope: 'page',
  },
  {
    ...common,
    method: 'GET',
    path: '/pickflow/cycle-count-batches/{batchId}',
    operationId: 'getCycleCountBatch',
    summary: 'Get a cycle count batch with its sessions',
    graphql: /* GraphQL */ `query GetCycleCountBatch($id: Int!) { cycleCountBatch(id: $id) { ${BATCH_FIELDS} } }`,
    pathParams: { batchId: 'id' },
    envelope: 'data',
  },
  {
    ...common,
    method: 'DELETE',
    path: '/pickflow/cycle-count-batches/{batchId}',
    operationId: 'deleteCycleCountBatch',
    summary: 'Delete a cycle count batch',
    description: 'While every session is draft or cancelled; otherwise 422. Answers the deleted batch.',
    graphql: /* GraphQL */ `mutation DeleteCycleCountBatch($id: Int!) { deleteCycleCountBatch(id: $id) { ${BATCH_FIELDS} } }`,
    pathParams: { batchId: 'id' },
    envelope: 'data',
  },
  {
    ...common,
    method: 'GET',
    path: '/pickflow/cycle-counts',
    operationId: 'listCycleCountSessions',
    summary: 'List cycle count sessions',
    description: 'camelCase. Filters with the grammar of GET /products: batchId, warehouseId, status (draft, in_progress, pending_review, posted, cancelled). `sort` takes id, createdAt, updatedAt, status or warehouseId.',
    graphql: /* GraphQL */ `
      query ListCycleCountSessions($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        cycleCountSessions(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${SESSION_FIELDS} } ${PAGE_META_SNAKE} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'cycleCountSessions' },
    envelope: 'page',
    casing: 'camel',
  },
  {
    ...common,
    method: 'GET',
    path: sessionPath,
    operationId: 'getCycleCountSession',
    summary: 'Get a cycle count session',
    graphql: /* GraphQL */ `query GetCycleCountSession($id: Int!) { cycleCountSession(id: $id) { ${SESSION_FIELDS} } }`,
    pathParams: { sessionId: 'id' },
    envelope: 'data',
    casing: 'camel',
  },
  ...LIFECYCLE.map(
    ({ operation, mutation, operationId, summary, description }): RestRoute => ({
      ...common,
      method: 'POST',
      path: `${sessionPath}/${operation}`,
      operationId,
      summary,
      description: `${description} No body; answers the bare session (no {data}). From another state → 422 {message, errors: {status}}.`,
      graphql: /* GraphQL */ `mutation ${operationId[0].toUpperCase()}${operationId.slice(1)}($id: Int!) { ${mutation}(id: $id) { ${SESSION_FIELDS} } }`,
      pathParams: { sessionId: 'id' },
      envelope: 'bare',
      casing: 'camel',
    }),
  ),
  {
    ...common,
    method: 'POST',
    path: `${sessionPath}/counts`,
    operationId: 'recordCycleCounts',
    summary: 'Record counts',
    description:
      '{counts: [{productId | sku, locationId, lotNumber?, countedQuantity}]} while in_progress (else 422). A count replaces the earlier count of the same product, location and lot; stock outside the snapshot adds a line expected at 0 (found stock). ' +
      'The expected quantity of a line is the book quantity at the moment it is counted (the snapshot plus movements since). lotNumber is required for a lot-tracked product and refused for others. Every count is checked first; errors are keyed `counts.0.sku`. Answers {data: {counted, session}}.',
    graphql: /* GraphQL */ `mutation RecordCycleCounts($sessionId: Int!, $input: CycleCountsInput!) { recordCycleCounts(sessionId: $sessionId, input: $input) { counted session { ${SESSION_FIELDS} } } }`,
    pathParams: { sessionId: 'sessionId' },
    bodyVariable: 'input',
    envelope: 'data',
    casing: 'camel',
  },
  {
    ...common,
    method: 'GET',
    path: `${sessionPath}/lines`,
    operationId: 'listCycleCountLines',
    summary: 'The lines of a session',
    description: 'camelCase, by location then product. expectedQuantity (and the variances) are null while a blind session is counting; an uncounted line of an open session shows the snapshot as expected.',
    graphql: /* GraphQL */ `
      query ListCycleCountLines($sessionId: Int!, $page: Int, $perPage: Int, $sort: String) {
        cycleCountLines(sessionId: $sessionId, page: $page, perPage: $perPage, sort: $sort) { items { ${LINE_FIELDS} } ${PAGE_META_SNAKE} }
      }`,
    pathParams: { sessionId: 'sessionId' },
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    envelope: 'page',
    casing: 'camel',
  },
  {
    ...common,
    method: 'GET',
    path: `${sessionPath}/count-sheet.csv`,
    operationId: 'getCycleCountSheet',
    summary: 'The count sheet of a session (CSV)',
    description:
      'text/csv (an attachment named count-sheet-<sessionId>.csv), CRLF line ends, a header row: sku, name, location, lot, expected (left out for a blind session), counted; one row per line by location, SKU and lot. `format=json` answers {data: {sessionId, blind, rows, csv}}.',
    graphql: /* GraphQL */ `query GetCycleCountSheet($sessionId: Int!) { cycleCountSheet(sessionId: $sessionId) { sessionId blind rows { ${everyField('CycleCountSheetRow')} } csv } }`,
    pathParams: { sessionId: 'sessionId' },
    envelope: 'data',
    casing: 'camel',
    defaultFormat: 'csv',
    formats: {
      csv: {
        mediaType: 'text/csv',
        graphql: /* GraphQL */ `query GetCycleCountSheetCsv($sessionId: Int!) { cycleCountSheet(sessionId: $sessionId) { sessionId csv } }`,
        render: async (sheet: { csv: string }) => Buffer.from(sheet.csv, 'utf8'),
        filename: (sheet: { sessionId: number }) => `count-sheet-${sheet.sessionId}.csv`,
      },
    },
  },
  {
    ...common,
    method: 'POST',
    path: `${sessionPath}/count-sheet`,
    operationId: 'importCycleCountSheet',
    summary: 'Import a filled-in count sheet (CSV)',
    description:
      'The body is the sheet as text/csv (columns by header name: sku, location (by name: the session\'s warehouse or a location in it) and counted required, lot optional; name and expected ignored). A row with an empty counted cell is skipped. ' +
      'Spreadsheet exports are read as they come: a byte-order mark, quoted fields, CRLF, semicolon delimiters (then 12,5 reads as 12.5). Every row is checked first and nothing is applied unless all are valid: 422 {message, errors: {"line 7": [...]}} with the CSV line (the header is line 1). ' +
      'The session must be in_progress. Answers {data: {counted, session}}.',
    graphql: /* GraphQL */ `mutation ImportCycleCountSheet($sessionId: Int!, $csv: String!) { importCycleCountSheet(sessionId: $sessionId, csv: $csv) { counted session { ${SESSION_FIELDS} } } }`,
    pathParams: { sessionId: 'sessionId' },
    textBody: { variable: 'csv', mediaTypes: ['text/csv', 'application/csv', 'text/plain'] },
    envelope: 'data',
    casing: 'camel',
  },
];
