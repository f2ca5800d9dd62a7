import { type Key, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { KeyName } from '../keymap.js';
import { charName, keyName, matchKey } from '../match-key.js';
import type { ViewInfo } from '../views/view.js';
import { keyArrived } from './keys-quiet.js';

interface Handlers {
  view: ViewInfo;
  press: (name: KeyName) => void;
  onText?: (text: string) => void;
}

/**
 * The app's one input handler: each key goes to `press`, to be run as the command
 * the view in front declares for it (or to say that it does nothing there). While a
 * text bar is open (a view that `takesText`), keys that are not its commands are text.
 *
 * The handlers of the latest render are read through a ref: Ink re-subscribes
 * `useInput` in an effect, after the frame is drawn, and a key arriving in between
 * would otherwise meet the previous render's view and lists.
 *
 * Keys typed faster than a frame (or held down, or pasted) arrive as one string. A
 * command may change which keys mean what (`/` opens the search bar, where `t` is a
 * letter, not a command), so the keys after a command wait for the frame it causes
 * and are read with that frame's view: `/tool` typed at once searches for "tool".
 * Likewise a command after text waits for the frame that text causes.
 */
/**
 * Whether an Alt-key is Escape and that key read together: ESC and the key after it come
 * as one chunk when the reader was late (a busy machine, keys batched over SSH), which is
 * how a terminal sends Alt-key too. No command is bound to an Alt-key, so it reads as the
 * two keys the user most likely pressed (Esc, then `2`; in a bar, Esc then `q`). The app's
 * keys thread splits them before Ink reads them (ui/mouse.ts, for any key after the ESC);
 * this covers a stdin Ink reads itself, where only letters and digits come as Alt-keys.
 */
function escapeThenKey(input: string, key: Key, view: ViewInfo): boolean {
  if (!key.meta || key.ctrl || key.escape || input.length !== 1) return false;
  return matchKey(keyName(input, key), view) === undefined;
}

export function useCommands(view: ViewInfo, press: (name: KeyName) => void, onText?: (text: string) => void): void {
  const latest = useRef<Handlers>({ view, press, onText });
  latest.current = { view, press, onText };
  /** Keys still to read, after a command: each waits for the next frame. */
  const waiting = useRef<(string | null)[]>([]);
  const [frame, nextFrame] = useState(0);

  const read = (names: (string | null)[]): void => {
    const { view, press, onText: text } = latest.current;
    const typing = view.takesText === true;
    let typed = false;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      const command = matchKey(name, view);
      if (command && typed) {
        // `:19⏎` at once: the command reads the bar's text, which reaches the state with
        // the next frame; it waits for that frame.
        waiting.current = names.slice(i);
        nextFrame((n) => n + 1);
        return;
      }
      if (command) {
        press(name!);
        if (i + 1 < names.length) {
          waiting.current = names.slice(i + 1);
          nextFrame((n) => n + 1);
        }
        return;
      }
      if (typing && name !== null && [...name].length === 1) {
        text?.(name);
        typed = true;
      } else if (name !== null) {
        // A key this view does not handle (in a bar: one that is not text, such as PgUp):
        // `press` says so (it changes no key's meaning).
        press(name);
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
    keyArrived();
    const names = escapeThenKey(input, key, latest.current.view)
      ? ['escape', charName(input)]
      : input.length > 1 && !key.ctrl && !key.meta
        ? [...input].map(charName)
        : [keyName(input, key)];
    // Keys behind ones still waiting keep their order.
    if (waiting.current.length > 0) waiting.current.push(...names);
    else read(names);
  });
}
