import { useEffect, useRef } from 'react';
import type { Notice } from '../state/ui-state.js';
import type { Outcome } from '../views/view.js';
import type { UiStore } from './use-ui-state.js';

/** How long a key's "why not" stays in the footer. */
export const BRIEF_MS = 1500;

export interface Performers {
  quit(): void;
  /**
   * Record I/O (the `w` and `y` keys): each returns a notice for the footer, what it did
   * (info) or why it did not (an error: a text too long to copy).
   */
  records?: {
    write(rows: ArrayLike<number>, what?: string): Notice;
    copy(rows: ArrayLike<number>): Notice;
    /** Puts text on the clipboard (a value or a path, `what` names it). */
    copyText?(text: string, what: string): Notice;
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
          if (ui.get().notice === notice) ui.dispatch({ type: 'notice', notice: null });
        }, BRIEF_MS);
      } else {
        const { records } = performers;
        if (!records) {
          ui.dispatch({ type: 'notice', notice: { kind: 'error', text: 'no record selected' } });
          continue;
        }
        try {
          const notice: Notice =
            effect.type === 'copy-text'
              ? (records.copyText?.(effect.text, effect.what) ?? { kind: 'error', text: 'this app cannot copy' })
              : effect.type === 'write'
                ? records.write(effect.rows, effect.what)
                : records.copy(effect.rows);
          ui.dispatch({ type: 'notice', notice });
        } catch (error) {
          const text = `could not ${effect.type}: ${(error as Error).message}`;
          ui.dispatch({ type: 'notice', notice: { kind: 'error', text } });
        }
      }
    }
  };
}
