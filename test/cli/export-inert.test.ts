import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';

/** What a terminal acts on or reorders that JSON.stringify leaves raw: DEL, C1, bidi marks, U+2028/9. */
const RAW = /[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = 'rd\u009b2J\u009d0;x\u0007\u007f\u202e\u2066\u200f\u2028';

function hostileTrace(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mrt-inert-'));
  const file = join(dir, 'h.jsonl');
  const t = '2026-05-12T23:00:00.000Z';
  const lines = [
    { t, dir: 'in', raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: HOSTILE, arguments: {} } } },
    { t, dir: 'out', raw: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: HOSTILE }] } } },
  ];
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return { dir, file };
}

describe('exports are inert JSON: a cat of the file cannot drive a terminal', () => {
  it('--export-otlp and --export write C1, DEL and bidi characters as \\u escapes, the same values', () => {
    const { dir, file } = hostileTrace();
    const otlp = join(dir, 'o.json');
    const jsonl = join(dir, 'o.jsonl');
    expect(run(['--export-otlp', otlp, file]).code).toBe(0);
    expect(run(['--export', jsonl, file]).code).toBe(0);
    const spans = readFileSync(otlp, 'utf8');
    expect(spans).not.toMatch(RAW);
    expect(JSON.stringify(JSON.parse(spans))).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    const lines = readFileSync(jsonl, 'utf8');
    expect(lines).not.toMatch(RAW);
    const call = lines.split('\n').find((l) => l.includes('tools/call'))!;
    expect(JSON.parse(call).raw.params.name).toBe(HOSTILE);
  });
});

describe('--export - writes to stdout', () => {
  it('a pipe gets the records, inert, and no file named - is made', () => {
    const { dir, file } = hostileTrace();
    const r = run(['--export', '-', file], undefined, 60_000);
    expect(r.code).toBe(0);
    // A meta line made for it, its two records, an end line.
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).dir ?? JSON.parse(l).type),
    ).toEqual(['meta', 'in', 'out', 'end']);
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stderr).toBe('mcp-replay-tui: wrote 4 records to stdout\n');
    expect(() => readFileSync(join(dir, '-'))).toThrow();
    expect(() => readFileSync('-')).toThrow();
  });
});
