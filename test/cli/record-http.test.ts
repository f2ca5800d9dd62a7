import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';
import { raws, startProxy, startRecording, traceFile, traceLines, validateTrace } from '../helpers/record.js';

const VALID = { code: 0, findings: [] };
const started: (ChildProcess | Server)[] = [];
afterEach(() => {
  for (const s of started.splice(0)) 'kill' in s ? s.kill('SIGKILL') : s.close();
});

/** One exchange with the proxy as raw bytes: no decompression, no header made up. */
function exchange(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('record over HTTP: headers, encodings and streams as the server sent them', () => {
  it('forwards headers untouched but Host, bytes unchanged; records only the MCP endpoint, decoded', async () => {
    const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
    const sse = [
      'id: 0\ndata: \n\n',
      'event: message\nid: 1\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\nda',
      'ta: {"jsonrpc":"2.0","id":2,"result":{"ok":true}}\n',
      '\n',
    ];
    const initAnswer = gzipSync('{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18"}}');
    const upstream = createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers });
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', async () => {
        if (req.url === '/.well-known/oauth-protected-resource')
          return res.writeHead(200, { 'content-type': 'application/json' }).end('{"secret_token":"nope"}');
        if (req.method === 'DELETE') return res.writeHead(200).end();
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          return res.end('data: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n');
        }
        const msg = JSON.parse(body) as { method: string };
        if (msg.method === 'initialize')
          return res
            .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'mcp-session-id': 's-1' })
            .end(initAnswer);
        if (msg.method === 'notifications/initialized') return res.writeHead(202).end();
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-extra': 'kept' });
        for (const piece of sse) await new Promise<void>((resolve) => res.write(piece, () => resolve()));
        res.end();
      });
    });
    started.push(upstream);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const file = traceFile();
    const { rec, proxy } = await startProxy(file, `${target}/mcp`);
    started.push(rec.child);
    const auth = { authorization: 'Bearer sekrit', 'mcp-session-id': 's-1', 'content-type': 'application/json' };

    const init = await exchange(proxy, 'POST', auth, '{"jsonrpc":"2.0","id":1,"method":"initialize"}');
    expect(init.status).toBe(200);
    expect(init.headers['content-encoding']).toBe('gzip');
    expect(init.headers['mcp-session-id']).toBe('s-1');
    expect(init.body.equals(initAnswer)).toBe(true);
    expect((await exchange(proxy, 'POST', auth, '{"jsonrpc":"2.0","method":"notifications/initialized"}')).status).toBe(
      202,
    );
    const streamed = await exchange(proxy, 'POST', auth, '{"jsonrpc":"2.0","id":2,"method":"tools/call"}');
    expect(streamed.body.toString()).toBe(sse.join(''));
    expect(streamed.headers['x-extra']).toBe('kept');
    expect((await exchange(proxy, 'GET', { ...auth, accept: 'text/event-stream' })).status).toBe(200);
    expect((await exchange(proxy, 'DELETE', auth)).status).toBe(200);
    const discovery = await exchange(`${new URL(proxy).origin}/.well-known/oauth-protected-resource`, 'GET', {});
    expect(discovery.body.toString()).toBe('{"secret_token":"nope"}');

    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /mcp',
      'POST /mcp',
      'POST /mcp',
      'GET /mcp',
      'DELETE /mcp',
      'GET /.well-known/oauth-protected-resource',
    ]);
    for (const s of seen.slice(0, 5)) {
      expect(s.headers.authorization).toBe('Bearer sekrit');
      expect(s.headers['mcp-session-id']).toBe('s-1');
      expect(s.headers.host).toBe(new URL(target).host);
    }

    // The server goes away: the client is told (502), the trace says so.
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
    expect((await exchange(proxy, 'POST', auth, '{"jsonrpc":"2.0","id":3,"method":"ping"}')).status).toBe(502);

    rec.child.kill('SIGINT');
    expect(await rec.done).toEqual({ code: 0, signal: null });
    expect(raws(file, 'in').map((r) => (r as { method: string }).method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/call',
      'ping',
    ]);
    expect(raws(file, 'out')).toEqual([
      { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18' } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      { jsonrpc: '2.0', id: 2, result: { ok: true } },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    ]);
    const text = JSON.stringify(traceLines(file));
    expect(text).not.toContain('sekrit');
    expect(text).not.toContain('secret_token');
    expect(traceLines(file).filter((l) => l.dir === 'event')).toEqual([
      expect.objectContaining({ kind: 'record.upstream_error', raw: { method: 'POST', error: expect.any(String) } }),
    ]);
    expect(validateTrace(file)).toEqual(VALID);
  });

  it("a target holding secrets: the proxy's address works as printed, without them; the target is shown redacted", async () => {
    const seen: { url: string; authorization?: string }[] = [];
    const upstream = createServer((req, res) => {
      seen.push({ url: req.url!, authorization: req.headers.authorization });
      const allowed = req.url!.startsWith('/mcp?key=k3yZ&') || req.url === '/mcp?key=k3yZ';
      req.resume();
      req.on('end', () =>
        res
          .writeHead(allowed ? 200 : 401, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","id":1,"result":{}}'),
      );
    });
    started.push(upstream);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    const file = traceFile();
    const { rec, proxy } = await startProxy(file, `http://me:pa55Zq@127.0.0.1:${port}/mcp?key=k3yZ`);
    started.push(rec.child);
    expect(proxy).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const json = { 'content-type': 'application/json' };
    expect((await exchange(proxy, 'POST', json, body)).status).toBe(200);
    expect((await exchange(`${proxy}?session=2`, 'POST', { ...json, authorization: 'Bearer own' }, body)).status).toBe(
      200,
    );
    const basic = `Basic ${Buffer.from('me:pa55Zq').toString('base64')}`;
    expect(seen).toEqual([
      { url: '/mcp?key=k3yZ', authorization: basic },
      { url: '/mcp?key=k3yZ&session=2', authorization: 'Bearer own' },
    ]);
    rec.child.kill('SIGINT');
    expect(await rec.done).toEqual({ code: 0, signal: null });
    const meta = traceLines(file)[0] as { url: string };
    expect(meta.url).toBe(`http://[REDACTED]@127.0.0.1:${port}/mcp?key=[REDACTED]`);
    for (const text of [readFileSync(file, 'utf8'), rec.stderr()]) {
      expect(text).not.toContain('k3yZ');
      expect(text).not.toContain('pa55Zq');
    }
    expect(validateTrace(file)).toEqual(VALID);
  });

  it('a target that is no URL or not http(s) is named redacted', () => {
    for (const url of ['ftp://me:pa55Zq@h/mcp?token=k3yZ', 'http://me:pa55Zq@[nope/mcp?token=k3yZ']) {
      const r = run(['record', '-o', traceFile(), '--url', url]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--url \S+:\/\/\S*@/);
      expect(r.stderr).not.toMatch(/pa55Zq|k3yZ/);
    }
  });

  it('a port that cannot be taken: exit 1 naming it, and the trace says so', async () => {
    const busy = createServer();
    started.push(busy);
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const file = traceFile();
    const rec = startRecording([
      'record',
      '-o',
      file,
      '--url',
      'http://127.0.0.1:1/mcp',
      '--listen',
      `127.0.0.1:${port}`,
    ]);
    expect(await rec.done).toEqual({ code: 1, signal: null });
    expect(rec.stderr()).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`));
    expect(traceLines(file).at(-1)).toMatchObject({ type: 'end', reason: 'transport_error' });
    expect(validateTrace(file)).toEqual(VALID);
  });
});
