import { describe, expect, it, vi } from 'vitest';
import { searchPrepared } from '../../src/store/search.js';
import { renderApp, tick, waitForFrame } from '../helpers/ink.js';
import { at, storeOf } from '../helpers/store.js';

/** A trace whose calls fail, each with a text of its own. */
function failingCalls(n: number) {
  const lines: object[] = [];
  for (let i = 0; i < n; i++) {
    lines.push({ t: at(i), dir: 'in', raw: { id: i, method: 'tools/call', params: { name: 't' } } });
    const text = i === 7 ? 'wombat overflow' : `failure number ${i}`;
    lines.push({ t: at(i), dir: 'out', raw: { id: i, result: { isError: true, content: [{ type: 'text', text }] } } });
  }
  return storeOf(lines);
}

describe('search prepares error texts', () => {
  it('not while search is closed, however long the trace stays still (their memory is for a search asked for)', async () => {
    const store = failingCalls(50);
    // A minute of the app's timers from its first frame, run at once, with turns of the
    // event loop between its seconds for what React and the app do between timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let app: Awaited<ReturnType<typeof renderApp>>;
    try {
      const rendering = renderApp({ store, columns: 80, rows: 24 });
      for (let second = 0; second < 60; second++) {
        await vi.advanceTimersByTimeAsync(1000);
        await new Promise((resolve) => setImmediate(resolve));
      }
      app = await rendering;
    } finally {
      vi.useRealTimers();
    }
    await tick();
    expect(searchPrepared(store)).toBe(false);
    // What the minute would have run is this: once search opens, they are prepared.
    await app.press('search.open');
    await waitForFrame(
      () => String(searchPrepared(store)),
      (f) => f === 'true',
    );
    app.unmount();
  });

  it('as search opens, and a two-letter query then finds a text fuzzily', async () => {
    const store = failingCalls(50);
    const app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('search.open');
    await waitForFrame(
      () => String(searchPrepared(store)),
      (f) => f === 'true',
    );
    // Letters with gaps between them: a fuzzy match of the error text, not a text search.
    await app.type('wmbt');
    const frame = await waitForFrame(app.frame, (f) => f.includes('1 match'));
    // The cursor on the call whose response says `wombat overflow`.
    expect(frame).toMatch(/›\s+\+0\.007s/);
    expect(searchPrepared(store)).toBe(true);
    app.unmount();
  });
});
