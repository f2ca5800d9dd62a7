import { describe, expect, it, vi } from 'vitest';
import { parseGlob } from '../../src/kit/glob.js';

describe('parseGlob', () => {
  it.each([
    ['read_*', 'read_file', true],
    ['read_*', 'READ_FILE', true],
    ['Read*', 'read_file', false],
    ['Read*', 'Read_file', true],
    ['tools/c?ll', 'tools/call', true],
    ['tools/c?ll', 'tools/cll', false],
    ['llm.*', 'llmXerror', false],
    ['*', '', true],
    ['', '', true],
    ['', 'x', false],
    ['a*', 'a', true],
    ['*a', 'ba', true],
    ['*a', 'ab', false],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['*a*b*', 'xxbxxaxxbx', true],
    ['*a*b*', 'xxbxxa', false],
    ['?*?', 'x', false],
    ['?*?', 'xy', true],
    ['*?b?*', 'abc', true],
    ['*a?c*', 'abab-abc', true],
    ['a**b', 'ab', true],
    ['(x)[y]{z}+^$|\\.', '(x)[y]{z}+^$|\\.', true],
    ['déjà*', 'DÉJÀ VU', true],
    ['ΟΔΟΣ', 'οδος', false],
    ['οδοσ', 'ΟΔΟΣ', true],
  ])('%j on %j is %s (the whole value, * any run, ? one, smart case)', (glob, value, hit) =>
    expect(parseGlob(glob).test(value)).toBe(hit),
  );

  it('tests a 100,000-character value against a many-star glob in a few string searches (no backtracking)', () => {
    const value = `${'a'.repeat(100_000)}X`;
    const globs = [parseGlob(`${'*a'.repeat(40)}*b`), parseGlob(`${'*a'.repeat(40)}*x`)];
    // The searches and compares made: one per piece of the glob, where backtracking makes them per character.
    const spies = (['indexOf', 'startsWith', 'charCodeAt'] as const).map((m) => vi.spyOn(String.prototype, m));
    const hits = globs.map((g) => g.test(value));
    const calls = spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
    for (const spy of spies) spy.mockRestore();
    expect(hits).toEqual([false, true]);
    expect(calls).toBeLessThanOrEqual(2 * 42);
  });

  it('takes a glob longer than a RegExp may be (V8 refuses ~40,000 characters)', () => {
    const long = 'x'.repeat(60_000);
    expect(parseGlob(long).test(long.toUpperCase())).toBe(true);
    expect(parseGlob(`${long}?`).test(`${long}!`)).toBe(true);
    expect(parseGlob(`*${long}*`).test(long.slice(1))).toBe(false);
  });
});
