import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { deepTraces } from './deep-traces.js';
import { renderApp } from './ink.js';
import { fillStore } from './store.js';

/** The deep traces at `depth` in one store (those whose name starts with `only`, if given). */
export function deepStore(depth: number, only?: string): TraceStore {
  const store = new TraceStore(bundledPrices());
  for (const t of deepTraces(depth))
    if (only === undefined || t.name.startsWith(only)) fillStore(store, t.lines, t.name);
  return store;
}

/** The list footer's `N of M`. */
const position = (frame: string): [number, number] => {
  const m = /(\d+) of (\d+)\s*$/.exec(frame);
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
};

/** Closes the detail view by its other key, Backspace (Esc waits for a sequence that might follow). */
const BACK = '\x7f';

/**
 * Every list pane and the detail view of each of its rows (scrolled to its end), each
 * pane's first and last row copied and its link followed, then Usage and help. Returns
 * every frame, and per pane the rows there were and the last position reached.
 */
export async function walkEveryRow(
  store: TraceStore,
  columns: number,
  rows: number,
): Promise<{ frames: string[]; reached: number[]; totals: number[] }> {
  const app = await renderApp({ store, columns, rows });
  const reached: number[] = [];
  const totals: number[] = [];
  try {
    await app.press('turns.thinking');
    for (const pane of ['pane.calls', 'pane.turns', 'pane.events'] as const) {
      await app.press(pane);
      await app.press('list.top');
      const total = position(app.frame())[1];
      for (let row = 0; row < total; row++) {
        if (row > 0) await app.press('list.down');
        await app.press('list.open');
        await app.press('list.bottom');
        await app.type(BACK);
        if (row === 0 || row === total - 1) {
          await app.press('record.copy');
          await app.press('link.jump');
          await app.press(pane);
        }
      }
      totals.push(total);
      reached.push(position(app.frame())[0]);
    }
    await app.press('pane.usage');
    await app.press('list.bottom');
    await app.press('app.help');
    await app.press('list.bottom');
    return { frames: [...app.frames], reached, totals };
  } finally {
    app.unmount();
  }
}
