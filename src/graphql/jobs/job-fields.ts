// Durable jobs as GraphQL sees them (the contract's job record); the rules live in src/domain/jobs.
import { builder } from '../builder.js';
import { jobs } from '../../domain/jobs/index.js';
import { compiledMutation, compiledRecord } from '../shared/compiled-records.js';

export const JobRef = builder.prismaObject('Job', {
  description: 'A durable background job: queued → running → finished, failed or cancelled; retried with backoff up to max_attempts.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    jobId: t.exposeString('jobKey', { description: 'The job\'s public string id.' }),
    type: t.exposeString('type'),
    status: t.exposeString('status', { description: 'queued, running, finished, failed or cancelled.' }),
    queue: t.exposeString('queue'),
    attempts: t.exposeInt('attempts'),
    maxAttempts: t.exposeInt('maxAttempts'),
    progressNow: t.exposeInt('progressNow'),
    progressMax: t.exposeInt('progressMax'),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt failed.' }),
    runAt: t.expose('runAt', { type: 'DateTime', description: 'Not before: when it is queued, when it may next run.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

// A job written by one statement (compiled-records.ts); the resolver below answers other selections.
compiledRecord('job', 'Job', (ctx, args, query) => jobs.findJob(ctx.db, args.id, query));

builder.queryFields((t) => ({
  job: t.prismaField({
    type: 'Job',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => jobs.findJob(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  cancelJob: t.prismaField({
    type: 'Job',
    description: 'Cancels a queued or running job (a running one stops at its next step); an ended job → 409.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('cancelJob', 'Job', (ctx, args, query) => jobs.cancelJob(ctx.db, args.id, query)),
  }),
}));
