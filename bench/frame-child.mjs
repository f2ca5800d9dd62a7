process.env.NODE_ENV ??= 'production';

// Time to the first frame that shows rows, and keypresses (key event → Ink's onRender)
// with the real App on a fake 100x30 terminal: `key` mid-trace, `scale` mid-index and
// across a whole big file, with the peak RSS after it.
import { EventEmitter } from 'node:events';
import { FakeStdin, standInForKeysThread } from './fake-tty.mjs';

// Before Ink loads, as the binary does: its modules' allocations would grow the young generation first.
(await import('../dist/sources/heap.js')).tightenHeap();
const { createElement } = await import('react');
const { render } = await import('ink');
const { App } = await import('../dist/ui/app.js');

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWithCache } from '../dist/cli/load.js';
import { ingest } from '../dist/ingest/ingest.js';
import { FileSource } from '../dist/sources/file-source.js';
import { TraceStore } from '../dist/store/trace-store.js';
import { bundledPrices } from '../dist/trace/prices.js';

// As the app runs it (cli/main.ts).
const [file, mode] = process.argv.slice(2);
class FakeStdout extends EventEmitter {
  columns = 100;
  rows = 30;
  isTTY = true;
  seen = '';
  firstRowsAt = null;
  write(s) {
    // The first frame that shows rows: the moment a call row reaches the terminal.
    if (this.firstRowsAt === null && s.includes('tools/call')) this.firstRowsAt = performance.now();
    return true;
  }
}
const stdout = new FakeStdout();
const stdin = new FakeStdin();
const t0 = performance.now();
const store = new TraceStore(bundledPrices());
const source = new FileSource(file);
// `scale` opens the file as the app does (cli/tui-command.ts): through the index cache,
// a first open that indexes and then saves the index (into a fresh directory here).
const cacheDir = mode === 'scale' ? mkdtempSync(join(tmpdir(), 'mrt-bench-cache-')) : null;
if (cacheDir) process.env.MCP_REPLAY_TUI_CACHE_DIR = cacheDir;
let firstFrame = null;
let keyAt = null;
let keyMs = null;
const onRender = () => {
  const now = performance.now();
  if (keyAt !== null && keyMs === null) keyMs = now - keyAt;
};
const loaded = cacheDir
  ? loadWithCache(store, source, { cache: true, interactive: true })
  : ingest(store, source, store.addFile(file).index, { interactive: true });
standInForKeysThread();
const app = render(
  createElement(App, { store, startAt: mode === 'key' ? { pane: 'calls', row: 'middle' } : undefined }),
  { stdout, stdin, stderr: stdout, onRender, patchConsole: false, exitOnCtrlC: false, debug: false, maxFps: 60 },
);
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
while (stdout.firstRowsAt === null) await wait(1);
firstFrame = stdout.firstRowsAt - t0;
const out = { firstFrameMs: firstFrame };
/** Types `key` and waits for the frame it causes: key event → Ink's onRender, ms. */
const press = async (key) => {
  keyMs = null;
  keyAt = performance.now();
  stdin.push(key);
  while (keyMs === null) await wait(0);
  return keyMs;
};
const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.5) - 1];
if (mode === 'scale') {
  // While the rest of the file is still being indexed: do keys answer within a frame?
  const mid = [];
  for (let i = 0; i < 10 && store.files[0].state === 'loading'; i++) {
    mid.push(await press(i % 2 ? 'k' : 'j'));
    await wait(50);
  }
  out.midIndexKeys = mid.length;
  out.midIndexP50Ms = mid.length ? p50(mid) : null;
  out.midIndexMaxMs = mid.length ? Math.max(...mid) : null;
  await loaded;
  out.indexedMs = performance.now() - t0;
  await wait(200);
  // Jumps across the whole file, then the detail of the last record.
  const moves = { G: [], g: [], pgdn: [] };
  for (let i = 0; i < 5; i++) {
    moves.G.push(await press('G'));
    await wait(40);
    moves.g.push(await press('g'));
    await wait(40);
    moves.pgdn.push(await press('\u001b[6~'));
    await wait(40);
  }
  out.gMs = Math.max(...moves.G, ...moves.g);
  out.pgdnMs = Math.max(...moves.pgdn);
  await press('G');
  await wait(40);
  out.detailEndMs = await press('\r');
  out.maxRssBytes = process.resourceUsage().maxRSS * 1024;
} else if (mode === 'key') {
  await loaded;
  app.rerender(createElement(App, { store, startAt: { pane: 'calls', row: 'middle' } }));
  await wait(200);
  const samples = [];
  for (let i = 0; i < 20; i++) {
    samples.push(await press(i % 2 ? 'k' : 'j'));
    await wait(40);
  }
  // Enter on a record in the middle of the trace: read back, parse, pretty-print.
  out.detailMs = await press('\r');
  samples.sort((a, b) => a - b);
  out.keyP50Ms = samples[Math.ceil(samples.length * 0.5) - 1];
  out.keyMaxMs = samples[samples.length - 1];
  out.maxRssBytes = process.resourceUsage().maxRSS * 1024;
}
app.unmount();
source.close();
if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(out)}\n`);
process.exit(0);
