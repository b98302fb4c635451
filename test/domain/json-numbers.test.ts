// JSON written by PostgreSQL with its numbers rewritten as JavaScript writes them, strings left as they are.
import { describe, expect, it } from 'vitest';
import { javascriptNumbers } from '../../src/domain/shared/json-numbers.js';

describe('javascriptNumbers', () => {
  it('writes tiny, huge and over-precise numbers as JSON.stringify does', () => {
    const written = '{"a":0.0000000001,"b":-0.0000005,"c":[1234567890123456789012,0.12345678901234567890,12345678.123456789],"d":12.5,"e":0,"f":1e-05}';
    expect(javascriptNumbers(written)).toBe(JSON.stringify(JSON.parse(written)));
    expect(javascriptNumbers(written)).toBe('{"a":1e-10,"b":-5e-7,"c":[1.2345678901234568e+21,0.12345678901234568,12345678.12345679],"d":12.5,"e":0,"f":0.00001}');
    expect(javascriptNumbers('{"g":12345678.12345678912}')).toBe('{"g":12345678.12345679}');
  });

  it('leaves strings alone, escaped quotes included, and a text with nothing to change as it is', () => {
    const written = '{"sscc":"106141411234567897","note":"x:0.0000001 \\"0.0000001\\"","n":0.0000001}';
    expect(javascriptNumbers(written)).toBe('{"sscc":"106141411234567897","note":"x:0.0000001 \\"0.0000001\\"","n":1e-7}');
    const plain = '{"id":1,"price":12.5,"name":"0.0000001 in a name"}';
    expect(javascriptNumbers(plain)).toBe('{"id":1,"price":12.5,"name":"0.0000001 in a name"}');
  });

  it('ends a string at its first unescaped quote, a backslash before it escaped or not', () => {
    const written = '{"path":"C:\\\\","n":0.0000001,"quoted":"\\\\\\"0.0000001","m":-0.00000002}';
    expect(JSON.parse(written)).toEqual({ path: 'C:\\', n: 1e-7, quoted: '\\"0.0000001', m: -2e-8 });
    expect(javascriptNumbers(written)).toBe(JSON.stringify(JSON.parse(written)));
  });

  it('writes every number that differs, whatever else the text holds: trailing zeros, minus zero, long integers', () => {
    const written = '[12.50,-0,1.0,100,-7,12345678901234567,"12.50",1e+21]';
    expect(javascriptNumbers(written)).toBe('[12.5,0,1,100,-7,12345678901234568,"12.50",1e+21]');
    expect(javascriptNumbers(written)).toBe(JSON.stringify(JSON.parse(written)));
  });
});
