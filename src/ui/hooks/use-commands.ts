import { useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
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
 *
 * Keys typed faster than a frame (or held down, or pasted) arrive as one string. A
 * command may change which keys mean what (`/` opens the search bar, where `t` is a
 * letter, not a command), so the keys after a command wait for the frame it causes
 * and are read with that frame's scopes: `/tool` typed at once searches for "tool".
 * Likewise a command after text waits for the frame that text causes.
 */
export function useCommands(
  scopes: readonly Scope[],
  run: (command: Command) => void,
  onText?: (text: string) => void,
): void {
  const latest = useRef<Handlers>({ scopes, run, onText });
  latest.current = { scopes, run, onText };
  /** Keys still to read, after a command: each waits for the next frame. */
  const waiting = useRef<(string | null)[]>([]);
  const [frame, nextFrame] = useState(0);

  const read = (names: (string | null)[]): void => {
    const { scopes: active, run: runCommand, onText: text } = latest.current;
    const typing = active.includes('input');
    let typed = false;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      const command = matchKey(name, active);
      if (command && typed) {
        // `:19⏎` at once: the command reads the bar's text, which reaches the state with
        // the next frame; it waits for that frame.
        waiting.current = names.slice(i);
        nextFrame((n) => n + 1);
        return;
      }
      if (command) {
        runCommand(command);
        if (i + 1 < names.length) {
          waiting.current = names.slice(i + 1);
          nextFrame((n) => n + 1);
        }
        return;
      }
      if (typing && name !== null && [...name].length === 1) {
        text?.(name);
        typed = true;
      }
    }
  };

  useEffect(() => {
    if (waiting.current.length === 0) return;
    const names = waiting.current;
    waiting.current = [];
    read(names);
  }, [frame]);

  useInput((input, key) => {
    const names = input.length > 1 && !key.ctrl && !key.meta ? [...input].map(charName) : [keyName(input, key)];
    // Keys behind ones still waiting keep their order.
    if (waiting.current.length > 0) waiting.current.push(...names);
    else read(names);
  });
}
