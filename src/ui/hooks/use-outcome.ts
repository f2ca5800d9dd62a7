import { useEffect, useRef } from 'react';
import type { Outcome } from '../views/view.js';
import type { UiStore } from './use-ui-state.js';

/** How long a key's "why not" stays in the footer. */
export const BRIEF_MS = 1500;

export interface Performers {
  quit(): void;
  /** Record I/O (the `w` and `y` keys): each returns a sentence for the footer. */
  records?: {
    write(rows: ArrayLike<number>): string;
    copy(rows: ArrayLike<number>): string;
    /** Puts text on the clipboard (a value or a path, `what` names it). */
    copyText?(text: string, what: string): string;
  };
  /** The user picked a pane. */
  chosePane?(): void;
  /** A filter applied from the bar, for the history. */
  rememberFilter?(text: string): void;
  /** The Sessions list: open run `index`. */
  openRun?(index: number): void;
  /** A run opened from the Sessions list: back to the list. */
  back?(): void;
}

/** Applies a command's outcome: its new state, then its effects (the I/O and leaving no command may do). */
export function useOutcome(ui: UiStore, performers: Performers): (out: Outcome) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  return (out) => {
    ui.set(out.state);
    for (const effect of out.effects) {
      if (effect.type === 'quit') performers.quit();
      else if (effect.type === 'chose-pane') performers.chosePane?.();
      else if (effect.type === 'remember-filter') performers.rememberFilter?.(effect.text);
      else if (effect.type === 'open-run') performers.openRun?.(effect.index);
      else if (effect.type === 'back') performers.back?.();
      else if (effect.type === 'fade') {
        const notice = out.state.notice;
        clearTimeout(timer.current ?? undefined);
        timer.current = setTimeout(() => {
          if (ui.get().notice === notice) ui.dispatch({ type: 'notice', text: null });
        }, BRIEF_MS);
      } else {
        const { records } = performers;
        if (!records) {
          ui.dispatch({ type: 'notice', text: 'no record selected' });
          continue;
        }
        try {
          const text =
            effect.type === 'copy-text'
              ? (records.copyText?.(effect.text, effect.what) ?? 'this app cannot copy')
              : effect.type === 'write'
                ? records.write(effect.rows)
                : records.copy(effect.rows);
          ui.dispatch({ type: 'notice', text });
        } catch (error) {
          ui.dispatch({ type: 'notice', text: `could not ${effect.type}: ${(error as Error).message}` });
        }
      }
    }
  };
}
