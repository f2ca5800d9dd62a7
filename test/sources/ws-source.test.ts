import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { openSource } from '../../src/sources/open-source.js';
import { isLoopback, WsSource } from '../../src/sources/ws-source.js';
import type { SourceEvent } from '../../src/sources/types.js';

const line = (seq: number, extra: object = {}) => ({ t: `2026-01-01T00:00:0${seq}.000Z`, dir: 'in', raw: { jsonrpc: '2.0', id: seq, method: 'ping' }, _seq: seq, ...extra });

let server: WebSocketServer | null = null;
afterEach(() => server?.close());

describe('mcp-tape live mode (ws://)', () => {
  it('reads the snapshot and appends, ignores heartbeats, strips _seq, and resumes with ?since= after a drop', async () => {
    const urls: string[] = [];
    let first = true;
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (ws: WebSocket, req) => {
      urls.push(req.url ?? '');
      if (first) {
        first = false;
        ws.send(JSON.stringify({ type: 'snapshot', lastSeq: 2, lines: [{ v: 1, type: 'meta', startedAt: '2026-01-01T00:00:00.000Z', label: 'live', command: [], _seq: 0 }, line(1), line(2)] }));
        ws.send(JSON.stringify({ type: 'heartbeat' }));
        ws.send(JSON.stringify({ type: 'append', line: line(3) }));
        setTimeout(() => ws.terminate(), 50);
      } else {
        // A server whose ring lost `since` sends a fresh snapshot: repeats must be skipped.
        ws.send(JSON.stringify({ type: 'snapshot', lastSeq: 4, lines: [line(2), line(3), line(4)] }));
        ws.send(JSON.stringify({ type: 'append', line: { t: '2026-01-01T00:00:09.000Z', type: 'end', exitCode: 0, durationMs: 9000, _seq: 5 } }));
      }
    });
    await new Promise((r) => server!.once('listening', r));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const source = new WsSource(url, 20);
    await source.open();
    const texts: string[] = [];
    const events: SourceEvent[] = [];
    const lines: { offset: number; length: number }[] = [];
    for await (const batch of source.lines((e) => events.push(e))) {
      texts.push(...batch.map((l) => l.text));
      lines.push(...batch);
    }
    expect(texts.map((t) => JSON.parse(t))).toEqual([
      { v: 1, type: 'meta', startedAt: '2026-01-01T00:00:00.000Z', label: 'live', command: [] },
      ...[1, 2, 3, 4].map((n) => { const { _seq, ...rest } = line(n); void _seq; return rest; }),
      { t: '2026-01-01T00:00:09.000Z', type: 'end', exitCode: 0, durationMs: 9000 },
    ]);
    expect(texts.join('\n')).not.toContain('_seq');
    expect(urls).toEqual(['/', '/?since=3']);
    expect(events.some((e) => e.type === 'notice' && /dropped/.test(e.message))).toBe(true);
    expect(source.readBytes(lines[2]!.offset, lines[2]!.length).toString()).toBe(texts[2]);
    source.close();
  });

  it('connects to loopback hosts only unless allowed, and names a refused connection', async () => {
    expect(isLoopback('ws://127.0.0.1:7777')).toBe(true);
    expect(isLoopback('ws://localhost:7777')).toBe(true);
    expect(isLoopback('ws://10.0.0.5:7777')).toBe(false);
    await expect(openSource('ws://10.0.0.5:7777')).rejects.toThrow(/loopback hosts only.*--allow-remote-ws/);
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((r) => server!.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    server.close();
    server = null;
    await expect(openSource(`ws://127.0.0.1:${port}`)).rejects.toThrow(/connection refused \(is `mcp-tape --serve` running\?\)/);
  });
});
