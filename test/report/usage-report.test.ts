import { describe, expect, it } from 'vitest';
import { width } from '../../src/kit/cells.js';
import { boundOf, ZoneClock } from '../../src/kit/zone-time.js';
import { ReportRows, reportDoc, reportText, totalsOf } from '../../src/report/usage-report.js';
import { pairRuns, runIdOf } from '../../src/sources/recordings.js';
import { costUsdOf, type Dim, FIGURE_FIELDS, type Figures, runFigures } from '../../src/store/run-figures.js';
import { statsOf } from '../../src/store/stats.js';
import { toolCosts } from '../../src/store/tool-costs.js';
import type { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { storeOf } from '../helpers/store.js';

/*
 * One run in two planes that crosses midnight in New York (03:50Z is 23:50 there, 04:10Z
 * is 00:10 the next day) and changes model halfway: a search call asked by a
 * claude-sonnet-4-5 turn, a fetch call (failed) by a gpt-4o one.
 */
const meta = (kind: string) => ({
  v: 1,
  type: 'meta',
  startedAt: '2026-08-20T03:50:00.000Z',
  label: 'docs-server',
  command: ['x'],
  kind,
});
const turn = (t: string, role: string, blocks: object[], extra: object = {}) => ({
  t: `2026-08-20T${t}Z`,
  type: 'turn',
  role,
  blocks,
  ...extra,
});
const agentLines = [
  meta('llm'),
  turn('03:50:01.000', 'user', [{ type: 'text', text: 'hi' }]),
  turn('03:55:00.000', 'assistant', [{ type: 'tool_use', id: 'tu1', name: 'search', input: {} }], {
    model: 'claude-sonnet-4-5',
    usage: { input_tokens: 100, output_tokens: 10 },
  }),
  turn('03:56:00.000', 'user', [{ type: 'tool_result', tool_use_id: 'tu1', content: 'ok' }]),
  turn('04:10:00.000', 'assistant', [{ type: 'tool_use', id: 'tu2', name: 'fetch', input: {} }], {
    model: 'gpt-4o',
    usage: { input_tokens: 200, output_tokens: 20, cache_read_input_tokens: 50 },
  }),
  turn('04:11:00.000', 'user', [{ type: 'tool_result', tool_use_id: 'tu2', content: 'no', is_error: true }]),
  turn('04:12:00.000', 'assistant', [{ type: 'text', text: 'done' }], {
    model: 'gpt-4o',
    usage: { input_tokens: 300, output_tokens: 30 },
  }),
  turn('04:12:30.000', 'assistant', [{ type: 'text', text: 'again' }], {
    model: 'my-own-model',
    usage: { input_tokens: 7, output_tokens: 3 },
  }),
];
const call = (t: string, id: number, name: string) => ({
  t: `2026-08-20T${t}Z`,
  dir: 'in',
  raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } },
});
const answer = (t: string, id: number, isError = false) => ({
  t: `2026-08-20T${t}Z`,
  dir: 'out',
  raw: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'r' }], isError } },
});
const mcpLines = [
  meta('mcp'),
  call('03:55:10.000', 1, 'search'),
  answer('03:55:20.000', 1),
  call('04:10:10.000', 2, 'fetch'),
  answer('04:10:30.000', 2, true),
];

const planes = (): TraceStore[] => [
  storeOf(agentLines, bundledPrices(), 'runs/x.agent.jsonl'),
  storeOf(mcpLines, bundledPrices(), 'runs/x.mcp.jsonl'),
];
const options = (by: Dim[], zone = 'UTC', since: number | null = null, until: number | null = null) => ({
  by,
  clock: new ZoneClock(zone),
  since,
  until,
});

/** The report of the run, as `report` folds it. */
function report(by: Dim[], zone = 'UTC', since: number | null = null, until: number | null = null) {
  const rows = new ReportRows(by);
  rows.add(runFigures('runs/x', planes(), options(by, zone, since, until)));
  const sorted = rows.sorted('asc');
  return { rows: sorted, totals: totalsOf(sorted) };
}
const keys = (r: ReturnType<typeof report>) => r.rows.map((x) => x.key);
/** The figures summed: each JSON field's, the cost in whole nano-dollars. */
const FIELDS = [...FIGURE_FIELDS.filter((f) => f !== 'costUsd'), 'costNano'] as const;
const sumOf = (rows: { figures: Figures }[], field: keyof Figures) =>
  rows.reduce<number | null>((s, r) => (r.figures[field] === null ? s : (s ?? 0) + r.figures[field]!), null);

/** A run's info that says nothing: the rows are what these tests are about. */
const NO_INFO = {
  id: 'r',
  startMs: null,
  durationMs: null,
  label: null,
  agent: null,
  project: null,
  branch: null,
  models: [],
};
describe('report figures of one run', () => {
  it('are those of summary on its files, the tool calls counted from the mcp plane only', () => {
    const [agent, mcp] = planes();
    const a = statsOf(agent!, 0);
    const m = statsOf(mcp!, 0);
    const { rows, totals } = report(['session']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toEqual({ session: 'runs/x' });
    expect(totals).toEqual(rows[0]!.figures);
    // Both planes record the same two calls: the agent's tool_uses are not counted again.
    expect(a.tools.reduce((s, t) => s + t.calls, 0)).toBe(2);
    expect(m.tools.map((t) => [t.name, t.calls, t.errors, t.origin])).toEqual([
      ['fetch', 1, 1, 'mcp'],
      ['search', 1, 0, 'mcp'],
    ]);
    expect(totals).toMatchObject({
      sessions: 1,
      toolCalls: 2,
      toolErrors: 1,
      turns: a.models!.summary.assistantTurns,
      inputTokens: a.models!.summary.inputTokens,
      outputTokens: a.models!.summary.outputTokens,
      cacheReadTokens: a.models!.summary.cacheReadTokens,
      cacheWriteTokens: 0,
      unpricedTurns: 1,
    });
    expect(costUsdOf(totals)).toBe(a.models!.cost.totalUsd);
    expect(a.models!.cost.unpricedModels).toEqual(['my-own-model']);
  });

  it('splits a run across midnight by each record own time, in the zone asked for', () => {
    const utc = report(['day']);
    expect(keys(utc)).toEqual([{ day: '2026-08-20' }]);
    const ny = report(['day'], 'America/New_York');
    expect(keys(ny)).toEqual([{ day: '2026-08-19' }, { day: '2026-08-20' }]);
    const [before, after] = ny.rows.map((r) => r.figures);
    // The session counts once, on the day it started (23:50 in New York).
    expect(before).toMatchObject({ sessions: 1, turns: 1, inputTokens: 100, toolCalls: 1, toolErrors: 0 });
    expect(after).toMatchObject({ sessions: 0, turns: 3, inputTokens: 507, toolCalls: 1, toolErrors: 1 });
    expect(ny.totals).toEqual(utc.totals);
    // Tokyo is 9 hours ahead: all of it on the 20th, like UTC.
    expect(keys(report(['day'], 'Asia/Tokyo'))).toEqual([{ day: '2026-08-20' }]);
  });

  it('keys weeks (ISO, from Monday) and months in the zone too', () => {
    // 2026-08-20 is a Thursday: week 34 in UTC; in New York the 19th is the same week.
    expect(keys(report(['week'], 'America/New_York'))).toEqual([{ week: '2026-W34' }]);
    expect(keys(report(['month']))).toEqual([{ month: '2026-08' }]);
  });

  it('charges each turn to its model and each call to the model of the turn before it', () => {
    const r = report(['model']);
    expect(keys(r)).toEqual([{ model: 'claude-sonnet-4-5' }, { model: 'gpt-4o' }, { model: 'my-own-model' }]);
    const [sonnet, gpt, own] = r.rows.map((x) => x.figures);
    expect(sonnet).toMatchObject({ sessions: 1, turns: 1, toolCalls: 1, toolErrors: 0, inputTokens: 100 });
    expect(gpt).toMatchObject({ sessions: 0, turns: 2, toolCalls: 1, toolErrors: 1, inputTokens: 500 });
    expect(gpt!.costNano).toBeGreaterThan(0);
    expect(own).toMatchObject({ turns: 1, costNano: null, unpricedTurns: 1 });
  });

  it('gives two keys one row per pair, and the totals are the sum of the rows', () => {
    const r = report(['day', 'model'], 'America/New_York');
    expect(keys(r)).toEqual([
      { day: '2026-08-19', model: 'claude-sonnet-4-5' },
      { day: '2026-08-20', model: 'gpt-4o' },
      { day: '2026-08-20', model: 'my-own-model' },
    ]);
    for (const field of FIELDS) expect(r.totals[field], field).toBe(sumOf(r.rows, field));
  });

  it('by tool: a row per tool with its calls and its share of the turns that asked for them', () => {
    const r = report(['tool']);
    expect(keys(r)).toEqual([{ tool: 'fetch' }, { tool: 'search' }, { tool: null }]);
    const [fetch, search, none] = r.rows.map((x) => x.figures);
    const [agent, mcp] = planes();
    // The same charges as summary's tool table (x-costByTool) on X.mcp.jsonl with X.agent.jsonl.
    const costs = new Map(toolCosts(mcp!, { turns: agent! }).map((c) => [c.name, c]));
    expect(costs.get('fetch')).toMatchObject({ attributedCalls: 1, outputTokens: 20 });
    for (const [row, name] of [
      [fetch!, 'fetch'],
      [search!, 'search'],
    ] as const) {
      expect(row.outputTokens, name).toBe(costs.get(name)!.outputTokens);
      expect(costUsdOf(row), name).toBe(costs.get(name)!.costUsd);
    }
    expect(fetch).toMatchObject({ toolCalls: 1, toolErrors: 1, outputTokens: 20, overflowTurns: 0 });
    expect(fetch!.costNano).toBeGreaterThan(0);
    // What is not the tool's own is in the (no tool) row: sessions, turns, input tokens.
    for (const field of [
      'sessions',
      'turns',
      'inputTokens',
      'cacheReadTokens',
      'cacheWriteTokens',
      'unpricedTurns',
    ] as const)
      expect(fetch![field], field).toBeNull();
    expect(search).toMatchObject({ toolCalls: 1, toolErrors: 0, sessions: null, outputTokens: 10 });
    // The shares are taken from the turns' row: the rows still add up to the run.
    expect(none).toMatchObject({ sessions: 1, toolCalls: 0, turns: 4, inputTokens: 607, outputTokens: 63 - 30 });
    const whole = report(['session']).totals;
    // Exactly, the cost too: it is moved and summed in whole nano-dollars.
    for (const field of FIELDS) expect(r.totals[field], field).toBe(whole[field]);
    for (const field of FIELDS) expect(r.totals[field], field).toBe(sumOf(r.rows, field));
  });

  it('by tool and day: a call charged on its own day, its share taken from its turn day', () => {
    const r = report(['day', 'tool'], 'America/New_York');
    const row = (day: string, tool: string | null) => r.rows.find((x) => x.key.day === day && x.key.tool === tool);
    expect(row('2026-08-19', 'search')!.figures).toMatchObject({ toolCalls: 1, outputTokens: 10 });
    expect(row('2026-08-20', 'fetch')!.figures).toMatchObject({ toolCalls: 1, outputTokens: 20 });
    // 23:55 in New York: the search turn's 10 output tokens went to its call.
    expect(row('2026-08-19', null)!.figures).toMatchObject({ turns: 1, outputTokens: 0, costNano: 0 });
    expect(row('2026-08-20', null)!.figures).toMatchObject({ turns: 3, outputTokens: 53 - 20 });
  });

  it('by tool, a call no turn asked for is charged nothing (null), and an agent plane alone charges its tool_uses', () => {
    const lone = storeOf(
      [meta('mcp'), call('05:00:00.000', 9, 'search'), answer('05:00:01.000', 9)],
      bundledPrices(),
      'runs/y.mcp.jsonl',
    );
    const rows = runFigures('runs/y', [lone], options(['tool'])).rows;
    expect(rows.find((x) => x.key.tool === 'search')!.figures).toMatchObject({
      toolCalls: 1,
      outputTokens: null,
      costNano: null,
    });
    const [agent] = planes();
    const own = new ReportRows(['tool']);
    own.add(runFigures('runs/x', [agent!], options(['tool'])));
    const [fetch, search, none] = own.sorted('asc').map((x) => x.figures);
    expect(fetch).toMatchObject({ toolCalls: 1, toolErrors: 1, outputTokens: 20 });
    expect(search).toMatchObject({ toolCalls: 1, outputTokens: 10 });
    expect(none).toMatchObject({ outputTokens: 33 });
  });

  it('--since and --until keep what happened between them, by each record time', () => {
    const ny = new ZoneClock('America/New_York');
    const since = boundOf('2026-08-20', ny, 'since');
    const r = report(['day'], 'America/New_York', since, null);
    expect(keys(r)).toEqual([{ day: '2026-08-20' }]);
    // The session started the day before: it is not counted, its records of the 20th are.
    expect(r.totals).toMatchObject({ sessions: 0, turns: 3, toolCalls: 1 });
    const until = boundOf('2026-08-19', ny, 'until');
    expect(report(['day'], 'America/New_York', null, until).totals).toMatchObject({
      sessions: 1,
      turns: 1,
      toolCalls: 1,
    });
    // A time: up to and including 03:55:10Z (the search call), in UTC.
    const at = boundOf('2026-08-20T03:55:10Z', ny, 'until');
    expect(report(['day'], 'UTC', null, at).totals).toMatchObject({ turns: 1, toolCalls: 1, toolErrors: 0 });
  });

  it('writes rows with their key first, and null where nothing is priced', () => {
    const r = report(['model']);
    const doc = reportDoc(['model'], r.rows, r.totals, bundledPrices().origin);
    expect(doc.schema).toBe('mcp-replay-tui.report/1');
    expect(Object.keys(doc)).toEqual(['schema', 'by', 'rows', 'totals', 'prices']);
    // The key first, then the figures in the order the issue gives them.
    expect(Object.keys(doc.rows[0]!)).toEqual(['key', ...FIGURE_FIELDS]);
    expect(FIGURE_FIELDS.join(' ')).toBe(
      'sessions toolCalls toolErrors turns inputTokens outputTokens cacheReadTokens cacheWriteTokens costUsd unpricedTurns',
    );
    expect(doc.rows[2]!.costUsd).toBeNull();
    expect('key' in doc.totals).toBe(false);
  });
});

describe('the fold over many runs', () => {
  it('sorts by key, asc or desc, a key with no value last either way', () => {
    const rows = new ReportRows(['day', 'model']);
    const f = (sessions: number): Figures => ({ ...report(['session']).totals, sessions });
    for (const [day, model] of [
      ['2026-08-20', 'b'],
      [null, 'a'],
      ['2026-08-19', null],
      ['2026-08-20', 'a'],
    ] as const)
      rows.add({
        info: NO_INFO,
        rows: [{ key: { day, model }, figures: f(1) }],
      });
    expect(rows.sorted('asc').map((r) => [r.key.day, r.key.model])).toEqual([
      ['2026-08-19', null],
      ['2026-08-20', 'a'],
      ['2026-08-20', 'b'],
      [null, 'a'],
    ]);
    expect(rows.sorted('desc').map((r) => [r.key.day, r.key.model])).toEqual([
      ['2026-08-20', 'b'],
      ['2026-08-20', 'a'],
      ['2026-08-19', null],
      [null, 'a'],
    ]);
  });

  it('adds costs exactly: rows by day add up to the run, to summary, in any order (whole nano-dollars)', () => {
    // Five turns over three days whose costs, as doubles in USD, sum to another last digit
    // by day (0.21605100000000002) than in line order (0.216051).
    const DAY = 86_400_000;
    const t0 = Date.parse('2026-05-10T12:00:00.000Z');
    const lines = [7920, 14697, 49185, 32, 8].map((input, i) => ({
      t: new Date(t0 + [0, 1.25, 1.3, 2.5, 2.6][i]! * DAY).toISOString(),
      type: 'turn',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      blocks: [],
      usage: { input_tokens: input, output_tokens: 7 },
    }));
    const store = storeOf(lines, bundledPrices(), 'x.agent.jsonl');
    const byDay = new ReportRows(['day']);
    byDay.add(runFigures('x', [store], options(['day'])));
    const days = byDay.sorted('asc');
    expect(days).toHaveLength(3);
    const summary = statsOf(store, 0).models!.cost.totalUsd;
    expect(summary).toBe(0.216051);
    expect(costUsdOf(totalsOf(days))).toBe(summary);
    expect(costUsdOf(totalsOf([...days].reverse()))).toBe(summary);
    expect(reportDoc(['day'], days, totalsOf(days), bundledPrices().origin).totals.costUsd).toBe(0.216051);
  });

  it('leaves out tokens that would take a sum past 2^53, and counts their turns', () => {
    const rows = new ReportRows(['day']);
    const big: Figures = { ...report(['session']).totals, inputTokens: 2 ** 52 + 1, turns: 3 };
    const run = {
      info: NO_INFO,
      rows: [{ key: { day: 'd' }, figures: big }],
    };
    rows.add(run);
    rows.add(run);
    const [row] = rows.sorted('asc');
    expect(row!.figures.inputTokens).toBe(2 ** 52 + 1);
    expect(row!.figures.turns).toBe(6);
    expect(row!.figures.overflowTurns).toBe(3);
    expect(totalsOf([row!]).inputTokens).toBe(2 ** 52 + 1);
  });
});

describe('the table', () => {
  it('fits 80 columns (compact: no cache columns), and says what it left out', () => {
    const r = report(['day', 'model'], 'America/New_York');
    const text = reportText(['day', 'model'], r.rows, r.totals, 80, ['a note']);
    const lines = text.trimEnd().split('\n');
    for (const l of lines) expect(width(l), l).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^DAY +MODEL +SESS +CALLS +ERR +TURNS +INPUT +OUTPUT +COST$/);
    expect(lines[4]).toMatch(/^TOTAL +1 +2 +1 +4 +607 +63 +\$[\d.]+\*$/);
    expect(text).toContain('CACHE READ, CACHE WRITE left out to fit 80 columns');
    expect(text).toContain('some turns are unpriced');
    const wide = reportText(['day', 'model'], r.rows, r.totals, 160, []);
    expect(wide.split('\n')[0]).toContain('CACHE WRITE');
    expect(wide).not.toContain('left out');
    // Narrower still: columns go, the most needed last, and every line still fits.
    for (const columns of [40, 60]) {
      const narrow = reportText(['day', 'model'], r.rows, r.totals, columns, []);
      for (const l of narrow.trimEnd().split('\n')) expect(width(l), `${columns}: ${l}`).toBeLessThanOrEqual(columns);
    }
  });

  it('by session at 80 columns: long run names cut in their middle, every figure but SESS kept', () => {
    const figures: Figures = {
      ...report(['session']).totals,
      sessions: 1,
      toolCalls: 102,
      toolErrors: 28,
      turns: 193,
      inputTokens: 1_143_479,
      outputTokens: 31_280,
    };
    const names = [
      'knowledge-mcp-global-api-aws-2026-08-20T16-45-18-024Z',
      'docs-mcp-cloudflare-com-2026-08-19T20-56-16-949Z',
    ];
    const rows = names.map((n) => ({ key: { session: `runs/${n}` }, figures }));
    const text = reportText(['session'], rows, totalsOf(rows), 80, []);
    const lines = text.trimEnd().split('\n');
    for (const l of lines) expect(width(l), l).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^SESSION +CALLS +ERR +TURNS +INPUT +OUTPUT +COST$/);
    expect(lines[1]).toMatch(/^knowled…2026-08-20T16-45-18-024Z +102 +28 +193 +1,143,479 +31,280 /);
    expect(lines[2]).toMatch(/^docs-mc…2026-08-19T20-56-16-949Z /);
    expect(text).toContain('CACHE READ, CACHE WRITE, SESS left out to fit 80 columns');
    // Wide, the names whole.
    expect(reportText(['session'], rows, totalsOf(rows), 160, [])).toContain(names[0]);
  });

  it('shows a key with no value in words, and a session by its run name', () => {
    const r = report(['session', 'tool']);
    const text = reportText(['session', 'tool'], r.rows, r.totals, 200, []);
    expect(text).toContain('(no tool)');
    expect(text.split('\n')[1]).toMatch(/^x +fetch /);
  });

  it('says under the table what the (no tool) row holds, only when it is there', () => {
    const r = report(['tool']);
    const note = /^ {2}\(no tool\): sessions, turns, and the tokens and cost not charged to a tool call$/m;
    expect(reportText(['tool'], r.rows, r.totals, 200, [])).toMatch(note);
    // At 60 columns it wraps, never cut.
    const narrow = reportText(['tool'], r.rows, r.totals, 60, []);
    expect(narrow.replace(/\n {2}(?! )/g, ' ')).toContain(
      '(no tool): sessions, turns, and the tokens and cost not charged to a tool call',
    );
    const byDay = report(['day']);
    expect(reportText(['day'], byDay.rows, byDay.totals, 200, [])).not.toContain('(no tool)');
  });
});

describe('runs paired by name', () => {
  it('pairs X.agent.jsonl with X.mcp.jsonl in the same directory, and nothing else', () => {
    const at = (path: string) => ({ path, mtimeMs: 1, bytes: 1 });
    const runs = pairRuns(
      [
        'd/a.agent.jsonl',
        'd/a.mcp.jsonl',
        'e/a.mcp.jsonl',
        'd/b.jsonl',
        'd/b.json',
        'd/c.mcp.json',
        'd/.mcp.jsonl',
        'https://x/a.agent.jsonl',
      ].map(at),
    );
    expect(runs.map((r) => [r.id, r.files])).toEqual([
      ['d/a', ['d/a.agent.jsonl', 'd/a.mcp.jsonl']],
      ['e/a', ['e/a.mcp.jsonl']],
      ['d/b.jsonl', ['d/b.jsonl']],
      ['d/b.json', ['d/b.json']],
      ['d/c', ['d/c.mcp.json']],
      ['d/.mcp.jsonl', ['d/.mcp.jsonl']],
      ['https://x/a.agent.jsonl', ['https://x/a.agent.jsonl']],
    ]);
    expect(runIdOf('x/Y.AGENT.JSONL')).toBe('x/Y');
  });
});
