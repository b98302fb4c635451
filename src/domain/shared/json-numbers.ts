// PostgreSQL writes a numeric as its digits (0.0000000001); JSON.stringify writes the JavaScript number the
// service answers on every other path (1e-10; past 15 or so significant digits, the nearest double). JSON
// written inside PostgreSQL gets its numbers rewritten the JavaScript way, so that an answer reads the same
// whichever way it was made.
//
// Every answer written by a statement passes through here, so the scan is kept to the numbers: a string is
// passed over with indexOf (most of an answer's text is in strings: keys, names, dates), and an integer of
// fewer than 16 characters (ids, counts: most numbers) is written alike either way and left as it is.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;

export function javascriptNumbers(json: string): string {
  let written = '';
  let copiedUpTo = 0;
  let i = 0;
  const length = json.length;
  while (i < length) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) {
      i = afterString(json, i);
      continue;
    }
    if (c === MINUS || isDigit(c)) {
      let end = i + 1;
      let plainInteger = true;
      while (end < length) {
        const d = json.charCodeAt(end);
        if (isDigit(d)) end++;
        else if (isNumberMark(d)) {
          plainInteger = false;
          end++;
        } else break;
      }
      if (!plainInteger || end - i >= 16 || (c === MINUS && end - i === 2 && json.charCodeAt(i + 1) === 0x30)) {
        const token = json.slice(i, end);
        const javascript = String(Number(token));
        if (javascript !== token) {
          written += json.slice(copiedUpTo, i) + javascript;
          copiedUpTo = end;
        }
      }
      i = end;
      continue;
    }
    i++;
  }
  return copiedUpTo === 0 ? json : written + json.slice(copiedUpTo);
}

/** The index after the string that opens at `open`: its closing quote is the first one not escaped. */
function afterString(json: string, open: number): number {
  let quote = json.indexOf('"', open + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (json.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    quote = json.indexOf('"', quote + 1);
  }
  return json.length;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** The decimal point, an exponent and its sign. */
const isNumberMark = (c: number) => c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === MINUS;
