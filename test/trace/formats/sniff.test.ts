import { describe, expect, it } from 'vitest';
import { documentWatch } from '../../../src/trace/formats/sniff.js';

/** Which of `later` lines (after `first`) show JSONL, each fed in order. */
const shows = (first: string, later: string[]) => {
  const watch = documentWatch(first);
  return later.map((l) => watch(l));
};

describe('documentWatch: an object alone on a line is a record, unless it is an array element', () => {
  it('elements of an array, after `[` or `,`, one per line: never lines', () => {
    expect(shows('{"version":"1.0","metadata":{"a":1},', ['"interactions": [', '{"a":1},', '{"b":2}', ']}'])).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(shows('[', ['{"a":1}', ',', '{"b":2}'])).toEqual([false, false, false]);
  });

  it('an object after an element ended, in an object, or at the top: lines', () => {
    expect(shows('[', ['{"a":1}', '{"b":2}'])).toEqual([false, true]);
    expect(shows('{"a": {', ['{"b":2}'])).toEqual([true]);
    expect(shows('{"whole": true}', ['{"b":2}'])).toEqual([true]);
  });

  it('brackets, commas and quotes inside strings do not count', () => {
    expect(shows('{"a": "[",', ['{"b":2}'])).toEqual([true]);
    expect(shows('["{",', ['{"b":2}'])).toEqual([false]);
    // A string still open at the end of its line is no JSON (strings hold no newline): a broken record.
    expect(shows('[", [', ['{"b":2}'])).toEqual([true]);
    expect(shows('{"a": "\\"[", "b": [', ['{"c":1}'])).toEqual([false]);
    expect(shows('{"a": "x\\\\", "b": [', ['{"c":1}'])).toEqual([false]);
  });

  it('`{}` and lines that are no object alone show nothing', () => {
    expect(shows('{', ['{}', '"a": 1,', '{"a":1},', '}'])).toEqual([false, false, false, false]);
  });
});
