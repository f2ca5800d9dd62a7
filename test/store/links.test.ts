import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { toolUseBlock } from '../../src/store/diff.js';
import { linkedCall, linkedPair, linkedUse, MAX_LINK_GAP_MS, prepareLinksSoon } from '../../src/store/links.js';
import { mergesPlanes, toolsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { REAL_TRACES, realTraceFiles } from '../helpers/shared.js';
import { at, fillStore, storeOf } from '../helpers/store.js';
import { twoPlanes } from '../helpers/two-planes.js';

/** Both planes of a real run in one store (agent first, as `X.agent.jsonl X.mcp.jsonl` opens them). */
async function realRun(run: string): Promise<TraceStore> {
  const store = new TraceStore(bundledPrices());
  for (const plane of ['agent', 'mcp']) await ingest(store, new FileSource(join(REAL_TRACES, `${run}.${plane}.jsonl`)));
  return store;
}

/** The pair whose request (or turn) is at `line` of plane `origin`. */
const pairAtLine = (s: TraceStore, origin: 'mcp' | 'turn', line: number) =>
  s.pairs.all().findIndex((p) => p.origin === origin && s.lineOf(p.reqRow) === line);
const lineOfPair = (s: TraceStore, p: number | null) => (p === null ? null : s.lineOf(s.pairs.reqRowOf(p)));

describe('turns ↔ calls', () => {
  it('links each tool_use to the tools/call with the same tool and arguments, and back', async () => {
    const s = await twoPlanes();
    const pairs = s.pairs.all();
    const byId = (id: string) => pairs.findIndex((p) => p.origin === 'turn' && toolUseBlock(s, p)?.id === id);
    const callAt = (line: number) => pairs.findIndex((p) => p.origin === 'mcp' && s.lineOf(p.reqRow) === line);
    expect(linkedPair(s, byId('toolu_a'))).toBe(callAt(4)); // "r2 limits" was sent second
    expect(linkedPair(s, byId('toolu_b'))).toBe(callAt(2));
    expect(linkedPair(s, callAt(2))).toBe(byId('toolu_b'));
    expect(linkedPair(s, byId('toolu_c'))).toBeNull(); // stubbed: never reached the wire
  });

  it('counts each call once when both planes are open (the mcp plane wins)', async () => {
    const s = await twoPlanes();
    expect(mergesPlanes(s, s.aggregates)).toBe(true);
    expect(toolsOf(s.aggregates, true)).toEqual([
      { name: 'search', calls: 2, errors: 0, p50Ms: 300, p95Ms: 400, origin: 'mcp', pending: 0, maxMs: 400 },
    ]);
  });

  describe('the rule', () => {
    // One store, both planes: tools/call requests (mcp) and assistant turns with tool_use blocks.
    const call = (ms: number, id: number, path: string, corr?: string) => ({
      t: at(ms),
      dir: 'in',
      raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read', arguments: { path } } },
      ...(corr ? { corr_id: corr } : {}),
    });
    const use = (ms: number, id: string, path: string | string[], corr?: string) => ({
      t: at(ms),
      type: 'turn',
      role: 'assistant',
      blocks: (Array.isArray(path) ? path : [path]).map((p, i) => ({
        type: 'tool_use',
        id: `${id}${i || ''}`,
        name: 'read',
        input: { path: p },
      })),
      ...(corr ? { corr_id: corr } : {}),
    });
    const text = (ms: number) => ({
      t: at(ms),
      type: 'turn',
      role: 'assistant',
      blocks: [{ type: 'text', text: 'ok' }],
    });
    const pairAt = (s: TraceStore, line: number, ordinal = 0) =>
      s.pairs.all().findIndex((p) => s.lineOf(p.reqRow) === line && p.ordinal === ordinal);

    it('takes the nearest call sent at or after the turn, never one sent before it', () => {
      const s = storeOf([call(0, 1, '/a'), use(2000, 'u1', '/a'), call(3000, 2, '/a'), call(3500, 3, '/a')]);
      expect(linkedPair(s, pairAt(s, 2))).toBe(pairAt(s, 3));
      expect(linkedPair(s, pairAt(s, 1))).toBeNull(); // sent before any turn asked for it
      expect(linkedPair(s, pairAt(s, 4))).toBeNull(); // its twin is taken: one-to-one
    });

    it('never reaches past the next assistant turn of the same file', () => {
      // u1 was stubbed; the call at 5 s answers u2 (asked at 4 s), not u1.
      const s = storeOf([use(0, 'u1', '/a'), text(1000), use(4000, 'u2', '/a'), call(5000, 1, '/a')]);
      expect(linkedPair(s, pairAt(s, 1))).toBeNull();
      expect(linkedPair(s, pairAt(s, 4))).toBe(pairAt(s, 3));
      // Without u2, the call is still past u1's next assistant turn (1 s).
      const t = storeOf([use(0, 'u1', '/a'), text(1000), call(5000, 1, '/a')]);
      expect(linkedPair(t, pairAt(t, 1))).toBeNull();
      expect(linkedPair(t, pairAt(t, 3))).toBeNull();
    });

    it('bounds the last turn by MAX_LINK_GAP_MS', () => {
      const s = storeOf([use(0, 'u1', '/a'), call(MAX_LINK_GAP_MS + 1, 1, '/a')]);
      expect(linkedPair(s, pairAt(s, 1))).toBeNull();
      const t = storeOf([use(0, 'u1', '/a'), call(MAX_LINK_GAP_MS, 1, '/a')]);
      expect(linkedPair(t, pairAt(t, 1))).toBe(pairAt(t, 2));
    });

    it('prefers the call with the same corr_id over a nearer one, and never links differing corr_ids', () => {
      const s = storeOf([
        use(0, 'u1', ['/a', '/a'], 'task-1'),
        call(10, 1, '/a', 'task-2'), // nearest, but another task's
        call(20, 2, '/a'), // carries none: a candidate for either tool_use
        call(30, 3, '/a', 'task-1'),
      ]);
      expect(linkedPair(s, pairAt(s, 1, 0))).toBe(pairAt(s, 4)); // same corr_id first
      expect(linkedPair(s, pairAt(s, 1, 1))).toBe(pairAt(s, 3)); // then the nearest without one
      expect(linkedPair(s, pairAt(s, 2))).toBeNull();
    });

    it('is one-to-one when one turn asks for the same call twice', () => {
      const s = storeOf([use(0, 'u', ['/a', '/a']), call(10, 1, '/a'), call(20, 2, '/a')]);
      expect(linkedPair(s, pairAt(s, 1, 0))).toBe(pairAt(s, 2));
      expect(linkedPair(s, pairAt(s, 1, 1))).toBe(pairAt(s, 3));
      expect(linkedPair(s, pairAt(s, 3))).toBe(pairAt(s, 1, 1));
    });

    it('gives the same links whichever pair is asked about first', () => {
      const lines = [use(0, 'u1', '/a'), call(5, 1, '/a'), use(10, 'u2', '/a'), call(12, 2, '/a'), call(14, 3, '/a')];
      const a = storeOf(lines);
      const b = storeOf(lines);
      const forward = [0, 1, 2, 3, 4].map((p) => linkedPair(a, p));
      const backward = [4, 3, 2, 1, 0].map((p) => linkedPair(b, p)).reverse();
      expect(backward).toEqual(forward);
      expect(forward.map((p) => (p === null ? null : a.lineOf(a.pairs.reqRowOf(p))))).toEqual([2, 1, 4, 3, null]);
    });

    it('links across two stores (each plane in its own) as within one', () => {
      const agent = storeOf([use(0, 'u1', '/a'), text(1000), use(4000, 'u2', '/a')], undefined, 'x.agent.jsonl');
      const mcp = storeOf([call(2, 1, '/a'), call(4001, 2, '/a')], undefined, 'x.mcp.jsonl');
      expect(linkedCall(agent, mcp, 0)).toBe(0);
      expect(linkedCall(agent, mcp, 1)).toBe(1);
      expect(linkedUse(agent, mcp, 1)).toBe(1);
      const both = fillStore(storeOf([use(0, 'u1', '/a'), text(1000), use(4000, 'u2', '/a')]), [
        call(2, 1, '/a'),
        call(4001, 2, '/a'),
      ]);
      expect([0, 1].map((u) => linkedPair(both, u))).toEqual([2, 3]);
    });

    it('links a call that arrives later (a followed trace) once it is stored', () => {
      const s = storeOf([use(0, 'u1', '/a')]);
      expect(linkedPair(s, 0)).toBeNull();
      fillStore(s, [call(5, 1, '/a')], 'mcp.jsonl');
      expect(linkedPair(s, 0)).toBe(1);
      expect(linkedPair(s, 1)).toBe(0);
    });

    it('are indexed ahead a step at a time (prepareLinksSoon), giving the links asking would', async () => {
      // 40,000 turns and calls over 10 tools, times not always in order (a list then inserts).
      const lines = Array.from({ length: 20_000 }, (_, i) => {
        const ms = i * 1000 - (i % 7 === 0 ? 1500 : 0);
        return [use(ms, `u${i}`, `/f${i % 10}`), call(ms + 100, i, `/f${i % 10}`)];
      }).flat();
      const ahead = storeOf(lines);
      const asked = storeOf(lines);
      let yielded = false;
      setImmediate(() => {
        yielded = true;
      });
      await prepareLinksSoon(ahead, () => false);
      expect(yielded).toBe(true);
      // Asked from the last pair back: calls first, so a turn missing from the index would show.
      const links = (s: TraceStore) =>
        Array.from({ length: s.pairs.length }, (_, i) => linkedPair(s, s.pairs.length - 1 - i));
      const got = links(ahead);
      expect(got).toEqual(links(asked));
      expect(got.filter((p) => p !== null).length).toBeGreaterThan(30_000);
    });
  });

  describe('on the real runs', () => {
    it('huggingface-co-2026-08-20T17-23-48-886Z: line 27 was stubbed; mcp line 216 ↔ agent line 178', async () => {
      const s = await realRun('huggingface-co-2026-08-20T17-23-48-886Z');
      const stubbed = pairAtLine(s, 'turn', 27);
      const asked = pairAtLine(s, 'turn', 178);
      const call = pairAtLine(s, 'mcp', 216);
      expect(Math.min(stubbed, asked, call)).toBeGreaterThanOrEqual(0);
      expect(linkedPair(s, stubbed)).toBeNull();
      expect(lineOfPair(s, linkedPair(s, call))).toBe(178);
      expect(lineOfPair(s, linkedPair(s, asked))).toBe(216);
    });

    const runs = [...new Set(realTraceFiles.map((f) => f.replace(/\.(agent|mcp)\.jsonl$/, '')))];
    it.each(runs.map((r) => [r.split('/').pop()!]))('%s: one-to-one, and l comes back', async (run) => {
      const s = await realRun(run);
      const linked = Array.from({ length: s.pairs.length }, (_, p) => [p, linkedPair(s, p)] as const).filter(
        (x): x is readonly [number, number] => x[1] !== null,
      );
      const turns = Array.from(s.rows('countedTurns'));
      // Each pair is some other pair's link at most once, and l from there comes back.
      expect(new Set(linked.map(([, other]) => other)).size).toBe(linked.length);
      for (const [p, other] of linked) {
        expect([s.pairs.isMcp(other), s.pairs.nameOf(other), linkedPair(s, other)]).toEqual([
          !s.pairs.isMcp(p),
          s.pairs.nameOf(p),
          p,
        ]);
        // Never reaching back before the turn, nor past the next assistant turn of its file.
        const [u, c] = s.pairs.isMcp(p) ? [other, p] : [p, other];
        const turnRow = s.pairs.reqRowOf(u);
        const tc = s.tOf(s.pairs.reqRowOf(c))!;
        const next = turns.find((r) => r > turnRow && s.fileOf(r) === s.fileOf(turnRow));
        expect(tc).toBeGreaterThanOrEqual(s.tOf(turnRow)!);
        expect(tc).toBeLessThanOrEqual(next === undefined ? Infinity : s.tOf(next)!);
      }
    });
  });
});
