import { describe, expect, it } from 'vitest';
import { parseGlob } from '../../src/kit/glob.js';
import { explainFilterError, FilterError, MAX_FILTER, parseFilter } from '../../src/trace/filter.js';

/** What parsing `expr` throws (undefined when it parses). */
function errorOf(expr: string): unknown {
  try {
    parseFilter(expr);
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('parseFilter', () => {
  it('reads every term', () => {
    const f = parseFilter(
      'method:tools/call tool:read_* dir:in|out status:error|pending model:claude* role:assistant kind:llm.* latency:>500ms since:90s until:2026-05-12T23:05:00Z file:fs -tool:write_file "two words" Word',
    )!;
    expect(f.terms.map((t) => [t.field, t.negate])).toEqual([
      ['method', false],
      ['tool', false],
      ['dir', false],
      ['status', false],
      ['model', false],
      ['role', false],
      ['kind', false],
      ['latency', false],
      ['since', false],
      ['until', false],
      ['file', false],
      ['tool', true],
      ['text', false],
      ['text', false],
    ]);
    expect(f.terms[2]).toMatchObject({ values: ['in', 'out'] });
    expect(f.terms[3]).toMatchObject({ values: ['error', 'pending'] });
    expect(f.terms[7]).toMatchObject({ op: '>', ms: 500 });
    expect(f.terms[8]).toMatchObject({ at: { offsetMs: 90_000 } });
    expect(f.terms[9]).toMatchObject({ at: { epochMs: Date.parse('2026-05-12T23:05:00Z') } });
    expect(f.terms[12]).toMatchObject({ needle: 'two words', caseSensitive: false });
    expect(f.terms[13]).toMatchObject({ needle: 'Word', caseSensitive: true });
  });

  it.each([
    ['latency:>500ms', '>', 500],
    ['latency:<2s', '<', 2000],
    ['latency:>=1.5s', '>=', 1500],
    ['latency:<=250', '<=', 250],
    ['latency:100', '=', 100],
  ])('%s', (expr, op, ms) => expect(parseFilter(expr)!.terms[0]).toMatchObject({ op, ms }));

  it.each([
    ['since:90s', 90_000],
    ['since:5m', 300_000],
    ['since:01:30', 90_000],
    ['since:1:02:03', 3_723_000],
    ['until:500ms', 500],
    // As the panes print offsets: a sign, then units largest first.
    ['since:+6m10s', 370_000],
    ['since:1h2m3s', 3_723_000],
    ['since:+19h58m', 71_880_000],
    ['since:-5m', -300_000],
    ['since:2s500ms', 2_500],
    // Exact: 0.554 * 1000 is 554.0000000000001, which a row at 554 ms is not at or after.
    ['since:+0.554s', 554],
    ['since:1.5m', 90_000],
    // A fraction longer than a double's digits is read as a decimal, not lost to NaN.
    [`since:0.${'9'.repeat(400)}s`, 1000],
  ])('%s is an offset from the trace start', (expr, offsetMs) =>
    expect(parseFilter(expr)!.terms[0]).toMatchObject({ at: { offsetMs } }),
  );

  it('globs with * and ?, smart case', () => {
    expect(parseGlob('read_*').test('read_file')).toBe(true);
    expect(parseGlob('read_*').test('READ_FILE')).toBe(true);
    expect(parseGlob('Read*').test('read_file')).toBe(false);
    expect(parseGlob('tools/c?ll').test('tools/call')).toBe(true);
    expect(parseGlob('llm.*').test('llmXerror')).toBe(false);
  });

  it('is no filter when empty', () => {
    expect(parseFilter('   ')).toBeNull();
  });

  it.each([
    ['status:broken', 'status: "broken" is not one of ok, error, pending, cancelled', 7],
    ['method:x latency:fast', 'latency: "fast" is not a duration', 17],
    ['bogus:1', 'unknown field "bogus"', 0],
    ['-bogus:1', 'unknown field "bogus"', 1],
    ['dir:sideways', 'dir: "sideways" is not one of', 4],
    ['since:yesterday', 'since: "yesterday" is neither an offset', 6],
    ['since:5s3m', 'since: "5s3m" is neither an offset', 6],
    ['since:6m6m', 'since: "6m6m" is neither an offset', 6],
    ['since:6m10', 'since: "6m10" is neither an offset', 6],
    ['since:+-5m', 'since: "+-5m" is neither an offset', 6],
    [`since:${'9'.repeat(400)}h`, 'is neither an offset', 6],
    ['tool:', 'tool: needs a value', 5],
    ['"open', 'unclosed quote', 0],
  ])('rejects %j saying what and where', (expr, message, position) => {
    const error = errorOf(expr);
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).message).toContain(message);
    expect((error as FilterError).position).toBe(position);
  });

  it.each([
    ['status:error latency:>abc', 'abc'],
    ['a -foo:bar b', 'foo:bar'],
    ['dir:in|sideways x', 'in|sideways'],
    ['x tool: y', 'tool:'],
    ['say "hello world', '"hello world'],
    ['since:zz', 'zz'],
  ])('names the part of %j that is wrong, for the bar to mark: %j', (expr, part) => {
    const { span } = errorOf(expr) as FilterError;
    expect(expr.slice(span.from, span.to)).toBe(part);
  });

  it('points at the problem', () => {
    expect(explainFilterError('method:x latency:fast', new FilterError('bad', 17))).toBe(
      'bad\n  method:x latency:fast\n                   ^',
    );
  });
});

describe('a long filter', () => {
  it(`is refused past ${MAX_FILTER} characters, in a short message that points at the limit`, () => {
    const expr = 'x'.repeat(50_000);
    const error = errorOf(expr);
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).message).toBe('a filter is at most 2,000 characters (this one has 50,000)');
    const [message, shown, caret] = explainFilterError(expr, error as FilterError).split('\n');
    expect(message).toBe((error as FilterError).message);
    // Of the expression, the part around the problem: `…` + 60 + 60 + `…`.
    expect(shown).toBe(`  …${'x'.repeat(120)}…`);
    expect(caret).toBe(`  ${' '.repeat(61)}^`);
  });

  it('is read up to the limit, globs of any shape included', () => {
    const glob = `${'*'.repeat(MAX_FILTER - 6)}a`;
    expect(parseFilter(`tool:${glob}`)!.terms[0]).toMatchObject({ field: 'tool' });
    expect(parseFilter('y'.repeat(MAX_FILTER))!.terms[0]).toMatchObject({ field: 'text' });
    expect(() => parseFilter('y'.repeat(MAX_FILTER + 1))).toThrow(FilterError);
  });

  it('quotes at most 40 characters of a bad value', () => {
    expect(() => parseFilter(`bogus${'z'.repeat(500)}:1`)).toThrow(
      `unknown field "bogus${'z'.repeat(35)}…": method, tool,`,
    );
    expect(() => parseFilter(`status:${'q'.repeat(500)}`)).toThrow(`status: "${'q'.repeat(40)}…" is not one of`);
  });
});
