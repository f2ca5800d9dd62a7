process.env.NODE_ENV ??= 'production';

// The app indexing a big file as a person watches (issue 20, item 6): the real App on a
// fake 80x24 terminal opens the file as `mcp-replay-tui FILE --no-cache` does, and `j`/`k`
// are pressed every 50 ms until the header's loading gives way to the trace's state.
// Prints the time to that moment, each key's latency (key event → Ink's onRender) and
// the peak RSS.
import { EventEmitter } from 'node:events';
import { FakeStdin } from './fake-tty.mjs';

const { createElement } = await import('react');
const { render } = await import('ink');
const { App } = await import('../dist/ui/app.js');
const { loadWithCache } = await import('../dist/cli/load.js');
const { FileSource } = await import('../dist/sources/file-source.js');
const { TraceStore } = await import('../dist/store/trace-store.js');
const { bundledPrices } = await import('../dist/trace/prices.js');

(await import('../dist/cli/heap.js')).tightenHeap();
const file = process.argv[2];
class FakeStdout extends EventEmitter {
  columns = 80;
  rows = 24;
  isTTY = true;
  write() {
    return true;
  }
}
const stdout = new FakeStdout();
const stdin = new FakeStdin();
const t0 = performance.now();
const store = new TraceStore(bundledPrices());
const source = new FileSource(file);
let keyAt = null;
let keyMs = null;
const onRender = () => {
  if (keyAt !== null && keyMs === null) keyMs = performance.now() - keyAt;
};
const loaded = loadWithCache(store, source, { cache: false, interactive: true });
const app = render(createElement(App, { store }), {
  stdout,
  stdin,
  stderr: stdout,
  onRender,
  patchConsole: false,
  exitOnCtrlC: false,
  debug: false,
  maxFps: 60,
});
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const keys = [];
let pressed = 0;
const indexing = () => store.files[0]?.state === 'loading';
while (indexing()) {
  keyMs = null;
  keyAt = performance.now();
  stdin.push(pressed++ % 2 ? 'k' : 'j');
  while (keyMs === null && indexing()) await wait(0);
  if (keyMs !== null) keys.push(keyMs);
  await wait(50);
}
const indexedMs = performance.now() - t0;
await loaded;
keys.sort((a, b) => a - b);
const pct = (p) => (keys.length ? keys[Math.max(0, Math.ceil(keys.length * p) - 1)] : null);
app.unmount();
source.close();
process.stdout.write(
  `${JSON.stringify({ indexedMs, keys: keys.length, keyP50Ms: pct(0.5), keyP95Ms: pct(0.95), keyMaxMs: pct(1), rows: store.count, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`,
);
process.exit(0);
