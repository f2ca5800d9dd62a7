import { mkdtempSync, writeFileSync } from 'node:fs';
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
        `${file}: 0 error(s), 1 warning(s) · valid mcp-recorder cassette\n`,
    ]);
    const diff = run(['diff', file, file]);
    expect([diff.code, diff.stderr]).toEqual([0, '']);
    expect(diff.stdout).toContain('same: 3 tool call(s) match');
    // The app reads through the same source.
    const store = await storeOfRecording(file);
    expect([store.count, store.files[0]!.state]).toEqual([8, 'done']);
  });
});
