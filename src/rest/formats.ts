// Which representation a request to a route with other formats (RestRoute.formats) asks for: `format=<name>`
// (`json`, the default, or one of the route's), else an Accept header that names a format's media type.
import { FieldErrorCollector } from '../domain/shared/errors.js';
import type { CompiledFormat, CompiledRoute } from './compile.js';
import { FORMAT_PARAM } from './route.js';

export interface FormatChoice {
  /** null: the route's JSON. */
  format: CompiledFormat | null;
  /** The query parameters left for the operation (`format` taken out when the route has formats). */
  params: URLSearchParams;
}

export function pickFormat(compiled: CompiledRoute, params: URLSearchParams, accept: string | undefined, errors: FieldErrorCollector): FormatChoice {
  if (compiled.formats.size === 0) return { format: null, params };
  const rest = new URLSearchParams(params);
  rest.delete(FORMAT_PARAM);
  const asked = params.getAll(FORMAT_PARAM);
  const names = ['json', ...compiled.formats.keys()];
  if (asked.length > 1) errors.add(FORMAT_PARAM, 'The format parameter may be given only once.');
  if (asked.length === 1) {
    const format = compiled.formats.get(asked[0]) ?? null;
    if (!format && asked[0] !== 'json') errors.add(FORMAT_PARAM, `The format must be one of: ${names.join(', ')}.`);
    return { format, params: rest };
  }
  const mediaTypes = (accept ?? '').split(',').map((part) => part.split(';')[0].trim().toLowerCase());
  const format = [...compiled.formats.values()].find((f) => mediaTypes.includes(f.format.mediaType)) ?? null;
  const fallback = compiled.route.defaultFormat ? compiled.formats.get(compiled.route.defaultFormat)! : null;
  return { format: format ?? fallback, params: rest };
}
