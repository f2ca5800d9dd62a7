import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyColorEnv } from '../../../src/ui/theme.js';
import { demoStore } from '../../helpers/demo.js';
import { renderApp, tick, waitForFrame } from '../../helpers/ink.js';
import { REAL_TRACES } from '../../helpers/shared.js';
import { storeOf } from '../../helpers/store.js';
import { twelveLevelRecord } from '../../helpers/tree.js';

/*
 * The detail view as a tree in the app at 80x24: the path line, the cursor, folds, J, r,
 * y and Y (what they hand the clipboard), the footer keeping `? help` and `q quit`.
 */
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

const lines = (f: string) => f.split('\n');
const cursorLine = (f: string) => lines(f).find((l) => l.startsWith('›')) ?? '';
const pathOf = (f: string) => lines(f)[1]!;
const footer = (f: string) => lines(f).at(-1)!;

function copier() {
  const info = (text: string) => ({ kind: 'info' as const, text });
  const copy = vi.fn((rows: ArrayLike<number>) => info(`copied ${rows.length} records`));
  const copyText = vi.fn((_text: string, what: string) => info(`copied ${what}`));
  return { write: vi.fn(() => info('wrote')), copy, copyText };
}

describe('the detail view as a tree, at 80x24', () => {
  it('moves node by node with the path shown, folds and unfolds, and keeps ? help and q quit', async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
    await app.press('list.down', 5);
    await app.press('list.open');
    let f = app.frame();
    expect(lines(f)).toHaveLength(24);
    expect(pathOf(f)).toBe(' .');
    expect(footer(f)).toMatch(/^\? help .* q quit +top$/);
    await app.press('list.down', 2);
    f = app.frame();
    expect(pathOf(f)).toBe(' .request.t');
    expect(cursorLine(f)).toBe('›  "t": "2026-11-20T14:00:05.920Z"');
    expect(footer(f)).toMatch(/key 1 of 3$/);
    // h on a scalar goes to its parent; h again folds it; → unfolds.
    await app.press('tree.fold');
    expect(pathOf(app.frame())).toBe(' .request');
    await app.press('tree.fold');
    expect(cursorLine(app.frame())).toMatch(/^›request \{…\} 3 keys/);
    await app.type('\x1b[C');
    expect(cursorLine(app.frame())).toMatch(/^›request \{ /);
    // z: the parts, folded; Z: all open; 3: three levels open.
    await app.press('tree.foldAll');
    f = app.frame();
    expect(f).toContain(' response {…} 3 keys');
    expect(f).not.toContain('"jsonrpc"');
    await app.press('tree.unfoldAll');
    expect(app.frame()).toContain('"jsonrpc": "2.0"');
    await app.type('3');
    f = app.frame();
    expect(f).toContain('   "raw": {');
    expect(f).toContain('     "params": {…} 2 keys');
    // In the detail view 1-4 fold: the pane stays.
    await app.type('1');
    expect(lines(app.frame())[0]).toContain('[1 Calls]');
    expect(app.frame()).toContain('›request {…} 3 keys');
    await app.press('detail.close');
    await waitForFrame(app.frame, (x) => !x.includes(' request {'));
  });

  it('y copies the value under the cursor (the records at the top), Y its path; Space on a number says why not', async () => {
    const records = copier();
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24, records });
    await app.press('list.down', 5);
    await app.press('list.open');
    await app.press('tree.copy');
    // The call's request and response, as w writes them.
    expect(records.copy.mock.calls[0]![0]).toHaveLength(2);
    expect(footer(app.frame())).toContain('copied 2 records');
    await app.press('list.down', 6);
    expect(pathOf(app.frame())).toBe(' .request.raw.id');
    await app.press('tree.copy');
    expect(records.copyText.mock.calls[0]).toEqual(['3', 'the value at .request.raw.id']);
    expect(footer(app.frame())).toContain('copied the value at .request.raw.id');
    await app.press('list.down', 2);
    await app.press('tree.copy');
    expect(records.copyText.mock.calls[1]).toEqual([
      '{"name":"read_file","arguments":{"path":"/home/me/project/config/client.yaml"}}',
      'the value at .request.raw.params',
    ]);
    await app.press('tree.copyPath');
    expect(records.copyText.mock.calls[2]).toEqual(['.request.raw.params', 'the path .request.raw.params']);
    await app.press('list.up', 2);
    await app.press('tree.toggle');
    expect(footer(app.frame())).toContain('Space: a number or literal has nothing to fold');
  });

  it('a long string reads as text, folded after 20 lines; Space shows it whole; r its raw line', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `line ${i + 1}: some words of text`).join('\n');
    app = await renderApp({
      store: storeOf([{ t: '2026-05-12T23:00:00.000Z', type: 'turn', role: 'user', blocks: [{ type: 'text', text }] }]),
      columns: 80,
      rows: 24,
    });
    await waitForFrame(app.frame, (f) => f.includes('[2 Turns]'));
    // Turns: the same text folded after 20 lines.
    expect(app.frame()).toContain('… 20 more lines (Space opens)');
    await app.press('turns.open');
    expect(app.frame()).not.toContain('more lines');
    await app.press('turns.open');
    await app.press('list.open');
    await app.press('list.down', 8);
    await app.press('list.pageDown');
    let f = app.frame();
    expect(f).toContain('line 20: some words of text');
    expect(f).toContain('… 20 more lines (Space opens)');
    await app.press('tree.toggle');
    await app.press('list.pageDown', 2);
    f = app.frame();
    expect(f).toContain('line 40: some words of text');
    await app.press('list.top');
    await app.press('list.down', 8);
    await app.press('tree.raw');
    expect(app.frame()).toContain('"line 1: some words of text\\nline 2: some words of text\\nline 3');
  });
});

describe('on a real trace: a result whose text holds JSON', () => {
  const file = join(REAL_TRACES, 'learn-microsoft-com-2026-08-19T21-37-57-580Z.mcp.jsonl');
  it('J opens content[0].text in place, search finds inside it, J closes it', async () => {
    const text = readFileSync(file, 'utf8').trimEnd().split('\n');
    app = await renderApp({ store: storeOf(text, undefined, 'learn.mcp.jsonl'), columns: 80, rows: 24 });
    await waitForFrame(app.frame, (f) => f.includes('microsoft_docs_search'));
    // The first tools/call: its result's text is a JSON document of search results.
    await app.press('search.open');
    await app.type('microsoft_docs_search');
    await app.press('input.submit');
    await app.press('list.open');
    await app.press('detail.search');
    await app.type('content');
    await app.press('input.submit');
    await app.press('search.next');
    let f = app.frame();
    expect(pathOf(f)).toBe(' .response.raw.result.content[0].text');
    expect(cursorLine(f)).toMatch(/"text": "…" [\d,]+ chars JSON \(J opens\)/);
    await app.press('tree.json');
    f = app.frame();
    expect(cursorLine(f)).toBe('›          "text": { JSON (J closes)');
    await app.press('list.down');
    expect(pathOf(app.frame())).toBe(' .response.raw.result.content[0].text | fromjson | .results');
    await app.press('list.down', 3);
    f = app.frame();
    expect(pathOf(f)).toMatch(/ \.response\.raw\.result\.content\[0\]\.text \| fromjson \| \.results\[0\]\.\w+$/);
    // The markdown inside reads as text: its newlines are lines, no `\n` shown.
    await app.press('list.down', 2);
    expect(app.frame()).not.toContain('\\n');
    for (const l of lines(app.frame())) expect(l.length).toBeLessThanOrEqual(80);
    await app.press('list.up', 6);
    await app.press('tree.json');
    await tick();
    expect(cursorLine(app.frame())).toMatch(/JSON \(J opens\)/);
  });

  it('opens the 12-level, 1,804-line result and folds it to each depth', async () => {
    app = await renderApp({
      store: storeOf([
        '{"t":"2026-05-12T23:00:01.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"report"}}}',
        twelveLevelRecord(),
      ]),
      columns: 80,
      rows: 24,
    });
    await app.press('list.open');
    for (const depth of '987654321') {
      await app.type(depth);
      expect(lines(app.frame())).toHaveLength(24);
    }
    expect(app.frame()).toContain(' response {…} 3 keys');
    await app.press('tree.unfoldAll');
    await app.press('list.bottom');
    expect(pathOf(app.frame())).toMatch(/^ \.response\.raw\.result\./);
  });
});

/** A store of one tools/call of `name` answered with `result`. */
const bigCall = (name: string, result: object) =>
  storeOf([
    {
      t: '2026-05-12T23:00:00.000Z',
      dir: 'in',
      raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } },
    },
    { t: '2026-05-12T23:00:01.000Z', dir: 'out', raw: { jsonrpc: '2.0', id: 1, result } },
  ]);

describe('a big record is drawn from its head while the rest is read', () => {
  it('shows the tree’s first screen at once, says it is reading, then the same screen whole', async () => {
    const items = Array.from({ length: 60_000 }, (_, i) => ({ id: i, title: `Result ${i}`, tags: ['a', 'b'] }));
    const store = bigCall('search', { structuredContent: { items } });
    expect(store.bytesOf(1)).toBeGreaterThan(2 ** 21);
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('list.open');
    const reading = await waitForFrame(
      app.frame,
      (f) => f.includes(' response {') && footer(f).includes('reading the record'),
    );
    expect(reading).toContain('"dir": "out"');
    const whole = await waitForFrame(app.frame, (f) => !footer(f).includes('reading the record'), 20_000);
    // The head drawn first is the tree's own first screen: only the footer changes.
    expect(lines(whole).slice(0, -1)).toEqual(lines(reading).slice(0, -1));
    expect(footer(whole)).toMatch(/q quit/);
  });

  it('searches a record of over 1 MiB of text opened and left where it opened', async () => {
    // Over 1 MiB, search runs a step at a time once typing pauses; with no key moved in the
    // detail yet, each frame made a fresh tree state, so the search began again each frame.
    const store = bigCall('bigone', { content: [{ type: 'text', text: `${'x'.repeat(1_100_000)}needle` }] });
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('list.open');
    await waitForFrame(app.frame, (f) => f.includes(' response {') && footer(f).includes('q quit'), 20_000);
    await app.press('detail.search');
    await app.type('bigone');
    // As a small record has it: the call's title and the request's tool name.
    const found = await waitForFrame(app.frame, (f) => /matches?$/.test(footer(f)), 5_000).catch(() => app!.frame());
    expect(footer(found)).toBe('/bigone▏  2 matches');
  });
});

describe('the JSON marker', () => {
  it('is on a string that holds JSON, not on one that only looks like it', async () => {
    const store = storeOf([
      {
        t: '2026-05-12T23:00:00.000Z',
        dir: 'in',
        raw: { jsonrpc: '2.0', id: 1, method: 'x', params: { a: '[REDACTED]', b: '[1, 2]', c: '{nope}' } },
      },
    ]);
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('list.open');
    const f = app.frame();
    expect(f).toMatch(/"b": "\[1, 2\]" JSON/);
    expect(f).toMatch(/"a": "\[REDACTED\]"\s*$/m);
    expect(f).toMatch(/"c": "\{nope\}"\s*$/m);
  });
});
