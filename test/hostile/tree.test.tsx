import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyColorEnv } from '../../src/ui/theme.js';
import { RENDER_PAYLOADS } from '../helpers/hostile-payloads.js';
import { frameProblems, leaks } from '../helpers/hostile-suite.js';
import { renderApp } from '../helpers/ink.js';
import { storeOf } from '../helpers/store.js';

/*
 * The detail view's tree with hostile content where the tree puts it: keys (the path
 * line shows them), a string holding hostile JSON opened with J (keys and values of
 * the subtree), its raw line (r), and what y and Y hand the clipboard. Every frame at
 * 80x24 with NO_COLOR is whole and holds no control; nothing throws.
 */
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));
afterEach(() => vi.restoreAllMocks());

function traceWith(text: string) {
  const inside = JSON.stringify({ [`k${text}`]: text, list: [text, { [text]: [text] }] });
  return [
    {
      t: '2026-05-12T23:00:01.000Z',
      dir: 'in',
      raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: { [text]: text } } },
    },
    {
      t: '2026-05-12T23:00:02.000Z',
      dir: 'out',
      raw: {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: inside }], [`key${text}`]: { [text]: text } },
      },
    },
  ];
}

describe('the tree with a hostile payload in keys, values and a string of JSON opened with J', () => {
  it.each(RENDER_PAYLOADS.map((p) => [p.name, p] as const))(
    '%s',
    async (_, payload) => {
      const errors = vi.spyOn(console, 'error');
      const copied: string[] = [];
      const records = {
        write: () => ({ kind: 'info' as const, text: 'wrote' }),
        copy: () => ({ kind: 'info' as const, text: 'copied' }),
        copyText: (text: string, what: string) => {
          copied.push(text, what);
          return { kind: 'info' as const, text: `copied ${what}` };
        },
      };
      const app = await renderApp({ store: storeOf(traceWith(payload.text)), columns: 80, rows: 24, records });
      try {
        await app.press('list.open');
        // Every node, the path line showing each key; Y on each copies its path.
        for (let i = 0; i < 24; i++) {
          await app.press('list.down');
          await app.press('tree.copyPath');
        }
        // The string of JSON: found by its key, opened with J, walked, its raw line shown.
        await app.press('detail.search');
        await app.type('content');
        await app.press('input.submit');
        await app.press('search.next');
        await app.press('list.down', 3);
        expect(app.frame().split('\n')[1]).toBe(' .response.raw.result.content[0].text');
        await app.press('tree.json');
        expect(app.frame()).toContain('JSON (J closes)');
        for (let i = 0; i < 8; i++) {
          await app.press('list.down');
          await app.press('tree.copy');
        }
        await app.press('list.up', 8);
        await app.press('tree.json');
        await app.press('tree.raw');
        await app.press('tree.toggle');
        await app.press('list.bottom');
        await app.press('tree.foldAll');
        const frames = [...app.frames];
        expect(frames.length).toBeGreaterThan(40);
        expect([...new Set(frames.flatMap((f) => frameProblems(f, 80, 24)))]).toEqual([]);
        // The path line showed the hostile key, inert (a long one by its end, cut with … at the start).
        const onKey = (f: string) => f.split('\n').some((l) => l.startsWith('›      "key'));
        const keyShown = (f: string) => /\."key|^ …/.test(f.split('\n')[1]!);
        expect(frames.some((f) => onKey(f) && keyShown(f))).toBe(true);
        // What y and Y hand the clipboard (base64 over OSC 52) holds no raw C1 or bidi control either.
        expect(copied.length).toBeGreaterThan(20);
        expect(copied.flatMap((c) => leaks(c))).toEqual([]);
        expect(errors).not.toHaveBeenCalled();
      } finally {
        app.unmount();
      }
    },
    30_000,
  );
});
