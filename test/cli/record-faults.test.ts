import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';
import {
  FAKE,
  raws,
  recordArgs,
  startRecording,
  summaryOf,
  traceFile,
  traceLines,
  until,
  validateTrace,
} from '../helpers/record.js';

const fileLines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;
const VALID = { code: 0, findings: [] };

describe('record: the fault matrix (stdio)', () => {
  it('a server that exits at once: its exit code, and a trace of meta and end', () => {
    const file = traceFile();
    const r = run(recordArgs(file, [process.execPath, '-e', 'process.exit(5)']));
    expect(r.code).toBe(5);
    expect(traceLines(file).map((l) => [l.type, l.exitCode])).toEqual([
      ['meta', undefined],
      ['end', 5],
    ]);
    expect(validateTrace(file)).toEqual(VALID);
  });

  it('a server killed mid-call: the call is in the trace, unanswered, and the end says how it died', async () => {
    const file = traceFile();
    const rec = startRecording(recordArgs(file, [process.execPath, FAKE]));
    rec.child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await rec.whenStdout((out) => out.lines === 1);
    rec.child.stdin.write('{"jsonrpc":"2.0","id":2,"method":"die"}\n');
    expect(await rec.done).toEqual({ code: 137, signal: null });
    expect(raws(file, 'in')).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'die' },
    ]);
    expect(raws(file, 'out')).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(traceLines(file).at(-1)).toMatchObject({ type: 'end', exitCode: 137, signal: 'SIGKILL' });
    expect(validateTrace(file)).toEqual(VALID);
    expect(summaryOf(file).session.exitCode).toBe(137);
  });

  it('the client closes stdin: the server is told (its stdin ends), and when it exits the trace ends', async () => {
    const file = traceFile();
    const rec = startRecording(recordArgs(file, [process.execPath, FAKE]));
    rec.child.stdin.end('{"jsonrpc":"2.0","id":1,"method":"echo","params":{"a":1}}\n');
    expect(await rec.done).toEqual({ code: 0, signal: null });
    expect(rec.stdout().toString()).toBe('{"jsonrpc":"2.0","id":1,"result":{"a":1}}\n');
    expect(raws(file, 'out')).toEqual([{ jsonrpc: '2.0', id: 1, result: { a: 1 } }]);
    expect(traceLines(file).at(-1)).toMatchObject({ type: 'end', exitCode: 0 });
    expect(validateTrace(file)).toEqual(VALID);
  });

  it('partial lines: bytes forwarded exactly as sent; each message recorded once, whole, its JSON text as written', async () => {
    const file = traceFile();
    const big = '{ "jsonrpc":"2.0", "id":9007199254740993123, "result":{"v":1.50,"s":"\\u00e9\\n"} }';
    const pieces = [
      big.slice(0, 10),
      big.slice(10, 40),
      `${big.slice(40)}\r\n{"jsonrpc":"2.0","method":"notifications/a"}\nStarting server…\n{"jsonrpc":"2.0","me`,
      'thod":"notifications/b"}\n\n\n{"unterminated":',
    ];
    const script = traceFile('pieces.json');
    writeFileSync(script, JSON.stringify(pieces));
    const rec = startRecording(recordArgs(file, [process.execPath, FAKE, 'pieces', script]));
    // One line from the client for each piece (itself in two writes), the next once that piece is out.
    const request = '{"jsonrpc":"2.0","id":1,"method":"go"}';
    for (const [i] of pieces.entries()) {
      rec.child.stdin.write(request.slice(0, 7));
      rec.child.stdin.write(`${request.slice(7)}\n`);
      const expected = Buffer.byteLength(pieces.slice(0, i + 1).join(''));
      await rec.whenStdout((out) => out.bytes === expected);
    }
    expect(await rec.done).toEqual({ code: 0, signal: null });
    expect(rec.stdout().toString('utf8')).toBe(pieces.join(''));

    // The message's JSON text is in the trace as the server wrote it (the \r is the line's end).
    const first = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.includes('"dir":"out"'))!;
    expect(first).toMatch(/^\{"t":"[^"]+","dir":"out","raw":/);
    expect(first.endsWith(`"raw":${big}}`)).toBe(true);
    const lines = traceLines(file);
    expect(raws(file, 'in')).toEqual(Array(4).fill(JSON.parse(request)));
    const what = (l: Record<string, unknown>) =>
      (l.type ?? l.kind ?? (l.raw as { method?: string }).method ?? 'response') as string;
    expect(lines.filter((l) => l.dir !== 'in').map(what)).toEqual([
      'meta',
      'response',
      'notifications/a',
      'record.not_json',
      'notifications/b',
      'record.unterminated',
      'end',
    ]);
    expect(lines.find((l) => l.kind === 'record.not_json')!.raw).toEqual({ from: 'server', text: 'Starting server…' });
    expect(lines.find((l) => l.kind === 'record.unterminated')!.raw).toEqual({
      from: 'server',
      text: '{"unterminated":',
    });
    expect(validateTrace(file)).toEqual(VALID);
  });

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s goes to the server; what it says on the way out is recorded, then the end line',
    async (signal) => {
      const file = traceFile();
      const rec = startRecording(recordArgs(file, [process.execPath, FAKE]));
      rec.child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
      await rec.whenStdout((out) => out.lines === 1);
      rec.child.kill(signal);
      expect(await rec.done).toEqual({ code: 0, signal: null });
      expect(raws(file, 'out').at(-1)).toEqual({ jsonrpc: '2.0', method: 'notifications/bye', params: { signal } });
      expect(traceLines(file).at(-1)).toMatchObject({ type: 'end', exitCode: 0 });
      expect(validateTrace(file)).toEqual(VALID);
    },
  );

  it('SIGKILL of the recorder: every line written is whole and valid; only the end line is missing', async () => {
    const file = traceFile();
    const rec = startRecording(recordArgs(file, [process.execPath, FAKE]));
    for (let id = 1; id <= 3; id++) rec.child.stdin.write(`{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`);
    await rec.whenStdout((out) => out.lines === 3);
    await until(() => fileLines(file) === 7);
    rec.child.kill('SIGKILL');
    await rec.done;
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(traceLines(file).map((l) => l.type ?? l.dir)).toEqual([
      'meta',
      ...Array(6).fill(expect.stringMatching(/^(in|out)$/)),
    ]);
    // Valid, and validate names the missing end line (a warning: exit 0).
    expect(validateTrace(file)).toEqual({
      code: 0,
      findings: [expect.objectContaining({ line: 7, severity: 'warning', rule: 'end-missing' })],
    });
    expect(run(['summary', file]).stdout).toMatch(/no end line/);
  });

  it('--redact and the command line: what the user hides is not in the file, and the client still gets it', async () => {
    const file = traceFile();
    const rec = startRecording(
      recordArgs(file, [process.execPath, FAKE, '--api-key', 'k3y-xyz', 'TOKEN=t0k'], ['--redact', 'hunter\\d+']),
    );
    rec.child.stdin.end('{"jsonrpc":"2.0","id":1,"method":"echo","params":{"password":"hunter22"}}\n');
    await rec.done;
    expect(rec.stdout().toString()).toContain('"password":"hunter22"');
    const text = readFileSync(file, 'utf8');
    for (const secret of ['hunter22', 'k3y-xyz', 't0k']) expect(text).not.toContain(secret);
    expect(traceLines(file)[0]!.command).toEqual([
      process.execPath,
      FAKE,
      '--api-key',
      '[REDACTED]',
      'TOKEN=[REDACTED]',
    ]);
    expect(raws(file, 'in')).toEqual([{ jsonrpc: '2.0', id: 1, method: 'echo', params: { password: '[REDACTED]' } }]);
    expect(validateTrace(file)).toEqual(VALID);
  });

  it('a trace that stops taking writes (a full disk): said once, and the session goes on', async () => {
    const rec = startRecording(recordArgs('/dev/full', [process.execPath, FAKE]));
    rec.child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"echo","params":{"a":1}}\n');
    await rec.whenStdout((out) => out.lines === 1);
    rec.child.stdin.end('{"jsonrpc":"2.0","id":2,"method":"echo","params":{"a":2}}\n');
    expect(await rec.done).toEqual({ code: 0, signal: null });
    expect(rec.stdout().toString()).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"a":1}}\n{"jsonrpc":"2.0","id":2,"result":{"a":2}}\n',
    );
    expect(rec.stderr()).toBe(
      'mcp-replay-tui: cannot write /dev/full: ENOSPC: no space left on device, write; the session goes on, unrecorded\n',
    );
  });
});
