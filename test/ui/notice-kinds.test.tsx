import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { renderApp } from '../helpers/ink.js';

// Plain frames: what tells an error from the rest must not be colour.
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const footer = (frame: string) => frame.split('\n').at(-1)!;

describe('notices have a kind, at 80x24', () => {
  it("Tab's choices in the filter bar show without ✗; an invalid filter still shows ✗", async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
    await app.press('filter.open');
    await app.type('tool:');
    await app.press('input.complete');
    let line = footer(app.frame());
    expect(line).toMatch(/^filter: tool:▏ +\d+ choices: .*read_file/);
    expect(line).not.toContain('✗');
    await app.type('zz latency:fast');
    await app.press('input.submit');
    line = footer(app.frame());
    expect(line).toMatch(/^filter: .*▏ +✗ latency: "fast" is not a duration/);
  });

  it('a refusal in the footer is an error (✗); a report of what was done is not', async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
    await app.press('list.bottom');
    await app.press('list.nextProblem');
    expect(footer(app.frame())).toMatch(/^✗ no problem below this row +13 of 13$/);
    await app.type('m');
    expect(footer(app.frame())).toMatch(/^marked: 1 mark /);
  });
});
