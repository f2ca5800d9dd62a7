import { describe, expect, it } from 'vitest';
import { toolUseBlock } from '../../src/store/diff.js';
import { linkedPair } from '../../src/store/links.js';
import { mergesPlanes, toolsOf } from '../../src/store/stats.js';
import { twoPlanes } from '../helpers/two-planes.js';

describe('turns ↔ calls', () => {
  it('links each tool_use to the tools/call with the same tool and arguments, nearest in time, and back', async () => {
    const s = await twoPlanes();
    const pairs = s.pairs.all();
    const byId = (id: string) => pairs.findIndex((p) => p.origin === 'turn' && toolUseBlock(s, p)?.id === id);
    const callAt = (line: number) => pairs.findIndex((p) => p.origin === 'mcp' && s.lineNo.data[p.reqRow] === line);
    expect(linkedPair(s, byId('toolu_a'))).toBe(callAt(4)); // "r2 limits" was sent second
    expect(linkedPair(s, byId('toolu_b'))).toBe(callAt(2));
    expect(linkedPair(s, callAt(2))).toBe(byId('toolu_b'));
    expect(linkedPair(s, byId('toolu_c'))).toBeNull(); // stubbed: never reached the wire
  });

  it('counts each call once when both planes are open (the mcp plane wins)', async () => {
    const s = await twoPlanes();
    expect(mergesPlanes(s, s.aggregates)).toBe(true);
    expect(toolsOf(s.aggregates, true)).toEqual([{ name: 'search', calls: 2, errors: 0, p50Ms: 300, p95Ms: 400, origin: 'mcp', pending: 0, maxMs: 400 }]);
  });
});
