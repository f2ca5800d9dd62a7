import { appendFileSync, copyFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { loadWithCache } from '../../src/cli/load.js';
import { FileSource } from '../../src/sources/file-source.js';
import { CACHE_MIN_BYTES } from '../../src/sources/index-cache.js';
import { loadSnapshot } from '../../src/store/snapshot.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices, withOverrides } from '../../src/trace/prices.js';
import { storeDump } from '../helpers/cache.js';
import { demoStore } from '../helpers/demo.js';
import { at, fillStore, plain, snapshotBytes, storeOf } from '../helpers/store.js';

describe('saved index', () => {
  it('restores a store exactly: the same stats, pairs, errors and rows', () => {
    const s = demoStore();
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), 'examples/demo.jsonl')).toBe(true);
    expect(statsOf(restored, 0)).toEqual(statsOf(s, 0));
    expect(restored.count).toBe(s.count);
    expect([...restored.rows('calls')]).toEqual([...s.rows('calls')]);
    expect(restored.pairs.all()).toEqual(s.pairs.all());
    expect(restored.pairs.all().some((p) => p.error !== null)).toBe(true);
    for (let row = 0; row < s.count; row++) expect(restored.toolLinks(row)).toEqual(s.toolLinks(row));
    expect([...restored.cols.errorText]).toEqual([...s.cols.errorText]);
    expect([...restored.cols.rowErrors]).toEqual([...s.cols.rowErrors]);
    expect(restored.cols.rowErrors.size).toBeGreaterThan(0);
    // The rollups whole: latency lists, per-model sums and the errors list in order.
    for (const key of [
      'methods',
      'tools',
      'models',
      'errors',
      'turns',
      'echoedTurns',
      'assistantTurns',
      'modelTimeMs',
    ] as const)
      expect(plain(restored.aggregates[key]), key).toEqual(plain(s.aggregates[key]));
    expect([...restored.aggregates.methods.values()].some((m) => m.latencies.length > 0)).toBe(true);
  });

  it('keeps error texts and names exact through the texts table: non-ASCII, shared, a lone surrogate', () => {
    const message = 'fichier introuvable — 🙂 "quoted"\nsecond line';
    const lines = [0, 2, 4].flatMap((i) => [
      {
        t: at(i),
        dir: 'in',
        raw: {
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: { name: i === 2 ? 'tool-\ud800-lone' : `tool-é-${i}` },
        },
      },
      {
        t: at(i + 1),
        dir: 'out',
        raw: {
          jsonrpc: '2.0',
          id: i,
          result: { isError: true, content: [{ type: 'text', text: i === 4 ? 'other' : message }] },
        },
      },
    ]);
    const s = storeOf(lines);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), 'test.jsonl')).toBe(true);
    expect([...restored.cols.errorText]).toEqual([...s.cols.errorText]);
    expect([...restored.cols.errorText.values()]).toContain(message);
    expect(restored.aggregates.errors).toEqual(s.aggregates.errors);
    expect(restored.aggregates.errors.map((e) => e.name)).toEqual(['tool-é-0', 'tool-\ud800-lone', 'tool-é-4']);
    expect(statsOf(restored, 0)).toEqual(statsOf(s, 0));
  });

  it('writes long latency lists and many texts across its 64 KiB chunks, and a text longer than one', () => {
    const lines: object[] = [];
    for (let i = 0; i < 12_000; i++) {
      const tool = i === 7 ? `huge-${'x'.repeat(70_000)}` : `tool-${i % 50}`;
      lines.push({
        t: at(i * 10),
        dir: 'in',
        raw: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: tool } },
      });
      const failed = i % 3 === 0 || i === 7;
      lines.push({
        t: at(i * 10 + (i % 7)),
        dir: 'out',
        raw: {
          jsonrpc: '2.0',
          id: i,
          result: failed
            ? { isError: true, content: [{ type: 'text', text: `failure ${i} ${'é'.repeat(i % 900)}` }] }
            : {},
        },
      });
    }
    const s = storeOf(lines);
    expect(s.aggregates.methods.get('tools/call')!.latencies.length).toBe(12_000);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), 'test.jsonl')).toBe(true);
    expect(plain(restored.aggregates.methods)).toEqual(plain(s.aggregates.methods));
    expect([...restored.cols.errorText]).toEqual([...s.cols.errorText]);
    expect(restored.aggregates.errors).toEqual(s.aggregates.errors);
    expect(restored.aggregates.errors.some((e) => e.name.length > 70_000)).toBe(true);
    expect(statsOf(restored, 0)).toEqual(statsOf(s, 0));
  });

  it('is refused when the price table differs (costs would be stale)', () => {
    const other = new TraceStore(withOverrides(bundledPrices(), 'p.json', {}));
    expect(loadSnapshot(other, snapshotBytes(demoStore()), 'x')).toBe(false);
    expect(other.files).toHaveLength(0);
  });

  it('is used on the second open of a large file and never after the file changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-cache-'));
    process.env.MCP_REPLAY_TUI_CACHE_DIR = join(dir, 'cache');
    const path = join(dir, 'big.jsonl');
    copyFileSync('examples/demo.jsonl', path);
    const demo = (await import('node:fs')).readFileSync('examples/demo.jsonl', 'utf8');
    while ((await import('node:fs')).statSync(path).size < CACHE_MIN_BYTES)
      appendFileSync(path, `${demo.split('\n').slice(1, 32).join('\n')}\n`);
    // A file changed within the last 100 ms is not cached (index-cache.ts: racy): the
    // clock the cache reads is set a second on.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const open = async () => {
      const store = new TraceStore(bundledPrices());
      const source = new FileSource(path);
      const { cached } = await loadWithCache(store, source, { cache: true });
      return { cached, stats: statsOf(store, 0), raw: store.rawLine(store.rows('calls')[5]!) };
    };
    const first = await open();
    const second = await open();
    expect([first.cached, second.cached]).toEqual([false, true]);
    expect(second.stats).toEqual(first.stats);
    expect(second.raw).toBe(first.raw);
    expect(readdirSync(join(dir, 'cache')).filter((f) => f.endsWith('.idx'))).toHaveLength(1);
    appendFileSync(path, '{"t":"2026-11-20T14:01:00.000Z","type":"turn","role":"user","blocks":[]}\n');
    const third = await open();
    expect(third.cached).toBe(false);
    expect(third.stats.session.records.turn).toBe(first.stats.session.records.turn + 1);
    delete process.env.MCP_REPLAY_TUI_CACHE_DIR;
  });

  it('restores nothing at all from bytes that do not hold together: cut at any length, or a byte flipped in any part', () => {
    const bytes = snapshotBytes(demoStore());
    const fresh = storeDump(new TraceStore(bundledPrices()));
    const tryLoad = (bad: Buffer, what: string): boolean => {
      const store = new TraceStore(bundledPrices());
      const ok = loadSnapshot(store, bad, 'x');
      if (!ok) {
        expect(storeDump(store), what).toEqual(fresh);
        expect(store.version, what).toBe(0);
      }
      return ok;
    };
    const lengths = [0, 1, 3, 4, 5, bytes.length - 1];
    for (let n = 0; n < bytes.length; n += 97) lengths.push(n);
    for (const n of lengths) expect(tryLoad(bytes.subarray(0, n), `cut at ${n}`), `cut at ${n}`).toBe(false);
    expect(tryLoad(Buffer.concat([bytes, Buffer.from([0])]), 'a byte after the end')).toBe(false);
    // Each part's first, middle and last byte, and bytes of the JSON header.
    const headLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as {
      parts: { name: string; bytes: number }[];
    };
    const positions = [0, 3, 4, 5, 4 + Math.floor(headLength / 2), 3 + headLength];
    let offset = 4 + headLength;
    for (const part of header.parts) {
      offset += (8 - (offset % 8)) % 8;
      if (part.bytes > 0) positions.push(offset, offset + Math.floor(part.bytes / 2), offset + part.bytes - 1);
      offset += part.bytes;
    }
    positions.push(offset, bytes.length - 1);
    let refused = 0;
    for (const p of positions) {
      const bad = Buffer.from(bytes);
      bad[p]! ^= 0x55;
      if (!tryLoad(bad, `byte ${p}`)) refused += 1;
    }
    // A flipped value inside a column still decodes (only the file's checksum can tell): most flips elsewhere do not.
    expect(refused).toBeGreaterThan(10);
  });

  it('is cleared back to a new store when restoring throws halfway', () => {
    const bytes = snapshotBytes(demoStore());
    const store = new TraceStore(bundledPrices());
    // A late column: the ones before it are restored when it throws.
    vi.spyOn(store.cols.usage.cost, 'restore').mockImplementation(() => {
      throw new Error('restore failed');
    });
    expect(() => loadSnapshot(store, bytes, 'x')).toThrow('restore failed');
    expect(storeDump(store)).toEqual(storeDump(new TraceStore(bundledPrices())));
    expect(store.files).toHaveLength(0);
  });

  it('clear() makes a filled store exactly new: columns back to their first type and size, indexing again gives the same store', () => {
    const prices = bundledPrices();
    const demo = readFileSync('examples/demo.jsonl', 'utf8').trimEnd().split('\n');
    // Widens what widens: times 50 years apart (Float64 times), a fractional token count (Float64 counts), 33,000 methods (32-bit labels).
    const wide: object[] = [
      {
        t: '1970-01-01T00:00:00.000Z',
        type: 'turn',
        role: 'assistant',
        model: 'gpt-4o',
        blocks: [],
        usage: { input_tokens: 1.5, output_tokens: 2 },
      },
    ];
    for (let i = 0; i < 33_000; i++)
      wide.push({ t: at(i), dir: 'in', raw: { jsonrpc: '2.0', id: i, method: `m/${i}` } });
    const store = fillStore(new TraceStore(prices), [...demo, ...wide]);
    expect(store.cols.label.data).toBeInstanceOf(Int32Array);
    expect(store.cols.t.data).toBeInstanceOf(Float64Array);
    expect(store.cols.usage.input.data).toBeInstanceOf(Float64Array);
    const version = store.version;
    store.clear();
    const fresh = new TraceStore(prices);
    expect(storeDump(store)).toEqual(storeDump(fresh));
    const columns = store.cols.all();
    for (const [name, c] of Object.entries(fresh.cols.all())) {
      expect(columns[name]!.data.constructor, name).toBe(c.data.constructor);
      expect(columns[name]!.data.length, name).toBe(c.data.length);
      // Private state too: a narrow column's bound, a count or time column's width, its first type.
      const own = (column: object) =>
        Object.fromEntries(Object.entries(column).filter(([k]) => !['data', 'growth', 'bases'].includes(k)));
      expect(own(columns[name]!), name).toEqual(own(c));
    }
    expect(store.rawLine(0)).toBeNull();
    // The version goes on up (views redraw); a second file is a first file again.
    expect(store.version).toBeGreaterThan(version);
    fillStore(store, demo, 'examples/demo.jsonl');
    fillStore(fresh, demo, 'examples/demo.jsonl');
    expect(storeDump(store)).toEqual(storeDump(fresh));
    expect(store.files[0]!.aggregates).toBe(store.aggregates);
  });
});
