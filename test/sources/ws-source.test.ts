import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { openSource } from '../../src/sources/open-source.js';
import type { SourceEvent } from '../../src/sources/types.js';
import { isLoopback, WsSource } from '../../src/sources/ws-source.js';
import { HANGUP_KINDS, HANGUP_STAGES, startHangupServer } from '../helpers/ws-server.js';

const line = (seq: number, extra: object = {}) => ({
  t: `2026-01-01T00:00:0${seq}.000Z`,
  dir: 'in',
  raw: { jsonrpc: '2.0', id: seq, method: 'ping' },
  _seq: seq,
  ...extra,
});

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
        ws.send(
          JSON.stringify({
            type: 'snapshot',
            lastSeq: 2,
            lines: [
              { v: 1, type: 'meta', startedAt: '2026-01-01T00:00:00.000Z', label: 'live', command: [], _seq: 0 },
              line(1),
              line(2),
            ],
          }),
        );
        ws.send(JSON.stringify({ type: 'heartbeat' }));
        // Dropped once the last frame is out.
        ws.send(JSON.stringify({ type: 'append', line: line(3) }), () => ws.terminate());
      } else {
        // A server whose ring lost `since` sends a fresh snapshot: repeats must be skipped.
        ws.send(JSON.stringify({ type: 'snapshot', lastSeq: 4, lines: [line(2), line(3), line(4)] }));
        ws.send(
          JSON.stringify({
            type: 'append',
            line: { t: '2026-01-01T00:00:09.000Z', type: 'end', exitCode: 0, durationMs: 9000, _seq: 5 },
          }),
        );
      }
    });
    await new Promise((r) => server!.once('listening', r));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const source = new WsSource(url, { reconnectMs: 20, live: true });
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
      ...[1, 2, 3, 4].map((n) => {
        const { _seq, ...rest } = line(n);
        void _seq;
        return rest;
      }),
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
    await expect(openSource(`ws://127.0.0.1:${port}`)).rejects.toThrow(
      /connection refused \(is `mcp-tape --serve` running\?\)/,
    );
  });
});

describe('live mode faults on loopback', () => {
  const meta = { v: 1, type: 'meta', startedAt: '2026-01-01T00:00:00.000Z', label: 'live', command: [], _seq: 0 };

  /** A ws server on loopback that sends the snapshot, then, once it is out, does `then(ws)`. */
  async function serve(then: (ws: WebSocket) => void): Promise<string> {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (ws: WebSocket) => {
      ws.send(JSON.stringify({ type: 'snapshot', lastSeq: 1, lines: [meta, line(1)] }), () => then(ws));
    });
    await new Promise((r) => server!.once('listening', r));
    return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  async function readAll(source: WsSource) {
    const texts: string[] = [];
    const events: SourceEvent[] = [];
    for await (const batch of source.lines((e) => events.push(e))) texts.push(...batch.map((l) => l.text));
    return { texts, events };
  }

  it('a server that accepts, then closes at once: tries again later each time, then gives up, saying so', async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    let connections = 0;
    server.on('connection', (ws: WebSocket) => {
      connections++;
      ws.close(1000);
    });
    await new Promise((r) => server!.once('listening', r));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // The waits asked of the timers between tries (not how long they took).
    const waits: number[] = [];
    const real = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms !== undefined && ms % 5 === 0 && ms >= 5 && ms <= 80) waits.push(ms);
      return real(fn, ms);
    }) as typeof setTimeout);
    try {
      const source = new WsSource(url, { reconnectMs: 5, live: true });
      await source.open();
      const { events } = await readAll(source);
      expect(events.at(-1)).toMatchObject({
        type: 'error',
        message: expect.stringMatching(
          /the server closed 7 connections in a row without sending anything \(code 1000\); gave up/,
        ),
      });
      expect(connections).toBe(7);
      // Twice as long each time, up to 16 times the first.
      expect(waits).toEqual([5, 10, 20, 40, 80, 80]);
      source.close();
    } finally {
      spy.mockRestore();
    }
  });

  it('a garbage frame (the protocol broken) ends the stream with a clear error; what arrived stays', async () => {
    const url = await serve((ws) => {
      // A frame header with RSV2/RSV3 set and no extension negotiated.
      (ws as unknown as { _socket: import('node:net').Socket })._socket.write(
        Buffer.from([0xf1, 0x03, 0x61, 0x62, 0x63]),
      );
    });
    const source = new WsSource(url, { reconnectMs: 20 });
    await source.open();
    const { texts, events } = await readAll(source);
    expect(texts).toHaveLength(2);
    const error = events.find((e) => e.type === 'error');
    expect(error).toMatchObject({ type: 'error' });
    expect((error as { message: string }).message).toMatch(
      /^ws:\/\/127\.0\.0\.1:\d+\/: the server broke the websocket protocol \(Invalid WebSocket frame: RSV2 and RSV3 must be clear\); stopped after 2 lines: what arrived is shown$/,
    );
    source.close();
  });

  it('a _seq of 1e308 (or no whole number) is ignored, said once: the lines after it are not dropped as seen', async () => {
    const url = await serve((ws) => {
      ws.send(JSON.stringify({ type: 'append', line: { ...line(2), _seq: 1e308 } }));
      ws.send(JSON.stringify({ type: 'append', line: { ...line(3), _seq: 2.5 } }));
      ws.send(JSON.stringify({ type: 'append', line: line(4) }));
      // A repeat of a seen line still goes.
      ws.send(JSON.stringify({ type: 'append', line: line(4) }));
      ws.send(
        JSON.stringify({ type: 'append', line: { t: '2026-01-01T00:00:09.000Z', type: 'end', exitCode: 0, _seq: 5 } }),
      );
    });
    const source = new WsSource(url, { reconnectMs: 20 });
    await source.open();
    const { texts, events } = await readAll(source);
    expect(texts.map((t) => JSON.parse(t).raw?.id ?? JSON.parse(t).type)).toEqual(['meta', 1, 2, 3, 4, 'end']);
    expect(texts.join('\n')).not.toContain('_seq');
    expect(events.filter((e) => e.type === 'notice').map((e) => (e as { message: string }).message)).toEqual([
      '_seq 1e+308 is no sequence number: ignored, its line kept',
    ]);
    source.close();
  });

  it('binary and non-JSON frames are counted and ignored', async () => {
    const url = await serve((ws) => {
      ws.send(Buffer.from([0, 1, 2, 0xff]), { binary: true });
      ws.send('not json {');
      ws.send(JSON.stringify({ type: 'append', line: line(2) }));
      ws.send(
        JSON.stringify({ type: 'append', line: { t: '2026-01-01T00:00:09.000Z', type: 'end', exitCode: 0, _seq: 3 } }),
      );
    });
    const source = new WsSource(url, { reconnectMs: 20 });
    await source.open();
    const { texts, events } = await readAll(source);
    expect(texts).toHaveLength(4);
    expect(
      events
        .filter((e) => e.type === 'notice')
        .map((e) => (e as { message: string }).message)
        .at(-1),
    ).toMatch(/ignored 2 frames that are not mcp-tape JSON$/);
    source.close();
  });

  it('an abrupt close says so and reconnects; a server that does not come back ends it after the timeout', async () => {
    const url = await serve((ws) => {
      ws.terminate();
      server?.close();
    });
    const source = new WsSource(url, { reconnectMs: 20, timeoutS: 0.4, live: true });
    await source.open();
    const started = Date.now();
    const { texts, events } = await readAll(source);
    expect(texts).toHaveLength(2);
    expect(
      events.some(
        (e) => e.type === 'notice' && /connection dropped \(code 1006\); reconnecting from seq 1$/.test(e.message),
      ),
    ).toBe(true);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringMatching(
        /the connection dropped and did not come back within 0\.4s \(timed out; --timeout 0\.4\); stopped after 2 lines/,
      ),
    });
    expect(Date.now() - started).toBeLessThan(3000);
    source.close();
  });

  it('the handshake times out on a server that accepts and says nothing', async () => {
    const tcp = createTcpServer(() => undefined);
    await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
    const started = Date.now();
    await expect(
      openSource(`ws://127.0.0.1:${(tcp.address() as AddressInfo).port}/`, { timeoutS: 0.3 }),
    ).rejects.toThrow(/: no handshake within 0\.3s \(timed out; --timeout 0\.3\)$/);
    expect(Date.now() - started).toBeLessThan(2000);
    tcp.close();
  });

  it('userinfo goes as Basic auth, and the name shows it redacted', async () => {
    let authorization = '';
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (ws: WebSocket, req) => {
      authorization = req.headers.authorization ?? '';
      ws.send(JSON.stringify({ type: 'snapshot', lastSeq: 0, lines: [meta] }));
    });
    await new Promise((r) => server!.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    const source = new WsSource(`ws://me:PASSW0RD@127.0.0.1:${port}/?token=T0KEN`);
    await source.open();
    expect(authorization).toBe(`Basic ${Buffer.from('me:PASSW0RD').toString('base64')}`);
    expect(source.name).toBe(`ws://***@127.0.0.1:${port}/?token=***`);
    source.close();
  });

  it('close() while the server floods drops the connection at once, and late frames go nowhere', async () => {
    let seq = 2;
    let rounds = 0;
    let timer: NodeJS.Timeout | undefined;
    const url = await serve((ws) => {
      timer = setInterval(() => {
        rounds++;
        for (let i = 0; i < 50 && ws.readyState === ws.OPEN; i++)
          ws.send(JSON.stringify({ type: 'append', line: line(seq++ % 9) }));
      }, 5);
    });
    const source = new WsSource(url);
    await source.open();
    const reading = readAll(source);
    await vi.waitUntil(() => seq >= 2 + 3 * 50, { timeout: 10_000 });
    const closedSocket = new Promise<void>((resolve) => {
      for (const c of server!.clients) c.once('close', () => resolve());
    });
    source.close();
    await reading;
    // The server sees the connection gone (a close handshake would wait 30 s, past the test's time).
    await closedSocket;
    // Late frames: the server's timer runs a few more rounds, and they go nowhere.
    const after = rounds;
    await vi.waitUntil(() => rounds >= after + 3, { timeout: 10_000 });
    clearInterval(timer);
  });
});

describe('a server that hangs up, at every stage, when no one watches (summary, validate, diff, report, the exports)', () => {
  let hangup: Awaited<ReturnType<typeof startHangupServer>> | null = null;
  afterEach(async () => {
    await hangup?.close();
    hangup = null;
  });

  async function readAll(source: WsSource) {
    const texts: string[] = [];
    const events: SourceEvent[] = [];
    for await (const batch of source.lines((e) => events.push(e))) texts.push(...batch.map((l) => l.text));
    return { texts, errors: events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message) };
  }

  it.each(HANGUP_KINDS)('in the handshake (%s): it cannot be opened, saying why', async (kind) => {
    hangup = await startHangupServer('handshake', kind);
    await expect(openSource(hangup.url)).rejects.toThrow(
      /^cannot open ws:\/\/127\.0\.0\.1:\d+\/: the connection was reset$/,
    );
  });

  const AFTER = HANGUP_STAGES.filter((s) => s !== 'handshake');
  it.each(AFTER.flatMap((stage) => HANGUP_KINDS.map((kind) => [stage, kind] as const)))(
    '%s, by %s: the stream ends, keeping what arrived and saying why (or, after the end line, nothing)',
    async (stage, kind) => {
      hangup = await startHangupServer(stage, kind);
      const source = (await openSource(hangup.url)) as WsSource;
      const { texts, errors } = await readAll(source);
      source.close();
      const lines = stage === 'after the snapshot' ? 2 : stage === 'after the end' ? 3 : 0;
      expect(texts).toHaveLength(lines);
      if (stage === 'after the end') return expect(errors).toEqual([]);
      const why =
        kind === 'close frame' && stage !== 'mid-frame'
          ? 'the server closed the connection \\(code 1001 going away\\)'
          : 'the connection was closed or reset \\(no close frame\\)';
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(
        new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/: ${why}; stopped after ${lines} lines?: what arrived is shown$`),
      );
    },
  );

  it('silent after the handshake: the stream ends after --timeout, saying so', async () => {
    hangup = await startHangupServer('silent');
    const source = (await openSource(hangup.url, { timeoutS: 0.3 })) as WsSource;
    const { texts, errors } = await readAll(source);
    source.close();
    expect(texts).toEqual([]);
    expect(errors).toEqual([
      expect.stringMatching(
        /: no data for 0\.3s \(timed out; --timeout 0\.3\); stopped after 0 lines: what arrived is shown$/,
      ),
    ]);
  });

  it('watched (the app), the same hang-up is a drop: it reconnects', async () => {
    hangup = await startHangupServer('after the snapshot', 'RST');
    const source = new WsSource(hangup.url, { live: true, reconnectMs: 20 });
    await source.open();
    const notices: string[] = [];
    // Each connection hangs up alike: the reading ends at the first reconnection.
    for await (const _ of source.lines((e) => {
      if (e.type === 'notice') notices.push(e.message);
      if (notices.includes('reconnected')) source.close();
    }));
    expect(notices[0]).toMatch(/^connection dropped \(code 1006\); reconnecting from seq 1$/);
  });
});
