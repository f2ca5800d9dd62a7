import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkAll, linkedPair, linksToSave } from '../../src/store/links.js';
import { loadSnapshot } from '../../src/store/snapshot.js';
import { toolCosts } from '../../src/store/tool-costs.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { realTraceFiles } from '../helpers/shared.js';
import { at, fillStore, snapshotBytes, storeOf } from '../helpers/store.js';

/*
 * A saved index carries the links between its file's planes when they were all worked
 * out before it was saved (`summary` does): a store restored from it links exactly as
 * one that worked them out itself, and costs each tool the same.
 */

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

/** Both planes in one file: a run's agent plane, then its mcp plane. */
const oneFile = (agent: string, mcp: string) => storeOf([...lines(agent), ...lines(mcp)]);

/** Every pair's link, as the store works it out (or takes it from its saved index). */
const allLinks = (s: TraceStore) => Array.from({ length: s.pairs.length }, (_, p) => linkedPair(s, p));

function restored(from: TraceStore): TraceStore {
  const r = new TraceStore(bundledPrices());
  expect(loadSnapshot(r, snapshotBytes(from), 'test.jsonl')).toBe(true);
  return r;
}

const runs = realTraceFiles
  .filter((f) => f.endsWith('.agent.jsonl'))
  .map((agent) => ({ agent, mcp: agent.replace(/\.agent\.jsonl$/, '.mcp.jsonl') }));

describe('links in the saved index', () => {
  it('a restored store links every pair as one that worked the links out, on every real run', () => {
    let linked = 0;
    for (const { agent, mcp } of runs) {
      const fresh = oneFile(agent, mcp);
      const saved = oneFile(agent, mcp);
      linkAll(saved);
      const expected = allLinks(fresh);
      const r = restored(saved);
      expect(allLinks(r), agent).toEqual(expected);
      // Taken from the saved index, not worked out again.
      expect(linksToSave(r), agent).toEqual(linksToSave(saved));
      expect(toolCosts(r), agent).toEqual(toolCosts(fresh));
      linked += expected.filter((l) => l !== null).length;
    }
    // Not a sweep of empty matchings: the real runs link hundreds of calls.
    expect(linked).toBeGreaterThan(100);
  });

  it('is saved only when every call is linked: an index saved before (the app) carries none', () => {
    // Two tools, each called once: two groups, linked one at a time.
    const s = storeOf(
      ['search', 'fetch'].flatMap((name, i) => [
        {
          t: at(i * 1000),
          type: 'turn',
          role: 'assistant',
          model: 'claude-sonnet-5',
          blocks: [{ type: 'tool_use', id: `toolu_${i}`, name, input: { i } }],
        },
        {
          t: at(i * 1000 + 10),
          dir: 'in',
          raw: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name, arguments: { i } } },
        },
        { t: at(i * 1000 + 20), dir: 'out', raw: { jsonrpc: '2.0', id: i, result: { content: [] } } },
      ]),
    );
    expect(linksToSave(s)).toHaveLength(0);
    // One call linked is not all of them.
    const call = s.pairs.all().findIndex((p) => p.origin === 'mcp');
    expect(linkedPair(s, call)).not.toBeNull();
    expect(linksToSave(s)).toHaveLength(0);
    linkAll(s);
    const links = linksToSave(s);
    expect(links).toHaveLength(s.pairs.length);
    expect([...links].filter((u) => u >= 0)).toHaveLength(2);
  });

  it('a plane alone saves none: it has nothing to link', () => {
    const s = storeOf(lines('test/fixtures/two-planes/mcp.jsonl'));
    linkAll(s);
    expect(linksToSave(s)).toHaveLength(0);
    expect(allLinks(restored(s))).toEqual(allLinks(s));
  });

  it('refuses an index whose links are not one-to-one, or point at no tool_use', () => {
    const s = oneFile('test/fixtures/two-planes/agent.jsonl', 'test/fixtures/two-planes/mcp.jsonl');
    linkAll(s);
    const links = linksToSave(s);
    const calls = [...links.keys()].filter((p) => links[p]! >= 0);
    expect(calls).toHaveLength(2);
    const bytes = snapshotBytes(s);
    // Where the links part lies in the bytes: the one run of exactly these values.
    const at = bytes.indexOf(Buffer.from(links.buffer, links.byteOffset, links.byteLength));
    expect(at).toBeGreaterThan(0);
    const damaged = (change: (l: Int32Array) => void) => {
      const copy = Buffer.from(bytes);
      change(new Int32Array(copy.buffer, copy.byteOffset + at, links.length));
      return loadSnapshot(new TraceStore(bundledPrices()), copy, 'test.jsonl');
    };
    expect(damaged(() => {})).toBe(true);
    // Two calls linked to one tool_use.
    expect(damaged((l) => (l[calls[1]!] = l[calls[0]!]!))).toBe(false);
    expect(damaged((l) => (l[calls[0]!] = calls[1]!))).toBe(false);
    // Out of range.
    expect(damaged((l) => (l[calls[0]!] = links.length))).toBe(false);
    expect(damaged((l) => (l[calls[0]!] = -5))).toBe(false);
  });

  it('stands only for the rows restored: a row added after works the links out anew', () => {
    const agent = lines('test/fixtures/two-planes/agent.jsonl');
    const mcp = lines('test/fixtures/two-planes/mcp.jsonl');
    // Saved without the mcp plane's second call: its tool_use (toolu_a) had no call then.
    const s = storeOf([...agent, ...mcp.slice(0, 3)]);
    linkAll(s);
    const r = restored(s);
    expect(allLinks(r)).toEqual(allLinks(s));
    fillStore(r, mcp.slice(3), 'more.jsonl');
    // The links of a store that holds the same rows and worked them out itself.
    const both = storeOf([...agent, ...mcp.slice(0, 3)]);
    fillStore(both, mcp.slice(3), 'more.jsonl');
    expect(allLinks(r)).toEqual(allLinks(both));
    // And they changed: the call that came links to toolu_a.
    expect(allLinks(r).filter((l) => l !== null).length).toBeGreaterThan(allLinks(s).filter((l) => l !== null).length);
  });
});
