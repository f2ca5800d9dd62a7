import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { canonical } from '../../src/kit/json-write.js';
import { isObject, type Json, str } from '../../src/kit/values.js';
import { FileSource } from '../../src/sources/file-source.js';
import { loadSnapshot } from '../../src/store/snapshot.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { argsKeyOfValue } from '../../src/trace/args-key.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { realProducerFiles, realTraceFiles } from '../helpers/shared.js';
import { at, snapshotBytes, storeOf } from '../helpers/store.js';

/*
 * Each tool pair's arguments are keyed as its line is indexed (trace/args-key.ts), so
 * linking never reads a record back. The oracle here is what linking used to do: read
 * the record back, take `params.arguments` (a call) or the tool_use's `input`, write it
 * as canonical JSON. Keys must agree with it exactly, on every real recording.
 */

/** What a pair's record says when read back: its arguments (canonical JSON) and corr_id. */
function readBack(store: TraceStore, p: number): { args: string; corr: string | null } {
  const row = store.pairs.reqRowOf(p);
  const o = JSON.parse(store.rawLine(row)!) as Record<string, Json>;
  const corr = str(o.corr_id);
  if (store.pairs.isMcp(p)) {
    const msg = o.raw ?? o.msg;
    const args = isObject(msg) && isObject(msg.params) ? msg.params.arguments : undefined;
    return { args: canonical(args), corr };
  }
  const uses = (Array.isArray(o.blocks) ? o.blocks : []).filter((b) => isObject(b) && b.type === 'tool_use');
  const use = uses[store.pairs.ordinalOf(p)] as Record<string, Json> | undefined;
  return { args: canonical(use?.input), corr };
}

/** Asserts every pair's key, size and corr_id against the records read back; returns the pairs checked. */
function agreeWithRecords(store: TraceStore): number {
  const byText = new Map<string, number>();
  for (let p = 0; p < store.pairs.length; p++) {
    const { args, corr } = readBack(store, p);
    const key = store.pairs.argsKeyOf(p);
    expect(key, args).toBe(argsKeyOfValue(JSON.parse(args)).key);
    if (!store.pairs.isMcp(p)) expect(store.pairs.argsSizeOf(p), args).toBe(Buffer.byteLength(args));
    expect(store.pairs.corrOf(p)).toBe(corr);
    // Equal keys exactly when the canonical texts are equal.
    const known = byText.get(args);
    if (known === undefined) byText.set(args, key);
    else expect(key).toBe(known);
  }
  expect(new Set(byText.values()).size).toBe(byText.size);
  return store.pairs.length;
}

describe('argument keys of tool pairs', () => {
  it('agree with the records read back, on every real run (both planes in one store)', async () => {
    let pairs = 0;
    for (const agent of realTraceFiles.filter((f) => f.endsWith('.agent.jsonl'))) {
      const store = new TraceStore(bundledPrices());
      for (const file of [agent, agent.replace(/\.agent\.jsonl$/, '.mcp.jsonl')])
        await ingest(store, new FileSource(file));
      pairs += agreeWithRecords(store);
    }
    // The runs kept in the repository have 950 pairs; the whole set beside it, more.
    expect(pairs).toBeGreaterThanOrEqual(950);
  });

  it('agree with the records read back, in mcp-rec recordings', async () => {
    let pairs = 0;
    for (const { recording } of realProducerFiles.filter((r) => r.recording.endsWith('.jsonl'))) {
      const store = new TraceStore(bundledPrices());
      await ingest(store, new FileSource(recording));
      pairs += agreeWithRecords(store);
    }
    expect(pairs).toBeGreaterThan(0);
  });

  it('are kept by the saved index, corr_ids too', () => {
    const s = storeOf([
      {
        t: at(0),
        type: 'turn',
        role: 'assistant',
        corr_id: 'c-1',
        blocks: [
          { type: 'tool_use', id: 'u1', name: 'x', input: { b: 1, a: 'é' } },
          { type: 'tool_use', id: 'u2', name: 'y' },
        ],
      },
      {
        t: at(5),
        dir: 'in',
        corr_id: 'c-1',
        raw: { id: 1, method: 'tools/call', params: { name: 'x', arguments: { a: 'é', b: 1 } } },
      },
      { t: at(6), dir: 'in', raw: { id: 2, method: 'tools/call', params: { name: 'y' } } },
    ]);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), join('x', 'test.jsonl'))).toBe(true);
    expect(restored.pairs.length).toBe(4);
    for (let p = 0; p < s.pairs.length; p++) {
      expect(restored.pairs.argsKeyOf(p)).toBe(s.pairs.argsKeyOf(p));
      expect(restored.pairs.argsSizeOf(p)).toBe(s.pairs.argsSizeOf(p));
      expect(restored.pairs.corrOf(p)).toBe(s.pairs.corrOf(p));
    }
    // A line's corr_id is each of its pairs': both tool_uses and the first call.
    expect([...restored.pairs.corrs.values()]).toEqual(['c-1', 'c-1', 'c-1']);
    // The call's arguments, written in another key order, key as the tool_use's input.
    expect(s.pairs.argsKeyOf(2)).toBe(s.pairs.argsKeyOf(0));
    expect(s.pairs.argsSizeOf(0)).toBe(Buffer.byteLength('{"a":"é","b":1}'));
  });
});
