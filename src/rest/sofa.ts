// sofa-api serves, as REST, every Query/Mutation field that no documented route covers. It is given a
// copy of the schema without the covered root fields, runs with the request's own context, and its
// errors get the same bodies as the documented routes (field names stay GraphQL's camelCase there).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { execute, GraphQLError, Kind, parse, type ExecutionArgs, type GraphQLSchema, type OperationDefinitionNode, type FieldNode } from 'graphql';
import { filterSchema } from '@graphql-tools/utils';
import { useSofa } from 'sofa-api';
import type { RequestContext } from '../graphql/context.js';
import { refuseUnstorableText } from '../http/body.js';
import { isRequestError, toHttpError } from '../http/errors.js';
import { describeError, type Logger } from '../http/logger.js';
import type { RestRoute } from './route.js';

export interface SofaHandler {
  /** Serves the request when sofa has a route for it; returns false when it has none. */
  handle(req: IncomingMessage, res: ServerResponse, ctx: RequestContext): Promise<boolean>;
  openApiDocument(): { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };
}

/** `Query.locations`, `Mutation.updateLocation`, ...: root fields already served by documented routes. */
export function coveredRootFields(routes: RestRoute[]): Set<string> {
  const covered = new Set<string>();
  for (const route of routes) {
    const operation = parse(route.graphql).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const root = operation.operation === 'mutation' ? 'Mutation' : 'Query';
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind === Kind.FIELD) covered.add(`${root}.${(selection as FieldNode).name.value}`);
    }
  }
  return covered;
}

export function createSofaHandler(schema: GraphQLSchema, routes: RestRoute[], basePath: string, logger: Logger): SofaHandler {
  const covered = coveredRootFields(routes);
  const remaining = filterSchema({
    schema,
    rootFieldFilter: (operation, fieldName) => !covered.has(`${operation}.${fieldName}`),
  });
  const sofa = useSofa({
    basePath,
    schema: remaining,
    context: ({ appContext }: { appContext: RequestContext }) => appContext,
    // Served by the gateway, which merges this document with the documented routes.
    openAPI: { endpoint: '/__sofa/openapi.json' },
    swaggerUI: { endpoint: false },
    // Text PostgreSQL cannot store (a NUL, a lone surrogate) is refused before the operation runs, as on the
    // documented routes and /graphql: 422 naming where it is, not a failed write.
    execute(args: ExecutionArgs) {
      try {
        refuseUnstorableText(args.variableValues ?? {});
      } catch (refusal) {
        return { errors: [new GraphQLError((refusal as Error).message, { originalError: refusal as Error })] };
      }
      return execute(args);
    },
    errorHandler(errors: ReadonlyArray<unknown>) {
      const first = errors[0];
      const mapped = toHttpError(first);
      if (mapped) return Response.json(mapped.body, { status: mapped.status, headers: mapped.headers });
      if (first instanceof GraphQLError && isRequestError(first)) {
        return Response.json({ message: first.message }, { status: 400 });
      }
      logger.log('error', 'sofa route failed', describeError(first instanceof GraphQLError ? first.originalError ?? first : first));
      return Response.json({ message: 'Internal server error.' }, { status: 500 });
    },
  } as any);

  return {
    async handle(req, res, ctx) {
      const url = req.url ?? '';
      if (url.includes('/__sofa/')) return false;
      const response: Response | undefined = await (sofa as any).handleNodeRequestAndResponse(req, res, { appContext: ctx });
      if (!response) return false;
      const body = Buffer.from(await response.arrayBuffer());
      const headers = Object.fromEntries(response.headers);
      headers['content-length'] = String(body.length);
      res.writeHead(response.status, headers);
      res.end(body);
      return true;
    },
    openApiDocument: () => (sofa as any).openAPIDocument ?? {},
  };
}
