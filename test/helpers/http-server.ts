import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const TRACE = `${[
  '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"remote","command":["x"]}',
  '{"t":"2026-01-01T00:00:01.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch_url"}}}',
  '{"t":"2026-01-01T00:00:01.250Z","dir":"out","raw":{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"é日本"}]}}}',
  '{"t":"2026-01-01T00:00:02.000Z","type":"end","exitCode":0,"durationMs":2000}',
].join('\n')}\n`;

/** A local server for the http source: chunked, slow, gzip, redirects, statuses, cut-off, short, reset, stalled and trickling bodies, Basic auth, and a growing file. */
export async function startTraceServer() {
  const hits = { loop: 0, authorization: [] as string[] };
  let growing = `${TRACE.split('\n').slice(0, 2).join('\n')}\n`;
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/trace.jsonl': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(TRACE);
    },
    '/slow.jsonl': (_req, res) => {
      // Chunked, cut in the middle of a multi-byte character, with pauses.
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const bytes = Buffer.from(TRACE);
      const cut = bytes.indexOf(Buffer.from('日')) + 1;
      res.write(bytes.subarray(0, cut));
      setTimeout(() => {
        res.write(bytes.subarray(cut, cut + 40));
        setTimeout(() => res.end(bytes.subarray(cut + 40)), 30);
      }, 30);
    },
    '/gzip.jsonl': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' });
      res.end(gzipSync(TRACE));
    },
    '/moved': (_req, res) => {
      res.writeHead(302, { location: '/trace.jsonl' });
      res.end();
    },
    '/private': (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":"unauthorized"}');
    },
    '/cut.jsonl': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-length': String(TRACE.length * 2) });
      res.write(`${TRACE.split('\n').slice(0, 2).join('\n')}\n{"t":"2026-01-01T00:00:01.2`);
      setTimeout(() => res.socket?.destroy(), 20);
    },
    // Faults (issue 15): a redirect loop, a short body, a reset, silence, a trickle, statuses, Basic auth.
    '/loop': (req, res) => {
      const n = Number(/n=(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      hits.loop += 1;
      res.writeHead(302, { location: `/loop?n=${n + 1}` });
      res.end();
    },
    '/short.jsonl': (_req, res) => {
      // Announces twice the bytes it sends, then ends the connection cleanly.
      res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-length': String(TRACE.length * 2) });
      res.write(`${TRACE.split('\n').slice(0, 2).join('\n')}\n`);
      setTimeout(() => res.socket?.end(), 20);
    },
    '/reset.jsonl': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${TRACE.split('\n').slice(0, 2).join('\n')}\n{"t":"2026`);
      setTimeout(() => res.socket?.resetAndDestroy(), 20);
    },
    '/stall.jsonl': (_req, res) => {
      // Headers, two lines, then silence with the connection open.
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${TRACE.split('\n').slice(0, 2).join('\n')}\n`);
    },
    '/silent.jsonl': () => {
      // Not even headers.
    },
    '/trickle.jsonl': (_req, res) => {
      // Slowloris: a complete line, then one byte every 50 ms, never a newline.
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${TRACE.split('\n')[0]}\n`);
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 50);
      res.on('close', () => clearInterval(timer));
    },
    '/nolabel.jsonl': (_req, res) => {
      // No meta label: the app's header names the trace by its address, then the body is cut.
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${TRACE.split('\n').slice(1, 3).join('\n')}\n`);
      setTimeout(() => res.socket?.resetAndDestroy(), 20);
    },
    '/status': (req, res) => {
      const code = Number(/code=(\d+)/.exec(req.url ?? '')?.[1] ?? 500);
      res.writeHead(code, { 'content-type': 'text/plain' });
      res.end('no');
    },
    '/auth.jsonl': (req, res) => {
      hits.authorization.push(req.headers.authorization ?? '');
      if (req.headers.authorization !== `Basic ${Buffer.from('user:PASSW0RD').toString('base64')}`) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="t"' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      // `?malformed=1`: a line that is no record after the meta (a skipped line to name).
      res.end(req.url?.includes('malformed=1') ? TRACE.replace('\n', '\nnot json\n') : TRACE);
    },
    '/growing.jsonl': (req, res) => {
      const range = /bytes=(\d+)-/.exec(req.headers.range ?? '');
      const body = Buffer.from(growing);
      if (!range) {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.end(body);
        return;
      }
      const from = Number(range[1]);
      if (from >= body.length) {
        res.writeHead(416);
        res.end();
        return;
      }
      res.writeHead(206, { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` });
      res.end(body.subarray(from));
    },
  };
  const server: Server = createServer((req, res) => {
    const route = routes[(req.url ?? '').split('?')[0]!];
    if (route) route(req, res);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    grow: (text: string) => {
      growing += text;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The stalled routes hold their connections open.
        server.closeAllConnections();
      }),
  };
}
