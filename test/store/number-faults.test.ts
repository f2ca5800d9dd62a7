import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/report/summary-table.js';
import { loadSnapshot } from '../../src/store/snapshot.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { lineFacts } from '../../src/trace/facts.js';
import { bundledPrices, type PriceTable, withOverrides } from '../../src/trace/prices.js';
import { scanLine } from '../../src/trace/scan-line.js';
import { Validator } from '../../src/trace/validate.js';
import { viewsOf } from '../../src/ui/data/views.js';
import { fileStateText } from '../../src/ui/format/chrome.js';
import { turnView } from '../../src/ui/panes/turns/turn-data.js';
import { turnLines } from '../../src/ui/panes/turns/turn-lines.js';
import { usageData } from '../../src/ui/panes/usage/usage-data.js';
import { usageLines } from '../../src/ui/panes/usage/usage-lines.js';
import { snapshotBytes, storeOf } from '../helpers/store.js';

/*
 * Every number fault × every output: the store's JSON, the summary text, the Usage and
 * Turns panes, a restored index, validate, and both ways a line is read (the byte
 * scanner, and JSON.parse when a line has an escaped or repeated key).
 */

const META = '{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z","label":"n","command":["x"],"kind":"llm"}';
const turn = (usage: string, timing = '{"duration_ms":5}', extra = '') =>
  `{"t":"2026-05-12T23:00:02.000Z","type":"turn","role":"assistant",${extra}"model":"claude-sonnet-4-5","blocks":[{"type":"text","text":"x"}],"usage":${usage},"timing":${timing}}`;
const GOOD = turn('{"input_tokens":100,"output_tokens":10}').replace(':02.', ':01.');

/** How a line reaches the store: as written (scanner), or with a key that sends it to JSON.parse. */
const PATHS = {
  scanner: (line: string) => line,
  'JSON.parse (escaped key)': (line: string) => line.replace('"type":"turn"', '"\\u0078":1,"type":"turn"'),
  'JSON.parse (repeated key)': (line: string) => line.replace('"type":"turn"', '"type":"turn","role":"user"'),
} as const;

const COUNT_FAULTS: { name: string; usage: string; shown: string }[] = [
  { name: 'input 1e400 (Infinity)', usage: '{"input_tokens":1e400,"output_tokens":7}', shown: 'in overflow · out 7' },
  { name: 'input -1e400', usage: '{"input_tokens":-1e400,"output_tokens":7}', shown: 'in invalid · out 7' },
  { name: 'output -5', usage: '{"input_tokens":3,"output_tokens":-5}', shown: 'in 3 · out invalid' },
  { name: 'output 1.5', usage: '{"input_tokens":3,"output_tokens":1.5}', shown: 'in 3 · out invalid' },
  { name: 'input 2^53 + 1', usage: '{"input_tokens":9007199254740993,"output_tokens":1}', shown: 'in overflow' },
  { name: 'input 2^53 + 3', usage: '{"input_tokens":9007199254740995,"output_tokens":1}', shown: 'in overflow' },
  {
    name: 'input 2^53 + 1 as 9007199254740993.0',
    usage: '{"input_tokens":9007199254740993.0,"output_tokens":1}',
    shown: 'in overflow',
  },
  {
    name: 'input 5.00000000000000001',
    usage: '{"input_tokens":5.00000000000000001,"output_tokens":1}',
    shown: 'in invalid',
  },
  {
    name: 'cache read -1',
    usage: '{"input_tokens":3,"output_tokens":1,"cache_read_input_tokens":-1}',
    shown: 'in 3 · out 1 · cache read invalid · 5ms',
  },
  {
    name: 'cache write 1e308',
    usage: '{"input_tokens":3,"output_tokens":1,"cache_creation_input_tokens":1e308}',
    shown: 'in 3 · out 1 · cache write overflow · 5ms',
  },
  {
    name: 'thinking -3',
    usage: '{"input_tokens":3,"output_tokens":1,"thinking_tokens":-3}',
    shown: 'in 3 · out 1 · thinking invalid · 5ms',
  },
];

const TIME_FAULTS: { name: string; timing: string; shown: string }[] = [
  { name: 'duration -1e300', timing: '{"duration_ms":-1e300}', shown: '· invalid' },
  { name: 'duration -1', timing: '{"duration_ms":-1}', shown: '· invalid' },
  { name: 'duration 1e400 (Infinity)', timing: '{"duration_ms":1e400}', shown: '· invalid' },
  { name: 'duration 1e300 (past 2^53 ms)', timing: '{"duration_ms":1e300}', shown: '· invalid' },
  { name: 'ttft -5', timing: '{"ttft_ms":-5,"duration_ms":5}', shown: 'out 1 · <$0.0001 · 5ms' },
  { name: 'duration 2^53 + 1 (parses to 2^53)', timing: '{"duration_ms":9007199254740993}', shown: '· invalid' },
  { name: 'duration 2^53 + 0.5', timing: '{"duration_ms":9007199254740992.5}', shown: '· invalid' },
  {
    name: 'ttft 2^53 + 1 written 9.007199254740993e15',
    timing: '{"ttft_ms":9.007199254740993e15,"duration_ms":5}',
    shown: 'out 1 · <$0.0001 · 5ms',
  },
];

function outputs(lines: string[], prices: PriceTable = bundledPrices()) {
  const store = storeOf(lines, prices);
  const restored = new TraceStore(prices);
  expect(loadSnapshot(restored, snapshotBytes(store), 'test.jsonl')).toBe(true);
  const views = viewsOf(store, false);
  const turns = Array.from({ length: views.turns.length }, (_, i) =>
    turnLines(turnView(store, views.turns.at(i)), { width: 200, selected: false, expandThinking: false })
      .map((l) => l.map((s) => s.text).join(''))
      .join('\n'),
  );
  const validator = new Validator(Infinity);
  for (const [i, l] of lines.entries()) validator.push(l, i + 1);
  return {
    doc: statsOf(store, 0),
    restored: statsOf(restored, 0),
    text: summaryText(store, 0),
    usage: usageLines(usageData(store), 200)
      .map((l) => l.map((s) => s.text).join(''))
      .join('\n'),
    turns,
    findings: validator.finish(),
  };
}

describe.each(Object.entries(PATHS))('number faults, read by the %s', (_, path) => {
  const good = outputs([META, GOOD]);

  it.each(COUNT_FAULTS)('a token count that is no count: $name', ({ usage, shown }) => {
    const lines = [META, GOOD, path(turn(usage))];
    const o = outputs(lines);
    // Out of every sum, counted; the good turn's figures stand, exact.
    expect(o.doc.models!.summary).toMatchObject({
      assistantTurns: 2,
      inputTokens: 100,
      outputTokens: 10,
      overflowTurns: 1,
    });
    expect(o.doc.models!.cost.totalUsd).toBe(good.doc.models!.cost.totalUsd);
    expect(o.doc.models!.summary.totalModelTimeMs).toBe(10);
    expect(JSON.stringify(o.doc)).not.toMatch(/Infinity|NaN|:-\d/);
    expect(o.restored).toEqual(o.doc);
    expect(o.text).toContain('1 turn with overflowing or invalid counts left out of the totals');
    expect(o.usage).toContain('1 turn with overflowing or invalid counts left out of the totals');
    expect(o.turns[1]).toContain(shown);
    expect(o.turns[1]).not.toMatch(/\$|Infinity|NaN/);
    expect(o.findings.filter((f) => f.rule === 'token-count').map((f) => f.line)).toEqual([3]);
  });

  it('a first turn time above 2^53 is left out, not the real ones after it (P50, P95, the note, validate)', () => {
    const first = turn('{"input_tokens":1,"output_tokens":1}', '{"duration_ms":9007199254740993}');
    const real = Array.from({ length: 10 }, (_, i) =>
      turn('{"input_tokens":1,"output_tokens":1}', `{"duration_ms":${1000 + i * 100}}`).replace(
        ':02.',
        `:0${3 + (i % 6)}.`,
      ),
    );
    const o = outputs([META, path(first), ...real.map(path)]);
    const s = o.doc.models!.summary;
    expect(s).toMatchObject({ timesLeftOut: 1, totalModelTimeMs: 14_500 });
    const m = o.doc.models!.perModel[0]!;
    expect([m.latencyP50Ms, m.latencyP95Ms]).toEqual([1400, 1900]);
    expect(o.text).toContain('1 turn time (duration_ms, ttft_ms) negative, not finite or above 2^53 ms: left out');
    expect(o.findings.filter((f) => f.rule === 'turn-time').map((f) => f.line)).toEqual([2]);
  });

  it.each(TIME_FAULTS)('a turn time that is no time: $name', ({ timing, shown }) => {
    const o = outputs([META, GOOD, path(turn('{"input_tokens":1,"output_tokens":1}', timing))]);
    const s = o.doc.models!.summary;
    expect(s).toMatchObject({ inputTokens: 101, timesLeftOut: 1 });
    expect(s).not.toHaveProperty('overflowTurns');
    expect(s.totalModelTimeMs).toBe(timing.includes('ttft') ? 10 : 5);
    const m = o.doc.models!.perModel[0]!;
    expect([m.latencyP50Ms, m.ttftP50Ms]).toEqual([5, null]);
    expect(o.restored).toEqual(o.doc);
    expect(o.text).toContain('1 turn time (duration_ms, ttft_ms) negative, not finite or above 2^53 ms: left out');
    expect(o.usage).toContain('1 turn time (duration_ms, ttft_ms) negative, not finite or above 2^53 ms: left out');
    expect(o.turns[1]).toContain(shown);
    expect(o.findings.filter((f) => f.rule === 'turn-time').map((f) => f.line)).toEqual([3]);
  });

  it('a price that overflows loses the cost, never the tokens', () => {
    const hostile = withOverrides(bundledPrices(), 'p.json', {
      'claude-sonnet-4-5': { input_cost_per_token: 1e308, output_cost_per_token: 1e308 },
    });
    const o = outputs([META, GOOD, path(turn('{"input_tokens":3,"output_tokens":4}'))], hostile);
    const m = o.doc.models!;
    expect(m.summary).toMatchObject({ inputTokens: 103, outputTokens: 14, costOverflowTurns: 2 });
    expect(m.summary).not.toHaveProperty('overflowTurns');
    expect(m.perModel[0]).toMatchObject({ estCostUsd: null, priced: true, costOverflowTurns: 2 });
    expect(m.cost.totalUsd).toBeNull();
    expect(o.restored).toEqual(o.doc);
    expect(o.text).toMatch(/TOTAL +2 +103 +14 .* overflow/);
    expect(o.text).toContain('2 turns with a cost that overflows');
    expect(o.usage).toContain('2 turns with a cost that overflows');
    expect(o.usage).toMatch(/TOTAL .*overflow/);
    expect(o.turns[1]).toContain('in 3 · out 4 · overflow');
  });

  it('a cost that would take the sum past exact nano-dollars (2^53: ~9 million USD) is left out, the sum before it exact', () => {
    const dear = withOverrides(bundledPrices(), 'p.json', {
      'claude-sonnet-4-5': { input_cost_per_token: 1, output_cost_per_token: 0 },
    });
    // $100, then $9,007,199: alone it fits, on top of the $100 it would not.
    const o = outputs([META, GOOD, path(turn('{"input_tokens":9007199,"output_tokens":4}'))], dear);
    const m = o.doc.models!;
    expect(m.summary).toMatchObject({ inputTokens: 9_007_299, outputTokens: 14, costOverflowTurns: 1 });
    expect(m.cost.totalUsd).toBe(100);
    expect(m.perModel[0]).toMatchObject({ estCostUsd: 100, costOverflowTurns: 1 });
    expect(o.restored).toEqual(o.doc);
    expect(o.text).toContain('1 turn with a cost that overflows (9 million USD or more): cost left out');
    expect(o.usage).toContain('1 turn with a cost that overflows');
  });
});

describe('a count is read alike on both paths', () => {
  it.each(COUNT_FAULTS)('$name', ({ usage }) => {
    const line = turn(usage);
    const scanned = scanLine(Buffer.from(line), 0, Buffer.byteLength(line));
    // Both sides a turn with usage: two non-turns would compare equal as `false`.
    expect(scanned?.kind).toBe('turn');
    const usageOf = scanned?.kind === 'turn' ? scanned.turn.usage : undefined;
    expect(usageOf).toBeTruthy();
    for (const other of [PATHS['JSON.parse (escaped key)'](line), line]) {
      const parsed = lineFacts(other);
      expect(parsed.kind).toBe('turn');
      expect(parsed.kind === 'turn' && parsed.turn.usage).toEqual(usageOf);
    }
  });

  it.each([
    ['9007199254740992', 2 ** 53],
    ['1.0', 1],
    ['1e3', 1000],
    ['-0', 0],
    ['12.000', 12],
    ['0.1e-400', -Infinity],
    ['1E+2', 100],
  ])('%s counts as %s', (text, count) => {
    const line = turn(`{"input_tokens":${text},"output_tokens":0}`);
    const scanned = scanLine(Buffer.from(line), 0, Buffer.byteLength(line));
    expect(scanned?.kind === 'turn' && scanned.turn.usage?.input).toBe(count);
    const parsed = lineFacts(PATHS['JSON.parse (escaped key)'](line));
    expect(parsed.kind === 'turn' && parsed.turn.usage?.input).toBe(count);
  });
});

describe('--prices rows', () => {
  it.each([
    ['input_cost_per_token', -1e-6],
    ['output_cost_per_token', Infinity],
    ['cache_read_input_token_cost', -1],
    ['cache_creation_input_token_cost', Number.NaN],
  ])('refuse %s of %s, naming the model and the field', (field, v) => {
    expect(() => withOverrides(bundledPrices(), 'p.json', { 'my-model': { [field]: v } })).toThrow(
      new RegExp(`model "my-model": ${field} is`),
    );
  });

  it('ignore fields of other types and words, as LiteLLM files have them', () => {
    const t = withOverrides(bundledPrices(), 'p.json', {
      m: { input_cost_per_token: 1, mode: 'chat', output_cost_per_token: 'USD per output token' },
      sample_spec: { input_cost_per_token: 'describes the field', litellm_provider: 'one of …' },
    });
    expect(t.lookup('m')!.cost({ input: 2, output: 5, cacheRead: null, cacheWrite: null }, 0)).toBe(2);
  });

  it.each(['3e-6', ' 1.5e-5 ', '0x10', 'Infinity', '-1e-6'])(
    'refuse a number written as text (%j), naming the model and the field: it is not guessed at',
    (text) => {
      expect(() => withOverrides(bundledPrices(), 'p.json', { x: { output_cost_per_token: text } })).toThrow(
        `model "x": output_cost_per_token is the text ${JSON.stringify(text)}; a price is a JSON number of USD per token (written without quotes)`,
      );
    },
  );
});

describe('validate on the end line', () => {
  it.each(['1e400', '1.5', '-0.5'])('warns on exitCode %s, written as it is', (code) => {
    const v = new Validator();
    v.push(META, 1);
    v.push(`{"t":"2026-05-12T23:00:03.000Z","type":"end","durationMs":3,"exitCode":${code}}`, 2);
    expect(v.finish().filter((f) => f.rule === 'exitcode-integer')).toEqual([
      expect.objectContaining({
        line: 2,
        severity: 'warning',
        message: expect.stringContaining(`exitCode is ${code}`),
      }),
    ]);
  });
});

describe('an exitCode of 1e400 (Infinity once parsed)', () => {
  it('is no exit code in the JSON, the summary and the header alike', () => {
    const store = storeOf([META, '{"t":"2026-05-12T23:00:03.000Z","type":"end","durationMs":3,"exitCode":1e400}']);
    expect(statsOf(store, 0).session.exitCode).toBeNull();
    expect(summaryText(store, 0)).not.toContain('Infinity');
    expect(fileStateText(store.files[0]!)).toBe('ended (no exit code)');
  });
});
