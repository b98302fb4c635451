// CSV imports (issue 15): the contract's Import job resource, snake_case with {data} envelopes.
import type { RestRoute } from '../src/rest/route.js';
import { JOB_FIELDS, PAGE_META } from './shared.js';

const tag = 'Imports';
export const IMPORT_FIELDS = `id type stats { totalRows successCount errorCount } createdAt updatedAt email options importedBy job { ${JOB_FIELDS} }`;
const TYPES = 'master_skus, stock, supplier_skus, boms, price_lists, currency_rates';

export const importRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/imports',
    operationId: 'createImport',
    tag,
    summary: 'Start a CSV import',
    description:
      `Send the CSV as multipart/form-data (a file field named file, and a type field; the options may be fields too) or as a text/csv body with ?type=. Types: ${TYPES}. ` +
      'Options: dry_run (validate and report only; default false), update_existing (rows naming an existing record update it; otherwise such rows are errors; default false), ' +
      'delimiter (, ; | or tab; default ,). A byte order mark and CRLF line ends are fine. The first row is the header; column names are matched without regard to case; a header that lacks a required column or has an unknown one fails the import with one error on line 1. ' +
      'Columns: master_skus — sku (required); name (required for a new product), description, upc, hs_code, retail_price, wholesale_price, unit_cost, landed_cost, manufacturing_fee, ' +
      'product_/box_/carton_/shipping_/pallet_ + length/width/height (inches), weight with weight_unit (g, kg, mg, oz, lb, t; default lb), category (a name; created when new), supplier (an existing supplier\'s id, or its name when no other supplier has it), ' +
      'tags (names separated by | or ,; created when new; they replace the product\'s tags), sellable, discontinued, taxable, lot_tracking, is_drop_ship_item (true/false, yes/no or 1/0), custom_fields.<key> per product custom field; an empty cell leaves the value as it is. ' +
      'stock — sku, location (an id, or a name; add warehouse, a name or id, when the name is not unique) and quantity (the count, ≥ 0) required; lot (a new lot is created with production_date and expiry_date, YYYY-MM-DD), unit_cost (of the stock a count adds; else the product\'s FIFO cost), reason. ' +
      'Each chunk posts one inventory adjustment that sets the counted quantities, as a cycle count does; update_existing does not apply. ' +
      'supplier_skus — supplier (an id, or its exact name when no other supplier has it), sku (or an alternate sku) and supplier_sku (unique per supplier; what a row is matched by) required; cost, currency (default the supplier\'s), min_order_quantity, order_multiple, lead_time_days; ' +
      'updating, an empty cell keeps the stored value and the product cannot change. ' +
      'boms — one row per component: sku (the product built) or name (the BOM\'s; empty: the product\'s one BOM, else a new BOM named after its sku), component_sku and quantity (> 0, the component\'s unit) required, note, consumption_basis (planned or actual); ' +
      'a BOM\'s rows must follow each other, it is imported whole or not at all, and updating replaces its items. ' +
      'price_lists — price_list (a name; created when new), sku and price (≥ 0, per base unit, in the list\'s currency) required; min_quantity (default 0), currency (required for a new list, else the list\'s). ' +
      'currency_rates — from, to (ISO 4217), rate (1 from = rate to, > 0) and as_of (YYYY-MM-DD, from that date on) all required. ' +
      'Answers 202 with the import: the file is stored and a job applies it in the background, in chunks of 500 rows, each chunk in one transaction. ' +
      'Watch it with GET /imports/{id}/events (Server-Sent Events) or GET /imports/{id}; rows with errors are listed by GET /imports/{id}/errors (line, column, message) and as CSV by GET /imports/{id}/errors.csv. ' +
      'A missing or unknown type or delimiter, or no file → 422; an empty file → 422 on file; another content type → 415.',
    graphql: /* GraphQL */ `
      mutation CreateImport($type: String, $file: Upload, $dryRun: Boolean, $updateExisting: Boolean, $delimiter: String) {
        createImport(type: $type, file: $file, dryRun: $dryRun, updateExisting: $updateExisting, delimiter: $delimiter) { ${IMPORT_FIELDS} }
      }`,
    queryParams: { type: 'type', dry_run: 'dryRun', update_existing: 'updateExisting', delimiter: 'delimiter' },
    upload: { variable: 'file', mediaTypes: ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'], fileField: 'file' },
    envelope: 'data',
    successStatus: 202,
  },
  {
    method: 'GET',
    path: '/imports',
    operationId: 'listImports',
    tag,
    summary: 'List imports',
    description: `Newest first. \`type\` keeps the imports of one type (${TYPES}; another value → 422). per_page at most 100 (more → 422). Filters: created_at (the grammar of GET /products). \`sort\` takes id, type, created_at or updated_at.`,
    graphql: /* GraphQL */ `
      query ListImports($page: Int, $perPage: Int, $sort: String, $type: String, $filters: [FilterParamInput!]) {
        imports(page: $page, perPage: $perPage, sort: $sort, type: $type, filters: $filters) { items { ${IMPORT_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', type: 'type' },
    filters: { variable: 'filters', spec: 'imports' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/imports/{id}',
    operationId: 'getImport',
    tag,
    summary: 'Get an import',
    description: 'email is null when the API token was made with the CLI. stats count the rows handled so far while it runs; job.status is queued, running, finished, failed (the header did not fit the type, or every attempt failed) or cancelled.',
    graphql: /* GraphQL */ `query GetImport($id: Int!) { import(id: $id) { ${IMPORT_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/imports/{id}/cancel',
    operationId: 'cancelImport',
    tag,
    summary: 'Cancel an import',
    description: 'The import stops after the chunk it is applying; rows already applied stay. An import that has ended → 409.',
    graphql: /* GraphQL */ `mutation CancelImport($id: Int!) { cancelImport(id: $id) { ${IMPORT_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/imports/{id}/errors',
    operationId: 'listImportErrors',
    tag,
    summary: 'List the row errors of an import',
    description: 'In file order: line (the header is line 1), column (as named in the header; null for the row as a whole) and message. Paginated, per_page at most 100.',
    graphql: /* GraphQL */ `
      query ListImportErrors($id: Int!, $page: Int, $perPage: Int) {
        importErrors(id: $id, page: $page, perPage: $perPage) { items { line column message } ${PAGE_META} }
      }`,
    pathParams: { id: 'id' },
    queryParams: { page: 'page', per_page: 'perPage' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/imports/{id}/errors.csv',
    operationId: 'getImportErrorsCsv',
    tag,
    summary: 'The row errors of an import as CSV',
    description: 'text/csv (an attachment named import-<id>-errors.csv): a header row line,column,message and one row per error, CRLF line ends. `format=json` answers {data: {import_id, csv}}.',
    graphql: /* GraphQL */ `query GetImportErrorsCsv($id: Int!) { importErrorsCsv(id: $id) { importId csv } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
    defaultFormat: 'csv',
    formats: {
      csv: {
        mediaType: 'text/csv',
        graphql: /* GraphQL */ `query GetImportErrorsCsvFile($id: Int!) { importErrorsCsv(id: $id) { importId csv } }`,
        render: async (sheet: { csv: string }) => Buffer.from(sheet.csv, 'utf8'),
        filename: (sheet: { importId: number }) => `import-${sheet.importId}-errors.csv`,
      },
    },
  },
  {
    method: 'GET',
    path: '/imports/{id}/events',
    operationId: 'watchImport',
    tag,
    summary: 'Watch an import (Server-Sent Events)',
    description:
      'text/event-stream: an event named progress whenever the import moves, then one named finished, failed or cancelled, and the stream ends. ' +
      'Each event\'s data is the import as GET /imports/{id} answers it. The same events come from the GraphQL subscription importProgress(id) over SSE.',
    graphql: /* GraphQL */ `subscription WatchImport($id: Int!) { importProgress(id: $id) { event import { ${IMPORT_FIELDS} } } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
    sse: { eventField: 'event', dataField: 'import' },
  },
];
