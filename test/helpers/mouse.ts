import type { MouseSource } from '../../src/ui/hooks/use-mouse.js';
import type { MouseEvent } from '../../src/ui/mouse.js';

/** A mouse the test moves: pass `source` to the app, then `send` events. */
export function fakeMouse() {
  let handler: ((e: MouseEvent) => void) | null = null;
  const source: MouseSource = {
    subscribe: (h) => {
      handler = h;
      return () => {
        handler = null;
      };
    },
  };
  return { source, send: (e: MouseEvent) => handler?.(e) };
}

/** One notch of the wheel, down (1) or up (-1), over the pane's body. */
export const wheel = (delta: 1 | -1): MouseEvent => ({ kind: 'wheel', button: 64, delta, x: 10, y: 5 });
