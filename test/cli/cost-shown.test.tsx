import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledPrices, withOverrides } from '../../src/trace/prices.js';
import { run } from '../helpers/cli.js';
import { renderApp } from '../helpers/ink.js';
import { storeOf } from '../helpers/store.js';

/*
 * A cost that is not zero never reads as zero, and big costs group thousands, on every
 * surface that shows costs to a person: summary, report by each key, diff, and the
 * Usage and Turns panes. The demo's local-llama turns, unpriced by the bundled table,
 * are priced here at a billionth of a cent per token (3 µ¢ a turn), then at $100 per token.
 */
const DEMO = 'examples/demo.jsonl';
const MODEL = 'local-llama-3.1-8b';
const FREE = {
  input_cost_per_token: 0,
  output_cost_per_token: 0,
  cache_read_input_token_cost: 0,
  cache_creation_input_token_cost: 0,
};
/** The demo's other models free, so every sum (a day, the run, a diff's side) is the tiny one. */
const TINY = {
  [MODEL]: { input_cost_per_token: 1e-11, output_cost_per_token: 1e-11 },
  'claude-sonnet-4-5': FREE,
  'gpt-4o-2024-08-06': FREE,
};
const HUGE = { [MODEL]: { input_cost_per_token: 100, output_cost_per_token: 100 } };

function pricesFile(rows: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mrt-cost-shown-')), 'prices.json');
  writeFileSync(file, JSON.stringify(rows));
  return file;
}

const SURFACES: [string, string[]][] = [
  ['summary', ['summary']],
  ['report --by day', ['report', '--by', 'day']],
  ['report --by model', ['report', '--by', 'model']],
  ['report --by tool', ['report', '--by', 'tool']],
  ['report --by session', ['report', '--by', 'session']],
  ['diff', ['diff', DEMO]],
];

describe('costs as people read them', { timeout: 60_000 }, () => {
  it.each(SURFACES)('%s: a tiny cost reads <$0.0001, never $0.0000; a big one groups thousands', (_, args) => {
    const tiny = run([...args, '--prices', pricesFile(TINY), DEMO]);
    expect(tiny.code, tiny.stderr).toBe(0);
    expect(tiny.stdout).toContain('<$0.0001');
    expect(tiny.stdout).not.toMatch(/\$0\.0000/);
    const huge = run([...args, '--prices', pricesFile(HUGE), DEMO]);
    expect(huge.code, huge.stderr).toBe(0);
    expect(huge.stdout).toMatch(/\$\d{1,3}(,\d{3})+\.\d\d/);
    expect(huge.stdout).not.toMatch(/\$\d{4,}/);
  });
});

describe('costs in the app', () => {
  let app: Awaited<ReturnType<typeof renderApp>> | null = null;
  afterEach(() => {
    app?.unmount();
    app = null;
  });
  const demo = (rows: object) =>
    storeOf(
      readFileSync(DEMO, 'utf8').trimEnd().split('\n'),
      withOverrides(bundledPrices(), 'prices.json', rows as Record<string, unknown>),
      DEMO,
    );

  it.each([
    ['tiny', TINY, '<$0.0001', /\$0\.0000/],
    ['huge', HUGE, /\$\d{1,3}(,\d{3})+\.\d\d/, /\$\d{4,}/],
  ] as const)('%s: the Usage and Turns panes', async (_, rows, shown, never) => {
    for (const pane of ['pane.usage', 'pane.turns'] as const) {
      app = await renderApp({ store: demo(rows), rows: 40, columns: 120 });
      await app.press(pane);
      const text = app.frame();
      if (typeof shown === 'string') expect(text, pane).toContain(shown);
      else expect(text, pane).toMatch(shown);
      expect(text, pane).not.toMatch(never);
      app.unmount();
      app = null;
    }
  });
});
