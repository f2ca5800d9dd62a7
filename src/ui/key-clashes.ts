/** What a set of keys may not do: mean two commands in one view, or take a letter from a bar's text. */
import { type Command, isCtrlLetter, KEYMAP, type KeyName, keyLabel, NAMED_KEYS } from './keymap.js';
import { APP_VIEWS, DIFF_VIEWS } from './views/index.js';
import type { ViewInfo } from './views/view.js';

export interface KeyProblem {
  command: Command;
  key: KeyName;
  why: string;
}

/** A key that is no text in a bar: a named key, or Ctrl and a letter (match-key.ts names any). */
const named = (key: KeyName): boolean => (NAMED_KEYS as readonly string[]).includes(key) || isCtrlLetter(key);

/**
 * The problems of a rebinding (`keys`: command → its new keys; the others keep the
 * defaults), named on the commands it rebinds: a key that another command of the same
 * view also has (the view could run only one of them), and a character given to a
 * command of a bar that takes text (typing it would run the command instead).
 */
export function keyProblems(
  keys: Partial<Record<Command, readonly KeyName[]>>,
  views: readonly ViewInfo[] = [...APP_VIEWS, ...DIFF_VIEWS],
): KeyProblem[] {
  const keysOf = (command: Command): readonly KeyName[] => keys[command] ?? KEYMAP[command].keys;
  const rebound = (command: Command) => Object.hasOwn(keys, command);
  const problems: KeyProblem[] = [];
  const seen = new Set<string>();
  const add = (p: KeyProblem) => {
    const id = `${p.command} ${p.key} ${p.why}`;
    if (seen.has(id)) return;
    seen.add(id);
    problems.push(p);
  };
  for (const view of views) {
    const owner = new Map<KeyName, Command>();
    for (const { command } of view.commands) {
      for (const key of keysOf(command)) {
        const other = owner.get(key);
        if (other !== undefined && other !== command) {
          // Named on the command the config changed (the other may be a default).
          const [mine, theirs] = rebound(command) ? [command, other] : [other, command];
          if (rebound(mine)) add({ command: mine, key, why: `${keyLabel(key)} is also ${theirs} in ${view.title}` });
        } else owner.set(key, command);
        if (view.takesText && !named(key) && rebound(command))
          add({
            command,
            key,
            why: `${keyLabel(key)} is a character, which is text in ${view.title}: give it a named key (${NAMED_KEYS.slice(0, 9).join(', ')}…)`,
          });
      }
    }
  }
  return problems;
}
