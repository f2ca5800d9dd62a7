import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';
import { REAL_PRODUCERS } from '../helpers/shared.js';

const CASSETTE = `${REAL_PRODUCERS}mcprecorder-everything.json`;
const MCP_REC = `${REAL_PRODUCERS}mcprec-everything-rich.jsonl`;

describe('every command knows a recording by its content', () => {
  it('summary exits 1 on JSON that is no recording, naming the file and its keys, and prints nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-formats-'));
    const file = join(dir, 'settings.jsonl');
    writeFileSync(file, JSON.stringify({ theme: 'dark', fonts: ['a'] }, null, 2));
    const why = `not a trace: ${file} is a JSON document with keys theme, fonts`;
    for (const [args, then] of [
      [['summary', file], ''],
      [['summary', '--json', file], ''],
      [['--export', join(dir, 'x.jsonl'), file], `; nothing written to ${join(dir, 'x.jsonl')}`],
    ] as const) {
      const r = run([...args]);
      expect([r.code, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toContain(`${why}${then}\n`);
    }
  });

  it('summary exits 1 on a file none of whose lines is a record (a binary), with one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-formats-'));
    const file = join(dir, 'program.bin');
    writeFileSync(
      file,
      Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\0\0\n'), Buffer.alloc(64, 0xc3), Buffer.from('\nxyz\n')]),
    );
    for (const args of [
      ['summary', file],
      ['summary', '--json', file],
    ]) {
      const r = run(args);
      expect([r.code, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toBe(
        `mcp-replay-tui: not a trace: ${file} has no record: none of its 3 lines is a JSON object\n`,
      );
    }
  });

  it('validate and summary call an empty file no trace (exit 1)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-formats-'));
    const file = join(dir, 'empty.jsonl');
    writeFileSync(file, '');
    const v = run(['validate', file]);
    expect([v.code, v.stdout]).toEqual([
      1,
      `${file}:1: error empty: no record: an empty file is not a trace\n${file}: 1 error, 0 warnings\n`,
    ]);
    const s = run(['summary', file]);
    expect([s.code, s.stdout, s.stderr]).toEqual([
      1,
      '',
      `mcp-replay-tui: not a trace: ${file} is empty (no record)\n`,
    ]);
  });

  it('summary of a cassette names its format and says its times are approximate', () => {
    const r = run(['summary', CASSETTE]);
    expect(r.code).toBe(0);
    const [title, times] = r.stdout.split('\n');
    expect(title).toBe(`${CASSETTE} · mcp-servers/everything (mcp) · mcp-recorder · format: mcp-recorder cassette`);
    expect(times).toBe(
      '2026-12-03T06:16:25.781Z · duration 1.32s (times approximate: derived from latencies) · imported',
    );
    const doc = JSON.parse(run(['summary', '--json', CASSETTE]).stdout);
    expect(doc.session).toMatchObject({
      label: 'mcp-servers/everything',
      startedAt: '2026-12-03T06:16:25.781Z',
      durationMs: 1318,
    });
    expect(doc.errors).toHaveLength(4);
  });

  it('summary --json of mcp-rec: the session is its first to its last ts', () => {
    const doc = JSON.parse(run(['summary', '--json', MCP_REC]).stdout);
    expect(doc.session).toMatchObject({
      startedAt: '2026-12-03T06:15:33.629Z',
      endedAt: '2026-12-03T06:15:37.310Z',
      durationMs: 3681,
    });
    expect(run(['summary', MCP_REC]).stdout.split('\n')[0]).toBe(`${MCP_REC} · format: mcp-rec`);
  });

  it('validate, diff and --export read cassettes too', () => {
    expect(run(['validate', CASSETTE]).stdout).toBe(
      `${CASSETTE}: 0 errors, 0 warnings · valid mcp-recorder cassette\n`,
    );
    expect(run(['validate', MCP_REC]).stdout).toBe(`${MCP_REC}: 0 errors, 0 warnings · valid mcp-rec\n`);
    // A cassette diffs as any trace does: against itself, every call the same.
    const diff = JSON.parse(run(['diff', '--json', CASSETTE, CASSETTE]).stdout);
    expect([diff.same, diff.calls.length]).toEqual([true, 9]);
    const dir = mkdtempSync(join(tmpdir(), 'mrt-formats-'));
    const out = join(dir, 'calls.jsonl');
    const r = run(['--export', out, '--export-format', 'mcp-rec', '--filter', 'tool:get-sum', CASSETTE]);
    expect(r.stderr).toBe(`mcp-replay-tui: wrote 6 records to ${out}\n`);
    expect(
      readFileSync(out, 'utf8')
        .split('\n')
        .map((l) => (l ? (JSON.parse(l).msg.method ?? 'response') : '')),
    ).toEqual(['initialize', 'response', 'tools/call', 'response', 'tools/call', 'response', '']);
    expect(run(['validate', out]).stdout).toBe(`${out}: 0 errors, 0 warnings · valid mcp-rec\n`);
    expect(run(['--export', out, '--export-format', 'xml', CASSETTE]).code).toBe(2);
  });
});
