import type { Key } from 'ink';
import type { Command, KeyName } from './keymap.js';
import { specFor, type ViewInfo } from './views/view.js';

/** Ink's (input, key) → our key name. */
export function keyName(input: string, key: Key): KeyName | null {
  if (key.ctrl && input === 'c') return 'ctrl-c';
  if (key.ctrl && input === 'd') return 'ctrl-d';
  if (key.ctrl && input === 'u') return 'ctrl-u';
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageUp';
  if (key.pageDown) return 'pageDown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'escape';
  if (key.tab) return key.shift ? 'shift-tab' : 'tab';
  if (key.backspace || key.delete) return 'backspace';
  // Combinations no command uses keep a name, so the view can say it does not handle them.
  if (key.ctrl || key.meta) return input.length === 1 ? `${key.ctrl ? 'ctrl' : 'meta'}-${input.toLowerCase()}` : null;
  return input.length === 1 ? input : null;
}

/** A character of a multi-key chunk as a key name. */
export function charName(ch: string): KeyName | null {
  if (ch === '\r' || ch === '\n') return 'enter';
  if (ch === '\t') return 'tab';
  if (ch === '\x7f' || ch === '\b') return 'backspace';
  // Ctrl-letter is a byte below space (Ctrl-U: 0x15): named as `keyName` names it read
  // alone, so `f` and Ctrl-U read together (a slow link) still clear the bar `f` opens.
  const code = ch.charCodeAt(0);
  if (ch.length === 1 && code >= 1 && code <= 26) return `ctrl-${String.fromCharCode(code + 96)}`;
  return ch >= ' ' ? ch : null;
}

/** The command a key means in a view, or undefined when the view does not handle it. */
export function matchKey(name: KeyName | null, view: ViewInfo): Command | undefined {
  return name === null ? undefined : specFor(view, name)?.command;
}
