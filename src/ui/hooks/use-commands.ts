import { useInput } from 'ink';
import { useRef } from 'react';
import type { Command, Scope } from '../keymap.js';
import { charName, keyName, matchKey } from '../match-key.js';

interface Handlers {
  scopes: readonly Scope[];
  run: (command: Command) => void;
  onText?: (text: string) => void;
}

/**
 * The app's one input handler: key → command (from the keymap) → `run`. While a
 * text bar is open (the `input` scope), keys that are not its commands are text.
 *
 * The handlers of the latest render are read through a ref: Ink re-subscribes
 * `useInput` in an effect, after the frame is drawn, and a key arriving in between
 * would otherwise meet the previous render's scopes and lists.
 */
export function useCommands(scopes: readonly Scope[], run: (command: Command) => void, onText?: (text: string) => void): void {
  const latest = useRef<Handlers>({ scopes, run, onText });
  latest.current = { scopes, run, onText };
  useInput((input, key) => {
    const { scopes: active, run: runCommand, onText: text } = latest.current;
    const typing = active.includes('input');
    // Keys typed faster than a frame (or held down, or pasted) arrive as one string.
    const names = input.length > 1 && !key.ctrl && !key.meta ? [...input].map(charName) : [keyName(input, key)];
    for (const name of names) {
      const command = matchKey(name, active);
      if (command) runCommand(command);
      else if (typing && name !== null && [...name].length === 1) text?.(name);
    }
  });
}
