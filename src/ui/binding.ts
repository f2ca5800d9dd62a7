/** What a key binding is: its keys, its help and where help lists it. Imports nothing, so a pane's list can declare bindings. */

/** The keys with names (what `keyName` in match-key.ts reads besides printable characters). */
export const NAMED_KEYS = [
  'up',
  'down',
  'left',
  'right',
  'pageUp',
  'pageDown',
  'home',
  'end',
  'enter',
  'escape',
  'tab',
  'shift-tab',
  'ctrl-c',
  'ctrl-d',
  'ctrl-u',
  'backspace',
] as const;

/** Ctrl and a letter (`ctrl-n`): match-key.ts names every one; no text is typed with it. */
export const isCtrlLetter = (key: string): boolean => /^ctrl-[a-z]$/.test(key);

/** A key as a name: a printable character, or one of the named keys above. */
export type KeyName = (typeof NAMED_KEYS)[number] | (string & {});

export interface Binding {
  keys: readonly KeyName[];
  description: string;
  /** Short label for the footer; no label = not shown there. */
  hint?: string;
  category: 'Move' | 'Panes' | 'View' | 'Find' | 'App';
}
