// /graphql: graphql-yoga with depth and cost limits, and domain errors exposed with their codes. Unexpected errors are masked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { sendNodeResponse } from '@whatwg-node/server';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, type GraphQLSchema, type StringValueNode, type ValidationContext } from 'graphql';
import type { RequestContext } from '../graphql/context.js';
import { describeError, type Logger } from './logger.js';
import { isRequestError, toGraphQLError } from './errors.js';
import { findUnstorableText, unstorableTextProblem } from '../domain/shared/storable-text.js';
import type { Plugin } from 'graphql-yoga';
import { useCompiledExecution } from '../graphql/shared/compiled-execution.js';

/** Variables or a document holding text PostgreSQL cannot store (a NUL, a lone surrogate) → VALIDATION_FAILED, before any resolver runs. */
function refuseUnstorableText(): Plugin {
  return {
    onParams({ params }) {
      const found = findUnstorableText({ query: params.query ?? '', variables: params.variables ?? {} });
      if (!found) return;
      const where = found.path === 'query' ? 'The GraphQL document' : `The variable ${found.path.replace(/^variables\./, '')}`;
      throw new GraphQLError(`${where} ${found.problem}.`, { extensions: { code: 'VALIDATION_FAILED', http: { status: 422 } } });
    },
    // A string literal written with an escape ("\u0000") holds the character only once parsed.
    onValidate({ addValidationRule }) {
      addValidationRule((context: ValidationContext) => ({
        StringValue(node: StringValueNode) {
          const problem = unstorableTextProblem(node.value);
          if (problem) {
            context.reportError(new GraphQLError(`The GraphQL document has a string that ${problem}.`, { nodes: [node], extensions: { code: 'VALIDATION_FAILED', http: { status: 422 } } }));
          }
        },
      }));
    },
  };
}

/**
 * The largest /graphql body (yoga's own default): app.ts reads the body with this limit (413 beyond it) and hands it
 * to yoga whole. yoga's own limit piped every body through a TransformStream, about 5% of the time of a small page.
 */
export const GRAPHQL_MAX_BODY_BYTES = 25_000_000;

export type GraphqlEndpoint = YogaServerInstance<{ appContext: RequestContext }, {}>;

/**
 * Answers a /graphql request whose body app.ts has read: yoga gets it as a fetch Request and its Response is
 * written to `res`. Not through yoga's Node handler: given a body already read, that one first checks it with
 * Object.keys, which lists every byte of a Buffer (117 ms and 1,000,000 strings for a 1 MB body).
 */
export async function answerGraphql(
  endpoint: GraphqlEndpoint,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer<ArrayBuffer> | undefined,
  context: { appContext: RequestContext; signal: AbortSignal },
): Promise<void> {
  const request = new endpoint.fetchAPI.Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/graphql'}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body,
    signal: context.signal,
  });
  const response = await endpoint.handleRequest(request, { appContext: context.appContext });
  // As yoga's Node handler sends it: status and headers in one writeHead.
  await sendNodeResponse(response, res, req, true);
}

export const GRAPHQL_LIMITS = { maxDepth: 10, maxCost: 5000, maxAliases: 30, maxDirectives: 30, maxTokens: 5000 };

export function createGraphqlEndpoint(schema: GraphQLSchema, logger: Logger): GraphqlEndpoint {
  return createYoga<{ appContext: RequestContext }>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // Expected errors are answers, not incidents; unexpected ones are logged by maskError below.
    logging: false,
    // The context is built (and the caller authenticated) before yoga sees the request.
    context: ({ appContext }) => appContext,
    // GraphiQL is served by graphiql-page.ts (rendered and compressed once).
    graphiql: false,
    // app.ts has read the body within GRAPHQL_MAX_BODY_BYTES.
    maxRequestBodySize: false,
    plugins: [
      refuseUnstorableText(),
      EnvelopArmorPlugin({
        maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
        costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
        maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
        maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
        maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
        blockFieldSuggestion: { enabled: false },
      }),
      useCompiledExecution((error) => logger.log('warn', 'a planned GraphQL answer failed; answered field by field', describeError(error))),
    ],
    maskedErrors: {
      maskError(error, message) {
        if (error instanceof GraphQLError) {
          const mapped = toGraphQLError(error);
          if (mapped) return mapped;
          if (isRequestError(error)) return error; // syntax, validation, limits, or variables that do not fit their types
        }
        logger.log('error', 'unexpected GraphQL error', describeError(error));
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
  });
}
