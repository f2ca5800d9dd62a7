import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { relayKeys } from '../../src/cli/keys.js';
import { diffStores } from '../../src/store/diff.js';
import { SessionList } from '../../src/store/session-list.js';
import { App } from '../../src/ui/app.js';
import { DiffApp } from '../../src/ui/diff-app.js';
import { SessionsApp } from '../../src/ui/sessions-app.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { CRASHED_ONCE, KEY_SEQUENCES } from '../helpers/hostile-keys.js';
import { waitForFrame } from '../helpers/ink.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const SIZE = { columns: 80, rows: 24 };

/** Each screen that reads keys, and what its first frame and its help show. */
const SCREENS: [string, () => ReactElement, string][] = [
  ['the app', () => <App store={demoStore()} size={SIZE} />, 'demo-filesystem (mcp)'],
  [
    'the Sessions list',
    () => (
      <SessionsApp
        sessions={new SessionList([{ id: 'runs/a', files: ['runs/a.jsonl'], mtimeMs: 1 }])}
        openRun={() => ({ store: demoStore(), close() {} })}
        size={SIZE}
      />
    ),
    'Sessions',
  ],
  [
    'the diff view',
    () => {
      const a = demoStore();
      const b = demoStore();
      return <DiffApp doc={diffStores(a, b)} a={a} b={b} size={SIZE} />;
    },
    ' of ',
  ],
];

/** Waits until everything given to the relay has reached Ink (a state, not a time). */
async function drained(relay: ReturnType<typeof relayKeys>): Promise<void> {
  const until = Date.now() + 5000;
  while (!relay.idle()) {
    if (Date.now() > until) throw new Error('the key relay never drained');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * The key path as the binary has it (cli/keys.ts: the relay from the terminal's bytes to
 * Ink), into each screen: every CSI and SS3 shape, a hundred at a time and all at once,
 * and the ones that once ended the app cut in two. The screen is still there and reads
 * keys after them: its help opens.
 */
describe.each(SCREENS)('every key sequence a keyboard can send, into %s', (_, screen, first) => {
  it('leaves it running and reading keys', async () => {
    const app = render(screen());
    const relay = relayKeys(
      (keys) => app.stdin.write(keys.toString()),
      () => undefined,
    );
    await waitForFrame(app.lastFrame, (f) => f.includes(first));
    // A hundred at a time (a paste), then all at once; each alone: test/ui/key-sequences.test.tsx.
    const chunks = Array.from({ length: Math.ceil(KEY_SEQUENCES.length / 100) }, (_, i) =>
      KEY_SEQUENCES.slice(i * 100, i * 100 + 100).join(''),
    );
    for (const chunk of [...CRASHED_ONCE, ...chunks, KEY_SEQUENCES.join('')]) {
      relay.take(Buffer.from(chunk, 'latin1'));
      await drained(relay);
    }
    for (const sequence of CRASHED_ONCE) {
      relay.take(Buffer.from(sequence.slice(0, 3), 'latin1'));
      relay.take(Buffer.from(sequence.slice(3), 'latin1'));
      await drained(relay);
    }
    expect(app.lastFrame()).toContain(first);
    relay.take(Buffer.from('?'));
    await waitForFrame(app.lastFrame, (f) => f.includes('Keys in '));
    relay.close();
    app.unmount();
  });
});
