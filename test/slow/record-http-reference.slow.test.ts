import { type ChildProcess, spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  asJson,
  EVERYTHING,
  freePort,
  raws,
  spyOn,
  startProxy,
  summaryOf,
  traceFile,
  traceLines,
  validateTrace,
} from '../helpers/record.js';

// The reference server over Streamable HTTP takes seconds to start and drive on a busy
// machine: slow. Its stdio twin is in test/cli/record-stdio.test.ts.
const VALID = { code: 0, findings: [] };
const started: ChildProcess[] = [];
afterEach(() => {
  for (const s of started.splice(0)) s.kill('SIGKILL');
});

describe('record over Streamable HTTP, the reference server driven by the official SDK client', () => {
  it('POST (JSON and SSE answers), the GET stream and DELETE pass; each message recorded once', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push(server);
    await new Promise<void>((resolve) => server.stderr!.on('data', (d) => /listening/.test(String(d)) && resolve()));
    const file = traceFile();
    const { rec, proxy } = await startProxy(file, `http://127.0.0.1:${port}/mcp`);
    started.push(rec.child);

    const transport = new StreamableHTTPClientTransport(new URL(proxy));
    const spy = spyOn(transport);
    const client = new Client({ name: 'record-test', version: '1.0.0' });
    await client.connect(transport);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('echo');
    const big = 'é'.repeat(1 << 19);
    const echoed = await client.callTool({ name: 'echo', arguments: { message: big } });
    expect(echoed.content).toEqual([{ type: 'text', text: `Echo: ${big}` }]);
    const progress: number[] = [];
    const long = await client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 2 } },
      undefined,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(progress).toEqual([1, 2]);
    expect(long.isError).toBeFalsy();
    expect((await client.callTool({ name: 'no-such-tool', arguments: {} })).isError).toBe(true);
    await transport.terminateSession();
    await client.close();

    rec.child.kill('SIGTERM');
    expect(await rec.done).toEqual({ code: 0, signal: null });
    expect(raws(file, 'in')).toEqual(asJson(spy.sent));
    expect(raws(file, 'out')).toEqual(asJson(spy.received));
    const lines = traceLines(file);
    expect(lines[0]).toMatchObject({ type: 'meta', command: [], url: `http://127.0.0.1:${port}/mcp` });
    expect(lines.at(-1)).toEqual({
      t: expect.any(String),
      type: 'end',
      reason: 'producer_shutdown',
      durationMs: expect.any(Number),
    });
    expect(validateTrace(file)).toEqual(VALID);
    const summary = summaryOf(file);
    expect(summary.tools).toEqual([
      ['echo', 1, 0],
      ['no-such-tool', 1, 1],
      ['trigger-long-running-operation', 1, 0],
    ]);
  });
});
