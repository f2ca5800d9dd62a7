import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/** What a live server does after its snapshot. */
export type WsBehaviour = 'flood' | 'garbage' | 'binary' | 'silent' | 'broken';

const meta = { v: 1, type: 'meta', startedAt: '2026-01-01T00:00:00.000Z', label: 'live-e2e', command: [], _seq: 0 };
const call = (seq: number) => ({
  t: '2026-01-01T00:00:01.000Z',
  dir: 'in',
  raw: { jsonrpc: '2.0', id: seq, method: 'tools/call', params: { name: `tool_${seq}` } },
  _seq: seq,
});

/**
 * An mcp-tape-like live server on loopback: a snapshot of a meta line and one call,
 * then, every 5 ms until closed: 50 appends (flood), 50 text frames that are not
 * JSON (garbage), 50 binary frames (binary), nothing (silent); or one frame that
 * breaks the protocol (broken).
 */
export async function startWsServer(behaviour: WsBehaviour) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const timers: NodeJS.Timeout[] = [];
  server.on('connection', (ws: WebSocket) => {
    ws.send(JSON.stringify({ type: 'snapshot', lastSeq: 1, lines: [meta, call(1)] }));
    let seq = 2;
    const burst = () => {
      for (let i = 0; i < 50 && ws.readyState === ws.OPEN; i++) {
        if (behaviour === 'flood') ws.send(JSON.stringify({ type: 'append', line: call(seq++) }));
        else if (behaviour === 'garbage') ws.send(`\u0000not json {${seq++}`);
        else if (behaviour === 'binary') ws.send(Buffer.from([0xff, 0x00, seq++ & 0xff]), { binary: true });
      }
    };
    if (behaviour === 'broken')
      setTimeout(
        () => (ws as unknown as { _socket: Socket })._socket.write(Buffer.from([0xf1, 0x03, 0x61, 0x62, 0x63])),
        300,
      );
    else if (behaviour !== 'silent') timers.push(setInterval(burst, 5));
  });
  await new Promise((r) => server.once('listening', r));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => {
      for (const t of timers) clearInterval(t);
      for (const c of server.clients) c.terminate();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Where in a connection a server hangs up: in the handshake, before any frame, after the snapshot, in a frame, after the end line. */
export const HANGUP_STAGES = [
  'handshake',
  'before the snapshot',
  'after the snapshot',
  'mid-frame',
  'after the end',
] as const;
/** How it hangs up: a close frame, a FIN with no close frame, a reset. */
export const HANGUP_KINDS = ['close frame', 'FIN', 'RST'] as const;

/**
 * A live server on loopback that hangs up once, at `stage`, by `kind` (`silent`: it
 * answers the handshake and never sends a frame). Each connection does the same.
 */
export async function startHangupServer(
  stage: (typeof HANGUP_STAGES)[number] | 'silent',
  kind: (typeof HANGUP_KINDS)[number] = 'FIN',
) {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    // In the handshake: the TCP connection dropped before any answer.
    verifyClient: (info: { req: { socket: Socket } }, accept: (ok: boolean) => void) => {
      if (stage !== 'handshake') return accept(true);
      if (kind === 'RST') info.req.socket.resetAndDestroy();
      else info.req.socket.end();
    },
  });
  const socketOf = (ws: WebSocket) => (ws as unknown as { _socket: Socket })._socket;
  const hangUp = (ws: WebSocket) => {
    if (kind === 'close frame') ws.close(1001, 'going away');
    else if (kind === 'FIN') socketOf(ws).end();
    else socketOf(ws).resetAndDestroy();
  };
  server.on('connection', (ws: WebSocket) => {
    if (stage === 'silent') return;
    if (stage === 'before the snapshot') return hangUp(ws);
    const lines = [
      meta,
      call(1),
      ...(stage === 'after the end' ? [{ t: call(1).t, type: 'end', exitCode: 0, _seq: 2 }] : []),
    ];
    const frame = JSON.stringify({ type: 'snapshot', lastSeq: lines.length - 1, lines });
    if (stage !== 'mid-frame') {
      ws.send(frame);
      // After the frame has gone (a reset at once could overtake it in the kernel's buffers).
      setTimeout(() => hangUp(ws), 50);
      return;
    }
    // A text frame's header announcing 200 bytes, and 10 of them.
    socketOf(ws).write(Buffer.concat([Buffer.from([0x81, 126, 0, 200]), Buffer.from('{"type":"s')]));
    setTimeout(() => (kind === 'RST' ? socketOf(ws).resetAndDestroy() : socketOf(ws).end()), 50);
  });
  await new Promise((r) => server.once('listening', r));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => {
      for (const c of server.clients) c.terminate();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
