import { appendFileSync, copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWithCache } from '../../src/cli/load.js';
import { FileSource } from '../../src/sources/file-source.js';
import { CACHE_MIN_BYTES } from '../../src/sources/index-cache.js';
import { loadSnapshot } from '../../src/store/snapshot.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices, withOverrides } from '../../src/trace/prices.js';
import { demoStore } from '../helpers/demo.js';
import { at, snapshotBytes, storeOf } from '../helpers/store.js';

describe('saved index', () => {
  it('restores a store exactly: the same stats, pairs, errors and rows', () => {
    const s = demoStore();
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), 'examples/demo.jsonl')).toBe(true);
    expect(statsOf(restored, 0)).toEqual(statsOf(s, 0));
    expect(restored.count).toBe(s.count);
    expect([...restored.callRows.view()]).toEqual([...s.callRows.view()]);
    expect(restored.pairs.all()).toEqual(s.pairs.all());
    expect(restored.pairs.all().some((p) => p.error !== null)).toBe(true);
    for (let row = 0; row < s.count; row++) expect(restored.toolLinks(row)).toEqual(s.toolLinks(row));
    expect([...restored.errorText]).toEqual([...s.errorText]);
    expect([...restored.rowErrors]).toEqual([...s.rowErrors]);
    expect(restored.rowErrors.size).toBeGreaterThan(0);
    // The rollups whole: latency lists, per-model sums and the errors list in order.
    for (const key of ['methods', 'tools', 'models', 'errors', 'turns', 'echoedTurns', 'assistantTurns', 'modelTimeMs'] as const) expect(restored.aggregates[key], key).toEqual(s.aggregates[key]);
    expect([...restored.aggregates.methods.values()].some((m) => m.latencies.length > 0)).toBe(true);
  });

  it('keeps error texts and names exact through the texts table: non-ASCII, shared, a lone surrogate', () => {
    const message = 'fichier introuvable — 🙂 "quoted"\nsecond line';
    const lines = [0, 2, 4].flatMap((i) => [
      { t: at(i), dir: 'in', raw: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: i === 2 ? 'tool-\ud800-lone' : `tool-é-${i}` } } },
      { t: at(i + 1), dir: 'out', raw: { jsonrpc: '2.0', id: i, result: { isError: true, content: [{ type: 'text', text: i === 4 ? 'other' : message }] } } },
    ]);
    const s = storeOf(lines);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), 'test.jsonl')).toBe(true);
    expect([...restored.errorText]).toEqual([...s.errorText]);
    expect([...restored.errorText.values()]).toContain(message);
    expect(restored.aggregates.errors).toEqual(s.aggregates.errors);
    expect(restored.aggregates.errors.map((e) => e.name)).toEqual(['tool-é-0', 'tool-\ud800-lone', 'tool-é-4']);
    expect(statsOf(restored, 0)).toEqual(statsOf(s, 0));
  });

  it('writes long latency lists and many texts across its 64 KiB chunks, and a text longer than one', () => {
    const lines: object[] = [];
    for (let i = 0; i < 12_000; i++) {
      const tool = i === 7 ? `huge-${'x'.repeat(70_000)}` : `tool-${i % 50}`;
      lines.push({ t: at(i * 10), dir: 'in', raw: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: tool } } });
      const failed = i % 3 === 0 || i === 7;
      lines.push({ t: at(i * 10 + (i % 7)), dir: 'out', raw: { jsonrpc: '2.0', id: i, result: failed ? { isError: true, content: [{ type: 'text', text: `failure ${i} ${'é'.repeat(i % 900)}` }] } : {} } });
    }
    const s = storeOf(lines);
    expect(s.aggregates.methods.get('tools/call')!.latencies.length).toBe(12_000);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), 'test.jsonl')).toBe(true);
    expect(restored.aggregates.methods).toEqual(s.aggregates.methods);
    expect([...restored.errorText]).toEqual([...s.errorText]);
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
    while ((await import('node:fs')).statSync(path).size < CACHE_MIN_BYTES) appendFileSync(path, demo.split('\n').slice(1, 32).join('\n') + '\n');
    // A file changed within the last 100 ms is not cached (index-cache.ts: racy).
    await new Promise((r) => setTimeout(r, 150));
    const open = async () => {
      const store = new TraceStore(bundledPrices());
      const source = new FileSource(path);
      const { cached } = await loadWithCache(store, source, { cache: true });
      return { cached, stats: statsOf(store, 0), raw: store.rawLine(store.callRows.data[5]!) };
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
});
