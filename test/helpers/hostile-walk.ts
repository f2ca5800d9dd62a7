import type { TraceStore } from '../../src/store/trace-store.js';
import { renderApp } from './ink.js';

export interface WalkOptions {
  columns: number;
  rows: number;
  /** Text typed into the search and filter bars. */
  typed: string;
  follow?: boolean;
  /** Only the panes, a detail view each, help and one search (the second size's walk). */
  short?: boolean;
}

/** What may be typed of a payload: keys that are commands (Esc, Enter, Ctrl-C) would close the bar or quit. */
export const typeable = (text: string): string => [...text.replace(/[\x00-\x1f\x7f]/g, '')].slice(0, 200).join('');

/**
 * The app on a store, through every surface a person can reach: each pane, the detail
 * view of its first row (top and bottom) and last row, the Usage pane scrolled, help
 * scrolled and searched, the search bar and the filter bar with `typed` in them, a
 * filter that applies and one in error. Returns every frame the app wrote.
 */
export async function walkApp(store: TraceStore, options: WalkOptions): Promise<string[]> {
  const { columns, rows, typed, follow = false, short = false } = options;
  const app = await renderApp({ store, columns, rows, follow });
  try {
    for (const pane of ['pane.calls', 'pane.turns', 'pane.events', 'pane.timeline'] as const) {
      await app.press(pane);
      await app.press('list.open');
      await app.press('list.bottom');
      await app.press('detail.close');
      if (short && pane !== 'pane.calls') continue;
      await app.press('list.bottom');
      await app.press('list.open');
      await app.press('detail.close');
      // The search bar over this pane, with the hostile text typed.
      await app.press('search.open');
      await app.type(typed);
      await app.press('input.submit');
      await app.press('search.next');
    }
    await app.press('pane.usage');
    await app.press('list.pageDown', 2);
    await app.press('list.bottom');
    await app.press('app.help');
    await app.press('list.bottom');
    if (short) return [...app.frames];
    await app.press('detail.search');
    await app.type(typed);
    await app.press('input.submit');
    await app.press('detail.close');
    // A filter that parses (a quoted text term), then one that does not.
    await app.press('filter.open');
    await app.type(`"${typed.replace(/["\\]/g, '')}"`);
    await app.press('input.submit');
    await app.press('pane.calls');
    await app.press('filter.open');
    await app.type(` status:${typed} (`);
    await app.press('input.submit');
    await app.press('input.cancel');
    await app.press('filter.clear');
    await app.press('view.clock');
    await app.press('pane.turns');
    await app.press('turns.thinking');
    return [...app.frames];
  } finally {
    app.unmount();
  }
}
