import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairingTables } from '../../src/ingest/row-writer.js';
import { CACHE_HEADER_BYTES, CACHE_MIN_BYTES } from '../../src/sources/index-cache.js';
import { AsideColumn } from '../../src/store/columns.js';
import { linkedPair } from '../../src/store/links.js';
import { statsOf } from '../../src/store/stats.js';
import { toolCosts } from '../../src/store/tool-costs.js';
import type { TraceStore } from '../../src/store/trace-store.js';
import { BIN, ROOT } from './cli.js';
import { plain } from './store.js';

/**
 * A trace just over the size worth caching that indexes in milliseconds: the demo's
 * meta line, one record of a type the spec leaves open carrying 4 MiB of text (its
 * payload is skipped, not parsed), then the rest of the demo. Every line after the
 * first sits past the 64 KiB the key hashes. Returns its path.
 */
export function writeBigTrace(dir: string, name = 'big.jsonl'): string {
  const [meta, ...rest] = readFileSync('examples/demo.jsonl', 'utf8').split('\n');
  const pad = JSON.stringify({ t: '2026-05-12T23:00:00.000Z', type: 'padding', text: 'x'.repeat(CACHE_MIN_BYTES) });
  const path = join(dir, name);
  writeFileSync(path, [meta, pad, ...rest].join('\n'));
  return path;
}

/** A file changed within the last 100 ms is not cached (index-cache.ts: racy); waits that out. */
export const pastRacyWindow = () => new Promise((resolve) => setTimeout(resolve, 150));

/**
 * What a store holds, as plain data to compare: every column (element type and
 * values), strings, files, rollups, error maps, skips and the stats document.
 * `restored`: leave out what only indexing leaves behind (pending-request tables,
 * where the last line ended), which a restored store has no use for.
 */
export function storeDump(store: TraceStore, restored = false) {
  const columns = Object.fromEntries(
    Object.entries(store.cols.all()).map(([name, c]) => [
      name,
      {
        type: c.data.constructor.name,
        values: Array.from(c.view()),
        // A narrow column's values aside, by row (the order they were set in may differ).
        ...(c instanceof AsideColumn ? { aside: [...c.aside].sort((x, y) => x[0] - y[0]) } : {}),
      },
    ]),
  );
  const a = store.aggregates;
  return {
    count: store.count,
    columns,
    strings: [...store.cols.strings.values],
    files: store.files.map(({ aggregates, appended, ...f }) => ({
      ...f,
      ...(restored ? {} : { pairing: pairingTables(store)[f.index], appended }),
    })),
    aggregates: {
      models: [...a.models],
      methods: plain([...a.methods]),
      tools: plain([...a.tools]),
      errors: a.errors,
      counters: [a.turns, a.echoedTurns, a.assistantTurns, a.modelTimeMs, a.modelTimeSeen],
    },
    errorText: [...store.cols.errorText],
    rowErrors: [...store.cols.rowErrors],
    pairErrors: [...store.pairs.errors],
    pairCorrs: [...store.pairs.corrs],
    pairs: store.pairs.all(),
    skips: [...store.skips],
    stats: store.files.length === 1 ? JSON.stringify(statsOf(store, 0)) : null,
    // Worked out from the columns and the records read back: the same whichever way the store was filled.
    links: Array.from({ length: store.pairs.length }, (_, p) => linkedPair(store, p)),
    toolCosts: toolCosts(store),
  };
}

/**
 * Damaged copies of a saved index file (`good`, as written): a byte flipped in each
 * field of the file's header, in the payload's JSON header and in the middle of each
 * binary part (every `partStride`th part), and cuts at `cuts` lengths spread over the
 * file plus the edges of header and payload.
 */
export function damagedIndexes(
  good: Buffer,
  options: { partStride: number; cuts: number },
): { what: string; bytes: Buffer }[] {
  const payload = good.subarray(CACHE_HEADER_BYTES);
  const headLength = payload.readUInt32LE(0);
  const parts = (JSON.parse(payload.toString('utf8', 4, 4 + headLength)) as { parts: { bytes: number }[] }).parts;
  const flips = [0, 7, 8, 39, 40, 47, 48, 79, CACHE_HEADER_BYTES, CACHE_HEADER_BYTES + 4 + Math.floor(headLength / 2)];
  let at = 4 + headLength;
  parts.forEach((part, i) => {
    at += (8 - (at % 8)) % 8;
    if (part.bytes > 0 && i % options.partStride === 0)
      flips.push(CACHE_HEADER_BYTES + at + Math.floor(part.bytes / 2));
    at += part.bytes;
  });
  flips.push(good.length - 1);
  const cuts = [0, 1, CACHE_HEADER_BYTES - 1, CACHE_HEADER_BYTES, CACHE_HEADER_BYTES + 4 + headLength, good.length - 1];
  for (let n = 0; n < good.length; n += Math.ceil(good.length / options.cuts)) cuts.push(n);
  return [
    ...flips.map((p) => ({ what: `byte ${p} flipped`, bytes: Buffer.from(good).fill(good[p]! ^ 0x41, p, p + 1) })),
    ...cuts.map((n) => ({ what: `cut at ${n}`, bytes: good.subarray(0, n) })),
  ];
}

/** `summary ARGS` by the built binary with the cache in `cacheDir`, without a TTY, bounded: a hang fails the test instead of stalling it. */
export function summary(
  args: string[],
  cacheDir: string,
  timeoutMs = 15_000,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'summary', ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', MCP_REPLAY_TUI_CACHE_DIR: cacheDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}
