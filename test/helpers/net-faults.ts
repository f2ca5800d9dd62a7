import { existsSync, mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer as createTcpServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsync } from './cli.js';
import { startTraceServer, TRACE } from './http-server.js';
import { HANGUP_KINDS, startHangupServer } from './ws-server.js';

/**
 * The built binary against a loopback server: exit codes and what is printed. Each run
 * costs half a second or more, so `npm test` runs a few cases (`full` false:
 * test/cli/net-faults.test.ts) and `npm run test:slow` every status, timeout and fault
 * (test/slow/net-faults.slow.test.ts); both from this one list.
 */
export function describeNetFaults(full: boolean): void {
  // Cases left out of the quick run are not defined there at all (not reported as skipped).
  const slowOnly = (name: string, test: () => Promise<void>) => full && it(name, test);
  let server: Awaited<ReturnType<typeof startTraceServer>>;
  let raw: Server;
  let rawBase = '';
  let oneWrite: Server;
  let oneWriteUrl = '';
  beforeAll(async () => {
    server = await startTraceServer();
    // A reason phrase that would set the terminal's title, and a C1 CSI (as latin-1 obs-text).
    raw = createTcpServer((socket) =>
      socket.once('data', () =>
        socket.end(
          Buffer.concat([
            Buffer.from('HTTP/1.1 418 \x1b]0;pwned\x07 \x1b[2J'),
            Buffer.from([0x9b]),
            Buffer.from('2J\r\ncontent-length: 0\r\n\r\n'),
          ]),
        ),
      ),
    );
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    // A short body and the close in one write: Content-Length 500 bytes more than the body.
    const body = Buffer.from(TRACE);
    oneWrite = createTcpServer((socket) =>
      socket.once('data', () =>
        socket.end(
          Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${body.length + 500}\r\n\r\n`), body]),
        ),
      ),
    );
    await new Promise<void>((r) => oneWrite.listen(0, '127.0.0.1', r));
    oneWriteUrl = `http://127.0.0.1:${(oneWrite.address() as AddressInfo).port}/short`;
  });
  afterAll(async () => {
    raw.close();
    oneWrite.close();
    await server.close();
  });

  /** The flag's help line, however commander wraps it. */
  const HELP = ['--timeout <seconds>', 'give up on an http\\(s\\) or ws:// source after this many seconds of silence']
    .join(' ')
    .split(' ')
    .join('\\s+');

  const ESC_OR_C1 = /[\u001b\u0007\u0080-\u009f]/;

  describe('network faults through the binary', () => {
    it.each(full ? [401, 403, 404, 500, 503] : [404])(
      'HTTP %i: exit 1, naming the status and the URL',
      async (status) => {
        const url = `${server.base}/status?code=${status}`;
        for (const args of status === 404
          ? [['summary', url], ['summary', '--json', url], [url]]
          : [['summary', url]]) {
          const r = await runAsync(args);
          expect(r.code).toBe(1);
          expect(r.stderr).toMatch(
            new RegExp(`^mcp-replay-tui: cannot open ${url.replace(/[?.]/g, '\\$&')}: HTTP ${status} `),
          );
          expect(r.stdout).toBe('');
        }
      },
    );

    slowOnly('a redirect loop: exit 1 after 10 redirects', async () => {
      const r = await runAsync(['summary', `${server.base}/loop`]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `mcp-replay-tui: cannot open ${server.base}/loop: more than 10 redirects (a redirect loop?); stopped\n`,
      );
    });

    slowOnly(
      'a server that stops sending: --timeout of silence, exit 1 naming it, and the summary of what arrived',
      async () => {
        for (const json of [false, true]) {
          const r = await runAsync([
            'summary',
            ...(json ? ['--json'] : []),
            '--timeout',
            '0.5',
            `${server.base}/stall.jsonl`,
          ]);
          expect(r.code).toBe(1);
          expect(r.stderr).toMatch(
            /stall\.jsonl: no data for 0\.5s \(timed out; --timeout 0\.5\); stopped after \d+ bytes \(line 2\): what arrived is shown/,
          );
          if (json) expect(JSON.parse(r.stdout).session.records).toMatchObject({ meta: 1, message: 1 });
          else expect(r.stdout).toMatch(/stall\.jsonl · remote/);
          expect(r.ms).toBeLessThan(8000);
        }
      },
    );

    slowOnly('a slowloris body and a server that never answers time out too', async () => {
      const trickle = await runAsync(['summary', '--timeout', '0.5', `${server.base}/trickle.jsonl`]);
      expect(trickle.code).toBe(1);
      expect(trickle.stderr).toMatch(/no complete line in 0\.5s \(timed out; --timeout 0\.5\)/);
      const silent = await runAsync(['summary', '--timeout', '0.5', `${server.base}/silent.jsonl`]);
      expect(silent.code).toBe(1);
      expect(silent.stderr).toBe(
        `mcp-replay-tui: cannot open ${server.base}/silent.jsonl: no answer within 0.5s (timed out; --timeout 0.5)\n`,
      );
    });

    slowOnly('a short body and a reset: exit 1, what arrived is summarised', async () => {
      for (const path of ['/short.jsonl', '/reset.jsonl']) {
        const r = await runAsync(['summary', '--json', `${server.base}${path}`]);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/the connection was closed or reset.*what arrived is shown/);
        expect(JSON.parse(r.stdout).session.records).toMatchObject({ meta: 1, message: 1 });
      }
    });

    it('a short body and the close in one write: summary keeps what arrived and says it was cut, every run', async () => {
      const bytes = Buffer.byteLength(TRACE);
      for (let i = 0; i < (full ? 10 : 3); i++) {
        const r = await runAsync(['summary', '--json', oneWriteUrl]);
        expect(r.code).toBe(1);
        expect(r.stderr).toBe(
          `mcp-replay-tui: ${oneWriteUrl}: the connection was closed or reset after ${bytes} of the ${bytes + 500} bytes announced (Content-Length); stopped after ${bytes} bytes (line 4): what arrived is shown\n`,
        );
        expect(JSON.parse(r.stdout).session.records).toMatchObject({ meta: 1, message: 2, end: 1 });
      }
    });

    it('diff, validate and every export refuse a cut or stalled source, saying what summary says (diff and validate 2, exports 1)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mrt-cut-'));
      const cases = full
        ? [
            ['/stall.jsonl', /no data for 0\.5s \(timed out; --timeout 0\.5\); stopped after \d+ bytes \(line 2\)/],
            [
              '/short.jsonl',
              /the connection was closed or reset after \d+ of the \d+ bytes announced \(Content-Length\); stopped after \d+ bytes \(line 2\)/,
            ],
            ['/reset.jsonl', /the connection was closed or reset; stopped after \d+ bytes \(line 3\)/],
          ]
        : [['/stall.jsonl', /no data for 0\.5s \(timed out; --timeout 0\.5\); stopped after \d+ bytes \(line 2\)/]];
      for (const [path, why] of cases as [string, RegExp][]) {
        const url = `${server.base}${path}`;
        const runs: [string[], number, string, string | null][] = [
          [['diff', '--timeout', '0.5', url, 'examples/demo.jsonl'], 2, 'not compared', null],
          // Once, not the URL twice (`cannot read URL: URL: …`).
          [['validate', '--timeout', '0.5', url], 2, 'not validated', null],
          [
            ['--export', join(dir, 'v1.jsonl'), '--timeout', '0.5', url],
            1,
            `nothing written to ${join(dir, 'v1.jsonl')}`,
            'v1.jsonl',
          ],
          [['diff', '--timeout', '0.5', 'examples/demo.jsonl', url], 2, 'not compared', null],
          [
            ['--export-otlp', join(dir, 'spans.json'), '--timeout', '0.5', url],
            1,
            `nothing written to ${join(dir, 'spans.json')}`,
            'spans.json',
          ],
          // The collector is never asked: a closed port would fail differently.
          [['--otlp-endpoint', 'http://127.0.0.1:9/v1/traces', '--timeout', '0.5', url], 1, 'nothing sent', null],
        ];
        for (const [args, code, then, file] of full ? runs : runs.slice(0, 3)) {
          const r = await runAsync(args);
          expect([r.code, r.stdout], args.join(' ')).toEqual([code, '']);
          expect(r.stderr, args.join(' ')).toMatch(
            new RegExp(`^mcp-replay-tui: ${url.replace(/[.?]/g, '\\$&')}: ${why.source}: ${then}\n$`),
          );
          if (file) expect(existsSync(join(dir, file))).toBe(false);
        }
      }
    });

    it('--timeout takes seconds above 0, and is in the help of every command that opens sources', async () => {
      const bad = await runAsync(['summary', '--timeout', 'soon', 'examples/demo.jsonl']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--timeout.*expected a number of seconds above 0/);
      for (const command of full ? [[], ['summary'], ['validate'], ['diff']] : [[], ['summary']]) {
        const help = await runAsync([...command, '--help']);
        expect(help.stdout, command.join(' ')).toMatch(new RegExp(HELP));
      }
    });

    it('the reason phrase and the server are never printed raw', async () => {
      for (const args of full
        ? [['summary', `${rawBase}/`], ['validate', `${rawBase}/`], [`${rawBase}/`]]
        : [['summary', `${rawBase}/`]]) {
        const r = await runAsync(args);
        expect(r.code).not.toBe(0);
        expect(r.stderr).toContain('HTTP 418 ␛]0;pwned␇ ␛[2J');
        expect(r.stderr).not.toMatch(ESC_OR_C1);
        expect(r.stdout).not.toMatch(ESC_OR_C1);
      }
    });
  });

  describe('a ws:// server that hangs up, through the binary', () => {
    /** Each command that reads a source whole, the exit code a cut source gives it, and what it says it did not do. */
    const commands = (url: string, dir: string): [string[], number, string][] => [
      [['summary', url], 1, 'what arrived is shown'],
      [['summary', '--json', url], 1, 'what arrived is shown'],
      [['validate', url], 2, 'not validated'],
      [['report', url], 1, 'what arrived is shown'],
      [['diff', url, 'examples/demo.jsonl'], 2, 'not compared'],
      [['--export', join(dir, 'v1.jsonl'), url], 1, `nothing written to ${join(dir, 'v1.jsonl')}`],
      [['--export-otlp', join(dir, 'spans.json'), url], 1, `nothing written to ${join(dir, 'spans.json')}`],
      [['--otlp-endpoint', 'http://127.0.0.1:9/v1/traces', url], 1, 'nothing sent'],
    ];
    const cases = full
      ? (['before the snapshot', 'after the snapshot', 'mid-frame'] as const).flatMap((stage) =>
          HANGUP_KINDS.map((kind) => [stage, kind] as const),
        )
      : ([['after the snapshot', 'FIN']] as const);

    it.each(cases)('%s, by %s: every command ends, saying why, with its exit code (never 13)', async (stage, kind) => {
      const server = await startHangupServer(stage, kind);
      const dir = mkdtempSync(join(tmpdir(), 'mrt-ws-cut-'));
      try {
        const all = commands(server.url, dir);
        for (const [args, code, then] of full ? all : [all[0]!, all[4]!]) {
          const r = await runAsync(args);
          expect(r.code, args.join(' ')).toBe(code);
          expect(r.stderr, args.join(' ')).toMatch(
            /ws:\/\/127\.0\.0\.1:\d+\/: (the server closed the connection \(code 1001 going away\)|the connection was closed or reset \(no close frame\)); stopped after \d+ lines?/,
          );
          expect(r.stderr, args.join(' ')).toContain(then);
        }
      } finally {
        await server.close();
      }
    });

    slowOnly('a server silent after the handshake: every command ends at --timeout', async () => {
      const server = await startHangupServer('silent');
      const dir = mkdtempSync(join(tmpdir(), 'mrt-ws-silent-'));
      try {
        for (const [args, code, then] of commands(server.url, dir)) {
          const r = await runAsync([...args, '--timeout', '0.5']);
          expect(r.code, args.join(' ')).toBe(code);
          expect(r.stderr, args.join(' ')).toMatch(
            /no data for 0\.5s \(timed out; --timeout 0\.5\); stopped after 0 lines/,
          );
          expect(r.stderr, args.join(' ')).toContain(then);
        }
      } finally {
        await server.close();
      }
    });

    slowOnly('the end line, then a hang-up: summary exits 0', async () => {
      const server = await startHangupServer('after the end', 'RST');
      try {
        const r = await runAsync(['summary', server.url]);
        expect([r.code, r.stderr]).toEqual([0, '']);
        expect(r.stdout).toMatch(/records 3 \(meta 1, message 1, event 0, turn 0, end 1/);
      } finally {
        await server.close();
      }
    });
  });

  describe('secrets in URLs through the binary', () => {
    const port = () => new URL(server.base).port;

    it('userinfo is sent as Basic auth; password and token never printed (summary, report, validate, diff; text and --json)', async () => {
      const url = `http://user:PASSW0RD@127.0.0.1:${port()}/auth.jsonl?access_token=T0KEN&x=1`;
      const shown = `http://***@127.0.0.1:${port()}/auth.jsonl?access_token=***&x=1`;
      const text = await runAsync(['summary', url]);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(`${shown} · remote`);
      const json = await runAsync(['summary', '--json', url]);
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout).file).toBe(shown);
      // report names the run by its address, in its rows, its JSON and the note on skipped lines.
      const skipping = url.replace('x=1', 'malformed=1');
      const report = await runAsync(['report', '--by', 'session', skipping]);
      expect(report.code).toBe(0);
      expect(report.stdout).toContain('auth.jsonl?access_token=***&malformed=1');
      expect(report.stderr).toContain(`skipped 1 malformed line in 1 file: ${shown.replace('x=1', 'malformed=1')} (1)`);
      const reportJson = await runAsync(['report', '--by', 'session', '--json', url]);
      expect(JSON.parse(reportJson.stdout).rows[0].key).toEqual({ session: shown });
      for (const r of [report, reportJson]) expect(r.stdout + r.stderr).not.toMatch(/PASSW0RD|T0KEN/);
      if (!full) {
        for (const r of [text, json]) expect(r.stdout + r.stderr).not.toMatch(/PASSW0RD|T0KEN/);
        return;
      }
      const valid = await runAsync(['validate', '--json', url]);
      expect(JSON.parse(valid.stdout).file).toBe(shown);
      const diff = await runAsync(['diff', '--json', url, url]);
      expect(JSON.parse(diff.stdout)).toMatchObject({ a: shown, b: shown });
      for (const r of [text, json, valid, diff]) expect(r.stdout + r.stderr).not.toMatch(/PASSW0RD|T0KEN/);
    });

    slowOnly(
      'a refused password, a 404 with a token, an mcpreplay.dev link naming one: messages redacted',
      async () => {
        const probe = createTcpServer();
        await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
        const closedPort = (probe.address() as AddressInfo).port;
        await new Promise((r) => probe.close(r));
        const cases = [
          [
            `http://user:WRONG@127.0.0.1:${port()}/auth.jsonl`,
            /^mcp-replay-tui: cannot open http:\/\/\*\*\*@127\.0\.0\.1:\d+\/auth\.jsonl: HTTP 401/,
          ],
          [
            `${server.base}/nope.jsonl?token=T0KEN`,
            /cannot open http:\/\/127\.0\.0\.1:\d+\/nope\.jsonl\?token=\*\*\*: HTTP 404/,
          ],
          [
            `https://mcpreplay.dev/?trace=${encodeURIComponent(`${server.base}/nope.jsonl?api_key=T0KEN`)}`,
            /cannot open http:\/\/127\.0\.0\.1:\d+\/nope\.jsonl\?api_key=\*\*\*: HTTP 404/,
          ],
          [
            `https://mcpreplay.dev/?trace=examples/x.jsonl&sig=T0KEN`,
            /from https:\/\/mcpreplay\.dev\/\?trace=examples\/x\.jsonl&sig=\*\*\*\)/,
          ],
          [
            `http://user:WRONG@127.0.0.1:${closedPort}/x?token=T0KEN`,
            /cannot open http:\/\/\*\*\*@127\.0\.0\.1:\d+\/x\?token=\*\*\*: connection refused/,
          ],
          [
            `ws://user:WRONG@127.0.0.1:${closedPort}/?token=T0KEN`,
            /cannot open ws:\/\/\*\*\*@127\.0\.0\.1:\d+\/\?token=\*\*\*: connection refused/,
          ],
        ] as const;
        for (const [i, [url, message]] of cases.entries()) {
          // Every command on the first case; then one each (each run costs half a second).
          for (const args of i === 0
            ? [['summary', url], ['validate', url], ['diff', url, url], [url]]
            : [[i % 2 ? 'summary' : 'validate', url]]) {
            const r = await runAsync(args);
            expect(r.code, args.join(' ')).not.toBe(0);
            expect(r.stderr, args.join(' ')).toMatch(message);
            expect(r.stdout + r.stderr).not.toMatch(/WRONG|T0KEN/);
          }
        }
      },
    );
  });
}
