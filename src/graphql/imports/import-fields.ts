// CSV imports: argument plumbing only; the rules live in src/domain/imports.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams, withFilterParams } from '../shared/filters.js';
import { JobRef } from '../jobs/job-fields.js';
import { imports, importStats, importStatsSql, watchImport, type ImportProgressEvent, type ImportStats } from '../../domain/imports/index.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { compactJsonColumn } from '../../domain/shared/selection-json-sql.js';
import './upload-scalar.js';

const ImportStatsRef = builder.objectRef<ImportStats>('ImportStats').implement({
  fields: (t) => ({
    totalRows: t.exposeInt('totalRows', { description: 'Rows read so far (data rows, the header not counted).' }),
    successCount: t.exposeInt('successCount', { description: 'Rows applied (or, in a dry run, that would apply).' }),
    errorCount: t.exposeInt('errorCount', { description: 'Rows with at least one error, plus errors of the file as a whole.' }),
  }),
});

export const ImportRef = builder.prismaObject('Import', {
  description: 'A CSV import and the job that applies it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type', { description: 'The import type: master_skus, stock, supplier_skus, boms, price_lists or currency_rates.' }),
    stats: t.field({
      type: ImportStatsRef,
      select: { totalRows: true, successCount: true, errorCount: true, rowsDone: true },
      resolve: (row) => importStats(row),
      // The same three counts as the columns of one row, which ImportStats's exposed fields read.
      extensions: jsonSql({
        type: 'ImportStats',
        one: (row, stats) => ({
          from: `(${importStatsSql(row)}) ${stats}`,
          where: 'true',
        }),
      }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    email: t.exposeString('email', { nullable: true, description: 'The address of the user whose API token started the import.' }),
    // Written by the service itself ({dry_run, update_existing, delimiter}): no integer-like key, which JavaScript
    // would put first, so SQL writes the keys in the order field by field reads them.
    options: t.expose('options', { type: 'JSON', description: '{dry_run, update_existing, delimiter} as used.', extensions: jsonSql(compactJsonColumn('options')) }),
    importedBy: t.exposeString('importedBy', { nullable: true, description: 'The name of the API token that started the import.' }),
    job: t.relation('job'),
  }),
});

const ImportRowErrorRef = builder.prismaObject('ImportRowError', {
  fields: (t) => ({
    line: t.exposeInt('line', { description: 'The line of the file; the header is line 1.' }),
    column: t.exposeString('column', { nullable: true, description: 'The column at fault, as named in the header; null for the row as a whole.' }),
    message: t.exposeString('message'),
  }),
});

const ImportErrorsCsvRef = builder.objectRef<{ importId: number; csv: string }>('ImportErrorsCsv').implement({
  fields: (t) => ({ importId: t.exposeInt('importId'), csv: t.exposeString('csv', { description: 'line,column,message with a header row, CRLF line ends.' }) }),
});

const ImportProgressRef = builder.objectRef<ImportProgressEvent>('ImportProgress').implement({
  fields: (t) => ({
    event: t.exposeString('event', { description: 'progress, then one of finished, failed or cancelled.' }),
    import: t.field({ type: ImportRef, resolve: (payload) => payload.import }),
  }),
});

const ImportPageRef = pageOf('ImportPage', ImportRef);
const ImportRowErrorPageRef = pageOf('ImportRowErrorPage', ImportRowErrorRef);

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('imports', 'Import', (ctx, args, query) => imports.listImports(ctx.db, withFilterParams(args), query));
compiledRecord('import', 'Import', (ctx, args, query) => imports.getImport(ctx.db, args.id, query));

builder.queryFields((t) => ({
  imports: t.field({
    type: ImportPageRef,
    description: 'Imports, newest first unless sorted otherwise.',
    args: {
      ...pageArgs(t.arg),
      type: t.arg.string({ required: false, description: 'Only imports of this type.' }),
      filters: filterArg(t.arg, 'Conditions combined with AND: created_at.'),
    },
    resolve: (_root, args, ctx, info) =>
      imports.listImports(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'Import', path: ['items'] })),
  }),
  import: t.prismaField({
    type: 'Import',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => imports.getImport(ctx.db, args.id, query),
  }),
  importErrors: t.field({
    type: ImportRowErrorPageRef,
    description: 'The row errors of an import, in file order.',
    args: { id: t.arg.int({ required: true }), page: t.arg.int({ required: false }), perPage: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) => imports.listImportErrors(ctx.db, args.id, args),
  }),
  importErrorsCsv: t.field({
    type: ImportErrorsCsvRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => imports.importErrorsCsv(ctx.db, args.id),
  }),
}));

builder.mutationFields((t) => ({
  createImport: t.prismaField({
    type: 'Import',
    description: 'Stores the CSV file and queues its import; the import runs in the background (watch it with the importProgress subscription).',
    args: {
      type: t.arg.string({ required: false, description: 'master_skus, stock, supplier_skus, boms, price_lists or currency_rates.' }),
      file: t.arg({ type: 'Upload', required: false }),
      dryRun: t.arg.boolean({ required: false, description: 'Validate and report only. Default false.' }),
      updateExisting: t.arg.boolean({ required: false, description: 'Rows naming an existing record update it; otherwise they are errors. Default false.' }),
      delimiter: t.arg.string({ required: false, description: ', (default), ;, | or tab.' }),
    },
    resolve: compiledMutation('createImport', 'Import', (ctx, args, query) => imports.createImport(ctx.db, args, { tokenId: ctx.caller.tokenId }, query)),
  }),
  cancelImport: t.prismaField({
    type: 'Import',
    description: 'Stops the import after the chunk it is applying; rows already applied stay. An import that has ended → 409.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('cancelImport', 'Import', (ctx, args, query) => imports.cancelImport(ctx.db, args.id, query)),
  }),
}));

builder.subscriptionFields((t) => ({
  importProgress: t.field({
    type: ImportProgressRef,
    description: 'Events of an import: progress whenever it moves, then finished, failed or cancelled, and the end of the stream.',
    args: { id: t.arg.int({ required: true }) },
    subscribe: (_root, args, ctx) => watchImport(ctx.db, args.id, ctx.streamClosed),
    resolve: (payload) => payload,
  }),
}));
