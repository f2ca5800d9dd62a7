import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refsOf } from '../../src/ui/data/marks.js';
import { applyColorEnv, setAscii } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { renderApp, waitForFrame } from '../helpers/ink.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.unmount();
  setAscii(false);
});

const lines = (frame: string) => frame.split('\n');
const footer = (frame: string) => lines(frame).at(-1) ?? '';
const rowWith = (frame: string, text: string) => lines(frame).find((l) => l.includes(text)) ?? '';

describe('marks: m marks a row, u / U go from mark to mark across panes, w writes them', () => {
  it('m puts ◆ in the row (a column for marks appears), and again takes it away', async () => {
    app = await renderApp({ store: demoStore(), columns: 80 });
    expect(rowWith(app.frame(), 'initialize')).toMatch(/^› {2}\+0\.012s/);
    await app.type('m');
    expect(rowWith(app.frame(), 'initialize')).toMatch(/^›◆ {2}\+0\.012s → {2}initialize/);
    expect(rowWith(app.frame(), 'tools/list')).toMatch(/^ {4}\+0\.130s/);
    expect(footer(app.frame())).toMatch(/^marked: 1 mark \(u\/U go through them, w writes them\)/);
    // The columns still end where they did: the mark's cell comes out of the method's room.
    expect(rowWith(app.frame(), 'initialize')).toMatch(/✓ ok {8}84ms$/);
    await app.type('m');
    expect(rowWith(app.frame(), 'initialize')).toMatch(/^› {2}\+0\.012s/);
    expect(footer(app.frame())).toMatch(/^unmarked: 0 marks left/);
  });

  it('a marked record shows in every pane that lists it: Events, Turns (first line)', async () => {
    app = await renderApp({ store: demoStore(), columns: 80 });
    await app.press('list.nextProblem');
    await app.type('m');
    await app.press('pane.events');
    await app.press('list.bottom');
    const events = app.frame();
    expect(rowWith(events, 'L24 ')).toMatch(/^ ◆ +L24 /);
    expect(rowWith(events, 'L25 ')).toMatch(/^ {2} +L25 /);
    await app.press('pane.turns');
    await app.type('m');
    expect(lines(app.frame())[1]).toMatch(/^›◆ \+0\.900s user/);
  });

  it('in ASCII mode the mark is a letter', async () => {
    setAscii(true);
    app = await renderApp({ store: demoStore(), columns: 80 });
    await app.type('m');
    expect(rowWith(app.frame(), 'initialize')).toMatch(/^>M {2}\+0\.012s/);
  });

  it('u and U go round the marks in record order, switching pane to one that lists each', async () => {
    app = await renderApp({ store: demoStore(), columns: 80 });
    await app.press('list.down', 3); // tools/call search_files (L10)
    await app.type('m');
    await app.press('pane.turns');
    await app.press('list.down', 2); // the turn at L13
    await app.type('m');
    await app.press('pane.usage');
    await app.type('u');
    // From Usage (no record selected): the first mark, in Calls.
    expect(lines(app.frame())[0]).toContain('[1 Calls]');
    expect(rowWith(app.frame(), '›')).toContain('tools/call search_files');
    expect(footer(app.frame())).toMatch(/^mark 1 of 2/);
    await app.type('u');
    expect(lines(app.frame())[0]).toContain('[2 Turns]');
    expect(footer(app.frame())).toMatch(/^mark 2 of 2/);
    await app.type('u');
    expect(lines(app.frame())[0]).toContain('[1 Calls]');
    await app.type('U');
    expect(lines(app.frame())[0]).toContain('[2 Turns]');
    // In Events, which lists both: it stays there.
    await app.press('pane.events');
    await app.type('u');
    expect(lines(app.frame())[0]).toContain('[4 Events]');
    expect(rowWith(app.frame(), '›')).toMatch(/L10 /);
  });

  it('u with no marks says how to make one; with every mark filtered out, says so', async () => {
    app = await renderApp({ store: demoStore(), columns: 80 });
    await app.type('u');
    expect(footer(app.frame())).toMatch(/^✗ u: no marks \(m marks the selected row\)/);
    await app.type('m');
    await app.type('f');
    await app.type('method:tools/list');
    await app.press('input.submit');
    await app.type('u');
    expect(footer(app.frame())).toMatch(/^✗ the filter hides every marked record \(F clears it\)/);
  });

  it('w writes the marked records (a call with its response), before the filter, and says so', async () => {
    const written: number[][] = [];
    const whats: (string | undefined)[] = [];
    const store = demoStore();
    app = await renderApp({
      store,
      columns: 80,
      records: {
        write: (rows, what) => {
          written.push(Array.from(rows));
          whats.push(what);
          return { kind: 'info', text: `${what}: wrote it` };
        },
        copy: () => ({ kind: 'info', text: 'copied' }),
      },
    });
    await app.press('list.down', 3);
    await app.type('m');
    await app.press('list.down', 2);
    await app.type('m');
    await app.press('record.write');
    const calls = [3, 5].map((i) => [store.lineOf(store.rows('calls')[i]!)]);
    expect(written[0]!.map((r) => store.lineOf(r))).toEqual([calls[0]![0], 12, calls[1]![0], 19]);
    expect(whats[0]).toBe('2 marks');
    expect(footer(app.frame())).toMatch(/^2 marks: wrote it/);
    await app.type('f');
    await app.type('status:error');
    await app.press('input.submit');
    await app.press('record.write');
    expect(written[1]).toEqual(written[0]);
    expect(whats[1]).toBe('2 marks, not the filter');
    // In the detail view, w writes the record shown.
    await app.press('list.open');
    await app.press('record.write');
    expect(whats[2]).toBeUndefined();
    expect(written[2]).toHaveLength(2);
  });

  it('marks kept from before come back on their records; each change is kept, with the ones not found yet', async () => {
    const store = demoStore();
    const saves: string[] = [];
    const kept = refsOf(store, [store.rows('calls')[3]!]);
    const future = { file: 0, line: 999, nth: 0 };
    app = await renderApp({
      store,
      columns: 80,
      marks: { saved: [...kept, future], save: (refs) => saves.push(JSON.stringify(refs)) },
    });
    await waitForFrame(app.frame, (f) => rowWith(f, 'search_files').startsWith(' ◆'));
    await app.type('m');
    expect(saves.at(-1)).toBe(JSON.stringify([{ file: 0, line: 2, nth: 0 }, { file: 0, line: 10, nth: 0 }, future]));
  });
});
