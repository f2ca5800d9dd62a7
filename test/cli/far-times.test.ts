import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';
import { storeOfRecording } from '../helpers/formats.js';

const dir = mkdtempSync(join(tmpdir(), 'mrt-far-'));

/** A pretty-printed cassette of three calls, the second answered `latency` ms later (as written). */
function cassette(latency: string): string {
  const it = (id: number, name: string, lat: string) =>
    `{"type": "jsonrpc_request", "request": {"jsonrpc": "2.0", "id": ${id}, "method": "tools/call", "params": {"name": "${name}"}},\n` +
    `"response": {"jsonrpc": "2.0", "id": ${id}, "result": {}},\n"latency_ms": ${lat}}`;
  const path = join(dir, `lat-${latency}.json`);
  writeFileSync(
    path,
    `{"version": "1.0",\n"metadata": {"recorded_at": "2026-01-01T00:00:00Z", "server_url": "x", "transport_type": "stdio", "protocol_version": "x", "server_info": {"name": "n"}},\n"interactions": [\n${[
      it(1, 'a', '5'),
      it(2, 'big', latency),
      it(3, 'c', '5'),
    ].join(',\n')}\n]}\n`,
  );
  return path;
}

describe('a cassette latency no date holds (1e308, 2^53+1, 8.64e15)', () => {
  it.each(['1e308', '9007199254740993', '8.64e15'])('latency_ms %s: every command reads every record', async (lat) => {
    const file = cassette(lat);
    const summary = run(['summary', '--no-cache', file]);
    expect([summary.code, summary.stderr]).toEqual([0, '']);
    expect(summary.stdout).toContain('records 8 (meta 1, message 6, event 0, turn 0, end 1, other 0) · skipped 0');
    expect(summary.stdout).toMatch(/\nbig +1 +0 +0 +— +— +—/);
    const validate = run(['validate', file]);
    expect([validate.code, validate.stdout]).toEqual([
      0,
      `${file}:9: warning cassette-latency-range: interactions[1].latency_ms ${lat} is over 100 years: the response is left off the time axis and its latency left out\n` +
        `${file}: 0 errors, 1 warning · valid mcp-recorder cassette\n`,
    ]);
    const diff = run(['diff', file, file]);
    expect([diff.code, diff.stderr]).toEqual([0, '']);
    expect(diff.stdout).toContain('same: 3 tool calls match');
    // The app reads through the same source.
    const store = await storeOfRecording(file);
    expect([store.count, store.files[0]!.state]).toEqual([8, 'done']);
  });
});

describe('exports of times no date holds (an mcp-rec ts of 9e15 s)', () => {
  const rec = join(dir, 'rec-far.jsonl');
  writeFileSync(
    rec,
    '{"ts": 1767225600.1, "dir": "client->server", "msg": {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"}}}\n' +
      '{"ts": 9e15, "dir": "server->client", "msg": {"jsonrpc":"2.0","id":1,"result":{}}}\n',
  );

  it('--export (v1) writes every record, the far one without t and with its ts as written, and says so', () => {
    const out = join(dir, 'ex.jsonl');
    const r = run(['--export', out, rec]);
    expect([r.code, r.stderr]).toEqual([
      0,
      `mcp-replay-tui: wrote 4 records to ${out}; 1 record has a time no ISO-8601 date holds: written without "t", as given (first: line 2 of ${rec}; validate names it)\n`,
    ]);
    expect(readFileSync(out, 'utf8').split('\n')).toEqual([
      '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.100Z","label":"rec-far","command":[],"kind":"mcp","source":"mcp-replay-tui"}',
      '{"t":"2026-01-01T00:00:00.100Z","dir":"in","raw":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"}}}',
      '{"ts":9e15,"dir":"out","raw":{"jsonrpc":"2.0","id":1,"result":{}}}',
      '{"t":"2026-01-01T00:00:00.100Z","type":"end","durationMs":0,"reason":"exported"}',
      '',
    ]);
    expect(run(['validate', out]).stdout).toBe(
      `${out}:3: error message-fields: a message line without t\n${out}: 1 error, 0 warnings\n`,
    );
  });

  it('--export-format mcp-rec keeps the lines byte for byte; --export-otlp writes its file', () => {
    const out = join(dir, 'ex-rec.jsonl');
    expect(run(['--export', out, '--export-format', 'mcp-rec', rec]).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(rec, 'utf8'));
    const spans = join(dir, 'spans.json');
    const r = run(['--export-otlp', spans, rec]);
    expect([r.code, r.stderr]).toEqual([0, `mcp-replay-tui: wrote 1 span to ${spans} (OTLP/JSON)\n`]);
    expect(JSON.parse(readFileSync(spans, 'utf8')).resourceSpans).toHaveLength(1);
  });

  it('a cassette whose response no date holds exports with its latency as written', () => {
    const file = cassette('1e308');
    const out = join(dir, 'ex-cassette.jsonl');
    const r = run(['--export', out, file]);
    expect(r.stderr).toContain(`wrote 8 records to ${out}; 1 record has a time no ISO-8601 date holds`);
    expect(readFileSync(out, 'utf8')).toContain('\n{"dir":"out","latency_ms":1e308,"raw":{"jsonrpc":"2.0","id":2,');
  });
});
