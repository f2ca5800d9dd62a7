import chalk from 'chalk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moreText, opensText } from '../../src/ui/format/text-block.js';
import { keysFor, setKeyOverrides } from '../../src/ui/keymap.js';
import { matchKey } from '../../src/ui/match-key.js';
import { callsView } from '../../src/ui/panes/calls/calls-view.js';
import { applyColorEnv, paint, setTheme, THEME, themeStyles } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { renderApp } from '../helpers/ink.js';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');
const selectedLine = (frame: string) => lines(frame).find((l) => l.startsWith('›')) ?? '';

describe('keys from the config: the dispatcher, the footer and help read the one table', () => {
  beforeAll(() => {
    applyColorEnv({ NO_COLOR: '1' });
    setKeyOverrides({ 'list.down': ['x'], 'calls.sort': ['S'], 'app.help': ['h', '?'] });
  });
  afterAll(() => setKeyOverrides({}));

  it('a rebound key runs its command; the default key no longer does', async () => {
    expect(keysFor('list.down')).toEqual(['x']);
    expect(matchKey('x', callsView)).toBe('list.down');
    expect(matchKey('j', callsView)).toBeUndefined();
    app = await renderApp({ store: demoStore(), columns: 80 });
    await app.type('x');
    expect(selectedLine(app.frame())).toContain('notifications/initialized');
    await app.type('j');
    expect(lines(app.frame()).at(-1)).toContain('j: not in Calls (h for keys)');
    expect(selectedLine(app.frame())).toContain('notifications/initialized');
  });

  it('the footer and help name the keys in effect', async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 90 });
    const footer = lines(app.frame()).at(-1)!;
    expect(footer).toContain('S sort');
    expect(footer).toMatch(/^h help/);
    await app.type('S');
    expect(lines(app.frame()).at(-1)).toContain('slowest first');
    await app.type('j');
    expect(lines(app.frame()).at(-1)).toContain('j: not in Calls (h for keys)');
    await app.type('h');
    const help = app.frame();
    expect(help).toContain('Keys in Calls  (Esc or h closes; x/k scroll; / searches)');
    expect(help).toMatch(/ {2}x {16}Next row/);
    expect(help).toMatch(/ {2}S {16}Sort calls slowest first/);
    expect(help).toMatch(/ {2}h \/ \? {12}Show or hide this help/);
    expect(help).toContain('press h there');
  });
});

describe('keys from the config in what the views write: folds, the detail view, its reasons', () => {
  beforeAll(() => {
    applyColorEnv({ NO_COLOR: '1' });
    setKeyOverrides({ 'turns.open': ['o'], 'tree.json': ['O'], 'detail.search': ['\\'], 'tree.foldAll': ['x'] });
  });
  afterAll(() => setKeyOverrides({}));

  it('a folded text names the key that opens it; the tree its keys', async () => {
    expect(moreText({ more: 3, chars: 90 }, 'turns.open')).toBe('… 3 more lines (o opens)');
    expect(moreText({ more: null, chars: 90 }, null)).toBe('… 90 characters in all');
    expect(opensText('tree.json')).toBe(' (O opens)');
    app = await renderApp({ store: demoStore(), columns: 80 });
    await app.press('list.open');
    await app.press('search.next');
    expect(lines(app.frame()).at(-1)).toContain('n: no search (\\ searches)');
    await app.press('tree.toggle');
    expect(lines(app.frame()).at(-1)).toContain('the top stays open (x folds the parts)');
  });
});

describe('the theme from the config', () => {
  const level = chalk.level;
  beforeAll(() => {
    chalk.level = 3;
  });
  afterAll(() => {
    chalk.level = level;
    setTheme('dark');
  });

  it('none: no colour in any role, but the styles that carry meaning stay', () => {
    const none = themeStyles('none');
    for (const style of Object.values(none)) expect(style.color).toBeUndefined();
    expect(none.selected.inverse).toBe(true);
    expect(none.error.bold).toBe(true);
    expect(none.dim.dimColor).toBe(true);
  });

  it('light: the colours hard to read on white are others; colours per role go over a base', () => {
    const light = themeStyles('light');
    expect(light.warn.color).toBe('magenta');
    expect(light.accent.color).toBe('blue');
    expect(light.ok).toEqual(THEME.ok);
    const mine = themeStyles({ base: 'light', accent: '#336699', error: 'default' });
    expect(mine.accent.color).toBe('#336699');
    expect(mine.warn.color).toBe('magenta');
    expect(mine.error).toEqual({ bold: true });
    expect(themeStyles({ ok: 'cyanBright' }).ok.color).toBe('cyanBright');
  });

  it('paints with the theme set', () => {
    setTheme({ accent: '#336699' });
    expect(paint([{ text: 'a', style: 'accent' }])).toBe('\x1b[38;2;51;102;153ma\x1b[39m');
    setTheme('none');
    expect(paint([{ text: 'a', style: 'accent' }])).toBe('a');
    expect(paint([{ text: 'b', style: 'selected' }])).toBe('\x1b[7mb\x1b[27m');
    setTheme('dark');
    expect(paint([{ text: 'a', style: 'accent' }])).toBe('\x1b[36ma\x1b[39m');
  });
});
