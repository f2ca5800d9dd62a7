process.env.NODE_ENV ??= 'production';

// Every key of every pane on a big trace, at 80x24 (BENCH_COLUMNS=120: as wide, where
// Calls shows the arguments): key event → Ink's onRender, as
// p50/p95/max per key and pane. Keys come in pairs that undo each other (G then g,
// Enter then Esc), so each press changes the frame and a pane is measured from the
// same places each round.
import { timedApp } from './fake-tty.mjs';

// Before Ink loads, as the binary does: its modules' allocations would grow the young generation first.
(await import('../dist/sources/heap.js')).tightenHeap();
const { App } = await import('../dist/ui/app.js');
const { FileSource } = await import('../dist/sources/file-source.js');
const { ingest } = await import('../dist/ingest/ingest.js');
const { TraceStore } = await import('../dist/store/trace-store.js');
const { bundledPrices } = await import('../dist/trace/prices.js');

// `node bench/keys-child.mjs FILE [ROUNDS] [calls,turns,…]`: the panes to measure, all by default.
const [file, roundsArg, panesArg] = process.argv.slice(2);
const ROUNDS = Number(roundsArg ?? 5);
const ONLY = panesArg ? new Set(panesArg.split(',')) : null;
const COLUMNS = Number(process.env.BENCH_COLUMNS ?? 80);
const stdout = Object.assign(new (await import('node:events')).EventEmitter(), {
  columns: COLUMNS,
  rows: 24,
  isTTY: true,
  write: () => true,
});
const store = new TraceStore(bundledPrices());
const source = new FileSource(file);
await ingest(store, source, store.addFile(file).index, { interactive: false });

const { app, press, wait } = await timedApp(App, { store, size: { columns: COLUMNS, rows: 24 } }, stdout);

const ESC = '\u001b';
const KEYS = {
  j: 'j',
  k: 'k',
  G: 'G',
  g: 'g',
  PgDn: `${ESC}[6~`,
  PgUp: `${ESC}[5~`,
  'C-d': '\u0004',
  'C-u': '\u0015',
  Enter: '\r',
  Esc: ESC,
  '?': '?',
  T: 'T',
  ']': ']',
  '[': '[',
  s: 's',
  t: 't',
  e: 'e',
  '/': '/',
  f: 'f',
  F: 'F',
  m: 'm',
  u: 'u',
  '+': '+',
  '-': '-',
  0: '0',
  H: 'H',
  L: 'L',
  '←': `${ESC}[D`,
  '→': `${ESC}[C`,
};
const LIST = [
  ['j', 'k'],
  ['G', 'g'],
  ['PgDn', 'PgUp'],
  ['C-d', 'C-u'],
  [']', '['],
  ['Enter', 'Esc'],
  ['?', 'Esc'],
  ['T', 'T'],
  // Mark the row, go to the bottom, u back to the mark, unmark it.
  ['m', 'G'],
  ['u', 'm'],
];
const PANES = {
  calls: { key: '1', pairs: [...LIST, ['s', 's'], ['G', 's'], ['s', 'g']] },
  turns: { key: '2', pairs: [...LIST, ['t', 't'], ['e', 'e'], ['G', 'e'], ['e', 'g']] },
  usage: {
    key: '3',
    pairs: [
      ['j', 'k'],
      ['G', 'g'],
      ['PgDn', 'PgUp'],
      ['?', 'Esc'],
    ],
  },
  events: { key: '4', pairs: LIST },
  timeline: {
    key: '5',
    pairs: [...LIST, ['+', '-'], ['+', '0'], ['→', '←'], ['L', 'H']],
  },
};

const samples = new Map();
const note = (pane, key, ms) => {
  const id = `${pane}\t${key}`;
  if (!samples.has(id)) samples.set(id, []);
  samples.get(id).push(ms);
};
await wait(300);
for (const [pane, { key, pairs }] of Object.entries(PANES)) {
  if (ONLY && !ONLY.has(pane)) continue;
  note(pane, key, await press(key));
  for (let round = 0; round < ROUNDS; round++)
    for (const pair of pairs) for (const k of pair) note(pane, k, await press(KEYS[k]));
  if (pane !== 'usage') {
    // A search typed (each letter moves to the best match), then left.
    note(pane, '/', await press('/'));
    for (const c of 'read') note(pane, '/ letter', await press(c));
    note(pane, '/ Esc', await press(ESC));
    // A line of the file to go to, mid-trace.
    await press(':');
    for (const c of String(Math.floor(store.count / 2))) await press(c);
    note(pane, ':…Enter', await press('\r'));
    note(pane, 'g', await press('g'));
    // A field filter typed and applied, then cleared.
    await press('f');
    for (const c of 'tool:read_*') await press(c);
    note(pane, 'f…Enter', await press('\r'));
    note(pane, 'F', await press('F'));
  }
}
app.unmount();
source.close();

const pick = (xs, q) => xs[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];
const out = [];
for (const [id, xs] of samples) {
  const [pane, key] = id.split('\t');
  const drawn = xs.filter((x) => x !== null).sort((a, b) => a - b);
  out.push({
    pane,
    key,
    n: xs.length,
    noFrame: xs.length - drawn.length,
    p50: drawn.length ? pick(drawn, 0.5) : null,
    p95: drawn.length ? pick(drawn, 0.95) : null,
    max: drawn.length ? drawn[drawn.length - 1] : null,
  });
}
process.stdout.write(`${JSON.stringify({ turns: store.rows('turns').length, keys: out })}\n`);
process.exit(0);
