import type { Key } from 'ink';
import { bindings, type Command, type KeyName, type Scope } from './keymap.js';

/** Ink's (input, key) → our key name. */
export function keyName(input: string, key: Key): KeyName | null {
  if (key.ctrl && input === 'c') return 'ctrl-c';
  if (key.ctrl && input === 'd') return 'ctrl-d';
  if (key.ctrl && input === 'u') return 'ctrl-u';
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.pageUp) return 'pageUp';
  if (key.pageDown) return 'pageDown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'escape';
  if (key.tab) return key.shift ? 'shift-tab' : 'tab';
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl || key.meta) return null;
  return input.length === 1 ? input : null;
}

/** A character of a multi-key chunk as a key name. */
export function charName(ch: string): KeyName | null {
  if (ch === '\r' || ch === '\n') return 'enter';
  if (ch === '\t') return 'tab';
  if (ch === '\x7f' || ch === '\b') return 'backspace';
  return ch >= ' ' ? ch : null;
}

/**
 * The command a key means in the active scopes, or undefined. Scopes are tried
 * in the order given, so the innermost (detail, turns) wins over global ones.
 */
export function matchKey(name: KeyName | null, scopes: readonly Scope[]): Command | undefined {
  if (name === null) return undefined;
  for (const scope of scopes) {
    for (const [command, b] of bindings()) if (b.scope === scope && b.keys.includes(name)) return command;
  }
  return undefined;
}
