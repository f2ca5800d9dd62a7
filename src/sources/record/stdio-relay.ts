import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { forward } from './forward.js';
import { type WireLine, WireLines } from './wire-lines.js';

/** Which way bytes go: `in` from the client to the server, `out` back (the trace format's own names). */
export type RelayDir = 'in' | 'out';

/** How the server's process ended, or why it never started. */
export type StdioOutcome =
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'failed'; error: NodeJS.ErrnoException };

export interface StdioRelayOptions {
  command: string;
  args: readonly string[];
  /** The client's side: what it writes to us, and where we write what the server says. */
  clientIn: Readable;
  clientOut: Writable;
  /**
   * The lines one side's chunk ended, all at once, just after the chunk is forwarded
   * (the peer need not wait for the recording). One call per chunk lets the trace take
   * them in one write.
   */
  onLines(dir: RelayDir, lines: WireLine[]): void;
  /** The bytes left without a newline when a side's stream ended (forwarded as they were). */
  onTail(dir: RelayDir, line: WireLine): void;
}

/** How long the server's stdout is still read after it exited (a process it started may hold it open). */
const DRAIN_MS = 2000;

/**
 * Starts the server and relays both ways, every byte unchanged: the client's stdin to
 * the server's stdin, the server's stdout to the client; the server's stderr is the
 * recorder's own (inherited), so it passes through untouched. When the client closes
 * its side, the server's stdin is closed; the relay ends when the server has exited
 * and its output is read.
 */
export function relayStdio(options: StdioRelayOptions): {
  done: Promise<StdioOutcome>;
  signal(signal: NodeJS.Signals): void;
} {
  const { clientIn, clientOut } = options;
  const child: ChildProcess = spawn(options.command, [...options.args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const toServer = child.stdin!;
  const fromServer = child.stdout!;
  // A peer gone mid-write (EPIPE) is the end of that side, not of the recorder.
  toServer.on('error', () => {});
  clientOut.on('error', () => {});

  pump(clientIn, toServer, 'in', options, () => toServer.end());
  pump(fromServer, clientOut, 'out', options, () => {});

  const done = new Promise<StdioOutcome>((resolve) => {
    let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let timer: NodeJS.Timeout | null = null;
    const finish = (outcome: StdioOutcome) => {
      if (timer) clearTimeout(timer);
      clientIn.pause();
      resolve(outcome);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) finish({ kind: 'failed', error });
    });
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      // Read to the end, but not for ever: a process the server left behind may keep its stdout open.
      timer = setTimeout(() => {
        fromServer.destroy();
        finish({ kind: 'exited', ...exited! });
      }, DRAIN_MS);
      timer.unref();
    });
    child.on('close', (code, signal) => {
      if (child.pid === undefined) return;
      finish({ kind: 'exited', ...(exited ?? { code, signal }) });
    });
  });

  return {
    done,
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/**
 * Copies `from` to `to` chunk by chunk, cutting lines as they pass (reported once
 * their chunk is written on), and waits while `to` is full.
 */
function pump(
  from: Readable,
  to: Writable,
  dir: RelayDir,
  { onLines, onTail }: Pick<StdioRelayOptions, 'onLines' | 'onTail'>,
  ended: () => void,
): void {
  const splitter = new WireLines();
  forward(from, to, (chunk) => {
    const lines = splitter.push(chunk);
    if (lines.length > 0) onLines(dir, lines);
  });
  from.on('end', () => {
    const tail = splitter.end();
    if (tail) onTail(dir, tail);
    ended();
  });
  from.on('error', () => {});
}
