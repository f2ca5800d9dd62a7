import { render } from 'ink-testing-library';
import { App, type AppProps } from '../../src/ui/app.js';
import { type Command, KEYMAP } from '../../src/ui/keymap.js';

/** Bytes a terminal sends for each named key. */
const BYTES: Record<string, string> = {
  up: '\x1b[A',
  down: '\x1b[B',
  left: '\x1b[D',
  right: '\x1b[C',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  home: '\x1b[H',
  end: '\x1b[F',
  enter: '\r',
  escape: '\x1b',
  tab: '\t',
  'shift-tab': '\x1b[Z',
  'ctrl-c': '\x03',
  'ctrl-d': '\x04',
  'ctrl-u': '\x15',
  backspace: '\x7f',
};

export const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Waits until the frame satisfies `ok` (Ink renders asynchronously). */
export async function waitForFrame(
  frame: () => string | undefined,
  ok: (f: string) => boolean,
  ms = 2000,
): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const f = frame() ?? '';
    if (ok(f)) return f;
    if (Date.now() > until) throw new Error(`frame never matched; last frame:\n${f}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function renderApp(props: Omit<AppProps, 'size'> & { columns?: number; rows?: number }) {
  const { columns = 100, rows = 24, ...rest } = props;
  const instance = render(<App {...rest} size={{ columns, rows }} />);
  await tick();
  await tick();
  /**
   * Writes bytes, then waits for the frame they cause (or a short quiet spell when
   * they change nothing), so tests do not depend on a loaded machine's timing.
   */
  const send = async (bytes: string, quietMs: number) => {
    const before = instance.frames.length;
    instance.stdin.write(bytes);
    const until = Date.now() + quietMs;
    while (instance.frames.length === before && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
    // Effects (jumps after a search, pane switches) may render once more.
    await new Promise((r) => setTimeout(r, 5));
    await tick();
  };
  return {
    ...instance,
    /** Presses a command by id, through its first key in the keymap. */
    async press(command: Command, times = 1) {
      const key = KEYMAP[command].keys[0] as string;
      for (let i = 0; i < times; i++) await send(BYTES[key] ?? key, key === 'escape' ? 150 : 60);
    },
    /** Writes raw key bytes. */
    async type(bytes: string) {
      await send(bytes, 60);
    },
    frame: () => instance.lastFrame() ?? '',
    /** Each pane's frame, then its detail view's (Enter, then Esc to close): Calls, Turns, Usage, Events, Timeline. */
    async framesOfEveryPane(): Promise<string[]> {
      const frames: string[] = [];
      for (const pane of ['pane.calls', 'pane.turns', 'pane.usage', 'pane.events', 'pane.timeline'] as const) {
        await this.press(pane);
        frames.push(this.frame());
        await this.press('list.open');
        frames.push(this.frame());
        await this.press('detail.close');
      }
      return frames;
    },
  };
}
