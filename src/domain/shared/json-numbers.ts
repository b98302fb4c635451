// PostgreSQL writes a numeric as its digits (0.0000000001); JSON.stringify writes the JavaScript number the
// service answers on every other path (1e-10; past 15 or so significant digits, the nearest double). JSON
// written inside PostgreSQL gets its numbers rewritten the JavaScript way, so that an answer reads the same
// whichever way it was made. Only a text that may hold such a number is scanned (strings are skipped).
// A fraction starting with six zeros, 16 or more digits (a dot between them or not), or an exponent.
const MAY_DIFFER = /\.0{6}|(?:\d\.?){16}|\d[eE][+-]?\d/;

export function javascriptNumbers(json: string): string {
  if (!MAY_DIFFER.test(json)) return json;
  let written = '';
  let copiedUpTo = 0;
  let i = 0;
  while (i < json.length) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, past escapes.
      i++;
      while (i < json.length) {
        const d = json.charCodeAt(i);
        if (d === 0x5c) i += 2;
        else {
          i++;
          if (d === 0x22) break;
        }
      }
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      while (end < json.length && isNumberChar(json.charCodeAt(end))) end++;
      const token = json.slice(i, end);
      const javascript = String(Number(token));
      if (javascript !== token) {
        written += json.slice(copiedUpTo, i) + javascript;
        copiedUpTo = end;
      }
      i = end;
      continue;
    }
    i++;
  }
  return copiedUpTo === 0 ? json : written + json.slice(copiedUpTo);
}

/** Digits, the decimal point, an exponent and its sign. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}
