// Percent-decoding of one URL path segment that never throws: a malformed encoding (`%`, `%FF`, an
// encoded surrogate) is text that names nothing, for the caller to answer 404, not a 500.
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
