import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { renderApp } from '../helpers/ink.js';

// Plain frames: the selection is told by its `›`, not by colour.
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');
const selectedLine = (frame: string) => lines(frame).find((l) => l.startsWith('›')) ?? '';

async function applyFilter(text: string) {
  await app!.press('filter.open');
  await app!.press('input.clear');
  await app!.type(text);
  await app!.press('input.submit');
}

describe('a filter keeps the selection on its record', () => {
  it('the same record when the filter keeps it, else the next one it keeps, in each pane', async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
    // Events: line 16, the request of the read_file call made at +5.920s.
    await app.press('pane.events');
    await app.press('list.down', 15);
    expect(selectedLine(app.frame())).toMatch(/^› +L16 .*tools\/call +read_file/);
    // Calls: that call, in the middle of the list.
    await app.press('pane.calls');
    await app.press('list.down', 5);
    expect(selectedLine(app.frame())).toMatch(/\+5\.920s → +tools\/call read_file +✓ ok +1\.26s/);
    expect(lines(app.frame()).at(-1)).toMatch(/ 6 of 13$/);

    await applyFilter('method:tools/call');
    let f = app.frame();
    // A fifth tab leaves the filter's text cut at 80 columns; its count stays whole.
    expect(lines(f)[0]).toMatch(/filter: method:tools\/c\S* · 9 of 36/);
    expect(selectedLine(f)).toMatch(/\+5\.920s → +tools\/call read_file +✓ ok +1\.26s/);
    expect(lines(f).at(-1)).toMatch(/ 2 of 5$/);

    // It drops that call: the first call after it that it keeps.
    await applyFilter('tool:write_file|search_files');
    f = app.frame();
    expect(selectedLine(f)).toMatch(/\+9\.830s → +tools\/call write_file .*✗ isError/);
    expect(lines(f).at(-1)).toMatch(/ 2 of 3$/);
    // In Events, the first record after line 16 it keeps: the turn that asks for write_file.
    await app.press('pane.events');
    expect(selectedLine(app.frame())).toMatch(/^› +L23 +\+9\.800s turn +assistant/);

    // Cleared (F): still on it, at its place among all the calls.
    await app.press('pane.calls');
    await app.press('filter.clear');
    f = app.frame();
    expect(lines(f)[0]).not.toContain('filter:');
    expect(selectedLine(f)).toMatch(/\+9\.830s → +tools\/call write_file .*✗ isError/);
    expect(lines(f).at(-1)).toMatch(/ 8 of 13$/);
  });
});
