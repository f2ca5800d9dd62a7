import {
  type ClientRequest,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { bodyText, TextCollector } from './body-text.js';
import { forward } from './forward.js';
import type { ListenAddress } from './listen.js';
import { sseReader } from './sse-reader.js';
import type { RelayDir } from './stdio-relay.js';

/** Who sent a body, in the words a note uses. */
const SENDER: Record<RelayDir, 'client' | 'server'> = { in: 'client', out: 'server' };

/** What the proxy notes that is no message. */
export type HttpNote =
  /** `chars`: the message's length in characters, when known (an SSE event is skipped unmeasured). */
  | { kind: 'too_long'; from: 'client' | 'server'; chars: number | null }
  | { kind: 'upstream_error'; method: string; error: string }
  | { kind: 'not_recorded'; from: 'client' | 'server'; reason: string };

export interface HttpRelayOptions {
  /** The MCP endpoint of the server (Streamable HTTP). */
  target: URL;
  listen: ListenAddress;
  /** One JSON-RPC message (a POST body, a JSON answer, one SSE event's data), in the turn its last byte is forwarded. */
  onMessage(dir: RelayDir, text: string): void;
  onNote(note: HttpNote): void;
}

export interface HttpRelay {
  /**
   * The proxy's address, for the client: the target's path on the proxy's host and
   * port, without the target's query or `user:pass@`, which the proxy adds itself.
   */
  url: string;
  /** Stops listening and cuts every connection still open (an SSE stream stays open otherwise). */
  close(): Promise<void>;
}

/** Headers of one connection, not of the message (RFC 9110 §7.6.1): each side sets its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** `rawHeaders` (name, value, name, value…) without the hop-by-hop ones, names as sent; `host` replaced when given. */
function forwarded(raw: readonly string[], host?: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name)) continue;
    out.push(raw[i]!, name === 'host' && host !== undefined ? host : raw[i + 1]!);
  }
  return out;
}

/**
 * A request's path and query for the MCP endpoint, the target's own query first: a key
 * given in the target's address (`?key=…`) reaches the server without the client
 * knowing it. Pure string work, so the query goes as the user typed it.
 */
function withTargetQuery(path: string, target: URL): string {
  if (target.search === '') return path;
  const q = path.indexOf('?');
  const own = q < 0 ? '' : path.slice(q + 1);
  return `${q < 0 ? path : path.slice(0, q)}${target.search}${own === '' ? '' : `&${own}`}`;
}

/** Headers with the target's `user:pass@` as Basic authorization, unless the client sent its own. */
function withTargetAuth(headers: string[], target: URL): string[] {
  if (target.username === '' && target.password === '') return headers;
  for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() === 'authorization') return headers;
  const pair = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
  return [...headers, 'Authorization', `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`];
}

/**
 * A Streamable HTTP proxy that records: every request (POST, GET, DELETE, and any
 * other path, such as OAuth discovery) goes to the server with its headers as sent
 * (`Mcp-Session-Id`, `Authorization`), but for `Host` and the hop-by-hop ones, and
 * its answer comes back the same way, streamed. Only the MCP endpoint's traffic is
 * recorded, each message once: a POST body as sent (`in`), a JSON answer whole or
 * each event of an SSE answer or of the GET stream (`out`). Bodies are read on a copy
 * (decompressed when encoded); the bytes forwarded are the ones received.
 */
export async function startHttpRelay(options: HttpRelayOptions): Promise<HttpRelay> {
  const { target, onNote } = options;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstreams = new Set<ClientRequest>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const recorded = path === target.pathname;
    const method = req.method ?? 'GET';
    const upstream = send(`${target.origin}${recorded ? withTargetQuery(req.url ?? '/', target) : (req.url ?? '/')}`, {
      method,
      headers: withTargetAuth(forwarded(req.rawHeaders, target.host), target),
    });
    upstreams.add(upstream);
    upstream.on('close', () => upstreams.delete(upstream));
    upstream.on('error', (error) => {
      if (res.writableEnded) return;
      if (recorded) onNote({ kind: 'upstream_error', method, error: error.message });
      if (res.headersSent) res.destroy();
      else
        res
          .writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`cannot reach the server: ${error.message}\n`);
    });
    // The client went away before its answer was whole: so does the request to the server.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });

    req.on('error', () => upstream.destroy());
    const request = recorded ? messageBody('in', req.headers['content-encoding'], options) : null;
    relay(req, upstream, request, () => upstream.end());

    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwarded(answer.rawHeaders));
      const encoding = answer.headers['content-encoding'];
      const type = (answer.headers['content-type'] ?? '').toLowerCase();
      const reading = !recorded
        ? null
        : type.startsWith('text/event-stream')
          ? eventStream(encoding, options)
          : messageBody('out', encoding, options);
      relay(answer, res, reading, () => res.end());
      answer.on('aborted', () => res.destroy());
      answer.on('error', () => res.destroy());
    });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen.port, options.listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${target.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const upstream of upstreams) upstream.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A body being read as it passes: chunks in, and at its end a callback once it is read, before what it held is recorded. */
interface Reading {
  write(chunk: Buffer): void;
  end(then: () => void): void;
}

/**
 * Copies a body from `from` to `to` chunk by chunk, each read (recorded) once it is
 * written on, waiting while `to` is full; at its end, `finish` once the reading is done.
 */
function relay(
  from: IncomingMessage,
  to: NodeJS.WritableStream & { writableEnded?: boolean },
  reading: Reading | null,
  finish: () => void,
): void {
  forward(from, to, (chunk) => reading?.write(chunk));
  from.on('end', () => (reading ? reading.end(finish) : finish()));
}

/** A body that is one message (a POST's JSON-RPC message or batch, a JSON answer): recorded whole at its end, when it has any. */
function messageBody(
  dir: RelayDir,
  encoding: string | undefined,
  { onMessage, onNote }: Pick<HttpRelayOptions, 'onMessage' | 'onNote'>,
): Reading {
  const text = new TextCollector();
  let then: () => void = () => {};
  const decoded = bodyText(
    encoding,
    (piece) => text.add(piece),
    (error) => {
      // The body's end goes on first: the peer need not wait for the recording, which
      // follows in the same turn, before anything can come back.
      then();
      const whole = text.text();
      if (error)
        onNote({ kind: 'not_recorded', from: SENDER[dir], reason: `cannot decode the body: ${error.message}` });
      else if (whole === null) onNote({ kind: 'too_long', from: SENDER[dir], chars: text.seen });
      else if (whole.trim() !== '') onMessage(dir, whole);
    },
  );
  if (!decoded) {
    onNote({ kind: 'not_recorded', from: SENDER[dir], reason: `content-encoding ${encoding}` });
    return { write: () => {}, end: (done) => done() };
  }
  return {
    write: (chunk) => decoded.write(chunk),
    end: (done) => {
      then = done;
      decoded.end();
    },
  };
}

/** An SSE answer (to a POST, or the GET stream): each event's message recorded as it arrives. */
function eventStream(
  encoding: string | undefined,
  { onMessage, onNote }: Pick<HttpRelayOptions, 'onMessage' | 'onNote'>,
): Reading {
  const reader = sseReader(
    (data) => onMessage('out', data),
    () => onNote({ kind: 'too_long', from: 'server', chars: null }),
  );
  const decoded = bodyText(
    encoding,
    (piece) => reader.feed(piece),
    (error) => {
      if (error) onNote({ kind: 'not_recorded', from: 'server', reason: `cannot decode the stream: ${error.message}` });
    },
  );
  if (!decoded) {
    onNote({ kind: 'not_recorded', from: 'server', reason: `content-encoding ${encoding}` });
    return { write: () => {}, end: (done) => done() };
  }
  return {
    write: (chunk) => decoded.write(chunk),
    end: (done) => {
      decoded.end();
      done();
    },
  };
}
