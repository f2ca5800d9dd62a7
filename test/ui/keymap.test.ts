import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bindings } from '../../src/ui/keymap.js';
import { keybindingsMarkdown } from '../../src/ui/keymap-doc.js';
import { charName, matchKey } from '../../src/ui/match-key.js';

describe('keymap', () => {
  it('docs/keybindings.md is generated from it and up to date (npm run docs)', () => {
    expect(readFileSync(new URL('../../docs/keybindings.md', import.meta.url), 'utf8')).toBe(keybindingsMarkdown());
  });

  it('binds no key twice within a scope, so a key always means one thing', () => {
    const seen = new Map<string, string>();
    for (const [command, b] of bindings()) {
      for (const k of b.keys) {
        const id = `${b.scope}:${k}`;
        expect(seen.get(id), `${k} in ${b.scope}`).toBeUndefined();
        seen.set(id, command);
      }
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
      'list.open': 'enter',
      'calls.sort': 's',
      'view.clock': 'T',
      'turns.thinking': 't',
      'turns.echoed': 'e',
      'link.jump': 'l',
      'record.write': 'w',
      'record.copy': 'y',
      'detail.close': 'escape backspace',
      'pane.calls': '1',
      'pane.turns': '2',
      'pane.usage': '3',
      'pane.events': '4',
      'pane.next': 'tab',
      'pane.prev': 'shift-tab',
      'search.open': '/',
      'detail.search': '/',
      'search.next': 'n',
      'search.prev': 'N',
      'filter.open': 'f',
      'filter.clear': 'F',
      'input.submit': 'enter',
      'input.cancel': 'escape',
      'input.delete': 'backspace',
      'app.help': '?',
      'app.quit': 'q ctrl-c',
    });
  });

  it('matches the innermost scope first', () => {
    expect(matchKey('t', ['turns', 'list', 'global'])).toBe('turns.thinking');
    expect(matchKey('t', ['list', 'global'])).toBeUndefined();
    expect(matchKey('escape', ['detail', 'list', 'global'])).toBe('detail.close');
    expect(matchKey('q', ['detail', 'list', 'global'])).toBe('app.quit');
    // In the detail view (or help), / searches its text, not the list behind it.
    expect(matchKey('/', ['detail', 'list', 'global'])).toBe('detail.search');
    expect(matchKey('/', ['list', 'global'])).toBe('search.open');
  });

  it('reads a burst of typed keys character by character', () => {
    expect([...'jj\r\tq\x01'].map(charName)).toEqual(['j', 'j', 'enter', 'tab', 'q', null]);
  });
});
