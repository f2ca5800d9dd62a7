import { useInput } from 'ink';
import type { Command, Scope } from '../keymap.js';
import { charName, keyName, matchKey } from '../match-key.js';

/** The app's one input handler: key → command (from the keymap) → `run`. */
export function useCommands(scopes: readonly Scope[], run: (command: Command) => void): void {
  useInput((input, key) => {
    // Keys typed faster than a frame (or held down) arrive as one string: replay each.
    const names = input.length > 1 && !key.ctrl && !key.meta ? [...input].map(charName) : [keyName(input, key)];
    for (const name of names) {
      const command = matchKey(name, scopes);
      if (command) run(command);
    }
  });
}
