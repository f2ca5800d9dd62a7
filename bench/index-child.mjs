process.env.NODE_ENV ??= 'production';

// The app indexing a big file as a person watches (issue 20, item 6): the real App on a
// fake 80x24 terminal opens the file as `mcp-replay-tui FILE --no-cache` does, and `j`/`k`
// are pressed every 50 ms until the header's loading gives way to the trace's state.
// Prints the time to that moment, each key's latency (key event → Ink's onRender) and
// the peak RSS.
import { EventEmitter } from 'node:events';
import { timedApp } from './fake-tty.mjs';

// Before Ink loads, as the binary does: its modules' allocations would grow the young generation first.
(await import('../dist/sources/heap.js')).tightenHeap();
const { App } = await import('../dist/ui/app.js');
const { loadWithCache } = await import('../dist/cli/load.js');
const { FileSource } = await import('../dist/sources/file-source.js');
const { TraceStore } = await import('../dist/store/trace-store.js');
const { bundledPrices } = await import('../dist/trace/prices.js');

const file = process.argv[2];
const stdout = Object.assign(new EventEmitter(), { columns: 80, rows: 24, isTTY: true, write: () => true });
const t0 = performance.now();
const store = new TraceStore(bundledPrices());
const source = new FileSource(file);
const loaded = loadWithCache(store, source, { cache: false, interactive: true });
// At 60 fps, as the app draws; `press` waits for the key's frame, then 40 ms: a key every ~50 ms.
const { app, press, wait } = await timedApp(App, { store }, stdout, { maxFps: 60 });
const keys = [];
for (let pressed = 0; store.files[0]?.state === 'loading'; pressed++) {
  const ms = await press(pressed % 2 ? 'k' : 'j');
  if (ms !== null) keys.push(ms);
  await wait(10);
}
const indexedMs = performance.now() - t0;
await loaded;
keys.sort((a, b) => a - b);
const pct = (p) => (keys.length ? keys[Math.max(0, Math.ceil(keys.length * p) - 1)] : null);
app.unmount();
source.close();
const out = {
  indexedMs,
  keys: keys.length,
  keyP50Ms: pct(0.5),
  keyP95Ms: pct(0.95),
  keyMaxMs: pct(1),
  rows: store.count,
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
process.exit(0);
