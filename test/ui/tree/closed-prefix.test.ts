import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closedPrefix, JsonTable } from '../../../src/ui/tree/json-tree.js';
import { realTraceFiles } from '../../helpers/shared.js';

/** Every cut of `text`: the prefix is closed into JSON that keeps the text's own values, in order. */
function sweep(text: string, step = 1): void {
  for (let k = 0; k <= text.length; k += step) {
    const head = text.slice(0, k);
    const closed = closedPrefix(head);
    if (closed === null) continue;
    // JSON of its own, which the tree reads.
    expect(() => JSON.parse(closed), `cut at ${k}: ${closed.slice(-60)}`).not.toThrow();
    expect(JsonTable.parse(closed)).not.toBeNull();
    // The head's own text up to the cut, then only closing brackets.
    const body = closed.replace(/[\]}]*$/, '');
    expect(head.startsWith(body) || text.startsWith(body), `cut at ${k}`).toBe(true);
  }
}

describe('a JSON text cut short, closed to be drawn while the rest is read', () => {
  it('keeps the values whole before the cut and closes what is open', () => {
    expect(closedPrefix('{"a":1,"b":[2,"thr')).toBe('{"a":1,"b":[2]}');
    expect(closedPrefix('{"a":1,"b":')).toBe('{"a":1}');
    expect(closedPrefix('{"a":1,"b"')).toBe('{"a":1}');
    expect(closedPrefix('{"a":12')).toBe('{}');
    expect(closedPrefix('[{"k":"v\\"')).toBe('[{}]');
    expect(closedPrefix('{"a":{"b":{"c":[true,nu')).toBe('{"a":{"b":{"c":[true]}}}');
    expect(closedPrefix('')).toBeNull();
    expect(closedPrefix('"a string cut')).toBeNull();
  });

  it('gives a whole text back as it is', () => {
    const whole = '{"a": [1, "x", {"b": null}], "c": {}, "d": true}';
    expect(closedPrefix(whole)).toBe(whole);
  });

  it('every cut of a nested document with escapes, numbers and empty containers', () => {
    sweep(
      JSON.stringify(
        {
          id: 1,
          result: {
            content: [{ type: 'text', text: 'quote " and \\ backslash\n' }, {}, [], [[]]],
            n: [-0.5e3, 0, 1.5e300, true, false, null],
            'key with "quotes"': { '': '' },
          },
        },
        null,
        1,
      ),
    );
  });

  it('every cut of numbers as written (past 2^53, past the double range)', () => {
    sweep('{"id":123456789012345678901234567890,"x":[1e400,-0.0,2E-5],"y":{"z":[]}}');
  });

  it('cuts of the real traces’ longest lines', () => {
    const lines = realTraceFiles
      .slice(0, 6)
      .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
      .sort((a, b) => b.length - a.length)
      .slice(0, 3);
    for (const line of lines) sweep(line, Math.max(1, Math.floor(line.length / 400)));
  });
});
