// Every REST answer a test receives through `server.call` is checked against the OpenAPI document the server
// serves: the route and status must be documented, and a JSON body must match the schema documented for that
// status (ajv) and be written exactly as JSON.stringify writes it. A mismatch fails the call, so the whole suite
// proves the document true of what it saw.
import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import { REST_BASE_PATH } from '../../src/rest/base-path.js';

interface DocumentedRoute {
  method: string;
  template: string;
  pattern: RegExp;
  /** Segments without a placeholder: `/products/export` is preferred to `/products/{id}`. */
  literals: number;
}

export interface AnswerChecker {
  /** A sentence naming what does not match, or null when the answer is as documented (or not a documented route's). */
  problem(method: string, path: string, status: number, contentType: string | undefined, text: string): string | null;
}

// The document depends on the GraphQL schema alone, which a test worker builds once: one checker per process.
let checker: Promise<AnswerChecker> | null = null;

export function answerChecker(fetchDocument: () => Promise<unknown>): Promise<AnswerChecker> {
  checker ??= fetchDocument().then((document) => buildChecker(document as OpenApiDocument));
  return checker;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
}

function buildChecker(document: OpenApiDocument): AnswerChecker {
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(document as object, 'openapi');
  const routes: DocumentedRoute[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const segments = template.split('/').filter(Boolean);
    const source = segments.map((s) => (s.startsWith('{') ? '/[^/]+' : `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).join('');
    for (const method of Object.keys(item)) {
      routes.push({ method: method.toUpperCase(), template, pattern: new RegExp(`^${source}/?$`), literals: segments.filter((s) => !s.startsWith('{')).length });
    }
  }
  const validators = new Map<string, ValidateFunction>();
  const validator = (pointer: string): ValidateFunction => {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`openapi#${pointer}`)!;
      validators.set(pointer, validate);
    }
    return validate;
  };

  return {
    problem(method, path, status, contentType, text) {
      const within = path.split('?')[0]!.slice(REST_BASE_PATH.length) || '/';
      const matching = routes.filter((r) => r.pattern.test(within));
      if (matching.length === 0) return null; // not a route: the service's own 404 for an unknown path
      const candidates = matching.filter((r) => r.method === method);
      if (candidates.length === 0) return status === 405 ? null : `${method} ${within} answered ${status}, but the document has no ${method} for this path`;
      const route = candidates.sort((a, b) => b.literals - a.literals)[0]!;
      const operation = document.paths[route.template]![route.method.toLowerCase()]!;
      const response = operation.responses?.[String(status)];
      const where = `${method} ${route.template} → ${status}`;
      if (!response) return `${where} is not documented (documented: ${Object.keys(operation.responses ?? {}).join(', ')})`;
      const mediaType = contentType?.split(';')[0]!.trim().toLowerCase();
      if (!mediaType) return text === '' ? null : `${where} came without a content type`;
      if (!response.content?.[mediaType]) {
        return `${where} answered ${mediaType}, documented: ${Object.keys(response.content ?? {}).join(', ') || 'no body'}`;
      }
      if (mediaType !== 'application/json') return null;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `${where} is not JSON: ${text.slice(0, 80)}`;
      }
      const pointer = ['', 'paths', route.template, route.method.toLowerCase(), 'responses', String(status), 'content', mediaType, 'schema']
        .map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1')))
        .join('/');
      const validate = validator(pointer);
      if (validate(body)) {
        // One way of writing JSON for every answer, whoever wrote it (JSON.stringify, or PostgreSQL for a compiled page).
        const stringified = JSON.stringify(body);
        return text === stringified ? null : `${where} is not written as JSON.stringify writes it: ${firstDifference(text, stringified)}`;
      }
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`);
      return `${where} does not match the document: ${errors.join('; ')}`;
    },
  };
}

function firstDifference(written: string, expected: string): string {
  let i = 0;
  while (i < written.length && written[i] === expected[i]) i++;
  return `…${written.slice(Math.max(0, i - 30), i + 30)}… where JSON.stringify has …${expected.slice(Math.max(0, i - 30), i + 30)}…`;
}

/** Fails the call; `ANSWER_CHECK=report` appends to /tmp/answer-problems.jsonl instead (to survey a whole run). */
export function reportAnswerProblem(problem: string): void {
  if (process.env.ANSWER_CHECK === 'report') {
    appendFileSync('/tmp/answer-problems.jsonl', `${JSON.stringify({ file: expect.getState().testPath, test: expect.getState().currentTestName, problem })}\n`);
    return;
  }
  throw new Error(`The answer does not match the OpenAPI document: ${problem}`);
}
