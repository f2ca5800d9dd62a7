import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nanoOf, usdOf } from '../../src/kit/counts.js';
import { FIGURE_FIELDS } from '../../src/store/run-figures.js';
import type { StatsDoc } from '../../src/store/stats.js';
import { run } from '../helpers/cli.js';
import { REAL_PRODUCERS, REAL_TRACES, realRuns, realTraceFiles } from '../helpers/shared.js';

const schema = JSON.parse(readFileSync(new URL('../../docs/report.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
/** Costs in USD as printed, summed in whole nano-dollars (as the tool sums them). */
const nanoSum = (usd: readonly number[]) => usd.reduce((s, c) => s + nanoOf(c)!, 0);

interface Doc {
  schema: string;
  by: string[];
  rows: ({ key: Record<string, string | null> } & Record<string, number | null>)[];
  totals: Record<string, number | null>;
}
const reportOf = (...args: string[]) => {
  const r = run(['report', '--json', ...args]);
  return { ...r, doc: r.stdout ? (JSON.parse(r.stdout) as Doc) : null };
};

// Each case runs the binary (a process and its workers), some several times: on a loaded 2-core box, seconds each.
describe('report over the real runs (both planes of each)', { timeout: 90_000 }, () => {
  it('gives each session the figures summary gives its two files', () => {
    const { code, doc } = reportOf('--by', 'session', REAL_TRACES);
    expect(code).toBe(0);
    const summary = run(['summary', '--json', '--no-cache', ...realTraceFiles]);
    expect(summary.code).toBe(0);
    const docs = JSON.parse(summary.stdout) as StatsDoc[];
    const byRun = new Map<string, StatsDoc[]>();
    for (const d of docs) {
      const id = d.file!.replace(/\.(agent|mcp)\.jsonl$/, '');
      byRun.set(id, [...(byRun.get(id) ?? []), d]);
    }
    expect(byRun.size).toBe(realRuns.length);
    expect(doc!.rows).toHaveLength(realRuns.length);
    for (const row of doc!.rows) {
      const files = byRun.get(join(REAL_TRACES, basename(row.key.session!)))!;
      expect(files, row.key.session!).toHaveLength(2);
      const models = files.flatMap((f) => (f.models ? [f.models] : []));
      const sum = (pick: (m: NonNullable<StatsDoc['models']>) => number | null) =>
        models.reduce((s, m) => s + (pick(m) ?? 0), 0);
      // Both planes record the same calls: the mcp plane's are counted.
      const mcpTools = files.flatMap((f) => f.tools.filter((t) => t.origin !== 'turn'));
      const anyMcp = mcpTools.length > 0;
      const tools = anyMcp ? mcpTools : files.flatMap((f) => f.tools);
      const costs = models.map((m) => m.cost.totalUsd).filter((c): c is number => c !== null);
      expect(models.every((m) => m.cost.unpricedModels.length === 0)).toBe(true);
      expect(row, row.key.session!).toEqual({
        key: row.key,
        sessions: 1,
        toolCalls: tools.reduce((s, t) => s + t.calls, 0),
        toolErrors: tools.reduce((s, t) => s + t.errors, 0),
        turns: sum((m) => m.summary.assistantTurns),
        inputTokens: sum((m) => m.summary.inputTokens),
        outputTokens: sum((m) => m.summary.outputTokens),
        cacheReadTokens: sum((m) => m.summary.cacheReadTokens),
        cacheWriteTokens: sum((m) => m.summary.cacheCreationTokens),
        // Each plane's cost in whole nano-dollars, summed: exactly the run's.
        costUsd: costs.length ? usdOf(nanoSum(costs)) : null,
        unpricedTurns: 0,
      });
    }
  });

  it.each([
    [['--by', 'day', '--by', 'model', '--tz', 'America/Los_Angeles']],
    [['--by', 'week,month', '--order', 'desc']],
    [['--by', 'session', '--by', 'server', '--by', 'tool', '--since', '2026-08-20']],
  ])('%j: valid against docs/report.schema.json, totals the sum of the rows', (args) => {
    const { code, doc } = reportOf(...args, REAL_TRACES);
    expect(code).toBe(0);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    for (const field of FIGURE_FIELDS) {
      const values = doc!.rows.map((r) => r[field]).filter((v): v is number => v !== null);
      // The cost is summed in whole nano-dollars: exact, in any order.
      const sum = field === 'costUsd' ? usdOf(nanoSum(values)) : values.reduce((s, v) => s + v, 0);
      expect(doc!.totals[field], field).toBe(values.length ? sum : null);
    }
  });

  it('--by tool charges each tool what summary charges it (x-costByTool), and adds up to the runs', () => {
    const { code, doc } = reportOf('--by', 'tool', REAL_TRACES);
    expect(code).toBe(0);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    // summary links an mcp plane to its agent plane when both are named: run by run, as report reads them.
    const charged = new Map<string, { calls: number; tokens: number | null; cost: number | null }>();
    const docs = JSON.parse(run(['summary', '--json', '--no-cache', ...realTraceFiles]).stdout) as (StatsDoc & {
      'x-costByTool': ({ name: string; calls: number; outputTokens: number | null; costUsd: number | null } | null)[];
    })[];
    const plus = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);
    for (const d of docs.filter((x) => x.file!.endsWith('.mcp.jsonl')))
      for (const c of d['x-costByTool']) {
        if (!c) continue;
        const was = charged.get(c.name) ?? { calls: 0, tokens: null, cost: null };
        charged.set(c.name, {
          calls: was.calls + c.calls,
          tokens: plus(was.tokens, c.outputTokens),
          cost: plus(was.cost, c.costUsd === null ? null : nanoOf(c.costUsd)),
        });
      }
    const tools = doc!.rows.filter((r) => r.key.tool !== null);
    expect(tools.length).toBeGreaterThan(3);
    expect(tools.some((r) => (r.outputTokens ?? 0) > 0)).toBe(true);
    for (const r of tools) {
      const c = charged.get(r.key.tool!)!;
      expect(r.toolCalls, r.key.tool!).toBe(c.calls);
      expect(r.outputTokens, r.key.tool!).toBe(c.tokens);
      if (c.cost === null) expect(r.costUsd).toBeNull();
      else expect(r.costUsd, r.key.tool!).toBe(usdOf(c.cost));
    }
    // The shares come out of the (no tool) row: the totals are the runs'.
    const whole = reportOf('--by', 'session', REAL_TRACES).doc!;
    expect(doc!.totals).toEqual(whole.totals);
  });

  it('--since and --until split the runs between them, and days follow --tz', () => {
    const all = reportOf('--by', 'day', REAL_TRACES).doc!;
    const before = reportOf('--by', 'day', '--until', '2026-08-19', REAL_TRACES).doc!;
    const after = reportOf('--by', 'day', '--since', '2026-08-20', REAL_TRACES).doc!;
    expect(before.rows.map((r) => r.key.day)).toEqual(['2026-08-19']);
    expect(after.rows.map((r) => r.key.day)).toEqual(['2026-08-20']);
    for (const field of ['sessions', 'toolCalls', 'turns', 'inputTokens', 'outputTokens'] as const)
      expect(before.totals[field]! + after.totals[field]!, field).toBe(all.totals[field]);
    // Tokyo is 9 hours ahead of UTC: the runs of 2026-08-19 after 15:00 UTC fall on the 20th there.
    const tokyo = reportOf('--by', 'day', '--tz', 'Asia/Tokyo', REAL_TRACES).doc!;
    // The same figures to the last digit, the cost summed in other groups.
    expect(tokyo.totals).toEqual(all.totals);
    expect(tokyo.rows.map((r) => r.key.day)).not.toEqual(all.rows.map((r) => r.key.day));
  });
});

describe('report, what it is given', { timeout: 60_000 }, () => {
  let dir = '';
  const fixture = (name: string) => join(process.cwd(), 'test/fixtures/two-planes', name);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mrt-report-'));
    mkdirSync(join(dir, 'runs/deep'), { recursive: true });
    copyFileSync(fixture('agent.jsonl'), join(dir, 'runs/deep/r1.agent.jsonl'));
    copyFileSync(fixture('mcp.jsonl'), join(dir, 'runs/deep/r1.mcp.jsonl'));
    copyFileSync(fixture('mcp.jsonl'), join(dir, 'runs/solo.jsonl'));
    writeFileSync(join(dir, 'runs/README.md'), '# not a recording\n');
    writeFileSync(join(dir, 'runs/notes.txt'), 'not a recording either\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('searches a directory for .jsonl and .json files, pairing the planes of a run', () => {
    const { code, doc, stderr } = reportOf('--by', 'session', join(dir, 'runs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(doc!.rows.map((r) => basename(r.key.session!))).toEqual(['r1', 'solo.jsonl']);
  });

  it('expands a quoted glob itself, and counts a file named twice once', () => {
    const glob = join(dir, 'runs/**/*.mcp.jsonl');
    const { code, doc } = reportOf('--by', 'session', glob, join(dir, 'runs/deep/r1.mcp.jsonl'));
    expect(code).toBe(0);
    expect(doc!.rows.map((r) => basename(r.key.session!))).toEqual(['r1']);
    expect(doc!.totals.sessions).toBe(1);
  });

  it('names each file it cannot read with why, reports the rest, and exits 1', () => {
    const bad = join(dir, 'bad');
    mkdirSync(bad, { recursive: true });
    copyFileSync(fixture('mcp.jsonl'), join(bad, 'ok.jsonl'));
    writeFileSync(join(bad, 'settings.json'), '{"theme": "dark"}\n');
    symlinkSync(join(bad, 'nowhere.jsonl'), join(bad, 'gone.jsonl'));
    writeFileSync(join(bad, 'evil\x1b]0;pwned\x07.jsonl'), '');
    const r = reportOf(bad, join(dir, 'missing'), join(dir, 'none-*.jsonl'), join(bad, 'settings.json'));
    expect(r.code).toBe(1);
    // ok.jsonl; the empty file holds no record, so no session.
    expect(r.doc!.totals.sessions).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/cannot read .*missing: no such file or directory$/),
        expect.stringMatching(/cannot read .*none-\*\.jsonl: no \.jsonl or \.json file matches$/),
        expect.stringMatching(/cannot read .*gone\.jsonl: no such file or directory$/),
        // Named by the user (as well as found in the directory): an error.
        expect.stringMatching(/cannot read .*settings\.json: not a trace: .*settings\.json is /),
      ]),
    );
    // A file name is shown inert: its escape cannot reach the terminal.
    expect(r.stderr).not.toContain('\x1b');
    // The table's notes say so too, not only that runs were found.
    const text = run(['report', bad, join(dir, 'missing'), join(dir, 'none-*.jsonl'), join(bad, 'settings.json')]);
    expect(text.stdout).toMatch(/\d runs?, \d files? · 4 could not be read \(named above\)/);
  });

  it('a file whose every line is skipped holds no record: no session, its lines named as skipped', () => {
    const only = join(dir, 'skipped-only');
    mkdirSync(only, { recursive: true });
    writeFileSync(join(only, 'bad.jsonl'), 'not json\n');
    copyFileSync(fixture('mcp.jsonl'), join(only, 'ok.jsonl'));
    const r = reportOf('--by', 'session', only);
    expect(r.code).toBe(0);
    expect(r.doc!.rows.map((row) => basename(row.key.session!))).toEqual(['ok.jsonl']);
    expect(r.doc!.totals.sessions).toBe(1);
    expect(r.stderr).toContain(`skipped 1 malformed line in 1 file: ${join(only, 'bad.jsonl')} (1)`);
  });

  it('passes over a file of no known format found in a directory or by a glob: one note, exit 0', () => {
    const some = join(dir, 'some');
    mkdirSync(some, { recursive: true });
    copyFileSync(fixture('mcp.jsonl'), join(some, 'ok.jsonl'));
    writeFileSync(join(some, 'settings.json'), '{"theme": "dark"}\n');
    for (const args of [[some], [join(some, '*.json*')]]) {
      const r = run(['report', ...args]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('passed over 1 file of no known format (--verbose names them)\n');
      expect(r.stdout).toContain('1 run, 1 file ·');
      expect(r.stdout).not.toContain('could not be read');
    }
    expect(run(['report', '--verbose', some]).stderr).toBe(
      `not a trace: ${join(some, 'settings.json')} is a JSON document with keys theme (passed over)\n`,
    );
  });

  it('refuses a zone, a date or a dimension it does not know (exit 2)', () => {
    const f = join(dir, 'runs');
    expect(run(['report', '--tz', 'Mars/Olympus', f])).toMatchObject({ code: 2, stdout: '' });
    expect(run(['report', '--tz', 'Mars/Olympus', f]).stderr).toContain('--tz Mars/Olympus: not a time zone');
    expect(run(['report', '--since', '2026-02-30', f]).stderr).toContain('--since 2026-02-30: expected a day');
    expect(run(['report', '--since', '2026-02-30', f]).code).toBe(2);
    expect(run(['report', '--by', 'hour', f]).code).toBe(2);
    expect(run(['report', '-']).code).toBe(2);
  });

  it('prints a table with the totals last, then the notes and which prices', () => {
    const r = run(['report', '--by', 'day', join(dir, 'runs')]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^DAY +SESSIONS +CALLS +ERRORS +TURNS +INPUT +OUTPUT +CACHE READ +CACHE WRITE +COST$/);
    expect(lines.at(-3)).toMatch(/^TOTAL +2 /);
    expect(lines.at(-2)).toContain('2 runs, 3 files · times in ');
    expect(lines.at(-1)).toMatch(/^ {2}prices: bundled @pydantic\/genai-prices@/);
  });
});

describe('report reads every format the tool knows', () => {
  it('mcp-rec and mcp-recorder recordings count like summary counts them; their ground truth is passed over', () => {
    const r = reportOf('--by', 'session', REAL_PRODUCERS);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('passed over 2 files of no known format (--verbose names them)\n');
    const summary = JSON.parse(
      run(['summary', '--json', join(REAL_PRODUCERS, 'mcprec-everything-rich.jsonl')]).stdout,
    ) as StatsDoc;
    const row = r.doc!.rows.find((x) => x.key.session!.endsWith('mcprec-everything-rich.jsonl'))!;
    expect(row.toolCalls).toBe(summary.tools.reduce((s, t) => s + t.calls, 0));
    expect(r.doc!.rows.map((x) => basename(x.key.session!))).toContain('mcprecorder-everything.json');
  });
});

describe('times at the ends of the Date range', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'mrt-report-far-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const last = '+275760-09-13T00:00:00.000Z';
  const late = '9999-12-31T23:59:59.999Z';
  beforeAll(() => {
    const call = (t: string, dir: string, raw: object) => JSON.stringify({ t, dir, raw });
    writeFileSync(
      join(dir, 'far.mcp.jsonl'),
      [
        JSON.stringify({ v: 1, type: 'meta', startedAt: last, label: 'far', command: ['x'] }),
        call(last, 'in', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }),
        call(last, 'out', { jsonrpc: '2.0', id: 1, result: {} }),
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'late.mcp.jsonl'),
      [
        JSON.stringify({ v: 1, type: 'meta', startedAt: late, label: 'late', command: ['x'] }),
        call(late, 'in', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'y' } }),
      ].join('\n'),
    );
  });

  it.each(['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles'])(
    'have a day, week and month in %s, in time order',
    (tz) => {
      for (const by of ['day', 'week', 'month']) {
        const { code, doc } = reportOf('--by', by, '--tz', tz, dir);
        expect(code, `${by} ${tz}`).toBe(0);
        const keys = doc!.rows.map((r) => r.key[by]!);
        expect(keys, `${by} ${tz}`).toHaveLength(2);
        for (const k of keys) expect(k, `${by} ${tz}`).not.toMatch(/NaN/);
        // The year past 9999 comes last, as written with its sign.
        expect(keys[1], `${by} ${tz}`).toMatch(/^\+275760-/);
      }
    },
  );
});
