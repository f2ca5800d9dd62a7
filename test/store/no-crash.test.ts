import { describe, expect, it } from 'vitest';
import { appendLines } from '../../src/ingest/row-writer.js';
import { aggregateRows } from '../../src/store/aggregates.js';
import { applyFilter } from '../../src/store/query.js';
import { loadSnapshot } from '../../src/store/snapshot.js';
import { statsOf } from '../../src/store/stats.js';
import { timeAxis } from '../../src/store/time-axis.js';
import { AXIS_HALF_SPAN_MS, DATE_LIMIT_MS } from '../../src/store/time-range.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { parseFilter } from '../../src/trace/filter.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { MAX_BUCKETS, usageData } from '../../src/ui/panes/usage/usage-data.js';
import { EPOCH_OVERFLOW, FAR_TIMES, HUGE_COUNTS } from '../helpers/hostile-traces.js';
import { at, plain, snapshotBytes, storeOf, T0 } from '../helpers/store.js';

const YEAR = 365.25 * 86_400_000;

describe('times far from the trace', () => {
  it('are kept as written, exactly, in a column that turns Float64 rather than wrap its Int32 offsets', () => {
    const store = storeOf(FAR_TIMES);
    const times = Array.from({ length: store.count }, (_, row) => store.tOf(row));
    expect(times).toContain(Date.parse('9999-12-31T23:59:59.999Z'));
    expect(times).toContain(DATE_LIMIT_MS);
    expect(times.filter((t) => t === null)).toHaveLength(1); // +275761: past any Date, no time
  });

  it('give no latency when a response is over 100 years from its request or out of the date range, counted', () => {
    const store = storeOf(FAR_TIMES);
    const agg = store.aggregates;
    expect(agg.latenciesLeftOut).toBe(2);
    expect(plain(agg.methods.get('tools/call'))).toMatchObject({ calls: 3, pending: 0, latencies: [250] });
    const far = storeOf([
      { t: at(0), dir: 'in', raw: { id: 1, method: 'x' } },
      { t: new Date(T0 + 99 * YEAR).toISOString(), dir: 'out', raw: { id: 1, result: {} } },
      { t: new Date(T0 + 150 * YEAR).toISOString(), dir: 'in', raw: { id: 2, method: 'x' } },
      { t: at(5), dir: 'out', raw: { id: 2, result: {} } },
    ]);
    // 99 years is a (strange) latency; a response 150 years before its request is none.
    expect(far.aggregates.methods.get('x')!.latencies).toHaveLength(1);
    expect(far.aggregates.latenciesLeftOut).toBe(1);
  });

  it('make a summary document that is valid JSON with no Infinity, null where no Date holds the time', () => {
    for (const trace of [FAR_TIMES, EPOCH_OVERFLOW]) {
      const doc = statsOf(storeOf(trace), 0);
      const text = JSON.stringify(doc);
      expect(text).not.toMatch(/Infinity|NaN/);
      expect(JSON.parse(text)).toEqual(doc);
    }
    expect(statsOf(storeOf(FAR_TIMES), 0).session.endedAt).toBe('9999-12-31T23:59:59.999Z');
    expect(statsOf(storeOf(EPOCH_OVERFLOW), 0).session.endedAt).toBeNull();
  });

  it('leave the axis: ±100 years of the median, inside the date range', () => {
    const axis = timeAxis(storeOf(FAR_TIMES))!;
    expect(axis.median).toBeLessThan(Date.parse('2027-01-01'));
    expect(axis.hi - axis.median).toBe(AXIS_HALF_SPAN_MS);
    expect(timeAxis(storeOf([{ type: 'turn', role: 'user', blocks: [] }]))).toBeNull();
  });

  it('never size the time strip: 199 years of turns (the median in the middle) make at most MAX_BUCKETS buckets', () => {
    const lines = [0, 50, 99, 100, 150, 199].map((y) => ({
      t: new Date(Date.parse('1900-01-01') + y * YEAR).toISOString(),
      type: 'turn',
      role: 'assistant',
      model: 'm',
      blocks: [],
      usage: { input_tokens: 1, output_tokens: 1 },
    }));
    const t = usageData(storeOf(lines)).timeline!;
    expect(t.tokens.length).toBeLessThanOrEqual(MAX_BUCKETS);
    expect(t.tokens.reduce((a, b) => a + b, 0)).toBe(12);
    expect(t.minutesPerBucket * t.tokens.length).toBeGreaterThanOrEqual(t.minutes);
    expect(t.outsideAxis).toBe(0);
  });

  it('keep a short trace per minute, as before', () => {
    const t = usageData(storeOf(FAR_TIMES)).timeline!;
    expect(t).toMatchObject({ minutesPerBucket: 1, minutes: 1, outsideAxis: 2, tokens: [122] });
  });
});

describe('token counts above 2^53', () => {
  it('are left out of every sum and counted, the turn still a call', () => {
    const doc = statsOf(storeOf(HUGE_COUNTS), 0);
    const m = doc.models!;
    expect(m.summary).toMatchObject({
      assistantTurns: 3,
      inputTokens: 1000,
      outputTokens: 200,
      cacheReadTokens: null,
      overflowTurns: 2,
    });
    expect(m.perModel.find((p) => p.model === 'claude-sonnet-4-5')).toMatchObject({
      calls: 2,
      inputTokens: 1000,
      overflowTurns: 1,
    });
    // Its only turn overflowed: no data (null), not 0, and no cost.
    expect(m.perModel.find((p) => p.model === 'gpt-4o')).toMatchObject({
      calls: 1,
      inputTokens: null,
      estCostUsd: null,
      overflowTurns: 1,
    });
    expect(m.cost.totalUsd).toBe(0.006);
    expect(JSON.stringify(doc)).not.toMatch(/Infinity|NaN|e\+/);
  });

  it('add no field to a trace without them (summary --json stays byte-identical)', () => {
    const doc = statsOf(storeOf(HUGE_COUNTS.filter((_, i) => i !== 2 && i !== 3)), 0);
    expect(doc.models!.summary).not.toHaveProperty('overflowTurns');
    expect(doc.models!.perModel[0]).not.toHaveProperty('overflowTurns');
  });
});

/** Appends lines to file 0, as a followed file grows (stats read facts only: no reader needed). */
function fillMore(store: TraceStore, lines: object[]): void {
  const from = store.count;
  appendLines(
    store,
    0,
    lines.map((l, i) => ({ text: JSON.stringify(l), lineNo: from + i + 1, offset: 1_000_000 + i * 1000, length: 900 })),
  );
}

describe('sums of counts that each fit', () => {
  const BIG = 2 ** 52 + 1; // exact; two of them are not (2^53 + 2 rounds)
  const turn = (ms: number, input: number, model = 'claude-sonnet-4-5') => ({
    t: at(ms),
    type: 'turn',
    role: 'assistant',
    model,
    blocks: [{ type: 'text', text: 'hi' }],
    usage: { input_tokens: input, output_tokens: 1 },
  });
  const META = { v: 1, type: 'meta', startedAt: at(0), label: 'sums', kind: 'llm' };

  it('never pass 2^53: the turn that would take a sum there overflows instead, so every figure is exact', () => {
    const m = statsOf(storeOf([META, turn(1, BIG), turn(2, BIG), turn(3, 5)]), 0).models!;
    expect(m.summary).toMatchObject({ inputTokens: BIG + 5, outputTokens: 2, overflowTurns: 1 });
    expect(Number.isSafeInteger(m.summary.inputTokens)).toBe(true);
  });

  it('the total over models is bounded too, and a negative count hides nothing (it is no count)', () => {
    const across = statsOf(storeOf([META, turn(1, BIG), turn(2, BIG, 'gpt-4o')]), 0).models!;
    expect(across.summary).toMatchObject({ inputTokens: BIG, overflowTurns: 1 });
    const hidden = statsOf(storeOf([META, turn(1, -BIG, 'gpt-4o'), turn(2, BIG), turn(3, BIG)]), 0).models!;
    expect(hidden.perModel.find((p) => p.model === 'claude-sonnet-4-5')).toMatchObject({ inputTokens: BIG });
    expect(hidden.perModel.find((p) => p.model === 'gpt-4o')).toMatchObject({ inputTokens: null, overflowTurns: 1 });
    expect(hidden.summary.overflowTurns).toBe(2);
  });

  it('a filter and a restored index count the same (the bound is rebuilt from the models)', () => {
    const lines = [META, turn(1, BIG), turn(2, 7)];
    const store = storeOf(lines);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(store), 'test.jsonl')).toBe(true);
    // More turns after the restore (a followed file): the first would pass 2^53.
    fillMore(restored, [turn(3, BIG), turn(4, 1)]);
    fillMore(store, [turn(3, BIG), turn(4, 1)]);
    expect(statsOf(restored, 0).models).toEqual(statsOf(store, 0).models);
    expect(statsOf(store, 0).models!.summary).toMatchObject({ inputTokens: BIG + 8, overflowTurns: 1 });
    const kept = applyFilter(store, parseFilter('model:claude*')!, null, ['test.jsonl']);
    expect(aggregateRows(store, kept.rows).models.get('claude-sonnet-4-5')).toMatchObject({
      input: BIG + 8,
      overflowTurns: 1,
    });
  });
});

describe('the axis', () => {
  it('leaves out what is over 100 years from the median, and counts it', () => {
    const lines = [0, 1, 2, 90, 180, 199].map((y) => ({
      t: new Date(Date.parse('1900-01-01') + y * YEAR).toISOString(),
      type: 'turn',
      role: 'assistant',
      model: 'm',
      blocks: [],
      usage: { input_tokens: 1, output_tokens: 1 },
    }));
    const t = usageData(storeOf(lines)).timeline!;
    expect(t.outsideAxis).toBe(2);
    expect(t.tokens.reduce((a, b) => a + b, 0)).toBe(8);
  });
});
