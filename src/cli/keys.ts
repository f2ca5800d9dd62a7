import { closeSync, openSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../sources/heap.js';
import { KeySequenceFilter } from '../ui/key-sequences.js';
import { type MouseEvent, MouseFilter, type MouseItem } from '../ui/mouse.js';
import { fatal } from './fatal.js';
import { CTRL_C_TAKEN, type KeysCommand, type KeysWorkerData, RAW_MODE, SHARED_SLOTS } from './keys-protocol.js';
import { CONTROL } from './output.js';

/** The keyboard the app reads: the stream Ink takes as stdin, and how to let go of it. */
export interface Keyboard {
  stdin: NodeJS.ReadStream;
  /** Waits (a few ms, while the keys thread starts) until the terminal is in raw mode: call before the first frame. */
  ready(): void;
  /**
   * Whether a Ctrl-C came: the app then exits 130, as an interrupted program does,
   * whichever thread ended it (keys-worker.ts ends a busy app with that code too).
   */
  interrupted(): boolean;
  /** Raw mode off, at once (safe to call more than once, and when it was never on). */
  rawOff(): void;
  /** Raw mode on again, at once (after a suspension: the shell had the terminal cooked). */
  rawOn(): void;
  /**
   * What Ctrl-Z does (null: nothing). In raw mode the terminal sends it as a key
   * instead of stopping the process; it is taken out of the keys Ink reads.
   */
  onSuspendKey(handler: (() => void) | null): void;
  /**
   * Whether mouse reports can be taken out of the keys here (keys read by the keys
   * thread); false when Ink reads stdin itself, which would see them as keys.
   */
  readsMouse: boolean;
  /** Where mouse reports go, taken out of the keys Ink reads (ui/mouse.ts); null: they are dropped. */
  onMouse(handler: ((event: MouseEvent) => void) | null): void;
  close(): void;
}

/** The byte Ctrl-Z sends in raw mode (SUB). */
const CTRL_Z = 0x1a;
/** How long the main thread waits for the keys thread to switch raw mode off. */
const RAW_OFF_WAIT_MS = 200;
/** How long the first frame waits for the keys thread to start (it takes tens of ms). */
const READY_WAIT_MS = 2000;
/**
 * How long the start of a mouse report (or an ESC that may begin one) waits for the
 * rest: a terminal sends a report at once, and an Escape pressed alone is late by this.
 */
const MOUSE_HOLD_MS = 25;

/** The keys thread's script, beside this module (in the bundle too). */
const KEYS_WORKER = new URL('./keys-worker.js', import.meta.url);

/** Whether this process has a terminal to read keys from (/dev/tty). */
function hasTty(): boolean {
  try {
    closeSync(openSync('/dev/tty', 'r'));
    return true;
  } catch {
    return false;
  }
}

interface KeysThread {
  worker: Worker;
  slots: Int32Array;
  script: string;
}

/** Starts a keys thread, idle until it is told to take the terminal (`{ raw: true }`). */
function spawnKeysThread(workerUrl: URL): KeysThread {
  const shared = new SharedArrayBuffer(SHARED_SLOTS * 4);
  const data: KeysWorkerData = {
    shared,
    leave: CONTROL.leaveAltScreen,
    reason: 'mcp-replay-tui: interrupted (Ctrl-C while the app was busy)',
  };
  const worker = startThread(workerUrl, {
    workerData: data,
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
  });
  worker.unref();
  // A keys thread that fails leaves the app without keys: end it, saying why.
  worker.on('error', (error) => fatal(`cannot read the keyboard: ${error.message}`, 1, error));
  return { worker, slots: new Int32Array(shared), script: workerUrl.href };
}

/** The thread `startKeysThread` started, until `openKeyboard` takes it. */
let ahead: KeysThread | null = null;

/**
 * Starts the keys thread ahead of `openKeyboard`, which takes it: a thread takes tens
 * of milliseconds to start, and the app's code loads meanwhile. It touches the terminal
 * only once taken, so a command that ends before (a file that cannot be opened) leaves
 * the terminal as it was.
 */
export function startKeysThread(workerUrl = KEYS_WORKER): void {
  if (ahead === null && hasTty()) ahead = spawnKeysThread(workerUrl);
}

/**
 * Opens the keyboard. Keys are read on a thread of their own (keys-worker.ts), so a
 * Ctrl-C ends the app within a fraction of a second even while the main thread
 * computes. It reads /dev/tty, which is also where keys come from when the trace is
 * on stdin. Null when there is no terminal to read keys from.
 */
export function openKeyboard(workerUrl = KEYS_WORKER): Keyboard | null {
  if (!hasTty()) {
    // No controlling terminal: read keys from stdin when it is one, through the same relay.
    if (!process.stdin.isTTY) return null;
    return stdinKeyboard(process.stdin);
  }
  const thread = ahead?.script === workerUrl.href ? ahead : spawnKeysThread(workerUrl);
  ahead = null;
  const { worker, slots } = thread;
  const send = (command: KeysCommand) => worker.postMessage(command);
  // Raw at once, before the first frame: keys typed early are neither echoed nor held
  // for a line (`ready` waits for it).
  send({ raw: true });
  const stdin = relayStream((on) => send({ raw: on }));
  let suspendKey: (() => void) | null = null;
  let mouseHandler: ((event: MouseEvent) => void) | null = null;
  const relay = relayKeys(
    (keys) => stdin.write(keys),
    (event) => mouseHandler?.(event),
  );
  worker.on('message', (chunk: Uint8Array) => {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (bytes.includes(3)) Atomics.add(slots, CTRL_C_TAKEN, 1);
    const suspend = suspendKey !== null && bytes.includes(CTRL_Z);
    if (suspend) bytes = Buffer.from(bytes.filter((b) => b !== CTRL_Z));
    relay.take(bytes);
    if (suspend) suspendKey?.();
  });
  let closed = false;
  const rawOff = () => {
    if (closed || Atomics.load(slots, RAW_MODE) === 0) return;
    send({ raw: false });
    // The keys thread answers at once: its event loop does nothing else.
    Atomics.wait(slots, RAW_MODE, 1, RAW_OFF_WAIT_MS);
  };
  const rawOn = () => {
    if (closed) return;
    send({ raw: true });
    Atomics.wait(slots, RAW_MODE, 0, RAW_OFF_WAIT_MS);
  };
  return {
    stdin,
    ready: () => void Atomics.wait(slots, RAW_MODE, 0, READY_WAIT_MS),
    interrupted: () => Atomics.load(slots, CTRL_C_TAKEN) > 0,
    rawOff,
    rawOn,
    onSuspendKey: (handler) => {
      suspendKey = handler;
    },
    readsMouse: true,
    onMouse: (handler) => {
      mouseHandler = handler;
    },
    close: () => {
      relay.close();
      rawOff();
      closed = true;
      send('stop');
      void worker.terminate();
    },
  };
}

/**
 * Call after Ink's render: Ink listens for SIGINT (through signal-exit) to unmount, and a
 * JavaScript listener waits for a busy main thread, while the keys thread's SIGINT must
 * end the process at once. In raw mode the terminal sends Ctrl-C as a key, so SIGINT
 * can only come from kill(1); it then ends the app as it would any program.
 */
export function letSigintEndTheProcess(): void {
  process.removeAllListeners('SIGINT');
}

/**
 * The way from the terminal's bytes to Ink: sequences that are no key taken out
 * (ui/key-sequences.ts: some would end the app), then mouse reports (ui/mouse.ts), the
 * keys written on with `write` and the mouse events given to `mouse`, in the order they
 * came. The start of a sequence cut between chunks waits MOUSE_HOLD_MS for the rest.
 */
export function relayKeys(
  write: (keys: Buffer) => void,
  mouse: (event: MouseEvent) => void,
): { take(bytes: Buffer): void; idle(): boolean; close(): void } {
  const sequences = new KeySequenceFilter();
  const reports = new MouseFilter();
  let held: ReturnType<typeof setTimeout> | undefined;
  // Keys and mouse events in the order they came; `waiting` while an Escape is let read alone.
  const queue: MouseItem[] = [];
  let waiting = false;
  const drain = () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      if (!('keys' in item)) mouse(item.mouse);
      else {
        write(item.keys);
        // Ink reads what is written in one tick as one chunk, and gives a lone ESC a
        // setImmediate to stay one: the rest goes on after that (a timer comes later).
        if (item.apart) {
          waiting = true;
          setTimeout(() => {
            waiting = false;
            drain();
          }, 0);
          return;
        }
      }
    }
  };
  const pass = (items: MouseItem[]) => {
    queue.push(...items);
    if (!waiting) drain();
  };
  /** What never got its end: keys that Ink reads alone (ESC, ESC [), or nothing. */
  const flushHeld = () => {
    const rest = sequences.flush();
    const items = rest.length ? reports.feed(rest) : [];
    const keys = reports.flush();
    if (keys.length) items.push({ keys });
    const last = items.at(-1);
    if (last && 'keys' in last) items[items.length - 1] = { keys: last.keys, apart: true };
    pass(items);
  };
  return {
    take(bytes) {
      clearTimeout(held);
      pass(reports.feed(sequences.feed(bytes)));
      if (sequences.pending || reports.pending) held = setTimeout(flushHeld, MOUSE_HOLD_MS);
    },
    /** Whether everything taken has gone on (nothing held, nothing waiting its turn). */
    idle: () => !sequences.pending && !reports.pending && !waiting && queue.length === 0,
    close: () => clearTimeout(held),
  };
}

/**
 * The keyboard when there is no /dev/tty but stdin is a terminal: stdin read here, in
 * raw mode, through the same relay. Ctrl-Z stays a key (the process gets no SIGTSTP in
 * raw mode), and no mouse reporting is asked for.
 */
function stdinKeyboard(tty: NodeJS.ReadStream): Keyboard {
  const relay = relayKeys(
    (keys) => stdin.write(keys),
    () => undefined,
  );
  const take = (chunk: Buffer) => relay.take(chunk);
  const setRaw = (on: boolean) => {
    tty.setRawMode(on);
    if (on) tty.on('data', take);
    else {
      tty.off('data', take);
      tty.pause();
    }
  };
  const stdin = relayStream(setRaw);
  return {
    stdin,
    ready: () => undefined,
    interrupted: () => false,
    rawOff: () => void (tty.isRaw && tty.setRawMode(false)),
    rawOn: () => void tty.setRawMode(true),
    onSuspendKey: () => undefined,
    readsMouse: false,
    onMouse: () => undefined,
    close: () => {
      relay.close();
      setRaw(false);
    },
  };
}

/** Ink's stdin, fed from the keys thread; raw mode is asked of that thread. */
function relayStream(setRaw: (on: boolean) => void): NodeJS.ReadStream {
  const stream = new PassThrough() as unknown as NodeJS.ReadStream & { isTTY: boolean };
  Object.assign(stream, {
    isTTY: true,
    setRawMode: (on: boolean) => {
      setRaw(on);
      return stream;
    },
    // Nothing here holds the process open: the worker is unref'd.
    ref: () => stream,
    unref: () => stream,
  });
  return stream;
}
