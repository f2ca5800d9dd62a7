import stringWidth from 'string-width';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARGS_LINE_CAP, argsPreview } from '../../../../src/ui/data/args.js';
import { callRow } from '../../../../src/ui/data/views.js';
import { callColumns, formatCallRow } from '../../../../src/ui/format/rows.js';
import { lineText } from '../../../../src/ui/format/segments.js';
import { applyColorEnv } from '../../../../src/ui/theme.js';
import { demoStore } from '../../../helpers/demo.js';
import { renderApp } from '../../../helpers/ink.js';
import { at, storeOf } from '../../../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');
const rowWith = (frame: string, text: string) => lines(frame).find((l) => l.includes(text)) ?? '';
const call = (id: number, method: string, params?: unknown) => ({
  t: at(id),
  dir: 'in',
  raw: { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) },
});

describe('the arguments of a request, as one line of compact JSON', () => {
  it("a tools/call's arguments, another request's params, nothing for none", () => {
    const store = demoStore();
    const calls = store.rows('calls');
    const texts = Array.from(calls, (r) => [store.labelOf(r), argsPreview(store, r)]);
    expect(texts).toContainEqual(['tools/call', '{"path":"/home/me/project","pattern":"retry"}']);
    expect(texts).toContainEqual(['resources/read', '{"uri":"file:///home/me/project/README.md"}']);
    expect(texts).toContainEqual(['tools/list', '']);
    expect(texts).toContainEqual(['notifications/cancelled', '{"requestId":6,"reason":"user pressed Esc"}']);
  });

  it('an element of a batch line: its own params; a line too long to read: its size', () => {
    const store = storeOf([
      `{"t":"${at(1)}","dir":"in","raw":[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","arguments":{"n":1}}},{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"b","arguments":{"n":2}}}]}`,
      call(3, 'tools/call', { name: 'big', arguments: { blob: 'x'.repeat(ARGS_LINE_CAP) } }),
    ]);
    const calls = Array.from(store.rows('calls'));
    expect(calls.map((r) => argsPreview(store, r))).toEqual([
      '{"n":1}',
      '{"n":2}',
      '(a 64.1 KiB record: Enter shows it)',
    ]);
  });
});

describe('Calls on a wide terminal', () => {
  it('rows keep the width; method and tool keep shared columns; the arguments fill the rest', () => {
    const store = demoStore();
    for (const width of [120, 160, 200]) {
      const rows = Array.from(store.rows('calls'), (r) => ({
        ...callRow(store, r, null),
        args: argsPreview(store, r),
      }));
      const columns = callColumns(rows, width);
      const texts = rows.map((r, i) => lineText(formatCallRow(r, width, i === 0, columns)));
      // As wide as a row without the column (which leaves the same margin).
      const plain = lineText(formatCallRow(callRow(store, store.rows('calls')[0]!, null), width, false));
      for (const t of texts) expect(stringWidth(t), t).toBe(stringWidth(plain));
      // Every row's arguments start at the same column; a method without a tool is whole.
      const starts = texts.filter((t) => t.includes('{"')).map((t) => t.indexOf('{"'));
      expect(new Set(starts).size).toBe(1);
      expect(texts.find((t) => t.includes('notifications/initialized'))).toBeDefined();
      // (The demo's failed calls take a column of their own for their errors, out of this room.)
      expect(texts.find((t) => t.includes('tools/call search_files'))).toContain(
        width >= 160 ? '{"path":"/home/me/project","pattern":"retry"}' : '{"path":"/home/me/project","patt',
      );
    }
  });

  it('from 120 columns the arguments show; at 119 the pane is as it was', async () => {
    app = await renderApp({ store: demoStore(), columns: 120 });
    expect(rowWith(app.frame(), 'search_files')).toMatch(
      /tools\/call search_files +\{"path":"\/home\/me\/project","patt… +✓ ok +230ms$/,
    );
    expect(rowWith(app.frame(), '+10.1s')).toContain('tools/call read_file      {"pth":"typo"}');
    app.unmount();
    app = await renderApp({ store: demoStore(), columns: 119 });
    expect(app.frame()).not.toContain('{"path"');
    expect(rowWith(app.frame(), 'search_files')).toMatch(/tools\/call search_files +✓ ok +230ms$/);
  });

  it('hostile arguments reach the screen inert', async () => {
    const store = storeOf([
      { t: at(0), type: 'meta', v: 1 },
      call(1, 'tools/call', { name: 'evil', arguments: { q: '\u001b]52;c;cHduZWQ=\u0007 \u202e txt.exe \u009b2J' } }),
    ]);
    app = await renderApp({ store, columns: 140 });
    const row = rowWith(app.frame(), 'evil');
    expect(row).toContain('{"q":"');
    expect(app.frame()).not.toMatch(/[\u001b\u0007\u009b\u202e]/);
  });
});
