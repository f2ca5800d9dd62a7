import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOADING_NOTICE_MS, TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { App } from '../../src/ui/app.js';
import { useStoreVersion } from '../../src/ui/hooks/use-store-version.js';
import { demoStore } from '../helpers/demo.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function Probe({ store, renders }: { store: TraceStore; renders: number[] }) {
  const version = useStoreVersion(store);
  renders.push(version);
  return <Text>v{version}</Text>;
}

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

function setup(state: 'loading' | 'done') {
  const store = new TraceStore(bundledPrices());
  store.addFile('x').state = state;
  const renders: number[] = [];
  const app = render(<Probe store={store} renders={renders} />);
  unmount = app.unmount;
  /** What an ingest does per batch: a new version and a (batched) notice. */
  const batch = () => {
    store.version += 1;
    store.notifier.changed();
  };
  return { store, renders, app, batch };
}

describe('useStoreVersion', () => {
  it('keeps the app still while versions change without a notice (a commit must not cause the next)', async () => {
    // The app's effects re-render it after a commit; with the live version as the
    // snapshot, each of those renders saw a new version and committed again, in a loop.
    const store = demoStore();
    store.files[0]!.state = 'loading';
    let commits = 0;
    const app = render(
      <Profiler id="app" onRender={() => commits++}>
        <App store={store} size={{ columns: 100, rows: 24 }} />
      </Profiler>,
    );
    unmount = app.unmount;
    await sleep(50);
    const before = commits;
    store.version += 1;
    store.notifier.flush();
    // An ingest's batches: new versions whose notice has not come yet.
    const until = Date.now() + 300;
    while (Date.now() < until) {
      store.version += 1;
      await sleep(1);
    }
    // The notice's commit (and at most one settling commit of the app's effects).
    expect(commits - before).toBeLessThanOrEqual(2);
  });

  it('while a file loads, redraws at most once per LOADING_NOTICE_MS however many batches arrive', async () => {
    const { renders, app, batch } = setup('loading');
    const started = renders.length;
    const until = Date.now() + LOADING_NOTICE_MS * 2.5;
    while (Date.now() < until) {
      batch();
      await sleep(5);
    }
    await sleep(LOADING_NOTICE_MS + 50);
    // ~100 batches: the store's notices come every 50 ms, redraws every 200 ms (the last one trails).
    const redraws = renders.length - started;
    expect(redraws).toBeGreaterThanOrEqual(2);
    expect(redraws).toBeLessThanOrEqual(4);
    // The last frame shows the last version.
    expect(app.lastFrame()).toBe(`v${renders.at(-1)}`);
  });

  it('once loaded (or live), passes every notice on at the store pace', async () => {
    const { store, renders, app, batch } = setup('done');
    const started = renders.length;
    for (let i = 0; i < 5; i++) {
      batch();
      await sleep(60);
    }
    expect(renders.length - started).toBe(5);
    expect(app.lastFrame()).toBe(`v${store.version}`);
  });
});

describe('useStoreVersion, a notice before it subscribed', () => {
  it('shows the version of a notice that came between the first render and the subscription', async () => {
    const store = new TraceStore(bundledPrices());
    store.addFile('x').state = 'loading';
    const renders: number[] = [];
    // React subscribes after its commit: a small run read whole meanwhile notified no one.
    const subscribe = store.notifier.subscribe;
    store.notifier.subscribe = (listener) => {
      store.version += 5;
      store.notifier.flush();
      return subscribe(listener);
    };
    const app = render(<Probe store={store} renders={renders} />);
    unmount = app.unmount;
    await sleep(30);
    expect(app.lastFrame()).toBe('v5');
  });
});
