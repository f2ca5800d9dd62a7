import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../../../src/ingest/ingest.js';
import { FileSource } from '../../../../src/sources/file-source.js';
import { TraceStore } from '../../../../src/store/trace-store.js';
import { bundledPrices } from '../../../../src/trace/prices.js';
import { applyColorEnv } from '../../../../src/ui/theme.js';
import { renderApp } from '../../../helpers/ink.js';
import { REAL_TRACES } from '../../../helpers/shared.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const apps: Awaited<ReturnType<typeof renderApp>>[] = [];
afterEach(() => {
  for (const a of apps.splice(0)) a.unmount();
});

/** A real run's agent and mcp planes, opened together. */
async function realRun() {
  const store = new TraceStore(bundledPrices());
  const run = `${REAL_TRACES}huggingface-co-2026-08-20T17-23-48-886Z`;
  for (const plane of ['agent', 'mcp']) await ingest(store, new FileSource(`${run}.${plane}.jsonl`));
  return store;
}

describe('the Timeline on a real run, both planes open', () => {
  it('puts the calls each turn asked for under it, every line within 80 columns', async () => {
    const app = await renderApp({ store: await realRun(), columns: 80, rows: 24 });
    apps.push(app);
    await app.press('pane.timeline');
    const f = app.frame();
    const lines = f.split('\n');
    expect(lines[0]).toContain('[5 Timeline]');
    expect(lines.at(-1)).toMatch(/fitted · 1 of \d+$/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    // A page or so down, a turn by its model, then, indented under it, the tools/call its tool_use became.
    let body: string[] = [];
    let call = -1;
    for (let page = 0; page < 20 && call < 0; page++) {
      await app.press('list.pageDown');
      body = app.frame().split('\n').slice(2, -1);
      call = body.findIndex((l) => /^.? {2}tools\/call \S/.test(l));
    }
    expect(call).toBeGreaterThan(0);
    expect(body[call - 1]).toMatch(/^.(claude| {2}tools\/call)/);
    await app.press('timeline.zoomIn', 3);
    expect(app.frame().split('\n').at(-1)).toMatch(/\/col · \d+ of \d+$/);
  });
});
