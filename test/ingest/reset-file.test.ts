import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { resetFile } from '../../src/ingest/reset-file.js';
import { appendLines, pairingTables } from '../../src/ingest/row-writer.js';
import { LineSplitter } from '../../src/sources/line-splitter.js';
import type { Line } from '../../src/sources/types.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { GENERATOR } from '../helpers/gen-trace.js';
import { at } from '../helpers/store.js';

/*
 * A followed file that is truncated or replaced loses its rows (ingest/reset-file.ts):
 * the store must then be the very store a fresh one is that read only what is left,
 * column by column, with its pairs, links, errors, skips, strings and aggregates.
 */

const generated = (seed: number, lines: number) =>
  spawnSync(process.execPath, [GENERATOR, '--lines', String(lines), '--bad', '0.01', '--seed', String(seed)], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  }).stdout;

/** A file's bytes, cut into lines as a source cuts them. */
function linesOf(text: string): { bytes: Buffer; lines: Line[] } {
  const bytes = Buffer.from(text);
  const splitter = new LineSplitter();
  return { bytes, lines: [...splitter.push(bytes), ...splitter.end()] };
}

/** Appends `lines[from, to)` of a file in batches of `batch`. */
function feed(store: TraceStore, file: number, lines: Line[], from = 0, to = lines.length, batch = 7): void {
  for (let i = from; i < to; i += batch) appendLines(store, file, lines, i, Math.min(to, i + batch));
}

/** A store with these files (name, bytes), each read back from its bytes. */
function storeWith(...files: Buffer[]): TraceStore {
  const store = new TraceStore(bundledPrices());
  for (const [i, bytes] of files.entries()) {
    store.addFile(`f${i}.jsonl`);
    setBytes(store, i, bytes);
  }
  return store;
}

function setBytes(store: TraceStore, file: number, bytes: Buffer): void {
  store.setReader(file, (offset, length) => bytes.subarray(offset, offset + length));
}

function expectSame(got: TraceStore, want: TraceStore): void {
  expect(got.count).toBe(want.count);
  const a = want.cols.all();
  const b = got.cols.all();
  for (const name of Object.keys(a)) {
    expect([...b[name]!.view()], name).toEqual([...a[name]!.view()]);
    // Back to the narrow types a fresh store starts with, too.
    expect(b[name]!.data.constructor, name).toBe(a[name]!.data.constructor);
  }
  expect(got.cols.strings.values).toEqual(want.cols.strings.values);
  expect(got.skips).toEqual(want.skips);
  expect([...got.cols.errorText]).toEqual([...want.cols.errorText]);
  expect([...got.cols.rowErrors]).toEqual([...want.cols.rowErrors]);
  expect(got.pairs.all()).toEqual(want.pairs.all());
  expect(got.aggregates).toEqual(want.aggregates);
  expect(got.files.length).toBe(want.files.length);
  for (const f of want.files) {
    const g = got.files[f.index]!;
    for (const key of ['counts', 'skipped', 'meta', 'end', 'maxT', 'firstT', 'appended'] as const)
      expect(g[key], `file ${f.index} ${key}`).toEqual(f[key]);
    // Pending requests and open tool_uses: what the next lines would pair with.
    expect(pairingTables(got)[f.index], `file ${f.index} pairing`).toEqual(pairingTables(want)[f.index]);
    expect(g.aggregates === got.aggregates).toBe(f.aggregates === want.aggregates);
    expect(statsOf(got, f.index)).toEqual(statsOf(want, f.index));
  }
}

const meta = (label: string) => JSON.stringify({ v: 1, type: 'meta', startedAt: at(0), label, command: ['x'] });
const request = (id: number | string, ms: number, tool = 'read_file') =>
  JSON.stringify({
    t: at(ms),
    dir: 'in',
    raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: {} } },
  });
const response = (id: number | string, ms: number, isError = false) =>
  JSON.stringify({
    t: at(ms),
    dir: 'out',
    raw: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: isError ? 'failed' : 'ok' }], isError } },
  });
const toolUse = (id: string, ms: number) =>
  JSON.stringify({
    t: at(ms),
    type: 'turn',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    blocks: [{ type: 'tool_use', id, name: 'grep', input: {} }],
    usage: { input_tokens: 10, output_tokens: 2 },
  });
const toolResult = (id: string, ms: number) =>
  JSON.stringify({
    t: at(ms),
    type: 'turn',
    role: 'user',
    blocks: [{ type: 'tool_result', tool_use_id: id, content: 'r', is_error: true }],
  });

/** What a file held before: unanswered requests and tool_uses the new content answers, a far time (wide time column), strings of its own, skips, a batch, an end line. */
const before = `${[
  meta('first run'),
  request(1, 10, 'only_before'),
  request(2, 20),
  JSON.stringify({ t: at(25), dir: 'out', raw: { jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage' } }),
  toolUse('tu1', 30),
  'not json',
  JSON.stringify({
    t: at(40),
    dir: 'in',
    raw: [
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      { jsonrpc: '2.0', method: 'notifications/x' },
    ],
  }),
  JSON.stringify({
    t: '2300-01-01T00:00:00.000Z',
    dir: 'event',
    kind: 'llm.error',
    raw: { endpoint: 'e', error: 'boom' },
  }),
  JSON.stringify({ t: at(50), type: 'end', exitCode: 0 }),
].join('\n')}\n{"partial`;
/** What it holds after: answers to the old ids (which must stay unanswered: they pair nothing). */
const after = [
  meta('second run'),
  response(1, 5),
  response(2, 6),
  toolResult('tu1', 7),
  request(4, 8),
  response(4, 9, true),
  JSON.stringify({ t: at(10), dir: 'in', raw: { jsonrpc: '2.0', id: 's1', result: {} } }),
  '{"cut',
  '',
].join('\n');

describe('resetFile', () => {
  it('one file: the store equals a fresh store on the new content', () => {
    const old = linesOf(before);
    const store = storeWith(old.bytes);
    feed(store, 0, old.lines);
    expect(store.files[0]!.counts.end).toBe(1);
    const epoch = store.epoch;
    const version = store.version;
    resetFile(store, 0);
    expect(store.count).toBe(0);
    expect(store.epoch).toBe(epoch + 1);
    expect(store.version).toBeGreaterThan(version);
    const now = linesOf(after);
    setBytes(store, 0, now.bytes);
    feed(store, 0, now.lines);

    const fresh = storeWith(now.bytes);
    feed(fresh, 0, now.lines, 0, now.lines.length, 3);
    expectSame(store, fresh);
    // The answers found nothing to answer: orphans, as in a fresh read.
    expect(statsOf(store, 0).tools.find((t) => t.name === 'read_file')).toMatchObject({ calls: 1, errors: 1 });
    expect(statsOf(store, 0).tools.find((t) => t.name === 'only_before')).toBeUndefined();
  });

  it("several files: only that file's rows go; the others' are as if it had never been read", () => {
    const other = linesOf(
      `${[
        meta('other'),
        request(1, 1),
        toolUse('tu1', 2),
        'junk',
        request(2, 3),
        toolResult('tu1', 4),
        response(1, 5),
        response(2, 6),
        toolUse('tu2', 7),
      ].join('\n')}\n`,
    );
    const old = linesOf(before);
    const now = linesOf(after);
    const store = storeWith(other.bytes, old.bytes);
    // Interleaved as two sources stream side by side.
    feed(store, 0, other.lines, 0, 2);
    feed(store, 1, old.lines, 0, 3);
    feed(store, 0, other.lines, 2, 5);
    feed(store, 1, old.lines, 3);
    resetFile(store, 1);
    expect(store.files[1]!.counts).toEqual({ meta: 0, message: 0, event: 0, turn: 0, end: 0, other: 0 });
    setBytes(store, 1, now.bytes);
    feed(store, 1, now.lines, 0, 2);
    feed(store, 0, other.lines, 5);
    feed(store, 1, now.lines, 2);

    const fresh = storeWith(other.bytes, now.bytes);
    feed(fresh, 0, other.lines, 0, 2);
    feed(fresh, 0, other.lines, 2, 5);
    feed(fresh, 1, now.lines, 0, 2);
    feed(fresh, 0, other.lines, 5);
    feed(fresh, 1, now.lines, 2);
    expectSame(store, fresh);
    expect(store.skips.map((s) => [s.file, s.lineNo])).toEqual([
      [0, 4],
      [1, 8],
    ]);
  });

  it('agrees on generated traces, three files, the middle one replaced', () => {
    const [a, b, c] = [linesOf(generated(1, 600)), linesOf(generated(2, 600)), linesOf(generated(3, 400))];
    const store = storeWith(a.bytes, b.bytes, c.bytes);
    for (let i = 0; i < 600; i += 100) {
      feed(store, 0, a.lines, i, Math.min(a.lines.length, i + 100), 13);
      feed(store, 1, b.lines, i, Math.min(b.lines.length, i + 100), 13);
    }
    expect(store.count).toBeGreaterThan(1000);
    resetFile(store, 1);
    setBytes(store, 1, c.bytes);
    feed(store, 1, c.lines, 0, c.lines.length, 31);
    feed(store, 0, a.lines, 600);
    feed(store, 2, a.lines);

    const fresh = storeWith(a.bytes, c.bytes, a.bytes);
    for (let i = 0; i < 600; i += 100) feed(fresh, 0, a.lines, i, Math.min(a.lines.length, i + 100), 13);
    feed(fresh, 1, c.lines, 0, c.lines.length, 31);
    feed(fresh, 0, a.lines, 600);
    feed(fresh, 2, a.lines);
    expectSame(store, fresh);
  });
});
