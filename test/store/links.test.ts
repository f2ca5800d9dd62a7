import { describe, expect, it } from 'vitest';
import { toolUseBlock } from '../../src/store/diff.js';
import { linkedPair, MAX_LINK_GAP_MS } from '../../src/store/links.js';
import { mergesPlanes, toolsOf } from '../../src/store/stats.js';
import { at, storeOf } from '../helpers/store.js';
import { twoPlanes } from '../helpers/two-planes.js';

describe('turns ↔ calls', () => {
  it('links each tool_use to the tools/call with the same tool and arguments, nearest in time, and back', async () => {
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

  describe('the nearest twin', () => {
    // One store, both planes: tools/call requests (mcp) and tool_use blocks (turn).
    const call = (ms: number, id: number, path: string) => ({
      t: at(ms),
      dir: 'in',
      raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read', arguments: { path } } },
    });
    const use = (ms: number, id: string, path: string) => ({
      t: at(ms),
      type: 'turn',
      role: 'assistant',
      blocks: [{ type: 'tool_use', id, name: 'read', input: { path } }],
    });
    const pairAt = (s: ReturnType<typeof storeOf>, line: number) =>
      s.pairs.all().findIndex((p) => s.lineOf(p.reqRow) === line);

    it('is the nearest in time with the same arguments, the earlier on a tie, searched outward from the time', () => {
      const s = storeOf([
        call(0, 1, '/a'),
        call(1000, 2, '/b'),
        call(3000, 3, '/a'),
        use(2000, 'u1', '/a'),
        call(5000, 4, '/a'),
        use(4000, 'u2', '/a'),
        use(6000, 'u3', '/c'),
      ]);
      // u1 at 2 s: /a calls at 0 s (gap 2 s) and 3 s (gap 1 s) → line 3; /b at 1 s differs.
      expect(linkedPair(s, pairAt(s, 4))).toBe(pairAt(s, 3));
      // u2 at 4 s: /a calls at 3 s and 5 s, both 1 s away → the earlier (line 3).
      expect(linkedPair(s, pairAt(s, 6))).toBe(pairAt(s, 3));
      expect(linkedPair(s, pairAt(s, 7))).toBeNull();
      // And back: the call at 5 s → u2 (1 s) rather than u1 (3 s).
      expect(linkedPair(s, pairAt(s, 5))).toBe(pairAt(s, 6));
    });

    it('is never further away than MAX_LINK_GAP_MS', () => {
      const s = storeOf([call(0, 1, '/a'), use(MAX_LINK_GAP_MS + 1, 'u1', '/a'), use(MAX_LINK_GAP_MS, 'u2', '/a')]);
      expect(linkedPair(s, pairAt(s, 2))).toBeNull();
      expect(linkedPair(s, pairAt(s, 3))).toBe(pairAt(s, 1));
    });

    it('finds the nearest when the calls were recorded out of time order', () => {
      const s = storeOf([call(3000, 1, '/a'), call(0, 2, '/a'), call(2500, 3, '/b'), use(2000, 'u1', '/a')]);
      expect(linkedPair(s, pairAt(s, 4))).toBe(pairAt(s, 1));
    });
  });
});
