import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { renderApp, waitForFrame } from '../helpers/ink.js';

// Keys read in one chunk (a slow SSH link, tmux send-keys with several keys) must do
// what they do typed one at a time: a bar's key after the key that opens the bar is the bar's.
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');
const footer = (frame: string) => lines(frame).at(-1) ?? '';
const selectedLine = (frame: string) => lines(frame).find((l) => l.startsWith('›')) ?? '';

describe('keys that arrive in one chunk', () => {
  it('f then Ctrl-U clears the filter bar opened with the filter applied', async () => {
    app = await renderApp({ store: demoStore(), filter: 'tool:search_files', columns: 80 });
    await app.type('f\x15');
    await waitForFrame(app.frame, (x) => /^filter: ▏/.test(footer(x)));
    await app.type('status:ok');
    await waitForFrame(app.frame, (x) => /^filter: status:ok▏/.test(footer(x)));
  });

  it('f, Ctrl-U and a new expression in one chunk: only the new expression is in the bar', async () => {
    app = await renderApp({ store: demoStore(), filter: 'tool:search_files', columns: 80 });
    await app.type('f\x15status:ok');
    await waitForFrame(app.frame, (x) => /^filter: status:ok▏/.test(footer(x)));
  });

  it('/ and : followed by text, Ctrl-U and more text: the bar holds what was typed after Ctrl-U', async () => {
    app = await renderApp({ store: demoStore(), columns: 80 });
    await app.type('/zz\x15tool');
    await waitForFrame(app.frame, (x) => /^\/tool▏/.test(footer(x)));
    await app.type('\x1b');
    await waitForFrame(app.frame, (x) => !footer(x).startsWith('/'));
    await app.type(':99\x155');
    await waitForFrame(app.frame, (x) => /^line or time: 5▏/.test(footer(x)));
  });

  it('a key read apart from f in the same chunk (an arrow) is the bar key, not the list key', async () => {
    app = await renderApp({ store: demoStore(), columns: 80 });
    const before = selectedLine(app.frame());
    // Ink reads `f` and the arrow's sequence as two keys of one read: ↓ in the bar is
    // "the newer filter" (none here), in the list it moves the selection.
    await app.type('f\x1b[B');
    await waitForFrame(app.frame, (x) => /^filter: /.test(footer(x)));
    await app.type('\x1b');
    await waitForFrame(app.frame, (x) => !footer(x).startsWith('filter: '));
    expect(selectedLine(app.frame())).toBe(before);
  });

  it('Ctrl-U read together with list keys is Ctrl-U there too (half a page up)', async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 10 });
    await app.type('G');
    await waitForFrame(app.frame, (x) => /13 of 13$/.test(footer(x)));
    await app.type('k\x15');
    await waitForFrame(app.frame, (x) => /(8|9) of 13$/.test(footer(x)));
  });
});
