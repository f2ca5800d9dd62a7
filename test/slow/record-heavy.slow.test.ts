import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FAKE,
  raws,
  recordArgs,
  startProxy,
  startRecording,
  traceFile,
  traceLines,
  validateTrace,
} from '../helpers/record.js';

const VALID = { code: 0, findings: [] };
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

describe('record under load (stdio)', () => {
  it('a 50 MB message each way: forwarded byte for byte, recorded whole, the trace valid', async () => {
    const file = traceFile();
    const rec = startRecording(recordArgs(file, [process.execPath, FAKE]));
    const payload = 'x'.repeat(50 * 1000 * 1000);
    const ask = `{"jsonrpc":"2.0","id":1,"method":"echo","params":{"s":"${payload}"}}\n`;
    const answer = `{"jsonrpc":"2.0","id":1,"result":{"s":"${payload}"}}\n`;
    rec.child.stdin.end(ask);
    expect(await rec.done).toEqual({ code: 0, signal: null });
    expect(sha(rec.stdout())).toBe(sha(answer));
    const text = readFileSync(file, 'utf8').split('\n');
    expect(text[1]!.endsWith(`"raw":${ask.trimEnd()}}`)).toBe(true);
    expect(text[2]!.endsWith(`"raw":${answer.trimEnd()}}`)).toBe(true);
    expect(validateTrace(file)).toEqual(VALID);
  });

  it('a burst of 10,000 notifications: every one forwarded and recorded, in order', async () => {
    const file = traceFile();
    const rec = startRecording(recordArgs(file, [process.execPath, FAKE]));
    rec.child.stdin.end('{"jsonrpc":"2.0","id":1,"method":"burst","params":{"count":10000}}\n');
    expect(await rec.done).toEqual({ code: 0, signal: null });
    const got = rec.stdout().toString().split('\n').filter(Boolean);
    expect(got).toHaveLength(10_001);
    const out = raws(file, 'out') as { params?: { i: number }; id?: number }[];
    expect(out).toHaveLength(10_001);
    expect(out.slice(0, 10_000).map((m) => m.params!.i)).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(out.at(-1)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(traceLines(file).at(-1)).toMatchObject({ type: 'end', exitCode: 0 });
    expect(validateTrace(file)).toEqual(VALID);
  });
});

describe('record under load (Streamable HTTP)', () => {
  it('an SSE answer of 10,000 events: bytes unchanged, each event one line', async () => {
    const events = Array.from(
      { length: 10_000 },
      (_, i) => `data: {"jsonrpc":"2.0","method":"notifications/message","params":{"i":${i}}}\n\n`,
    ).join('');
    const upstream = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        // Written in pieces that cut events anywhere.
        for (let at = 0; at < events.length; at += 4093) res.write(events.slice(at, at + 4093));
        res.end();
      });
    });
    servers.push(upstream);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const file = traceFile();
    const { rec, proxy } = await startProxy(file, `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`);
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(proxy, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"tools/call"}');
    });
    expect(sha(body)).toBe(sha(events));
    rec.child.kill('SIGTERM');
    expect(await rec.done).toEqual({ code: 0, signal: null });
    const out = raws(file, 'out') as { params: { i: number } }[];
    expect(out.map((m) => m.params.i)).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(validateTrace(file)).toEqual(VALID);
  });
});
