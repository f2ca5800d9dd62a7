process.env.NODE_ENV ??= 'production';
// Time to the first frame that shows rows, and one `j` keypress at the middle of the
// trace (key event → Ink's onRender), with the real App on a fake 100x30 terminal.
import { EventEmitter } from 'node:events';
import { FakeStdin } from './fake-tty.mjs';
const { createElement } = await import('react');
const { render } = await import('ink');
const { App } = await import('../dist/ui/app.js');
import { FileSource } from '../dist/sources/file-source.js';
import { ingest } from '../dist/store/ingest.js';
import { TraceStore } from '../dist/store/trace-store.js';
import { bundledPrices } from '../dist/trace/prices.js';

// As the app runs it (cli/main.ts).
(await import('../dist/cli/heap.js')).tightenHeap();
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
const f = store.addFile(file).index;
let firstFrame = null;
let keyAt = null;
let keyMs = null;
const onRender = () => {
  const now = performance.now();
  if (keyAt !== null && keyMs === null) keyMs = now - keyAt;
};
const loaded = ingest(store, source, f);
const app = render(createElement(App, { store, startAt: mode === 'key' ? { pane: 'calls', row: 'middle' } : undefined }), { stdout, stdin, stderr: stdout, onRender, patchConsole: false, exitOnCtrlC: false, debug: false });
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
while (stdout.firstRowsAt === null) await wait(1);
firstFrame = stdout.firstRowsAt - t0;
const out = { firstFrameMs: firstFrame };
if (mode === 'key') {
  await loaded;
  app.rerender(createElement(App, { store, startAt: { pane: 'calls', row: 'middle' } }));
  await wait(200);
  const samples = [];
  for (let i = 0; i < 20; i++) {
    keyMs = null;
    keyAt = performance.now();
    stdin.push(i % 2 ? 'k' : 'j');
    while (keyMs === null) await wait(0);
    samples.push(keyMs);
    await wait(40);
  }
  // Enter on a record in the middle of the trace: read back, parse, pretty-print.
  keyMs = null;
  keyAt = performance.now();
  stdin.push('\r');
  while (keyMs === null) await wait(0);
  out.detailMs = keyMs;
  samples.sort((a, b) => a - b);
  out.keyP50Ms = samples[Math.ceil(samples.length * 0.5) - 1];
  out.keyMaxMs = samples[samples.length - 1];
  out.maxRssBytes = process.resourceUsage().maxRSS * 1024;
}
app.unmount();
source.close();
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
