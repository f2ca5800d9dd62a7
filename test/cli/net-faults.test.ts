import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsync } from '../helpers/cli.js';
import { startTraceServer } from '../helpers/http-server.js';

// The built binary (npm test builds dist/ first) against a loopback server: exit codes and what is printed.
// Every status, timeout, fault and message: test/slow/net-faults.slow.test.ts (each run costs half a second or more).
let server: Awaited<ReturnType<typeof startTraceServer>>;
let raw: Server;
let rawBase = '';
beforeAll(async () => {
  server = await startTraceServer();
  // A reason phrase that would set the terminal's title, and a C1 CSI (as latin-1 obs-text).
  raw = createTcpServer((socket) => socket.once('data', () => socket.end(Buffer.concat([Buffer.from('HTTP/1.1 418 \x1b]0;pwned\x07 \x1b[2J'), Buffer.from([0x9b]), Buffer.from('2J\r\ncontent-length: 0\r\n\r\n')]))));
  await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
  rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
});
afterAll(async () => {
  raw.close();
  await server.close();
});

/** The flag's help line, however commander wraps it. */
const HELP = ['--timeout <seconds>', 'give up on an http\\(s\\) or ws:// source after this many seconds of silence'].join(' ').split(' ').join('\\s+');

const ESC_OR_C1 = /[\u001b\u0007\u0080-\u009f]/;

describe('network faults through the binary', () => {
  it.each([404])('HTTP %i: exit 1, naming the status and the URL', async (status) => {
    const url = `${server.base}/status?code=${status}`;
    for (const args of [['summary', url], ['summary', '--json', url], [url]]) {
      const r = await runAsync(args);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^mcp-replay-tui: cannot open ${url.replace(/[?.]/g, '\\$&')}: HTTP ${status} `));
      expect(r.stdout).toBe('');
    }
  });





  it('--timeout takes seconds above 0, and is in the help', async () => {
    const bad = await runAsync(['summary', '--timeout', 'soon', 'examples/demo.jsonl']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--timeout.*expected a number of seconds above 0/);
    for (const command of [[], ['summary']]) {
      const help = await runAsync([...command, '--help']);
      expect(help.stdout, command.join(' ')).toMatch(new RegExp(HELP));
    }
  });

  it('the reason phrase and the server are never printed raw', async () => {
    for (const args of [['summary', rawBase + '/']]) {
      const r = await runAsync(args);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('HTTP 418 ␛]0;pwned␇ ␛[2J');
      expect(r.stderr).not.toMatch(ESC_OR_C1);
      expect(r.stdout).not.toMatch(ESC_OR_C1);
    }
  });
});

describe('secrets in URLs through the binary', () => {
  const port = () => new URL(server.base).port;

  it('userinfo is sent as Basic auth; password and token never printed (text and --json)', async () => {
    const url = `http://user:PASSW0RD@127.0.0.1:${port()}/auth.jsonl?access_token=T0KEN&x=1`;
    const shown = `http://***@127.0.0.1:${port()}/auth.jsonl?access_token=***&x=1`;
    const text = await runAsync(['summary', url]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`${shown} · remote`);
    const json = await runAsync(['summary', '--json', url]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).file).toBe(shown);
    for (const r of [text, json]) expect(r.stdout + r.stderr).not.toMatch(/PASSW0RD|T0KEN/);
  });

});
