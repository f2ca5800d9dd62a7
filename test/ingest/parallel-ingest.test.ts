import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { ingestParallel, PARALLEL_MIN_BYTES, parallelPlan } from '../../src/ingest/parallel-ingest.js';
import { BlockReader } from '../../src/sources/block-reader.js';
import { FileSource } from '../../src/sources/file-source.js';
import { LineSplitter } from '../../src/sources/line-splitter.js';
import { linkedPair } from '../../src/store/links.js';
import { statsOf } from '../../src/store/stats.js';
import { toolCosts } from '../../src/store/tool-costs.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { GENERATOR } from '../helpers/gen-trace.js';

/*
 * The parallel index must give the very store the one-thread index gives: same rows,
 * columns, pairs, skips and stats. Workers run the built script (npm test builds first).
 */

const WORKER = new URL('../../dist/ingest/index-worker.js', import.meta.url);
const hasWorker = existsSync(fileURLToPath(WORKER));
if (!hasWorker)
  console.warn('skipping parallel index tests: dist/ingest/index-worker.js is missing (run npm run build)');

const dir = mkdtempSync(join(tmpdir(), 'mrt-parallel-'));

/** A trace with what trips a range reader: BOM, CRLF, blank lines, a line longer than a range, no final newline. */
function trickyTrace(): string {
  const lines = ['{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z"}'];
  for (let i = 0; i < 400; i++) {
    const t = new Date(Date.UTC(2026, 4, 12, 23, 0, 0, i * 10)).toISOString();
    lines.push(
      `{"t":"${t}","dir":"in","raw":{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"t${i % 3}","arguments":{"p":"${'é'.repeat(i % 50)}"}}}}`,
    );
    if (i % 7 === 0) lines.push('');
    if (i % 11 === 0) lines.push('not json at all');
    lines.push(
      `{"t":"${t}","dir":"out","raw":{"jsonrpc":"2.0","id":${i},"result":{"content":[{"type":"text","text":"${i % 13 === 0 ? 'x'.repeat(9000) : 'ok'}"}],"isError":${i % 5 === 0}}}}\r`,
    );
    lines.push(
      // Every other tool_use asks for the call beside it (a link); the rest asked for calls never sent.
      `{"t":"${t}","type":"turn","role":"assistant","model":"claude-sonnet-4-5","blocks":[{"type":"tool_use","id":"tu${i}","name":"t${i % 3}","input":${i % 2 ? '{}' : `{"p":"${'é'.repeat(i % 50)}"}`}}],"usage":{"input_tokens":${i},"output_tokens":${3 + i}}}`,
    );
    lines.push(
      `{"t":"${t}","type":"turn","role":"user","blocks":[{"type":"tool_result","tool_use_id":"tu${i}","content":"r","is_error":${i % 4 === 0}}]}`,
    );
  }
  return `\ufeff${lines.join('\n')}`;
}

async function sequential(path: string): Promise<TraceStore> {
  const store = new TraceStore(bundledPrices());
  await ingest(store, new FileSource(path));
  return store;
}

async function parallel(
  path: string,
  blockBytes: number,
  workers: number,
  workerUrl: URL = WORKER,
): Promise<TraceStore> {
  const store = new TraceStore(bundledPrices());
  const source = new FileSource(path);
  const file = store.addFile(path).index;
  store.setReader(file, (offset, length, into) => source.readBytes(offset, length, into));
  await ingestParallel(store, file, source.wholeFile(), { workers, blockBytes, workerUrl }, () => undefined);
  return store;
}

function expectSame(a: TraceStore, b: TraceStore): void {
  expect(b.count).toBe(a.count);
  const ca = a.cols.all();
  const cb = b.cols.all();
  for (const name of Object.keys(ca)) expect([...cb[name]!.view()], name).toEqual([...ca[name]!.view()]);
  expect(b.skips).toEqual(a.skips);
  expect([...b.cols.errorText]).toEqual([...a.cols.errorText]);
  expect(b.pairs.all()).toEqual(a.pairs.all());
  expect(b.files[0]!.counts).toEqual(a.files[0]!.counts);
  expect(b.files[0]!.meta).toEqual(a.files[0]!.meta);
  expect(statsOf(b, 0)).toEqual(statsOf(a, 0));
  // Links and cost per tool are worked out from the columns and the records read back: the same too.
  expect(links(b)).toEqual(links(a));
  expect(toolCosts(b)).toEqual(toolCosts(a));
}

const links = (s: TraceStore) => Array.from({ length: s.pairs.length }, (_, p) => linkedPair(s, p));

describe('BlockReader', () => {
  it('cuts every range as LineSplitter cuts the whole file', () => {
    const path = join(dir, 'tricky.jsonl');
    const text = trickyTrace();
    writeFileSync(path, text);
    const bytes = Buffer.from(text);
    const splitter = new LineSplitter();
    const want = [...splitter.push(bytes), ...splitter.end()].map((l) => [l.offset, l.length]);
    for (const block of [1, 7, 100, 4096, 1 << 20]) {
      const reader = new BlockReader(path, bytes.length);
      const got: number[][] = [];
      for (let start = 0; start < bytes.length; start += block) {
        const lines = reader.read(start, start + block);
        for (let i = 0; i < lines.count; i++)
          got.push([lines.base + lines.starts[i]!, lines.stops[i]! - lines.starts[i]!]);
      }
      reader.close();
      expect(got, `range ${block}`).toEqual(want);
    }
  });
});

describe.skipIf(!hasWorker)('parallel index', () => {
  it('gives the store the one-thread index gives, whatever the range size', async () => {
    const path = join(dir, 'tricky.jsonl');
    writeFileSync(path, trickyTrace());
    const one = await sequential(path);
    expect(one.skips.length).toBeGreaterThan(10);
    expect(links(one).filter((p) => p !== null).length).toBe(400); // 200 tool_uses and their 200 calls
    for (const [block, workers] of [
      [4096, 2],
      [65536, 3],
      [1 << 20, 1],
    ] as const)
      expectSame(one, await parallel(path, block, workers));
  });

  it('loses nothing when a worker fails or stops: its ranges are read on this thread', async () => {
    const path = join(dir, 'tricky.jsonl');
    writeFileSync(path, trickyTrace());
    const one = await sequential(path);
    // A worker that answers its first range, then throws; and one that quits on its second.
    const throwing = join(dir, 'throwing-worker.mjs');
    writeFileSync(
      throwing,
      `import { parentPort } from 'node:worker_threads';\nconst real = await import(${JSON.stringify(WORKER.href)});\nlet n = 0;\nparentPort.on('message', () => { if (++n > 1) throw new Error('boom'); });\n`,
    );
    const quitting = join(dir, 'quitting-worker.mjs');
    writeFileSync(
      quitting,
      `import { parentPort } from 'node:worker_threads';\nawait import(${JSON.stringify(WORKER.href)});\nlet n = 0;\nparentPort.on('message', () => { if (++n > 1) process.exit(3); });\n`,
    );
    for (const script of [throwing, quitting]) expectSame(one, await parallel(path, 8192, 2, pathToFileURL(script)));
  });

  it('agrees on a generated trace with malformed lines', async () => {
    const path = join(dir, 'gen.jsonl');
    writeFileSync(
      path,
      spawnSync(process.execPath, [GENERATOR, '--lines', '30000', '--bad', '0.002', '--seed', '9'], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      }).stdout,
    );
    expectSame(await sequential(path), await parallel(path, 256 * 1024, 2));
  });

  it('is planned only for big files, with the workers asked for; MCP_REPLAY_TUI_WORKERS=0 turns it off', () => {
    // From the TypeScript sources there is no worker script: always one thread.
    expect(parallelPlan(1 << 30)).toBeNull();
    const cores = availableParallelism();
    expect(parallelPlan(1 << 30, {}, WORKER)?.workers ?? 0).toBe(cores < 2 ? 0 : Math.min(cores, 8));
    expect(parallelPlan(PARALLEL_MIN_BYTES - 1, {}, WORKER)).toBeNull();
    expect(parallelPlan(1 << 30, { MCP_REPLAY_TUI_WORKERS: '0' }, WORKER)).toBeNull();
    expect(parallelPlan(1 << 30, { MCP_REPLAY_TUI_WORKERS: '3' }, WORKER)?.workers).toBe(3);
    // The app leaves a core to its frames, its workers nicer than its thread; summary
    // uses every core at its own priority.
    const workers = (interactive: boolean, n: number) =>
      parallelPlan(1 << 30, {}, WORKER, interactive, n)?.workers ?? 0;
    expect([1, 2, 3, 4, 16].map((n) => workers(true, n))).toEqual([0, 1, 2, 3, 8]);
    expect([1, 2, 3, 4, 16].map((n) => workers(false, n))).toEqual([0, 2, 3, 4, 8]);
    const asked = parallelPlan(1 << 30, { MCP_REPLAY_TUI_WORKERS: '1' }, WORKER, true, 2);
    expect([asked?.workers, asked?.nice]).toEqual([1, 10]);
    expect(parallelPlan(1 << 30, {}, WORKER, true, 4)?.nice).toBe(10);
    expect(parallelPlan(1 << 30, {}, WORKER, false, 2)?.nice).toBe(0);
  });
});
