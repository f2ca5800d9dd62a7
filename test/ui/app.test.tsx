import { readFileSync } from 'node:fs';
import stringWidth from 'string-width';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { appendLines } from '../../src/ingest/row-writer.js';
import { FileSource } from '../../src/sources/file-source.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { KEYMAP } from '../../src/ui/keymap.js';
import { callsView } from '../../src/ui/panes/calls/calls-view.js';
import { eventsView } from '../../src/ui/panes/events/events-view.js';
import { turnsView } from '../../src/ui/panes/turns/turns-view.js';
import { usageView } from '../../src/ui/panes/usage/usage-view.js';
import type { Notice } from '../../src/ui/state/ui-state.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { renderApp, tick, waitForFrame } from '../helpers/ink.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { at, fillStore, storeOf } from '../helpers/store.js';
import { whenTextSearched } from '../helpers/text-searches.js';
import { twoPlanes } from '../helpers/two-planes.js';

// The search's text part, noted as it comes in: tests wait on it, not on time.
vi.mock('../../src/store/search.js', async (actual) =>
  (await import('../helpers/text-searches.js')).counting(await actual()),
);

// Plain frames: styling off, so any ESC in a frame could only come from trace content.
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');
const info = (text: string): Notice => ({ kind: 'info', text });
const selectedLine = (frame: string) => lines(frame).find((l) => l.startsWith('›')) ?? '';

describe('Calls pane', () => {
  it('opens on Calls with the first row selected, method, tool, status and latency on each row', async () => {
    app = await renderApp({ store: demoStore() });
    const f = app.frame();
    expect(lines(f)[0]).toContain('[1 Calls]');
    expect(selectedLine(f)).toMatch(/initialize\s+✓ ok\s+84ms/);
    expect(f).toMatch(/tools\/call search_files\s+✓ ok\s+230ms/);
    expect(f).toMatch(/tools\/call write_file {2}EACCES: permission denied.*✗ isError\s+160ms/);
    expect(f).toMatch(/tools\/call read_file {2}Invalid params: path is.*✗ error\s+40ms/);
    expect(f).toMatch(/tools\/call search_files\s+⊘ cancel/);
    expect(f).toMatch(/resources\/read\s+… pending/);
    expect(f).toMatch(/⇠S sampling\/createMessage\s+✓ ok\s+1\.12s/);
    expect(f).toMatch(/notifications\/progress\s+· notif/);
    expect(lines(f).at(-1)).toMatch(/1 of 13$/);
  });

  it('moves with j/k, G/g, Ctrl-d/Ctrl-u and keeps the footer count', async () => {
    app = await renderApp({ store: demoStore(), rows: 10 });
    await app.press('list.down', 2);
    expect(selectedLine(app.frame())).toContain('tools/list');
    await app.press('list.up');
    expect(selectedLine(app.frame())).toContain('notifications/initialized');
    await app.press('list.bottom');
    expect(selectedLine(app.frame())).toContain('notifications/message');
    expect(lines(app.frame()).at(-1)).toMatch(/13 of 13$/);
    await app.press('list.top');
    expect(lines(app.frame()).at(-1)).toMatch(/1 of 13$/);
    await app.press('list.halfDown');
    expect(lines(app.frame()).at(-1)).toMatch(/5 of 13$/);
    await app.press('list.pageDown');
    expect(lines(app.frame()).at(-1)).toMatch(/13 of 13$/);
    await app.press('list.pageUp');
    expect(lines(app.frame()).at(-1)).toMatch(/5 of 13$/);
    await app.press('list.halfUp');
    expect(lines(app.frame()).at(-1)).toMatch(/1 of 13$/);
    // Never more lines than the terminal has.
    expect(lines(app.frame())).toHaveLength(10);
  });

  it('s sorts calls slowest first and selects the slowest; s again goes back keeping the call', async () => {
    app = await renderApp({ store: demoStore(), rows: 18 });
    await app.press('list.bottom');
    await app.press('calls.sort');
    let f = app.frame();
    // The slowest call is selected and on screen, whatever was selected before.
    expect(selectedLine(f)).toMatch(/tools\/call read_file\s+✓ ok\s+1\.26s/);
    expect(lines(f)[1]).toBe(selectedLine(f));
    expect(lines(f).at(-1)).toMatch(/slowest first · 1 of 13$/);
    // Latencies fall down the list; calls without one follow.
    const latencies = lines(f)
      .slice(1, 8)
      .map((l) => l.match(/(\d+(?:\.\d+)?)(ms|s)\s*$/))
      .map((m) => Number(m![1]) * (m![2] === 's' ? 1000 : 1));
    expect(latencies).toEqual([1260, 1120, 230, 160, 84, 40, 31]);
    expect(lines(f)[12]).toMatch(/resources\/read\s+… pending/);
    await app.press('list.down');
    expect(selectedLine(app.frame())).toMatch(/sampling\/createMessage\s+✓ ok\s+1\.12s/);
    await app.press('calls.sort');
    f = app.frame();
    expect(selectedLine(f)).toMatch(/sampling\/createMessage\s+✓ ok\s+1\.12s/);
    // Back in time order, the call stays selected where it happened (the seventh).
    expect(lines(f).at(-1)).toMatch(/ 7 of 13$/);
    expect(lines(f).at(-1)).not.toContain('slowest');
  });

  it('slowest first, the selected call stays selected as calls arrive and move it', async () => {
    const call = (id: number, from: number, ms: number) => [
      { t: at(from), dir: 'in', raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: `tool_${id}` } } },
      { t: at(from + ms), dir: 'out', raw: { jsonrpc: '2.0', id, result: {} } },
    ];
    const store = storeOf([...call(1, 0, 300), ...call(2, 1000, 200), ...call(3, 2000, 100)]);
    app = await renderApp({ store, rows: 10 });
    await app.press('calls.sort');
    await app.press('list.down');
    expect(selectedLine(app.frame())).toMatch(/tool_2\s+✓ ok\s+200ms/);
    // A slower call arrives: it goes first, and tool_2 moves down one place with the selection.
    const texts = call(4, 3000, 500).map((o) => JSON.stringify(o));
    let offset = 10_000;
    appendLines(
      store,
      0,
      texts.map((text, i) => ({ text, lineNo: 7 + i, offset: (offset += 200), length: text.length })),
    );
    const f = await waitForFrame(app.frame, (x) => x.includes('tool_4'));
    expect(lines(f)[1]).toMatch(/tool_4\s+✓ ok\s+500ms/);
    expect(selectedLine(f)).toMatch(/tool_2\s+✓ ok\s+200ms/);
    expect(lines(f).at(-1)).toMatch(/slowest first · 3 of 4$/);
  });

  it(': goes to a line of the file: its record, in Calls the call whose response is there, else the next one listed', async () => {
    app = await renderApp({ store: demoStore(), rows: 18 });
    await app.press('list.goto');
    expect(lines(app.frame()).at(-1)).toMatch(/^line or time: ▏ +Enter go · Esc cancel/);
    await app.type('19');
    await app.press('input.submit');
    // Line 19 is the response of the read_file call made at line 16.
    expect(selectedLine(app.frame())).toMatch(/tools\/call read_file\s+✓ ok\s+1\.26s/);
    await app.press('pane.events');
    await app.press('list.goto');
    await app.type('19');
    await app.press('input.submit');
    expect(selectedLine(app.frame())).toMatch(/^› +L19 /);
    // Line 1 is the meta line: Calls lists no record there, so the first call after it.
    await app.press('pane.calls');
    await app.press('list.goto');
    await app.type('1');
    await app.press('input.submit');
    expect(selectedLine(app.frame())).toMatch(/initialize/);
    await app.press('list.goto');
    await app.type('x1');
    await app.press('input.submit');
    expect(lines(app.frame()).at(-1)).toContain('not a line number or a time: x1');
    await app.press('list.goto');
    await app.type('999');
    await app.press('input.submit');
    expect(lines(app.frame()).at(-1)).toContain('nothing at or after line 999 in this pane');
    // Typed at once (a paste, tmux send-keys): Enter waits for the digits before it.
    await app.press('pane.events');
    await app.press('list.top');
    expect(selectedLine(app.frame())).toMatch(/^› +L1 /);
    await app.press('list.goto');
    await app.type('19\r');
    await waitForFrame(app.frame, (x) => /^› +L19 /m.test(x));
  });

  it(': goes to a time too: an offset as the pane prints it, or with T on, a time of day as shown', async () => {
    app = await renderApp({ store: demoStore() });
    await app.press('list.goto');
    await app.type('+5.92s');
    await app.press('input.submit');
    expect(selectedLine(app.frame())).toMatch(/^› +\+5\.920s → +tools\/call read_file/);
    await app.press('view.clock');
    await app.press('list.goto');
    await app.type('14:00:09');
    await app.press('input.submit');
    expect(selectedLine(app.frame())).toMatch(/^› +14:00:09\.830 → +tools\/call write_file/);
    await app.press('list.goto');
    await app.type('15:00');
    await app.press('input.submit');
    expect(lines(app.frame()).at(-1)).toContain('nothing at or after 15:00 in this pane');
  });

  it('T shows times of day in UTC instead of offsets, in every pane, and back', async () => {
    app = await renderApp({ store: demoStore() });
    expect(selectedLine(app.frame())).toMatch(/^› +\+0\.012s → +initialize/);
    await app.press('view.clock');
    expect(selectedLine(app.frame())).toMatch(/^› +14:00:00\.012 → +initialize/);
    expect(lines(app.frame()).at(-1)).toMatch(/ UTC · 1 of 13$/);
    await app.press('pane.turns');
    expect(app.frame()).toMatch(/ 14:00:0\d\.\d{3} user/);
    await app.press('pane.events');
    expect(app.frame()).toMatch(/L2 +14:00:00\.012 message/);
    await app.press('view.clock');
    expect(app.frame()).toMatch(/L2 +\+0\.012s message/);
  });

  it('opens a call as a tree of its request and response, with latency and line numbers; Esc goes back', async () => {
    app = await renderApp({ store: demoStore(), rows: 60 });
    await app.press('list.down', 5);
    await app.press('list.open');
    const f = app.frame();
    // The path of the node under the cursor (the top), then the call, then its two parts.
    expect(lines(f)[1]).toBe(' .');
    expect(f).toContain('›tools/call read_file · ✓ ok · 1.26s');
    expect(f).toMatch(
      // One file: no file named beside the facts (the header names it).
      /\n request \{ {2}line 16 · in \(client → server\) · 2026-11-20T14:00:05\.920Z \(\+5\.920s\) · \d+ B *\n/,
    );
    expect(f).toMatch(
      /\n response \{ {2}line 19 · out \(server → client\) · 2026-11-20T14:00:07\.180Z \(\+7\.180s\) · \d+ B *\n/,
    );
    expect(f).toContain('       "name": "read_file"\n');
    await app.press('detail.close');
    await waitForFrame(app.frame, (x) => x.includes('[1 Calls]') && !x.includes(' request {'));
  });

  it('at 80 columns the detail view still shows the line of each record (what : and validate speak in)', async () => {
    // The README's first five minutes: `]` to the write_file isError, Enter.
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
    await app.press('list.nextProblem');
    await app.press('list.open');
    const f = await waitForFrame(app.frame, (x) => x.includes(' request {'));
    expect(f).toMatch(/\n request \{ {2}line 24 · in \(client → server\) · 2026-11-20T14:00:09\.830Z/);
    expect(f).toMatch(/\n response \{ {2}line 25 · out \(server → client\) · 2026-11-20T14:00:09\.990Z/);
  });

  it('w writes the open record, or every filtered record, and y copies; the footer says what happened', async () => {
    const write = vi.fn((rows: ArrayLike<number>) => info(`wrote ${rows.length} rows`));
    const copy = vi.fn((rows: ArrayLike<number>) => info(`copied ${rows.length} rows`));
    app = await renderApp({ store: demoStore(), records: { write, copy } });
    await app.press('list.open');
    await app.press('record.write');
    expect(Array.from(write.mock.calls[0]![0])).toEqual([1, 2]); // initialize: request and response
    expect(app.frame()).toContain('wrote 2 rows');
    await app.press('detail.close');
    await app.press('record.copy');
    expect(Array.from(copy.mock.calls[0]![0])).toEqual([1, 2]);
    expect(app.frame()).toContain('copied 2 rows');
    await app.press('filter.open');
    await app.type('status:error');
    await app.press('input.submit');
    await app.press('record.write');
    expect(write.mock.calls[1]![0]).toHaveLength(4);
  });
});

describe('big records', () => {
  it('open as a tree whose long string is folded after its first lines', async () => {
    const big = 'x'.repeat(300 * 1024);
    app = await renderApp({
      store: storeOf([{ t: at(0), type: 'turn', role: 'user', blocks: [{ type: 'text', text: big }] }]),
      rows: 12,
      columns: 100,
    });
    // No calls: the app moves to Turns by itself; wait for it before opening the turn.
    await waitForFrame(app.frame, (f) => f.includes('[2 Turns]') && f.includes('xxxxxxxx'));
    await app.press('list.open');
    await app.press('list.down', 8);
    // The string under its key, as much of it as the screen holds; a page down, what is left.
    await waitForFrame(app.frame, (f) => f.includes('›      "text": "…" 307,200 chars'), 10_000);
    await app.press('list.pageDown', 2);
    expect(app.frame()).toContain('… 307,200 characters in all (Space opens)');
    expect(app.frame().split('\n')).toHaveLength(12);
  });
});

describe('panes and keys', () => {
  it('switches panes with 1-5, Tab and Shift-Tab', async () => {
    app = await renderApp({ store: demoStore() });
    await app.press('pane.turns');
    expect(lines(app.frame())[0]).toContain('[2 Turns]');
    await app.press('pane.usage');
    expect(lines(app.frame())[0]).toContain('[3 Usage]');
    await app.press('pane.events');
    expect(lines(app.frame())[0]).toContain('[4 Events]');
    await app.press('pane.next');
    expect(lines(app.frame())[0]).toContain('[5 Timeline]');
    await app.press('pane.next');
    expect(lines(app.frame())[0]).toContain('[1 Calls]');
    await app.press('pane.prev');
    expect(lines(app.frame())[0]).toContain('[5 Timeline]');
    await app.press('pane.calls');
    expect(lines(app.frame())[0]).toContain('[1 Calls]');
  });

  it('] and [ step through problems: failed calls, turns with failed tool results, skipped lines', async () => {
    app = await renderApp({ store: demoStore() });
    await app.press('list.nextProblem');
    expect(selectedLine(app.frame())).toMatch(/tools\/call write_file .*✗ isError/);
    await app.press('list.nextProblem');
    expect(selectedLine(app.frame())).toMatch(/tools\/call read_file .*✗ error/);
    await app.press('list.nextProblem');
    expect(selectedLine(app.frame())).toMatch(/tools\/call read_file .*✗ error/);
    expect(lines(app.frame()).at(-1)).toContain('no problem below this row');
    await app.press('list.prevProblem');
    expect(selectedLine(app.frame())).toMatch(/tools\/call write_file .*✗ isError/);
    // Events, in file order: the llm.error (line 21), a failed call's request lines, and
    // the skipped line 33 last.
    await app.press('pane.events');
    await app.press('list.nextProblem');
    expect(selectedLine(app.frame())).toMatch(/L21 .*llm\.error/);
    await app.press('list.bottom');
    await app.press('list.prevProblem');
    expect(selectedLine(app.frame())).toMatch(/L33 .*skip/);
  });

  it('opens on Turns when the trace has no calls', async () => {
    app = await renderApp({
      store: storeOf([{ t: at(0), type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'hello there' }] }]),
    });
    await waitForFrame(app.frame, (f) => lines(f)[0]!.includes('[2 Turns]') && f.includes('hello there'));
  });

  it('waits for every file before it opens on Turns: the mcp plane may come in after the agent plane', async () => {
    const store = storeOf([{ t: at(0), type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'hello there' }] }]);
    const mcp = store.addFile('run.mcp.jsonl');
    app = await renderApp({ store });
    // A few turns of the event loop: the start's effects have run, and a pane they chose has rendered.
    for (let i = 0; i < 5; i++) await tick();
    expect(lines(app.frame())[0]).toContain('[1 Calls]');
    // The second file ends with no calls either: now Turns is the pane to open on.
    mcp.state = 'done';
    store.version += 1;
    store.notifier.changed();
    await waitForFrame(app.frame, (f) => lines(f)[0]!.includes('[2 Turns]'));
  });

  it('? lists exactly the keys of the view it is opened over, from its declaration, and closes', async () => {
    app = await renderApp({ store: demoStore(), rows: 70, columns: 120 });
    for (const [pane, view] of [
      ['pane.calls', callsView],
      ['pane.turns', turnsView],
      ['pane.usage', usageView],
      ['pane.events', eventsView],
    ] as const) {
      await app.press(pane);
      await app.press('app.help');
      const f = app.frame();
      expect(lines(f)[1]).toMatch(
        new RegExp(`^ Keys in ${view.title}  \\(Esc or \\? closes; j/k scroll; / searches\\)`),
      );
      const handled = new Set(view.commands.map((c) => c.command));
      for (const [command, b] of Object.entries(KEYMAP)) {
        // Two commands share a description's opening words only if one is handled here.
        if (handled.has(command as keyof typeof KEYMAP)) expect(f, command).toContain(b.description);
        else expect(f, `${command} in help over ${view.title}`).not.toContain(b.description);
      }
      await app.press('app.help');
      expect(app.frame()).not.toContain('Keys in');
    }
  });
});

describe('help at 80x24', () => {
  it('ends by saying how footer notices look, a line that fits', async () => {
    app = await renderApp({ store: demoStore(), rows: 24, columns: 80 });
    await app.press('app.help');
    expect(app.frame()).not.toContain('Footer notices');
    await app.press('list.bottom');
    const f = app.frame();
    expect(lines(f)).toHaveLength(24);
    expect(f).toMatch(/^ ?Footer notices: an error starts with ✗; information has no glyph\. *$/m);
    for (const l of lines(f)) expect(stringWidth(l), l).toBeLessThanOrEqual(80);
  });
});

describe('each view owns its keys', () => {
  it('a key the view does not handle says so for a moment, then the hints come back', async () => {
    app = await renderApp({ store: demoStore() });
    const hints = lines(app.frame()).at(-1)!;
    // 100 columns: every hint, and q quit always; no l on initialize, which no turn asked for.
    expect(hints).toMatch(/^\? help {2}G end {2}Enter detail {2}s sort {2}w write {2}y copy .* q quit +1 of 13$/);
    expect(hints).not.toContain('l link');
    await app.press('turns.thinking');
    // A refusal: an error, after ✗.
    expect(lines(app.frame()).at(-1)).toMatch(/^✗ t: not in Calls \(\? for keys\) +1 of 13$/);
    await waitForFrame(app.frame, (f) => lines(f).at(-1) === hints, 4000);
    await app.press('pane.usage');
    await app.press('link.jump');
    expect(lines(app.frame()).at(-1)).toMatch(/^✗ l: not in Usage \(\? for keys\)/);
  });

  it('a store with no file yet (one being opened) says so, never "0 rec" nor "no RPC calls"', async () => {
    app = await renderApp({ store: new TraceStore(bundledPrices()), columns: 80 });
    const f = app.frame();
    expect(lines(f)[0]).toMatch(/ opening… *$/);
    expect(lines(f)[0]).not.toContain('0 rec');
    expect(lines(f)[1]).toBe(' opening…');
  });

  it('w and y are in the footer only when there is a record to write or copy', async () => {
    app = await renderApp({ store: storeOf([]) });
    const footer = () => lines(app!.frame()).at(-1)!;
    expect(footer()).not.toMatch(/w write|y copy/);
    await app.press('record.write');
    expect(footer()).toMatch(/^✗ w: no record selected/);
    app.unmount();
    app = await renderApp({ store: demoStore() });
    expect(footer()).toMatch(/w write {2}y copy/);
  });

  it('a bar says so of a key that is neither text nor its command, and keeps its text', async () => {
    app = await renderApp({ store: demoStore() });
    await app.press('filter.open');
    await app.type('tool:re');
    for (const [bytes, label] of [
      ['\x1b[5~', 'PgUp'],
      ['\x1b[H', 'Home'],
      ['\x04', 'C-d'],
    ] as const) {
      await app.type(bytes);
      expect(lines(app.frame()).at(-1), label).toContain(`${label}: not in the filter bar (? for keys)`);
    }
    expect(app.frame()).toContain('tool:re');
    await app.press('input.cancel');
    await app.press('search.open');
    await app.type('\x1b[5~');
    expect(lines(app.frame()).at(-1)).toContain('PgUp: not in the search bar (? for keys)');
  });

  it('a Ctrl combination no command uses says so, instead of nothing', async () => {
    app = await renderApp({ store: demoStore() });
    await app.type('\x18');
    expect(lines(app.frame()).at(-1)).toMatch(/^✗ C-x: not in Calls \(\? for keys\)/);
  });

  it('ESC and a key read as one (Alt-2) in a bar are Escape, then that key', async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
    await app.press('search.open');
    await app.type('read');
    await app.type('\x1b2');
    await waitForFrame(app.frame, (f) => f.includes('[2 Turns]') && !lines(f).at(-1)!.startsWith('/'));
  });

  it('ESC and a key read as one (Alt-2) in a pane are Escape, then that key', async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
    await app.press('list.open');
    expect(app.frame()).toContain(' request {');
    await app.type('\x1b2');
    await waitForFrame(app.frame, (f) => f.includes('[2 Turns]') && !f.includes(' request {'));
    await app.type('\x1bz');
    expect(lines(app.frame()).at(-1)).toMatch(/^✗ z: not in Turns \(\? for keys\)/);
  });

  it('Usage advertises and handles no l, w or y', async () => {
    const write = vi.fn(() => info('wrote'));
    app = await renderApp({ store: demoStore(), records: { write, copy: write }, filter: 'status:error' });
    await app.press('pane.usage');
    expect(lines(app.frame()).at(-1)).toMatch(/^\? help {2}G end {2}Enter show {2}o sort {2}.* q quit +1 of 3$/);
    for (const command of ['record.write', 'record.copy', 'link.jump'] as const) {
      await app.press(command);
      expect(lines(app.frame()).at(-1)).toContain(`${KEYMAP[command].keys[0]}: not in Usage`);
    }
    expect(write).not.toHaveBeenCalled();
  });

  it('in help, y, w and l do not act on the row hidden behind it', async () => {
    const write = vi.fn(() => info('wrote'));
    app = await renderApp({ store: demoStore(), records: { write, copy: write } });
    await app.press('app.help');
    expect(lines(app.frame()).at(-1)).toMatch(/^\? help {2}Esc back {2}Tab pane {2}\/ search {2}f filter {2}q quit/);
    await app.press('record.copy');
    expect(lines(app.frame()).at(-1)).toContain('y: not in help (? for keys)');
    await app.press('record.write');
    await app.press('link.jump');
    expect(lines(app.frame()).at(-1)).toContain('l: not in help (? for keys)');
    expect(write).not.toHaveBeenCalled();
    expect(app.frame()).toContain('Keys in Calls');
  });

  it('e in Turns keeps the selected turn selected', async () => {
    app = await renderApp({ store: demoStore(), rows: 80, columns: 110 });
    await app.press('pane.turns');
    await app.press('list.bottom');
    const selected = selectedLine(app.frame());
    expect(lines(app.frame()).at(-1)).toMatch(/9 of 9$/);
    await app.press('turns.echoed');
    expect(lines(app.frame()).at(-1)).toMatch(/10 of 10$/);
    expect(selectedLine(app.frame())).toBe(selected);
  });
});

describe('search and filters', () => {
  it('/ in the detail view finds keys and values: › and • in the margin, n/N, a counter, folds opened; Esc ends it', async () => {
    app = await renderApp({ store: demoStore(), rows: 14, columns: 100 });
    await app.press('list.down', 2); // tools/list: its response lists the tools
    await app.press('list.open');
    // Folded to the parts: a match is unfolded to.
    await app.press('tree.foldAll');
    expect(app.frame()).toContain(' response {…} 3 keys');
    await app.press('detail.search');
    await app.type('_FILE');
    // A capital: exact case, and nothing in this record is written so.
    await waitForFrame(app.frame, (x) => /^\/_FILE▏ +no match/.test(lines(x).at(-1)!));
    await app.press('input.delete', 5);
    await app.type('_file');
    // The first match comes into view, its folds opened, marked as the current one.
    let f = await waitForFrame(app.frame, (x) => /^\/_file▏ +3 matches/.test(lines(x).at(-1)!));
    expect(selectedLine(f)).toContain('"name": "read_file"');
    expect(lines(f)[1]).toBe(' .response.raw.result.tools[0].name');
    await app.press('input.submit');
    expect(lines(app.frame()).at(-1)).toMatch(/\/_file 1\/3 · key 1 of 3$/);
    await app.press('search.next');
    f = app.frame();
    expect(selectedLine(f)).toContain('"name": "search_files"');
    expect(lines(f).at(-1)).toMatch(/\/_file 2\/3 · /);
    await app.press('search.next');
    f = app.frame();
    expect(selectedLine(f)).toContain('"name": "write_file"');
    // The other matches in view are marked too: the mark, not colour, says so.
    expect(
      lines(f)
        .filter((l) => l.startsWith('•'))
        .join('\n'),
    ).toContain('"name": "search_files"');
    await app.press('search.next');
    expect(selectedLine(app.frame())).toContain('"name": "read_file"');
    await app.press('search.prev');
    expect(selectedLine(app.frame())).toContain('"name": "write_file"');
    // / then Esc ends the search and stays in the detail; Esc there goes back to the list as it was.
    await app.press('detail.search');
    await app.press('input.cancel');
    f = app.frame();
    expect(selectedLine(f)).toContain('"name": "write_file"');
    expect(f).not.toMatch(/^•/m);
    expect(lines(f).at(-1)).not.toContain('/_file');
    await app.press('detail.search');
    await app.type('read');
    await app.press('input.submit');
    await app.press('detail.close');
    f = await waitForFrame(app.frame, (x) => x.includes('[1 Calls]') && !x.includes(' request {'));
    // A search begun in the detail ends with it: the list shows no counter.
    expect(lines(f).at(-1)).toMatch(/[^/]+ 3 of 13$/);
    expect(lines(f).at(-1)).not.toContain('/read');
  });

  it('/ searches as you type, jumps to the best match, Enter keeps it, n/N step, Esc keeps the position', async () => {
    app = await renderApp({ store: demoStore() });
    await app.press('search.open');
    await app.type('read_file');
    // Fuzzy matches on method and tool come at once: the best one is selected.
    let f = await waitForFrame(app.frame, (x) => /tools\/call read_file/.test(selectedLine(x)));
    // Once typing pauses, the text of each call joins: tools/list's response names read_file.
    f = await waitForFrame(app.frame, (x) => /^\/read_file▏ +3 matches/.test(lines(x).at(-1)!));
    expect(selectedLine(f)).toMatch(/tools\/call read_file/);
    await app.press('input.submit');
    expect(lines(app.frame()).at(-1)).toMatch(/\/read_file 2\/3 · 6 of 13$/);
    await app.press('search.next');
    expect(lines(app.frame()).at(-1)).toMatch(/\/read_file 3\/3 · 9 of 13$/);
    await app.press('search.next');
    expect(lines(app.frame()).at(-1)).toMatch(/\/read_file 1\/3 · 3 of 13$/);
    await app.press('search.prev');
    expect(lines(app.frame()).at(-1)).toMatch(/3\/3 · 9 of 13$/);
    // Other matches are marked • (the selected one is ›).
    expect(app.frame()).toMatch(/^•.*tools\/call read_file/m);
    expect(app.frame()).toMatch(/^•.*tools\/list/m);
    await app.press('search.open');
    await app.type('zzzz');
    await waitForFrame(app.frame, (x) => lines(x).at(-1)!.includes('no match'));
    await app.press('input.cancel');
    expect(lines(app.frame()).at(-1)).toMatch(/9 of 13$/);
    expect(app.frame()).not.toContain('/zzzz');
  });

  it('keys that arrive at once after / (fast typing, a paste) are search text, not commands', async () => {
    app = await renderApp({ store: demoStore() });
    // One chunk: / opens the bar; t (thinking), l (link) and the rest must become its text.
    await app.type('/tool');
    const f = await waitForFrame(app.frame, (x) => /^\/tool▏/.test(lines(x).at(-1)!));
    expect(f).not.toContain('no linked call');
    await app.type('s\x7f\x7fl_x');
    await waitForFrame(app.frame, (x) => /^\/tool_x▏/.test(lines(x).at(-1)!));
    // Enter then j in one chunk: the bar closes, then j moves the selection.
    expect(selectedLine(app.frame())).toMatch(/tools\/list/);
    await app.type('\rj');
    await waitForFrame(
      app.frame,
      (x) => !lines(x).at(-1)!.startsWith('/') && /tools\/call search_files/.test(selectedLine(x)),
    );
  });

  it('/ finds words said in a turn, not only methods and models', async () => {
    app = await renderApp({ store: demoStore(), rows: 30, columns: 110 });
    await app.press('pane.turns');
    await app.press('search.open');
    await app.type('chmod');
    // The text part comes once typing pauses; then the selection jumps to the match.
    await waitForFrame(
      app.frame,
      (x) => /^\/chmod▏ +1 match$/.test(lines(x).at(-1)!) && /^›.*assistant local-llama-3\.1-8b/m.test(x),
    );
  });

  it('the search bar says when the text is still being searched, and that one letter searches no text', async () => {
    app = await renderApp({ store: demoStore(), rows: 30, columns: 80 });
    await app.press('pane.turns');
    await app.press('search.open');
    await app.type('z');
    expect(lines(app.frame()).at(-1)).toMatch(/^\/z▏ +no match \(text: 2\+ letters\)$/);
    await app.press('input.delete');
    await app.type('chmod');
    // Typing: the text part waits for a pause, then comes in a step at a time.
    expect(lines(app.frame()).at(-1)).toMatch(/^\/chmod▏ +searching…$/);
    await waitForFrame(app.frame, (x) => /^\/chmod▏ +1 match$/.test(lines(x).at(-1)!));
    await app.type('zz');
    await waitForFrame(app.frame, (x) => /^\/chmodzz▏ +no match$/.test(lines(x).at(-1)!));
  });

  it('/word, Enter and Enter at once: the detail view opened meanwhile, the late text match leaves the row', async () => {
    app = await renderApp({ store: demoStore(), rows: 30, columns: 110 });
    await app.press('pane.turns');
    const searched = whenTextSearched('chmod');
    await app.type('/chmod\r\r');
    await waitForFrame(app.frame, (x) => x.includes(' turn {') || x.includes('"role"'));
    await app.press('detail.close');
    // The text part comes in (the list is on screen again), and the row stays the one the detail view was opened on.
    await searched;
    expect(lines(app.frame()).at(-1)).toMatch(/ 1 of 9$/);
  });

  it('Esc in the pane leaves a search kept after Enter: counter and marks go, the position stays', async () => {
    app = await renderApp({ store: demoStore(), rows: 24, columns: 80 });
    await app.press('search.open');
    await app.type('read');
    await app.press('input.submit');
    let f = app.frame();
    expect(lines(f).at(-1)).toMatch(/ n next .* \/read 1\/3 · 6 of 13$/);
    expect(f).toMatch(/^•/m);
    await app.type('\x1b');
    await waitForFrame(app.frame, (x) => !lines(x).at(-1)!.includes('/read'));
    f = app.frame();
    expect(lines(f).at(-1)).toMatch(/^\? help .* 6 of 13$/);
    expect(f).not.toMatch(/^•/m);
    expect(lines(f).at(-1)).not.toContain('✗');
    // With no search kept and no Sessions list, Esc says so, as before.
    await app.type('\x1b');
    await waitForFrame(app.frame, (x) => lines(x).at(-1)!.includes('no Sessions list'));
  });

  it('/word and Enter typed at once still go to a match found in the text once it comes', async () => {
    app = await renderApp({ store: demoStore(), rows: 30, columns: 110 });
    await app.press('pane.turns');
    await app.type('/chmod\r');
    // Enter closed the bar before the text part came: its match is still gone to.
    const f = await waitForFrame(app.frame, (x) => /^›.*assistant local-llama-3\.1-8b/m.test(x));
    expect(lines(f).at(-1)).toMatch(/\/chmod 1\/1 · \d+ of \d+$/);
  });

  it('/word, Enter and j typed at once: j moves on, and the text match that comes later leaves it', async () => {
    app = await renderApp({ store: demoStore(), rows: 30, columns: 110 });
    await app.press('pane.turns');
    const searched = whenTextSearched('chmod');
    await app.type('/chmod\rj');
    await waitForFrame(app.frame, (x) => / 2 of 9$/.test(lines(x).at(-1)!));
    await searched;
    expect(lines(app.frame()).at(-1)).toMatch(/\/chmod –\/1 · 2 of 9$/);
    expect(app.frame()).not.toMatch(/^›.*assistant local-llama-3\.1-8b/m);
  });

  it('f filters every pane and the usage numbers, and the header says so', async () => {
    app = await renderApp({ store: demoStore(), rows: 30, columns: 120 });
    await app.press('filter.open');
    await app.type('status:error');
    await app.press('input.submit');
    let f = app.frame();
    expect(lines(f)[0]).toContain('filter: status:error · 4 of 36');
    expect(lines(f).at(-1)).toMatch(/1 of 2$/);
    // 120 columns: the arguments stand between the tool and its status.
    expect(f).toMatch(/write_file\s+\{"path":.*✗ isError/);
    expect(f).not.toContain('initialize');
    await app.press('pane.usage');
    f = app.frame();
    expect(f).toContain('no model calls');
    expect(f).toMatch(/tools\/call\s+2\s+2\s+0/);
    await app.press('pane.events');
    expect(lines(app.frame()).at(-1)).toMatch(/1 of 4$/);
    await app.press('filter.clear');
    expect(lines(app.frame())[0]).not.toContain('filter:');
  });

  it('an empty pane says when the filter is what emptied it', async () => {
    app = await renderApp({ store: demoStore(), filter: 'tool:no_such_tool', columns: 120 });
    expect(app.frame()).toContain('no calls match the filter');
    await app.press('pane.turns');
    expect(app.frame()).toContain('no turns match the filter');
    expect(app.frame()).not.toContain('no turns in this trace');
    await app.press('pane.events');
    expect(app.frame()).toContain('no records match the filter');
    // w writes no file of a meta and an end line only.
    const write = vi.fn(() => info('wrote'));
    app.unmount();
    app = await renderApp({
      store: demoStore(),
      filter: 'tool:no_such_tool',
      columns: 120,
      records: { write, copy: vi.fn(() => info('')), copyText: vi.fn(() => info('')) },
    });
    await app.press('record.write');
    expect(write).not.toHaveBeenCalled();
    expect(lines(app.frame()).at(-1)).toContain('no records to write: the filter keeps none');
  });

  it('an invalid filter shows what is wrong and where, and keeps the previous filter', async () => {
    app = await renderApp({ store: demoStore(), filter: 'tool:read_*', columns: 140 });
    expect(lines(app.frame())[0]).toContain('filter: tool:read_*');
    await app.press('filter.open');
    expect(lines(app.frame()).at(-1)).toMatch(/^filter: tool:read_\*▏/);
    await app.type(' latency:fast');
    await app.press('input.submit');
    expect(lines(app.frame()).at(-1)).toContain('✗ latency: "fast" is not a duration');
    expect(lines(app.frame()).at(-1)).toContain('(at column 21)');
    await app.press('input.cancel');
    expect(lines(app.frame())[0]).toContain('filter: tool:read_*');
  });
});

describe('Turns pane', () => {
  it('shows every block kind, collapses thinking, hides echoed resends', async () => {
    app = await renderApp({ store: demoStore(), rows: 80, columns: 110 });
    await app.press('pane.turns');
    const f = app.frame();
    // Each counted turn's cost by the price table (cache writes included); none for an unpriced model.
    expect(f).toMatch(/assistant claude-sonnet-4-5 · in 1,840 · out 212 · \$0\.03 · 2\.48s/);
    expect(f).toMatch(/assistant gpt-4o-2024-08-06 · in 2,210 · out 140 · \$0\.0082 · 2\.30s/);
    expect(f).toMatch(/assistant local-llama-3\.1-8b · in 3,100 · out 88 · 2\.70s/);
    expect(f).toMatch(/~ thinking The user wants the retry limit/);
    expect(f).not.toContain('I will start with search_files');
    expect(f).toMatch(/→ tool_use search_files \{"path":"\/home\/me\/project","pattern":"retry"\} ✓ ok 300ms/);
    expect(f).toMatch(/→ tool_use write_file .* ✗ isError 200ms/);
    // A tool result's content goes under it, as text.
    expect(f).toMatch(/← tool_result ✗ isError call_demo_3\n +EACCES/);
    expect(f).toContain('⋯ 4 earlier messages elided (sha256 06b6136d214f…)');
    expect(f).toContain('[block: image]');
    expect(f).toContain('✂ truncated');
    expect(f).not.toContain('echoed resend');
    expect(lines(f).at(-1)).toMatch(/1 of 9$/);
  });

  it('expands thinking with t and shows echoed turns, labelled, with e', async () => {
    app = await renderApp({ store: demoStore(), rows: 80, columns: 110 });
    await app.press('pane.turns');
    await app.press('turns.thinking');
    expect(app.frame()).toContain('I will start with search_files');
    await app.press('turns.echoed');
    expect(app.frame()).toContain('echoed resend');
    // An echoed resend is not counted: it has no cost of its own.
    expect(lines(app.frame()).find((l) => l.includes('echoed resend'))).not.toContain('$');
    expect(lines(app.frame()).at(-1)).toMatch(/1 of 10$/);
  });

  it('scrolls turn by turn, keeping the selected turn on screen', async () => {
    app = await renderApp({ store: demoStore(), rows: 12, columns: 80 });
    await app.press('pane.turns');
    await app.press('list.bottom');
    const f = app.frame();
    expect(selectedLine(f)).toContain('assistant local-llama-3.1-8b');
    expect(lines(f)).toHaveLength(12);
  });
});

describe('turns ↔ calls', () => {
  it('shows the linked call on a tool_use, and l jumps there and back', async () => {
    app = await renderApp({ store: await twoPlanes(), rows: 24, columns: 120 });
    await app.press('pane.turns');
    let f = app.frame();
    // The tool_use's time to its tool_result (the agent's), then the call's own on the server.
    expect(f).toMatch(/→ tool_use search \{"q":"r2 limits"\} ✓ ok 2\.50s ↔ call L4 300ms/);
    expect(f).toMatch(/→ tool_use search \{"q":"kv limits"\} ✓ ok 2\.50s ↔ call L2 400ms/);
    expect(f).toMatch(/→ tool_use search \{"q":"never sent"\} … pending no call reached the server$/m);
    await app.press('list.down');
    await app.press('link.jump');
    f = app.frame();
    expect(lines(f)[0]).toContain('[1 Calls]');
    expect(selectedLine(f)).toMatch(/tools\/call search/);
    expect(lines(f).at(-1)).toMatch(/2 of 2$/);
    await app.press('link.jump');
    expect(lines(app.frame())[0]).toContain('[2 Turns]');
    expect(lines(app.frame()).at(-1)).toMatch(/2 of 4$/);
    await app.press('list.open');
    // The plane named as the lists tag it and `:` reads it (`mcp 4`), not a path cut at its end.
    expect(app.frame()).toMatch(/↔ search: tools\/call at mcp line 4 \(l jumps to the first\)/);
    expect(app.frame()).toMatch(/↔ search: tools\/call at mcp line 2 /);
  });

  it("l from a call reaches its turn, and l again comes back to that call, not the turn's first", async () => {
    app = await renderApp({ store: await twoPlanes(), rows: 24, columns: 120 });
    // Calls: line 2 (kv limits) is the turn's second tool_use; its first asked for line 4.
    expect(lines(app.frame()).at(-1)).toMatch(/1 of 2$/);
    await app.press('link.jump');
    expect(lines(app.frame())[0]).toContain('[2 Turns]');
    expect(lines(app.frame()).at(-1)).toMatch(/2 of 4$/);
    await app.press('link.jump');
    expect(lines(app.frame())[0]).toContain('[1 Calls]');
    expect(lines(app.frame()).at(-1)).toMatch(/1 of 2$/);
  });

  it('a stubbed tool_use says that no call reached the server, in the detail view too', async () => {
    app = await renderApp({ store: await twoPlanes(), rows: 24, columns: 80 });
    await app.press('pane.turns');
    await app.press('list.bottom');
    expect(app.frame()).toMatch(/never sent.* no call reached the server/);
    await app.press('list.open');
    expect(app.frame()).toMatch(/^[ ›]↔ search: no call reached the server$/m);
  });

  it('a stubbed tool_use answered all the same claims no ✓ ok: an error result still says ✗ isError', async () => {
    const agent = readFileSync('test/fixtures/two-planes/agent.jsonl', 'utf8').trimEnd().split('\n');
    const stubbed = (isError: boolean) => [
      ...agent.slice(0, -1),
      JSON.stringify({
        t: '2026-03-01T10:00:04.100Z',
        type: 'turn',
        role: 'user',
        blocks: [{ type: 'tool_result', tool_use_id: 'toolu_c', content: [], ...(isError ? { is_error: true } : {}) }],
      }),
      agent.at(-1)!,
    ];
    const mcp = readFileSync('test/fixtures/two-planes/mcp.jsonl', 'utf8').trimEnd().split('\n');
    for (const isError of [false, true]) {
      const store = fillStore(storeOf(stubbed(isError), undefined, 'run.agent.jsonl'), mcp, 'run.mcp.jsonl');
      app = await renderApp({ store, rows: 24, columns: 80 });
      await app.press('pane.turns');
      const stub = lines(app.frame()).find((l) => l.includes('never sent'));
      expect(stub).toMatch(isError ? / ✗ isError no call reached the server$/ : /\} no call reached the server$/);
      app.unmount();
    }
    app = null;
  });

  it('Turns at 80 columns names l, the key that joins a tool_use and its call, where it can act', async () => {
    app = await renderApp({ store: await twoPlanes(), rows: 24, columns: 80 });
    await app.press('pane.turns');
    // The user's question asked for no call: l would only say so.
    expect(lines(app.frame()).at(-1)).not.toContain('l link');
    await app.press('list.down');
    expect(lines(app.frame()).at(-1)).toMatch(/^\? help .* l link .* q quit +\d+ of \d+$/);
    // A tool_use no call answered: not there either.
    await app.press('list.bottom');
    expect(lines(app.frame()).at(-1)).not.toContain('l link');
    // In Calls, a call a turn asked for has it.
    await app.press('pane.calls');
    expect(lines(app.frame()).at(-1)).toContain('l link');
    // One plane only: l has nothing to join, and the footer keeps its room for Tab.
    app.unmount();
    const mcpOnly = readFileSync('test/fixtures/two-planes/mcp.jsonl', 'utf8').trimEnd().split('\n');
    app = await renderApp({ store: storeOf(mcpOnly), rows: 24, columns: 80 });
    expect(lines(app.frame()).at(-1)).toMatch(/^\? help .* Tab pane .* q quit +\d+ of \d+$/);
    expect(lines(app.frame()).at(-1)).not.toContain('l link');
  });

  it(': with both planes open: a line both files have says which it went to and how to reach the other', async () => {
    app = await renderApp({ store: await twoPlanes(), rows: 24, columns: 80 });
    await app.press('pane.events');
    const goTo = async (typed: string) => {
      await app!.press('list.goto');
      await app!.type(typed);
      await app!.press('input.submit');
      return app!.frame();
    };
    let f = await goTo('3');
    const [first, other] = /^›(\w+) /.exec(selectedLine(f))![1] === 'llm' ? ['llm', 'mcp'] : ['mcp', 'llm'];
    expect(selectedLine(f)).toMatch(new RegExp(`^›${first} +L3 `));
    expect(lines(f).at(-1)).toMatch(new RegExp(`^line 3 of ${first}; also :${other} 3 `));
    // The other file's line, by the name its rows show (any case, a space or a colon).
    for (const typed of [`${other} 3`, `${other.toUpperCase()}:3`]) {
      f = await goTo(typed);
      expect(selectedLine(f), typed).toMatch(new RegExp(`^›${other} +L3 `));
      expect(lines(f).at(-1), typed).not.toContain('also');
    }
    // A name no file has is no line.
    f = await goTo('nope 3');
    expect(lines(f).at(-1)).toContain('not a line number or a time: nope 3');
  });

  it('the real run: its stubbed hf_fs ls says no ✓ ok beside no call reached the server', async () => {
    const store = new TraceStore(bundledPrices());
    const run = `${REAL_TRACES}huggingface-co-2026-08-20T17-23-48-886Z`;
    for (const plane of ['agent', 'mcp']) await ingest(store, new FileSource(`${run}.${plane}.jsonl`));
    app = await renderApp({ store, rows: 24, columns: 80 });
    await app.press('pane.turns');
    await app.press('search.open');
    // Its tool_use id (agent line 27).
    await app.type('KZCw59');
    await waitForFrame(app.frame, (x) => x.includes('tool_use hf_fs {"cmd":"ls"'));
    const stub = lines(app.frame()).find((l) => l.includes('tool_use hf_fs {"cmd":"ls"'));
    expect(stub).toMatch(/ no call reached the server$/);
    expect(stub).not.toContain('✓');
  });
});

describe('l where there is no link says why, from the end it is on', () => {
  const plane = (name: 'agent' | 'mcp') =>
    readFileSync(`test/fixtures/two-planes/${name}.jsonl`, 'utf8').trimEnd().split('\n');
  /** The mcp plane with a third call, which no tool_use asked for (no turn has its arguments). */
  const mcp = () => {
    const lines = plane('mcp');
    const unasked = [
      {
        t: '2026-03-01T10:00:05.000Z',
        dir: 'in',
        raw: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search', arguments: { q: 'by no one' } } },
      },
      { t: '2026-03-01T10:00:05.200Z', dir: 'out', raw: { jsonrpc: '2.0', id: 3, result: { content: [] } } },
    ];
    return [...lines.slice(0, -1), ...unasked, lines.at(-1)!];
  };
  const both = () => fillStore(storeOf(plane('agent'), undefined, 'run.agent.jsonl'), mcp(), 'run.mcp.jsonl');
  const footer = () => lines(app!.frame()).at(-1)!;

  it('a call no turn asked for, both planes open: says so, and no hint about opening them', async () => {
    app = await renderApp({ store: both(), rows: 24, columns: 80 });
    await app.press('list.bottom');
    expect(selectedLine(app.frame())).toMatch(/tools\/call search/);
    await app.press('link.jump');
    expect(footer()).toMatch(/^✗ no turn asked for this call +3 of 3$/);
    expect(lines(app.frame())[0]).toContain('[1 Calls]');
  });

  it('a call with the mcp plane alone open: the same, and to open the agent file, whole at 80 columns', async () => {
    app = await renderApp({ store: storeOf(mcp(), undefined, 'run.mcp.jsonl'), rows: 24, columns: 80 });
    await app.press('link.jump');
    expect(footer()).toMatch(/^✗ no turn asked for this call: open the run's agent file too +1 of 3$/);
  });

  it('a tool_use whose call never reached the server, both planes open: says that, as Turns does', async () => {
    app = await renderApp({ store: both(), rows: 24, columns: 80 });
    await app.press('pane.turns');
    await app.press('list.bottom');
    expect(app.frame()).toMatch(/never sent.* no call reached the server/);
    await app.press('link.jump');
    expect(footer()).toMatch(/^✗ no call reached the server +4 of 4$/);
    expect(lines(app.frame())[0]).toContain('[2 Turns]');
  });

  it('a tool_use with the agent plane alone open: to open the mcp file, whole at 80 columns', async () => {
    app = await renderApp({ store: storeOf(plane('agent'), undefined, 'run.agent.jsonl'), rows: 24, columns: 80 });
    await app.press('pane.turns');
    await app.press('list.down');
    expect(app.frame()).toMatch(/^›.*assistant/m);
    await app.press('link.jump');
    expect(footer()).toMatch(/^✗ no call for this tool_use: open the run's mcp file too +\d+ of \d+$/);
  });

  it('a row that is no tool_use nor call: what l joins, whole at 80 columns', async () => {
    app = await renderApp({ store: storeOf(plane('agent'), undefined, 'run.agent.jsonl'), rows: 24, columns: 80 });
    await app.press('pane.turns');
    expect(app.frame()).not.toMatch(/^›.*assistant/m);
    await app.press('link.jump');
    expect(footer()).toMatch(/^✗ no linked call: l joins a tool_use and its tools\/call +1 of \d+$/);
  });
});

describe('Usage and Events panes', () => {
  it('shows the per-model table with totals, unpriced models, tools and methods', async () => {
    app = await renderApp({ store: demoStore(), rows: 40, columns: 120 });
    await app.press('pane.usage');
    const f = app.frame();
    expect(f).toMatch(/claude-sonnet-4-5\s+2\s+2,100\s+286\s+5,120\s+5,430\s+40\.5%\s+\$0\.03/);
    expect(f).toMatch(/local-llama-3\.1-8b\s+1\s+3,100\s+88\s+—\s+—\s+—\s+unpriced/);
    expect(f).toMatch(/TOTAL\s+4\s+7,410\s+514/);
    expect(f).toContain('1 echoed turn excluded');
    expect(f).toContain('total is partial');
    // Each call once (the one failed tools/call of Calls), the agent's tool_use beside it.
    expect(f).toMatch(/write_file\s+1\s+1\s+0\s+160ms\s+160ms\s+160ms\s+1\s/);
    expect(f).toMatch(/sampling\/createMessage\s+1\s+0\s+0\s+1\.12s/);
    // The demo spans 14 s: one minute, one bar per series.
    expect(f).toMatch(/OVER TIME per minute, 1 minute from the start/);
    expect(f).toMatch(/^ tokens +█ max 7\.9k$/m);
    expect(f).toMatch(/^ +local-llama-3\.1-8b +█/m);
  });

  it('keeps full model ids at 80 columns by narrowing the other columns', async () => {
    app = await renderApp({ store: demoStore(), rows: 30, columns: 80 });
    await app.press('pane.usage');
    const f = app.frame();
    expect(f).toContain('local-llama-3.1-8b');
    expect(f).toContain('gpt-4o-2024-08-06');
    for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(80);
  });

  it('lists every record in file order, skipped lines with their line number and why', async () => {
    app = await renderApp({ store: demoStore(), rows: 50, columns: 110 });
    await app.press('pane.events');
    const f = app.frame();
    expect(f).toMatch(/L1\s+\+0\.000s meta/);
    expect(f).toMatch(/L33\s+✗ skip\s+not JSON \(Unterminated string/);
    expect(f).toMatch(/L34 .*other\s+heartbeat/);
    expect(f).toMatch(/event\s+event\s+llm\.error/);
    expect(lines(f).at(-1)).toMatch(/1 of 36$/);
  });
});

describe('rendering that holds up', () => {
  it('never writes wider or longer than the terminal, CJK and emoji included', async () => {
    for (const [columns, rows] of [
      [80, 24],
      [120, 40],
      [60, 15],
    ] as const) {
      app = await renderApp({ store: demoStore(), columns, rows });
      for (const pane of ['pane.calls', 'pane.turns', 'pane.usage', 'pane.events'] as const) {
        await app.press(pane);
        await app.press('list.bottom');
        const ls = lines(app.frame());
        expect(ls.length, `${pane} at ${columns}x${rows}`).toBeLessThanOrEqual(rows);
        for (const l of ls) expect(stringWidth(l), `${pane} at ${columns}: ${l}`).toBeLessThanOrEqual(columns);
      }
      app.unmount();
      app = null;
    }
  });

  it('renders hostile content inert: no ESC, C1 or bidi control from the trace reaches the terminal', async () => {
    const evil = 'A\x1b]52;c;ZWNobyBoaQ==\x07B\x1b[2J\x1b[31mC\x9b31mD\u202eE\u2066F\x00G';
    const store = storeOf([
      { t: at(0), dir: 'in', raw: { id: 1, method: `tools/call`, params: { name: `evil${evil}` } } },
      { t: at(5), dir: 'out', raw: { id: 1, result: { content: [{ type: 'text', text: evil }] } } },
      {
        t: at(9),
        type: 'turn',
        role: 'assistant',
        model: `m${evil}`,
        blocks: [
          { type: 'text', text: evil },
          { type: 'tool_use', id: 'x', name: evil, input: { evil } },
          { type: evil },
        ],
      },
      { t: at(10), dir: 'event', kind: evil, raw: {} },
    ]);
    app = await renderApp({ store, rows: 40, columns: 160 });
    const all = (await app.framesOfEveryPane()).join('\n');
    expect(all).toContain('␛');
    expect(all).not.toMatch(/[\x1b\x9b\u202e\u2066\x00\x07]/);
  });
});

describe('an empty list while nothing is read yet', () => {
  it('says nothing is read yet, not that the trace has no calls, turns or records', async () => {
    const store = new TraceStore(bundledPrices());
    const file = store.addFile('run.mcp.jsonl');
    app = await renderApp({ store, columns: 80, rows: 24 });
    expect(app.frame()).toContain(' nothing read yet');
    for (const pane of ['pane.turns', 'pane.events'] as const) {
      await app.press(pane);
      expect(app.frame()).toContain(' nothing read yet');
    }
    // Read, and still empty: then the pane's own words.
    file.state = 'done';
    store.version += 1;
    store.notifier.changed();
    await app.press('pane.calls');
    expect(app.frame()).toContain('no RPC calls in this trace');
  });
});
