import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetFile } from '../../src/ingest/reset-file.js';
import { appendLines } from '../../src/ingest/row-writer.js';
import type { TraceStore } from '../../src/store/trace-store.js';
import { headerLine } from '../../src/ui/format/chrome.js';
import { initialState, reduce } from '../../src/ui/state/ui-state.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { renderApp, waitForFrame } from '../helpers/ink.js';
import { at, storeOf } from '../helpers/store.js';

/*
 * A followed file truncated or replaced is read again (ingest/reset-file.ts): the app
 * must then show only the new rows, with no view, order or selection left from the old.
 */

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));
let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');
const selectedLine = (frame: string) => lines(frame).find((l) => l.startsWith('›')) ?? '';

const call = (id: number, from: number, ms: number) => [
  JSON.stringify({
    t: at(from),
    dir: 'in',
    raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: `tool_${id}` } },
  }),
  JSON.stringify({ t: at(from + ms), dir: 'out', raw: { jsonrpc: '2.0', id, result: {} } }),
];

/** What ingest does on a source's `reset`, then the new content arriving. */
function rewrite(store: TraceStore, texts: string[]): void {
  resetFile(store, 0);
  const f = store.files[0]!;
  f.state = 'live';
  f.stateText = 'truncated: re-read from the start';
  const bytes = Buffer.from(`${texts.join('\n')}\n`);
  store.setReader(0, (offset, length) => bytes.subarray(offset, offset + length));
  let offset = 0;
  appendLines(
    store,
    0,
    texts.map((text, i) => {
      const line = { text, lineNo: i + 1, offset, length: Buffer.byteLength(text) };
      offset += line.length + 1;
      return line;
    }),
  );
}

describe('a followed file read again', () => {
  it('the header counts only the new records and says the file was truncated', async () => {
    const store = storeOf([...call(1, 0, 10), ...call(2, 100, 10), ...call(3, 200, 10)]);
    app = await renderApp({ store, columns: 120, rows: 10, follow: true });
    expect(lines(app.frame())[0]).toContain('6 rec');
    rewrite(store, [...call(7, 0, 10), ...call(8, 100, 10)]);
    const f = await waitForFrame(app.frame, (x) => x.includes('tool_8'));
    expect(lines(f)[0]).toMatch(/ 4 rec · live · truncated: re-read from the start/);
    expect(f).not.toContain('tool_1');
    expect(lines(f).at(-1)).toMatch(/2 of 2$/);
  });

  it('slowest first starts its order over: the old latencies do not stay', async () => {
    // The same rows in both runs, the latencies reversed: only a new order is right.
    const store = storeOf([...call(1, 0, 300), ...call(2, 1000, 200), ...call(3, 2000, 100)]);
    app = await renderApp({ store, rows: 10 });
    await app.press('calls.sort');
    expect(selectedLine(app.frame())).toMatch(/tool_1\s+✓ ok\s+300ms/);
    rewrite(store, [...call(1, 0, 100), ...call(2, 1000, 200), ...call(3, 2000, 300), ...call(4, 3000, 50)]);
    const f = await waitForFrame(app.frame, (x) => x.includes('tool_4'));
    const order = lines(f)
      .slice(1, 5)
      .map((l) => l.match(/tool_\d/)?.[0]);
    expect(order).toEqual(['tool_3', 'tool_2', 'tool_1', 'tool_4']);
  });

  it('a selection past the new end comes back within it, and an open record closes', async () => {
    const store = storeOf(Array.from({ length: 10 }, (_, i) => call(i + 1, i * 100, 10)).flat());
    app = await renderApp({ store, rows: 8 });
    await app.press('list.down', 8);
    expect(lines(app.frame()).at(-1)).toMatch(/9 of 10$/);
    await app.press('list.open');
    expect(app.frame()).toContain(' request {');
    rewrite(store, [...call(20, 0, 10), ...call(21, 100, 10), ...call(22, 200, 10)]);
    const f = await waitForFrame(app.frame, (x) => x.includes('tool_22') && !x.includes(' request {'));
    expect(lines(f).at(-1)).toMatch(/3 of 3$/);
    expect(selectedLine(f)).toContain('tool_22');
  });

  it('the reducer keeps a list at its bottom when sticking to it, and clamps it otherwise', () => {
    const counts = { calls: 3, turns: 0, events: 6, usage: 0, timeline: 0 };
    let s = initialState({ follow: false });
    s = {
      ...s,
      lists: { ...s.lists, calls: { selected: 40, windowStart: 35 }, events: { selected: 2, windowStart: 0 } },
      pausedAt: 50,
    };
    const r = reduce(s, { type: 'reset', counts, height: 5 });
    expect(r.lists.calls).toEqual({ selected: 2, windowStart: 0 });
    expect(r.lists.events).toEqual({ selected: 2, windowStart: 0 });
    expect(r.pausedAt).toBe(3);
    const sticking = reduce(
      { ...initialState({ follow: true }), overlay: { type: 'help', over: 'calls', scroll: 0, found: -1 } },
      { type: 'reset', counts, height: 5 },
    );
    expect(sticking.lists.events.selected).toBe(5);
    expect(sticking.overlay?.type).toBe('help');
  });

  it('with several files open, the header names the file that was read again', () => {
    const store = storeOf([...call(1, 0, 10)]);
    store.addFile('b.jsonl');
    for (const f of store.files) f.state = 'live';
    store.files[1]!.stateText = 'replaced: re-read from the start';
    const text = headerLine({ pane: 'calls', files: store.files, labels: ['a', 'b'], records: 2, skipped: 0 }, 140)
      .map((s) => s.text)
      .join('');
    expect(text).toMatch(/2 rec · live, b: live · replaced: re-read from the start\s*$/);
    // A long label names the file by its first 16 cells: the news itself still shows.
    const long = headerLine(
      { pane: 'calls', files: store.files, labels: ['a', 'b'.repeat(200)], records: 2, skipped: 0 },
      140,
    )
      .map((s) => s.text)
      .join('');
    expect(long).toMatch(/b{15}…: live · replaced: re-read from the start\s*$/);
  });
});
