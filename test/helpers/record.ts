import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BIN, ROOT, run } from './cli.js';

/** The official reference server (`stdio` or `streamableHttp` as its argument). */
export const EVERYTHING = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
/** test/helpers/record-fake-server.mjs: a server whose behaviours the tests ask for. */
export const FAKE = fileURLToPath(new URL('./record-fake-server.mjs', import.meta.url));

/** A fresh file name for a recording. */
export const traceFile = (name = 'rec.jsonl') => join(mkdtempSync(join(tmpdir(), 'record-')), name);

/** The recorder's argv for a stdio server: `record -o FILE [extra…] -- CMD…`. */
export const recordArgs = (file: string, command: string[], extra: string[] = []) => [
  'record',
  '-o',
  file,
  ...extra,
  '--',
  ...command,
];

/** Each line of a trace, parsed (the last one too when it is whole). */
export function traceLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The raw of each message line of `dir`, in file order. */
export const raws = (file: string, dir: 'in' | 'out') =>
  traceLines(file)
    .filter((l) => l.dir === dir)
    .map((l) => l.raw);

/** `validate --json FILE`: its errors and warnings (the tests want none). */
export function validateTrace(file: string): { code: number | null; findings: unknown[] } {
  const r = run(['validate', '--json', '--all', file]);
  return { code: r.code, findings: (JSON.parse(r.stdout) as { findings: unknown[] }).findings };
}

/** `summary --json FILE`'s tools as [name, calls, errors], and the session it read. */
export function summaryOf(file: string): { tools: [string, number, number][]; session: Record<string, unknown> } {
  const summary = JSON.parse(run(['summary', '--json', file]).stdout) as {
    tools: { name: string; calls: number; errors: number }[];
    session: Record<string, unknown>;
  };
  return { tools: summary.tools.map((t) => [t.name, t.calls, t.errors]), session: summary.session };
}

/** The recorder run as a client would run it, its three pipes the test's. */
export interface Recording {
  child: ChildProcessWithoutNullStreams;
  /** Bytes the recorder wrote to its stdout so far (what the client got). */
  stdout(): Buffer;
  stderr(): string;
  /** Resolves once `test` holds of the stdout so far (its bytes and its newlines, counted as output arrives). */
  whenStdout(test: (seen: { bytes: number; lines: number }) => boolean): Promise<void>;
  /** Resolves with the exit code and signal when the recorder ends. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startRecording(args: string[]): Recording {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  const seen = { bytes: 0, lines: 0 };
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (d: Buffer) => {
    chunks.push(d);
    seen.bytes += d.length;
    for (let at = d.indexOf(10); at !== -1; at = d.indexOf(10, at + 1)) seen.lines++;
    for (const w of waiters.splice(0)) w();
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.on('error', () => {});
  const stdout = () => Buffer.concat(chunks);
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const whenStdout = (test: (seen: { bytes: number; lines: number }) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (test(seen)) resolve();
        else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`ended first: ${stderr}`));
        else waiters.push(check);
      };
      check();
    });
  return { child, stdout, stderr: () => stderr, whenStdout, done };
}

/** The recorder as a proxy in front of `url`, and the address it printed for the client. */
export async function startProxy(file: string, url: string): Promise<{ rec: Recording; proxy: string }> {
  const rec = startRecording(['record', '-o', file, '--url', url]);
  const said = /point the MCP client at (http:\/\/127\.0\.0\.1:\d+\S*)/;
  await until(() => said.test(rec.stderr()) || rec.child.exitCode !== null);
  const found = said.exec(rec.stderr());
  if (!found) throw new Error(`the proxy did not start: ${rec.stderr()}`);
  return { rec, proxy: found[1]! };
}

/** Resolves once `test()` holds, asked again each time the event loop has turned (a file being written). */
export async function until(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * What an SDK client sent and received, message by message, in order: the transport's
 * `send` and `onmessage` seen from outside, so nothing of the client is changed.
 */
export function spyOn(transport: Transport): { sent: JSONRPCMessage[]; received: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  const received: JSONRPCMessage[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  let handler: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () =>
      handler &&
      ((message: JSONRPCMessage, extra?: unknown) => {
        received.push(message);
        (handler as (m: JSONRPCMessage, e?: unknown) => void)(message, extra);
      }),
    set: (h: Transport['onmessage']) => (handler = h),
  });
  return { sent, received };
}

/** A port free on loopback now (for a server that takes its port from the environment). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Values as JSON has them (what a parsed trace line holds): `undefined` members gone. */
export const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
