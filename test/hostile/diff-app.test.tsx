import { render } from 'ink-testing-library';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffStores } from '../../src/store/diff.js';
import { DiffApp } from '../../src/ui/diff-app.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { RENDER_PAYLOADS } from '../helpers/hostile-payloads.js';
import { frameProblems, hostileStore } from '../helpers/hostile-suite.js';
import { tick, waitForFrame } from '../helpers/ink.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const press = async (app: ReturnType<typeof render>, key: string) => {
  const before = app.frames.length;
  app.stdin.write(key);
  const until = Date.now() + 200;
  while (app.frames.length === before && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
  await tick();
};

/** `diff A B` on a terminal, of a hostile trace and the same with another payload: rows, each side by side view, help. */
describe('the diff view of two hostile traces, at 80x24', () => {
  it.each(RENDER_PAYLOADS.map((p, i) => [p.name, p, RENDER_PAYLOADS[(i + 1) % RENDER_PAYLOADS.length]!] as const))(
    '%s',
    async (_, payload, other) => {
      const a = hostileStore(payload, ['escaped']);
      const b = hostileStore(other, ['raw']);
      const app = render(<DiffApp doc={diffStores(a, b)} a={a} b={b} size={{ columns: 80, rows: 24 }} />);
      await waitForFrame(app.lastFrame, (f) => f.includes(' of '));
      for (const key of ['\r', 'G', '\x1b', 'G', '\r', '\x1b', '?', 'G', '\x1b']) await press(app, key);
      // The frames the app drew: with CI set, Ink writes one more ("\n") as it unmounts.
      const frames = [...app.frames];
      app.unmount();
      expect(frames.length).toBeGreaterThan(6);
      expect([...new Set(frames.flatMap((f) => frameProblems(f, 80, 24)))]).toEqual([]);
    },
  );
});
