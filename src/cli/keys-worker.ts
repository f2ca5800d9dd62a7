/**
 * Reads the keyboard on a thread of its own, so that Ctrl-C is honoured within a
 * fraction of a second even while the main thread is busy (a filter scanning a
 * 1 GiB file, a sort): each chunk of keys is posted to the main thread, which feeds
 * Ink; a Ctrl-C that the main thread has not taken within GRACE_MS ends the process
 * from here. This thread also holds raw mode, so that it can put the terminal back
 * itself: the terminal's cooked modes are saved on the handle that left them (a
 * handle that finds the terminal raw already would save raw as the mode to go back to).
 */
import { openSync, writeSync } from 'node:fs';
import { ReadStream } from 'node:tty';
import { parentPort, workerData } from 'node:worker_threads';
import { CTRL_C_TAKEN, type KeysCommand, type KeysWorkerData, RAW_MODE } from './keys-protocol.js';

const { shared, leave, reason } = workerData as KeysWorkerData;
const slots = new Int32Array(shared);
const GRACE_MS = 100;

let ctrlCs = 0;

/** The terminal, opened on the first command: the thread may start before the app knows it will run. */
function openTerminal(): ReadStream {
  const tty = new ReadStream(openSync('/dev/tty', 'r'));
  tty.on('data', (chunk: Buffer) => {
    parentPort!.postMessage(chunk);
    if (!chunk.includes(3)) return;
    const n = ++ctrlCs;
    setTimeout(() => {
      if (Atomics.load(slots, CTRL_C_TAKEN) < n) stopFromHere();
    }, GRACE_MS);
  });
  tty.on('error', () => undefined);
  return tty;
}
let input: ReadStream | null = null;

function setRaw(on: boolean): void {
  input ??= openTerminal();
  try {
    input.setRawMode(on);
  } finally {
    Atomics.store(slots, RAW_MODE, input.isRaw ? 1 : 0);
    Atomics.notify(slots, RAW_MODE);
  }
}

/**
 * The main thread is stuck: raw mode off, leave the alternate screen and show the
 * cursor on the terminal itself, say why, then raise SIGINT, which the main thread
 * does not listen for (keys.ts), so it ends the process at once, as Ctrl-C does
 * (exit 130), whatever JavaScript is running there.
 */
function stopFromHere(): void {
  try {
    setRaw(false);
    writeSync(openSync('/dev/tty', 'w'), `${leave}${reason}\n`);
  } catch {
    // No terminal to write to: the signal still ends the process.
  }
  process.kill(process.pid, 'SIGINT');
}

parentPort!.on('message', (command: KeysCommand) => {
  if (command !== 'stop') return setRaw(command.raw);
  if (input) {
    setRaw(false);
    input.destroy();
  }
  parentPort!.close();
});
