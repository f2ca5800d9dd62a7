import { useInput } from 'ink';
import type { Command, Scope } from '../keymap.js';
import { charName, keyName, matchKey } from '../match-key.js';

/**
 * The app's one input handler: key → command (from the keymap) → `run`. While a
 * text bar is open (the `input` scope), keys that are not its commands are text.
 */
export function useCommands(scopes: readonly Scope[], run: (command: Command) => void, onText?: (text: string) => void): void {
  useInput((input, key) => {
    const typing = scopes.includes('input');
    // Keys typed faster than a frame (or held down, or pasted) arrive as one string.
    const names = input.length > 1 && !key.ctrl && !key.meta ? [...input].map(charName) : [keyName(input, key)];
    for (const name of names) {
      const command = matchKey(name, scopes);
      if (command) run(command);
      else if (typing && name !== null && [...name].length === 1) onText?.(name);
    }
  });
}
