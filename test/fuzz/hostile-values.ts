// The hostile inputs the fuzz suite mixes into otherwise plausible requests. A value that must go on the
// wire as something JSON.stringify cannot write (1e309, 5000 levels of nesting, a 1 MB string) is a RawJson:
// its text is built only when the request is sent, and fast-check reports it by its short label.
import fc from 'fast-check';

export class RawJson {
  constructor(readonly label: string, readonly text: () => string) {}
  [fc.toStringMethod](): string {
    return `RawJson(${this.label})`;
  }
}

const raw = (label: string, text: () => string = () => label) => new RawJson(label, text);

/** Text PostgreSQL cannot store: NUL characters and halves of surrogate pairs. */
export const UNSTORABLE_TEXT = ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', '\uDBFF', 'ok\uD800\u0000'];

export const HOSTILE_NUMBERS: RawJson[] = [
  raw('1e309'), raw('-1e309'), raw('1E400'), raw('-0'), raw('1e-400'), raw('123456789012345678901234567890'),
  raw('2147483648'), raw('-2147483649'), raw('9007199254740993'), raw('1e21'), raw('-1'), raw('0'), raw('0.5'),
  raw('-0.0001'), raw('1.0000000001'), raw('99999999999999.999999'), raw('0.000000000000000001'), raw('1e308'), raw('-1e308'),
];

/** Dates that cannot exist or that no calendar field can hold. */
export const IMPOSSIBLE_DATES = [
  '2026-02-30', '99999-01-01', '2026-13-01', '0000-00-00', '2026-02-29T25:61:61Z', '-000001-01-01', '2026-02-30T00:00:00Z',
  '+275760-09-13T00:00:00.001Z', '2026-01-01T00:00:00+99:00', 'yesterday', '', '2026-1-1', '2026-06-31', '1e309', '0001-01-01',
  '9999-12-31T23:59:59.999999999Z', '2026-02-30 10:00:00',
];

export const WRONG_TYPES: unknown[] = [0, -1, 1.5, 'text', '', true, false, null, [], {}, [1, 'a'], { a: { b: 1 } }, '1', 'true', '[]'];

/** Field names no schema declares, and names that are traps in JavaScript objects. */
export const EXTRA_FIELD_NAMES = ['extra', 'id', 'company_id', 'companyId', '__proto__', 'constructor', 'toString', 'a\u0000', '\uD800', '', 'created_at'];

export const DEEP_NESTING: RawJson[] = [
  raw('[[[…5000…]]]', () => '['.repeat(5000) + ']'.repeat(5000)),
  raw('{"a":{…5000…}}', () => '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)),
  raw('[{"a":[…2500…]}]', () => '[{"a":'.repeat(2500) + 'null' + '}]'.repeat(2500)),
];

/** Strings near the body limit (1 MiB): plain, and multi-byte. */
export const LONG_STRINGS: RawJson[] = [
  raw('"x"×1000000', () => JSON.stringify('x'.repeat(1_000_000))),
  raw('"é"×400000', () => JSON.stringify('é'.repeat(400_000))),
  raw('"9"×100000', () => JSON.stringify('9'.repeat(100_000))),
];

/** Whole bodies that are not a JSON object (or not JSON at all). */
export const ODD_BODIES: Array<string | Buffer> = [
  '', 'null', '[]', '"x"', '123', 'true', '{', '{"a":1,}', 'NaN', '{"a":NaN}', '\uFEFF{}', '{}{}', '[{}]',
  '{"__proto__":{"polluted":1}}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"\\u0000":1}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // invalid UTF-8 inside a string
  Buffer.from([0x00, 0x00, 0x00]),
];

/** Path segments, already as they go on the wire (percent-encoded where needed). */
export const ODD_PATH_SEGMENTS = [
  '-1', '0', '1e309', 'abc', '%00', '9'.repeat(400), '..%2F', '%2e%2e', '1.5', '%F0%28', '%', '%25', '%20', '2147483648',
  '00000001', '+1', '%2B1', '1;x', '%C0%AF', '%ED%A0%80', '%C3%A9', '1%2F2', '0x10', '%0A', 'null', '%FF%FE', '1%00',
];

/** Query values, on the wire. */
export const ODD_QUERY_VALUES = [
  '%00', 'a%00b', '%ED%A0%80', '%FF', '%', 'abc', '-1', '0', '1.5', '1e309', '-1e309', '9'.repeat(40), '', 'x'.repeat(8000),
  '2026-02-30', '99999-01-01', 'true', '%5B%5D', '%7B%7D', 'null', '2147483648', '-2147483649', 'NaN', 'Infinity', '%20', ',,,',
  '-', '-created_at', 'id,name', '1,2,abc',
];

/** Query names no route declares, filter shapes with odd operators, and names with hostile characters. */
export const ODD_QUERY_NAMES = [
  'unknown', 'a%00b', '%ED%A0%80', 'name%5Bzz%5D', 'id%5Bgt%5D', 'created_at%5Blt%5D', 'name%5B%5D', '%5B%5D', 'page%5Beq%5D', '',
  'sku%5Bcontains%5D', 'updated_at%5Bgte%5D', 'retail_price%5Bgt%5D', 'type', 'q%5Beq%5D', 'x'.repeat(2000),
];

export const ODD_IDEMPOTENCY_KEYS = ['', ' ', 'x'.repeat(256), 'a b', 'é', '\t'];

export const ODD_ACCEPT = ['application/pdf', 'text/csv', '*/*', 'application/json;q=0', 'x/y', 'text/event-stream', ''];

export const ODD_JSON_CONTENT_TYPES = ['text/plain', 'application/json; charset=latin1', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', ''];
