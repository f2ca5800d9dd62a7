import { describe, expect, it, vi } from 'vitest';
import type { TraceStore } from '../../../../src/store/trace-store.js';
import { viewsOf } from '../../../../src/ui/data/views.js';
import { runOf } from '../../../../src/ui/panes/timeline/timeline-run.js';
import { appendTo, storeOf } from '../../../helpers/store.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();
const request = (id: number, s: number) =>
  JSON.stringify({
    t: at(s),
    dir: 'in',
    raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: `t${id}` } },
  });
const response = (id: number, s: number) =>
  JSON.stringify({ t: at(s), dir: 'out', raw: { jsonrpc: '2.0', id, result: {} } });
/** Calls `from` to `to` (ids), one a second, each answered in half a second. */
const calls = (from: number, to: number, t0: number) =>
  Array.from({ length: to - from }, (_, i) => [request(from + i, t0 + i), response(from + i, t0 + i + 0.5)]).flat();

const runNow = (store: TraceStore) => runOf(store, viewsOf(store, false).timeline);

describe('the Timeline pass over a growing run', () => {
  it('goes on from the last row it saw: rows added cost themselves and the open ones, not the run', () => {
    // A call never answered at the start stays open: it is looked at again each time.
    const first = [request(0, 0), ...calls(1, 3001, 1)];
    const store = storeOf(first);
    expect(runNow(store)).not.toBeNull();
    const reads = vi.spyOn(store, 'tOf');
    const all = appendTo(store, first, calls(3001, 3011, 4000));
    const grown = runNow(store)!;
    const visited = new Set(reads.mock.calls.map(([row]) => row));
    // Ten new calls and the open one, of 3,011 listed.
    expect(viewsOf(store, false).timeline.length).toBe(3011);
    expect(visited.size).toBe(11);
    // Nothing changed, nothing is read again.
    reads.mockClear();
    runNow(store);
    expect(reads).not.toHaveBeenCalled();
    // The same run as a pass over the whole of it.
    expect(runNow(storeOf(all))).toEqual(grown);
  });

  it('cuts a gap out once the call open over it is answered', () => {
    // A call open from 0, one from 0 to 1 s, one at 300 s.
    const first = [request(1, 0), request(2, 0), response(2, 1), request(3, 300), response(3, 301)];
    const store = storeOf(first);
    expect(runNow(store)!.folds).toEqual([]);
    // Call 1 answered at 150 s: idle from then to 300 s, half the run, folded.
    const all = appendTo(store, first, [response(1, 150)]);
    const grown = runNow(store)!;
    expect(grown.folds).toEqual([{ from: Date.parse(at(150)), to: Date.parse(at(300)) }]);
    expect(runNow(storeOf(all))).toEqual(grown);
  });

  it('starts over when the list is another (a filter, the echoed turns)', () => {
    const lines = [...calls(1, 3, 0), ...calls(3, 5, 1000)];
    const store = storeOf(lines);
    const whole = runNow(store)!;
    // The last two calls only, as a filter would keep them: the run starts at 1000 s.
    const later = { length: 2, at: (i: number) => viewsOf(store, false).timeline.at(i + 2) };
    expect(runOf(store, later)!.start).toBe(Date.parse(at(1000)));
    // All four again, the first two among them: a pass over the whole list.
    expect(runNow(store)).toEqual(whole);
    expect(whole.start).toBe(Date.parse(at(0)));
  });
});
