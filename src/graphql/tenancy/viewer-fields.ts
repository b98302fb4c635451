// `viewer`: which company and token a call is made with — a quick check for integrators (REST: GET /viewer).
import { builder } from '../builder.js';
import type { RequestContext } from '../context.js';
import { CompanyRef } from './company-fields.js';

const ViewerRef = builder.objectRef<RequestContext>('Viewer').implement({
  fields: (t) => ({
    company: t.field({ type: CompanyRef, resolve: (ctx) => ctx.company }),
    tokenScopes: t.stringList({ resolve: (ctx) => [...ctx.caller.scopes].sort() }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({ type: ViewerRef, description: 'The company and token scopes of this call.', resolve: (_root, _args, ctx) => ctx }),
);
