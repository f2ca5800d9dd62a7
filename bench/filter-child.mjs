// Filters on the big trace: a field filter, a full-text word filter, and a bare
// substring scan of the same file for comparison. Prints ms for each.
import { open } from 'node:fs/promises';
import { ingest } from '../dist/ingest/ingest.js';
import { FileSource } from '../dist/sources/file-source.js';
import { applyFilter, textMatches } from '../dist/store/query.js';
import { linesContaining, search } from '../dist/store/search.js';
import { TraceStore } from '../dist/store/trace-store.js';
import { parseFilter } from '../dist/trace/filter.js';
import { bundledPrices } from '../dist/trace/prices.js';

const file = process.argv[2];
const store = new TraceStore(bundledPrices());
await ingest(store, new FileSource(file));
const start = store.startMs(0);
const time = (fn) => {
  const t0 = performance.now();
  const r = fn();
  return { ms: performance.now() - t0, r };
};
// Each figure is the median of 3 runs (the bare scan's too): the first run of anything pays for the JIT.
const median3 = (fn) => {
  const runs = [fn(), fn(), fn()].sort((a, b) => a.ms - b.ms);
  return runs[1];
};
const field = median3(() => time(() => applyFilter(store, parseFilter('status:error tool:read_*'), start, ['x'])));

// The bare scan: read the file in the same block size and count a substring with Buffer.indexOf.
const bare = async (needle) => {
  const t0 = performance.now();
  const h = await open(file, 'r');
  const buf = Buffer.allocUnsafe(4 << 20);
  const n = Buffer.from(needle);
  let pos = 0;
  let hits = 0;
  for (;;) {
    const { bytesRead } = await h.read(buf, 0, buf.length, pos);
    if (!bytesRead) break;
    const chunk = buf.subarray(0, bytesRead);
    for (let i = chunk.indexOf(n); i >= 0; i = chunk.indexOf(n, i + 1)) hits++;
    pos += bytesRead;
  }
  await h.close();
  return { ms: performance.now() - t0, hits };
};
// The word filters and the bare scan take turns, five times each (each takes a few
// tens of ms, where a moment's noise shows): the figure is each one's median.
// The smart-case filter (a lower-case word) takes its turn beside them.
const words = [];
const scans = [];
const folds = [];
const lowScans = [];
for (let i = 0; i < 5; i++) {
  words.push(time(() => applyFilter(store, parseFilter('Directory'), start, ['x'])));
  scans.push(await bare('Directory'));
  folds.push(time(() => applyFilter(store, parseFilter('directory'), start, ['x'])));
  // The byte search a smart-case word replaces: the same bytes, case-sensitive, over the same blocks.
  lowScans.push(time(() => textMatches(store, 'directory', true)));
}
const lowScan = lowScans.sort((a, b) => a.ms - b.ms)[2];
const word = words.sort((a, b) => a.ms - b.ms)[2];
const scan = scans.sort((a, b) => a.ms - b.ms)[2];
const wordFold = folds.sort((a, b) => a.ms - b.ms)[2];
// The bare scan that answers the smart-case filter's question: any case of 'directory',
// in the same blocks, as Latin-1 text with a case-insensitive pattern (what grep -i does).
const bareFold = async () => {
  const t0 = performance.now();
  const h = await open(file, 'r');
  const buf = Buffer.allocUnsafe(4 << 20);
  const pattern = /directory/gi;
  let pos = 0;
  let hits = 0;
  for (;;) {
    const { bytesRead } = await h.read(buf, 0, buf.length, pos);
    if (!bytesRead) break;
    const text = buf.toString('latin1', 0, bytesRead);
    pattern.lastIndex = 0;
    while (pattern.test(text)) hits++;
    pos += bytesRead;
  }
  await h.close();
  return { ms: performance.now() - t0, hits };
};
const foldScan = [await bareFold(), await bareFold(), await bareFold()].sort((a, b) => a.ms - b.ms)[1];
const callRows = store.rows('calls');
const calls = { length: callRows.length, at: (i) => callRows[i] };
// A person typing: a query, a correction, another query (26 keystrokes).
const keys = [];
let q = '';
for (const ch of 'read_file\b\b\b\b\b\b\b\b\bwrite_dir\b\b\bfile') {
  q = ch === '\b' ? q.slice(0, -1) : q + ch;
  keys.push(time(() => search(store, calls, q)).ms);
}
keys.sort((a, b) => a - b);
// The text part of search, once typing pauses (a new query each time: no cache).
const textPart = median3(() => time(() => linesContaining(store, `write_${Math.random()}`.slice(0, 12))));
process.stdout.write(
  `${JSON.stringify({
    fieldMs: field.ms,
    fieldKept: field.r.count,
    wordMs: word.ms,
    wordKept: word.r.count,
    wordFoldMs: wordFold.ms,
    wordFoldKept: wordFold.r.count,
    byteSearchMs: lowScan.ms,
    bareMs: scan.ms,
    bareHits: scan.hits,
    bareFoldMs: foldScan.ms,
    searchP95Ms: keys[Math.ceil(keys.length * 0.95) - 1],
    searchTextMs: textPart.ms,
    rows: store.count,
  })}\n`,
);
