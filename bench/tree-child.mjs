process.env.NODE_ENV ??= 'production';

// The detail view's tree on a 20 MB tool result at 80x24 (issue 18, item 4): open it
// (Enter, the record read back and scanned), fold and unfold (Space, z, Z, 1-9), and
// scroll (j/k, PgDn/PgUp, G/g), key event → Ink's onRender, as p50/p95/max per key.
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timedApp } from './fake-tty.mjs';

// Before Ink loads, as the binary does: its modules' allocations would grow the young generation first.
(await import('../dist/sources/heap.js')).tightenHeap();
const { App } = await import('../dist/ui/app.js');
const { FileSource } = await import('../dist/sources/file-source.js');
const { ingest } = await import('../dist/ingest/ingest.js');
const { TraceStore } = await import('../dist/store/trace-store.js');
const { bundledPrices } = await import('../dist/trace/prices.js');

const ROUNDS = Number(process.argv[2] ?? 5);
const MB = Number(process.env.BENCH_TREE_MB ?? 20);
const data = fileURLToPath(new URL('./.data/', import.meta.url));
mkdirSync(data, { recursive: true });
const file = join(data, `tree-${MB}mb.jsonl`);
if (!existsSync(file)) {
  // A tools/call whose result is a search's rows (objects, markdown text, nested fields),
  // as real results are, MB megabytes of them.
  const items = [];
  let size = 0;
  for (let i = 0; size < MB * 1024 * 1024; i++) {
    const item = {
      id: i,
      title: `Result ${i}: how to configure the retry limit`,
      url: `https://example.com/docs/${i}`,
      content: `## Section ${i}\n\nSome **markdown** text about retries, timeouts and backoff.\n\n- one\n- two\n`,
      meta: { score: 0.5 + (i % 50) / 100, tags: ['docs', 'retry', `t${i % 7}`], ok: i % 3 !== 0, parent: null },
    };
    size += JSON.stringify(item).length + 1;
    items.push(item);
  }
  const t = '2026-05-12T23:00:0';
  const lines = [
    {
      t: `${t}0.000Z`,
      dir: 'in',
      raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { q: 'retry' } } },
    },
    {
      t: `${t}1.000Z`,
      dir: 'out',
      raw: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          content: [{ type: 'text', text: JSON.stringify({ total: items.length }) }],
          structuredContent: { items },
        },
      },
    },
  ];
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

let firstAt = null;
let treeAt = null;
const stdout = Object.assign(new EventEmitter(), {
  columns: 80,
  rows: 24,
  isTTY: true,
  write: (s) => {
    // The tree's head is on screen once its parts are (drawn from the record's first bytes
    // while the rest is read); the whole tree once the footer no longer says it is reading.
    if (firstAt === null && s.includes(' response {')) firstAt = performance.now();
    if (firstAt !== null && treeAt === null && s.includes(' response {') && !s.includes('reading the record'))
      treeAt = performance.now();
    return true;
  },
});
const store = new TraceStore(bundledPrices());
const source = new FileSource(file);
await ingest(store, source, store.addFile(file).index, { interactive: false });
const { app, press, wait } = await timedApp(App, { store, size: { columns: 80, rows: 24 } }, stdout, {
  noFrameMs: 5000,
});

const ESC = '\u001b';
const samples = new Map();
const note = (key, ms) => {
  if (!samples.has(key)) samples.set(key, []);
  samples.get(key).push(ms);
};
await wait(300);
for (let round = 0; round < ROUNDS; round++) {
  // Enter reads the 20 MB record back and scans it, a step at a time (its first frame says
  // how far it is); Esc closes it (its table is kept for a reopen).
  firstAt = null;
  treeAt = null;
  const opened = performance.now();
  note(round === 0 ? 'Enter (first open)' : 'Enter (again)', await press('\r'));
  while (treeAt === null && performance.now() - opened < 10_000) await wait(1);
  if (round === 0) {
    note('Enter → its first screen', firstAt - opened);
    note('Enter → the tree shown', treeAt - opened);
  }
  await wait(40);
  note('z', await press('z'));
  note('Z', await press('Z'));
  // Down to the result's items, then through them.
  for (let i = 0; i < 12; i++) note('j', await press('j'));
  note('Space', await press(' '));
  note('Space', await press(' '));
  for (const k of '123456789') note('1-9', await press(k));
  note('Z', await press('Z'));
  for (let i = 0; i < 6; i++) note('PgDn', await press(`${ESC}[6~`));
  for (let i = 0; i < 6; i++) note('k', await press('k'));
  note('G', await press('G'));
  for (let i = 0; i < 6; i++) note('PgUp', await press(`${ESC}[5~`));
  note('g', await press('g'));
  note('/ items', await press('/'));
  for (const c of 'retry') note('/ letter', await press(c));
  note('/ Enter', await press('\r'));
  note('n', await press('n'));
  note('Esc', await press(ESC));
}
app.unmount();
source.close();

const pick = (xs, q) => xs[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];
const out = [];
for (const [key, xs] of samples) {
  const drawn = xs.filter((x) => x !== null).sort((a, b) => a - b);
  out.push({
    key,
    n: xs.length,
    p50: drawn.length ? pick(drawn, 0.5) : null,
    p95: drawn.length ? pick(drawn, 0.95) : null,
    max: drawn.length ? drawn[drawn.length - 1] : null,
  });
}
process.stdout.write(`${JSON.stringify({ bytes: statSync(file).size, keys: out })}\n`);
process.exit(0);
