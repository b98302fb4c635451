// JSON already written (by PostgreSQL, for a planned answer: src/graphql/shared/compiled-execution.ts) placed
// inside a response body as it is. Parsing a page's JSON only to write it again cost a posting's answer of
// 1,000 lines about 4 ms and its garbage.
import { randomUUID } from 'node:crypto';

export class JsonText {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with each JsonText's text written in its place. */
export function stringifyWithJsonText(value: unknown): string {
  const texts: string[] = [];
  // Each JsonText first becomes a placeholder string, unguessable (a fresh random id per body), so no text
  // of the body can pass for one; the placeholders are then replaced by the texts.
  const id = randomUUID();
  const json = JSON.stringify(value, (_key, item) => (item instanceof JsonText ? `${id}:${texts.push(item.text) - 1}` : item));
  if (texts.length === 0) return json;
  return json.replace(new RegExp(`"${id}:(\\d+)"`, 'g'), (_match, index: string) => texts[Number(index)]!);
}
