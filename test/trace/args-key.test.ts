import { describe, expect, it, vi } from 'vitest';
import { canonical } from '../../src/kit/json-write.js';
import { absentArgsKey, argsKeyOfBytes, argsKeyOfValue } from '../../src/trace/args-key.js';
import { seededRandom } from '../helpers/random.js';

/** Key and size from the bytes (the scanner's way) and from the parsed value (JSON.parse's). */
function both(text: string): { bytes: [number, number]; value: [number, number] } {
  const buf = Buffer.from(`{"x":${text}}`);
  const a1 = argsKeyOfBytes(buf, 5, buf.length - 1);
  const a2 = argsKeyOfValue(JSON.parse(text));
  return { bytes: [a1.key, a1.size], value: [a2.key, a2.size] };
}

/** A random JSON value: the shapes tool arguments take, and the awkward ones. */
function randomValue(r: (n: number) => number, depth = 0): unknown {
  const pick = r(depth > 3 ? 5 : 7);
  const strings = ['', 'a', 'path', '/tmp/x', 'é', '😀', 'a"b', 'a\\b', 'tab\there', '\u0001', 'Z', '10', '9'];
  if (pick === 0) return null;
  if (pick === 1) return r(2) === 0;
  if (pick === 2) return [0, -1, 7, 1.5, -0, 1e21, 123456789012345, 1234567890123456][r(8)];
  if (pick === 3 || pick === 4) return strings[r(strings.length)];
  if (pick === 5) return Array.from({ length: r(4) }, () => randomValue(r, depth + 1));
  const o: Record<string, unknown> = {};
  for (let n = r(5); n > 0; n--) o[strings[r(strings.length)]!] = randomValue(r, depth + 1);
  return o;
}

/** Ways a producer writes the same value: canonically, in its own key order, with spaces. */
const writings = (v: unknown): string[] => [canonical(v), JSON.stringify(v), JSON.stringify(v, null, 2)];

describe('argument keys', () => {
  it('are the same from bytes and from the parsed value, for every way of writing a value', () => {
    const r = seededRandom(20261204);
    for (let i = 0; i < 3000; i++) {
      const v = randomValue(r);
      const want = argsKeyOfValue(v).key;
      const size = Buffer.byteLength(canonical(v));
      for (const text of writings(v)) {
        const { bytes, value } = both(text);
        expect(bytes, text).toEqual([want, size]);
        expect(value, text).toEqual([want, size]);
      }
    }
  });

  it('tell apart different arguments and ignore key order and spacing', () => {
    const key = (t: string) => both(t).bytes[0];
    expect(key('{"a":1,"b":2}')).toBe(key('{ "b": 2, "a": 1 }'));
    expect(key('{"a":1}')).not.toBe(key('{"a":2}'));
    expect(key('{"a":"1"}')).not.toBe(key('{"a":1}'));
    expect(key('[1,2]')).not.toBe(key('[2,1]'));
    expect(key('1.0')).toBe(key('1'));
    expect(key('-0')).toBe(key('0'));
    expect(key('"\\u0041"')).toBe(key('"A"'));
    // A repeated key: the last one counts, as JSON.parse reads it.
    expect(key('{"a":1,"a":2}')).toBe(key('{"a":2}'));
  });

  it('key an absent value as null, sized 4', () => {
    expect(absentArgsKey()).toEqual(argsKeyOfValue(undefined));
    expect(absentArgsKey().key).toBe(both('null').bytes[0]);
    expect(absentArgsKey().size).toBe(4);
  });

  it('are whole numbers of at most 52 bits, exact as doubles', () => {
    const r = seededRandom(7);
    for (let i = 0; i < 500; i++) {
      const k = argsKeyOfValue(randomValue(r)).key;
      expect(Number.isSafeInteger(k) && k >= 0 && k < 2 ** 52).toBe(true);
    }
  });

  it('read values nested past the fast path depth the slow way, to the same key', () => {
    const deep = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
    const { bytes, value } = both(deep);
    expect(bytes).toEqual(value);
  });
});

describe('argument keys from bytes', () => {
  it('hash arguments written in their own key order, with escapes and non-ASCII text, without parsing them', () => {
    const text =
      '{"old_string":"a\\n\\t\\"b\\\\","file_path":"/tmp/é😀","todos":[{"status":"x","content":"y"}],"n":-12}';
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const buf = Buffer.from(`{"x":${text}}`);
      const key = argsKeyOfBytes(buf, 5, buf.length - 1);
      expect(parse).not.toHaveBeenCalled();
      parse.mockRestore();
      expect(key).toEqual(argsKeyOfValue(JSON.parse(text)));
    } finally {
      parse.mockRestore();
    }
  });

  it('read bytes that are no valid UTF-8 as JSON.parse of their text does', () => {
    for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const buf = Buffer.concat([Buffer.from('{"x":{"b":"'), Buffer.from(bad), Buffer.from('","a":1}}')]);
      const key = argsKeyOfBytes(buf, 5, buf.length - 1);
      expect(key).toEqual(argsKeyOfValue(JSON.parse(buf.toString('utf8', 5, buf.length - 1))));
    }
  });
});
