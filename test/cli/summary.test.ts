import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, SUMMARY_JSON_KEYS } from '../helpers/cli.js';
import { GENERATOR } from '../helpers/gen-trace.js';

describe('mcp-replay-tui summary', () => {
  it('stops quietly, exit 0, when its reader closes the pipe early (| head)', async () => {
    // Enough failed calls for the JSON to overflow a pipe's buffer many times.
    const lines: string[] = [];
    for (let id = 0; id < 4000; id++) {
      lines.push(
        JSON.stringify({
          t: '2026-05-12T23:00:00.000Z',
          dir: 'in',
          raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x' } },
        }),
      );
      lines.push(
        JSON.stringify({
          t: '2026-05-12T23:00:01.000Z',
          dir: 'out',
          raw: {
            jsonrpc: '2.0',
            id,
            result: { isError: true, content: [{ type: 'text', text: 'failed '.repeat(20) }] },
          },
        }),
      );
    }
    const file = join(mkdtempSync(join(tmpdir(), 'mrt-epipe-')), 'errors.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['bin/mcp-replay-tui.js', 'summary', '--json', '--no-cache', file]);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Read the first chunk, then close the pipe, as `head -c` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/Error|at .*\.js:\d+/);
    expect(code).toBe(0);
  });

  it('counts malformed lines, names them on stderr, and still exits 0', () => {
    const r = run(['summary', 'test/fixtures/malformed.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('skipped 3 malformed lines: line 3, 4, 6');
    expect(r.stdout).toMatch(/SKIPPED LINES \(3\)\n {2}line 3: not JSON/);
    expect(r.stdout).toMatch(/read_file\s+1\s+0\s+0\s+200ms/);
  });

  it('emits one mcp-tape.stats/1 object for one file', () => {
    const r = run(['summary', '--json', 'test/fixtures/malformed.jsonl']);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(SUMMARY_JSON_KEYS);
    expect(doc.schema).toBe('mcp-tape.stats/1');
    expect(doc.session).toMatchObject({
      skippedLines: 3,
      exitCode: 0,
      endReason: null,
      durationMs: 1000,
      kind: 'mcp',
      producer: null,
    });
    expect(Object.keys(doc.session)).toEqual([
      'label',
      'kind',
      'startedAt',
      'endedAt',
      'durationMs',
      'command',
      'producer',
      'records',
      'skippedLines',
      'endReason',
      'exitCode',
    ]);
  });

  it('emits an array in argument order for several files', () => {
    const r = run(['summary', '--json', 'test/fixtures/mcp-rec.jsonl', 'test/fixtures/malformed.jsonl']);
    const docs = JSON.parse(r.stdout);
    expect(docs.map((d: { file: string }) => d.file)).toEqual([
      'test/fixtures/mcp-rec.jsonl',
      'test/fixtures/malformed.jsonl',
    ]);
  });

  it('opens mcp-rec recordings: no meta, the first and last ts the session, pairs in/out, skips the invalid README line', () => {
    const r = run(['summary', '--json', 'test/fixtures/mcp-rec.jsonl']);
    const doc = JSON.parse(r.stdout);
    expect(doc.session).toMatchObject({
      label: null,
      kind: null,
      startedAt: '2025-06-15T15:06:41.230Z',
      endedAt: '2025-06-15T15:06:43.000Z',
      durationMs: 1770,
      skippedLines: 1,
    });
    expect(doc.tools).toEqual([
      { name: 'fetch', calls: 1, errors: 0, p50Ms: 500, p95Ms: 500, origin: 'mcp', pending: 0, maxMs: 500 },
    ]);
  });

  it('--all lists every error and skipped line; to a pipe, values are whole', () => {
    const lines = ['{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"x","command":["x"]}'];
    const long = 'a reason '.repeat(30).trim();
    for (let i = 0; i < 11; i++) {
      lines.push(
        `{"t":"2026-01-01T00:00:00.000Z","dir":"in","raw":{"id":${i},"method":"tools/call","params":{"name":"t"}}}`,
      );
      lines.push(
        `{"t":"2026-01-01T00:00:00.001Z","dir":"out","raw":{"id":${i},"error":{"code":1,"message":"${long} ${i}"}}}`,
      );
    }
    const input = `${lines.join('\n')}\n`;
    const some = run(['summary', '-'], input);
    expect(some.stdout).toContain('ERRORS (11, first 10; --all lists every one)');
    expect(some.stdout).toContain(`${long} 0 (code 1)\n`);
    const all = run(['summary', '--all', '-'], input);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('ERRORS (11)\n');
    expect(all.stdout).toContain(`${long} 10 (code 1)\n`);
  });

  it('reads stdin as -', () => {
    const r = run(
      ['summary', '--json', '-'],
      '{"t":"2026-01-01T00:00:00.000Z","dir":"in","raw":{"id":1,"method":"ping"}}\n',
    );
    expect(JSON.parse(r.stdout).session.records.message).toBe(1);
  });

  it('exits 1 naming a file that cannot be opened, before any output', () => {
    const r = run(['summary', 'test/fixtures/malformed.jsonl', 'no/such/file.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('mcp-replay-tui: cannot open no/such/file.jsonl: no such file\n');
  });

  it('exits 1 on a file that is not there and on an unreadable --prices file', () => {
    // (A directory stands for the recordings in it: test/cli/directories.test.ts.)
    const missing = run(['summary', 'test/nope.jsonl']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot open test/nope.jsonl: no such file');
    const r = run(['summary', '--prices', 'nope.json', 'test/fixtures/malformed.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot read prices nope.json');
  });

  it('--filter narrows the tables (JSON too) and an invalid one exits 2 with a caret', () => {
    const doc = JSON.parse(run(['summary', '--json', '--filter', 'status:error', 'examples/demo.jsonl']).stdout);
    expect(doc.models).toBeNull();
    expect(doc.tools.map((t: { name: string; calls: number; errors: number }) => [t.name, t.calls, t.errors])).toEqual([
      ['read_file', 1, 1],
      ['write_file', 1, 1],
    ]);
    expect(doc.session.records.total).toBe(35); // the session still describes the whole file
    const bad = run(['summary', '--filter', 'status:nope', 'examples/demo.jsonl']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'mcp-replay-tui: invalid --filter: status: "nope" is not one of ok, error, pending, cancelled\n  status:nope\n         ^\n',
    );
    expect(run(['--filter', 'bogus:1', 'examples/demo.jsonl']).code).toBe(2);
  });

  it('--filter of 50,000 characters exits 2 in a few lines, not with the filter echoed whole', () => {
    const r = run(['summary', '--filter', 'x'.repeat(50_000), 'examples/demo.jsonl']);
    expect(r.code).toBe(2);
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe(
      'mcp-replay-tui: invalid --filter: a filter is at most 2,000 characters (this one has 50,000)',
    );
    expect(r.stderr.length).toBeLessThan(400);
    // A glob as long as a filter may be, all stars, is read and answers at once.
    const stars = run(['summary', '--json', '--filter', `tool:${'*'.repeat(1990)}e`, 'examples/demo.jsonl']);
    expect(stars.code).toBe(0);
    expect(JSON.parse(stars.stdout).tools.map((t: { name: string }) => t.name)).toContain('read_file');
  });

  it('--export writes the filtered records byte for byte between the meta and end lines: a trace that validates', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-export-'));
    const out = join(dir, 'errors.jsonl');
    const r = run(['--export', out, '--filter', 'status:error', 'examples/demo.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`mcp-replay-tui: wrote 6 records to ${out}\n`);
    const demo = readFileSync('examples/demo.jsonl', 'utf8').split('\n');
    expect(readFileSync(out, 'utf8')).toBe(`${[1, 24, 25, 27, 28, 36].map((n) => demo[n - 1]).join('\n')}\n`);
    expect(run(['validate', out]).stdout).toMatch(/0 errors, 0 warnings · valid mcp-replay v1\n$/);
  });

  it('validate: a trace written by gen-trace.mjs has no error', () => {
    const gen = join(mkdtempSync(join(tmpdir(), 'mrt-validate-')), 'gen.jsonl');
    writeFileSync(
      gen,
      spawnSync(process.execPath, [GENERATOR, '--lines', '3000'], { encoding: 'utf8', maxBuffer: 1 << 26 }).stdout,
    );
    expect(run(['validate', gen]).code).toBe(0);
  });

  it('validate: 1 with errors (JSON lists them), 2 when a file cannot be read', () => {
    const bad = run(['validate', '--json', 'examples/demo.jsonl']);
    expect(bad.code).toBe(1);
    const doc = JSON.parse(bad.stdout);
    expect(Object.keys(doc)).toEqual(['file', 'format', 'findings', 'errors', 'warnings', 'omitted']);
    expect(doc.format).toBe('mcp-replay v1');
    expect(doc.findings).toContainEqual({
      line: 33,
      severity: 'error',
      rule: 'not-json',
      message: expect.stringContaining('not JSON'),
    });
    expect([doc.errors, doc.warnings]).toEqual([1, 2]);
    expect(run(['validate', 'nope.jsonl']).code).toBe(2);
  });

  it('diff: exit 0 when the same, 1 when different (text and JSON), 2 on trouble', () => {
    expect(run(['diff', 'examples/demo.jsonl', 'examples/demo.jsonl']).code).toBe(0);
    const r = run(['diff', '--json', 'examples/demo.jsonl', 'test/fixtures/malformed.jsonl']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['a', 'b', 'same', 'by', 'note', 'totals', 'calls']);
    // Aligned: B's one call is A's second (read_file) with other arguments; A's others are not in B.
    expect(doc.calls.map((c: { status: string }) => c.status)).toEqual([
      'removed from B',
      'changed args',
      'removed from B',
      'removed from B',
      'removed from B',
    ]);
    // --by ordinal: call 1 with call 1, as before; the old fields first, the new ones after.
    const byOrdinal = JSON.parse(
      run(['diff', '--json', '--by', 'ordinal', 'examples/demo.jsonl', 'test/fixtures/malformed.jsonl']).stdout,
    );
    expect(byOrdinal.by).toBe('ordinal');
    expect(byOrdinal.calls[0]).toEqual({
      ordinal: 1,
      aOrdinal: 1,
      bOrdinal: 1,
      status: 'changed args',
      method: 'tools/call',
      tool: 'search_files',
      aLine: 10,
      bLine: 2,
      detail: '.params.name: "search_files" → "read_file"',
      path: '.params.name',
      aValue: '"search_files"',
      bValue: '"read_file"',
      aStatus: 'ok',
      bStatus: 'ok',
      statusChange: null,
      aLatencyMs: 230,
      bLatencyMs: expect.any(Number),
      latencyDeltaMs: expect.any(Number),
    });
    expect(byOrdinal.calls.slice(1).every((c: { status: string }) => c.status === 'removed from B')).toBe(true);
    expect(run(['diff', '--by', 'position', 'examples/demo.jsonl', 'examples/demo.jsonl']).code).toBe(2);
    expect(run(['diff', 'examples/demo.jsonl']).code).toBe(2);
    expect(run(['diff', 'examples/demo.jsonl', 'nope.jsonl']).code).toBe(2);
  });

  it("diff --prices prices both sides' totals as report --prices does; a prices file it cannot use is trouble (2)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-diff-prices-'));
    const prices = join(dir, 'prices.json');
    // The demo's unpriced model (local-llama-3.1-8b) at a dollar a token, each way.
    writeFileSync(
      prices,
      JSON.stringify({ 'local-llama-3.1-8b': { input_cost_per_token: 1, output_cost_per_token: 1 } }),
    );
    const doc = JSON.parse(
      run(['diff', '--json', '--prices', prices, 'examples/demo.jsonl', 'examples/demo.jsonl']).stdout,
    );
    const report = JSON.parse(run(['report', '--json', '--prices', prices, 'examples/demo.jsonl']).stdout);
    expect(doc.totals.a).toEqual(report.totals);
    expect(doc.totals.a.unpricedTurns).toBe(0);
    expect(doc.totals.a.costUsd).toBeGreaterThan(1);
    expect(run(['diff', '--json', 'examples/demo.jsonl', 'examples/demo.jsonl']).stdout).toContain(
      '"unpricedTurns": 1',
    );
    const bad = run(['diff', '--prices', join(dir, 'none.json'), 'examples/demo.jsonl', 'examples/demo.jsonl']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/cannot read prices .*none\.json/);
  });

  it('exits 2 on usage errors', () => {
    expect(run(['summary']).code).toBe(2);
    expect(run(['summary', '--bogus', 'x']).code).toBe(2);
  });

  it('prints the summary table instead of the app when stdout is not a terminal', () => {
    const r = run(['test/fixtures/malformed.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('METHOD');
  });
});
