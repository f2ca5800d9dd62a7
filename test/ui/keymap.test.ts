import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bindings, KEYMAP } from '../../src/ui/keymap.js';
import { keybindingsMarkdown } from '../../src/ui/keymap-doc.js';
import { charName, matchKey } from '../../src/ui/match-key.js';
import { callsView } from '../../src/ui/panes/calls/calls-view.js';
import { turnsView } from '../../src/ui/panes/turns/turns-view.js';
import { usageView } from '../../src/ui/panes/usage/usage-view.js';
import { searchBar } from '../../src/ui/views/bars.js';
import { detailView } from '../../src/ui/views/detail.js';
import { APP_VIEWS, DIFF_VIEWS } from '../../src/ui/views/index.js';
import { SESSIONS_VIEWS } from '../../src/ui/views/sessions.js';

describe('keymap', () => {
  it('docs/keybindings.md is generated from it and up to date (npm run docs)', () => {
    expect(readFileSync(new URL('../../docs/keybindings.md', import.meta.url), 'utf8')).toBe(keybindingsMarkdown());
  });

  it('binds no key twice within a view, so a key always means one thing', () => {
    for (const view of [...APP_VIEWS, ...DIFF_VIEWS, ...SESSIONS_VIEWS]) {
      const seen = new Map<string, string>();
      for (const { command } of view.commands) {
        for (const k of KEYMAP[command].keys) {
          expect(seen.get(k), `${k} in ${view.id}: ${seen.get(k)} and ${command}`).toBeUndefined();
          seen.set(k, command);
        }
      }
    }
  });

  it('has every command handled by some view, and no view declare one twice', () => {
    const views = [...APP_VIEWS, ...DIFF_VIEWS, ...SESSIONS_VIEWS];
    for (const [command] of bindings())
      expect(
        views.some((v) => v.commands.some((c) => c.command === command)),
        command,
      ).toBe(true);
    for (const view of views) {
      const ids = view.commands.map((c) => c.command);
      expect(new Set(ids).size, view.id).toBe(ids.length);
    }
  });

  it('keeps the default bindings users learned (an accidental rebind shows here)', () => {
    expect(Object.fromEntries(bindings().map(([c, b]) => [c, b.keys.join(' ')]))).toEqual({
      'list.down': 'j down',
      'list.up': 'k up',
      'list.halfDown': 'ctrl-d',
      'list.halfUp': 'ctrl-u',
      'list.pageDown': 'pageDown',
      'list.pageUp': 'pageUp',
      'list.top': 'g home',
      'list.bottom': 'G end',
      'list.goto': ':',
      'list.nextProblem': ']',
      'list.prevProblem': '[',
      'diff.next': ']',
      'diff.prev': '[',
      'list.open': 'enter',
      'calls.sort': 's',
      'sessions.open': 'enter',
      'sessions.sort': 's',
      'timeline.fit': '0',
      'timeline.panLeft': 'left H',
      'timeline.panRight': 'right L',
      'timeline.zoomIn': '+ =',
      'timeline.zoomOut': '-',
      'view.clock': 'T',
      'turns.thinking': 't',
      'turns.echoed': 'e',
      'marks.toggle': 'm',
      'marks.next': 'u',
      'marks.prev': 'U',
      'link.jump': 'l',
      'record.write': 'w',
      'record.copy': 'y',
      'tree.toggle': ' ',
      'tree.fold': 'h left',
      'tree.unfold': 'right',
      'tree.foldAll': 'z',
      'tree.unfoldAll': 'Z',
      'tree.depth': '1 2 3 4 5 6 7 8 9',
      'tree.raw': 'r',
      'tree.json': 'J',
      'tree.copy': 'y',
      'tree.copyPath': 'Y',
      'turns.open': ' ',
      'detail.close': 'escape backspace',
      'pane.calls': '1',
      'pane.turns': '2',
      'pane.usage': '3',
      'pane.events': '4',
      'pane.timeline': '5',
      'pane.next': 'tab',
      'pane.prev': 'shift-tab',
      'sessions.back': 'escape',
      'search.open': '/',
      'usage.apply': 'enter',
      'usage.sort': 'o',
      'detail.search': '/',
      'sessions.search': '/',
      'search.next': 'n',
      'search.prev': 'N',
      'filter.open': 'f',
      'filter.clear': 'F',
      'input.submit': 'enter',
      'input.cancel': 'escape',
      'input.complete': 'tab',
      'input.older': 'up',
      'input.newer': 'down',
      'input.delete': 'backspace',
      'input.clear': 'ctrl-u',
      'app.help': '?',
      'app.quit': 'q ctrl-c',
    });
  });

  it('matches a key to the command the view in front declares for it', () => {
    expect(matchKey('t', turnsView)).toBe('turns.thinking');
    expect(matchKey('t', callsView)).toBeUndefined();
    expect(matchKey('escape', detailView)).toBe('detail.close');
    // In a pane, Esc goes back to the Sessions list (saying why not when there is none).
    expect(matchKey('escape', callsView)).toBe('sessions.back');
    expect(matchKey('q', detailView)).toBe('app.quit');
    // In the detail view (or help), / searches its text, not the list behind it.
    expect(matchKey('/', detailView)).toBe('detail.search');
    // In the detail view, 1-9 fold to a depth and y copies the value under the cursor; in a list they switch panes and copy the record.
    expect(matchKey('1', detailView)).toBe('tree.depth');
    expect(matchKey('1', callsView)).toBe('pane.calls');
    expect(matchKey('y', detailView)).toBe('tree.copy');
    expect(matchKey('y', callsView)).toBe('record.copy');
    expect(matchKey(' ', turnsView)).toBe('turns.open');
    expect(matchKey('/', callsView)).toBe('search.open');
    expect(matchKey('/', usageView)).toBe('search.open');
    expect(matchKey('enter', usageView)).toBe('usage.apply');
    // In a bar, q is a letter of the text.
    expect(matchKey('q', searchBar)).toBeUndefined();
    expect(matchKey(null, callsView)).toBeUndefined();
  });

  it('reads a burst of typed keys character by character', () => {
    // A Ctrl-letter is named as it is read alone (Ctrl-U clears a bar, whatever came before it).
    expect([...'jj\r\tq\x01\x15\x00'].map(charName)).toEqual(['j', 'j', 'enter', 'tab', 'q', 'ctrl-a', 'ctrl-u', null]);
  });
});
