// A terminal for benchmarks: Ink renders to it and reads keys from it.
import { EventEmitter } from 'node:events';
import { startThread } from '../dist/sources/heap.js';

export class FakeStdin extends EventEmitter {
  isTTY = true;
  data = null;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read() {
    const d = this.data;
    this.data = null;
    return d;
  }
  /** Types `s` as if from the keyboard. */
  push(s) {
    this.data = s;
    this.emit('readable');
  }
}

/**
 * The app rendered on a fake terminal, and `press`: types a key and waits for the frame
 * it causes (key event → Ink's onRender, ms; null when none comes within `noFrameMs`),
 * then waits past Ink's frame throttle so the next key's frame is drawn at once.
 * `maxFps`: Ink's frame throttle (the app runs at 60).
 */
export async function timedApp(App, props, stdout, { noFrameMs = 3000, maxFps = 30 } = {}) {
  const { createElement } = await import('react');
  const { render } = await import('ink');
  const stdin = new FakeStdin();
  standInForKeysThread();
  let keyAt = null;
  let keyMs = null;
  const onRender = () => {
    if (keyAt !== null && keyMs === null) keyMs = performance.now() - keyAt;
  };
  const app = render(createElement(App, props), {
    stdout,
    stdin,
    stderr: stdout,
    onRender,
    patchConsole: false,
    exitOnCtrlC: false,
    debug: false,
    maxFps,
  });
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const press = async (key) => {
    keyMs = null;
    keyAt = performance.now();
    stdin.push(key);
    while (keyMs === null && performance.now() - keyAt < noFrameMs) await wait(0);
    const ms = keyMs;
    keyAt = null;
    await wait(40);
    return ms;
  };
  return { app, press, wait };
}

/**
 * The app reads keys on a thread of its own (cli/keys.ts), which needs /dev/tty. An idle
 * thread with the same limits stands in for it, so that a figure of peak memory counts
 * its isolate (~15 MiB): without it the bench read 0.24x of 1 GiB where the real binary
 * peaked at 269 MiB (0.26x).
 */
let keysThread = null;
export function standInForKeysThread() {
  if (keysThread) return;
  keysThread = startThread("require('node:worker_threads').parentPort.on('message', () => {});", {
    eval: true,
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
  });
  keysThread.unref();
}
