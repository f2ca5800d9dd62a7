import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/app.js';
import { demoStore } from '../helpers/demo.js';
import { tick, waitForFrame } from '../helpers/ink.js';

let app: ReturnType<typeof render> | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

describe('a notice from outside the app', () => {
  it('shows in the footer when it arrives (the index cache could not be saved), made inert', async () => {
    const store = demoStore();
    const size = { columns: 120, rows: 12 };
    app = render(<App store={store} size={size} />);
    await tick();
    expect(app.lastFrame()).not.toContain('index cache off');
    // As cli/tui-command.ts does once loading ends.
    app.rerender(
      <App
        store={store}
        size={size}
        notice={'index cache off: cannot create /proc/\x1b]0;x\x07nope: no such directory'}
      />,
    );
    const frame = await waitForFrame(
      () => app!.lastFrame(),
      (f) => f.includes('index cache off'),
    );
    const footer = frame.split('\n').at(-1)!;
    expect(footer).toContain('index cache off: cannot create /proc/');
    expect(footer).not.toContain('\x1b]0;');
  });
});
