import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledPrices, withOverrides } from '../../src/trace/prices.js';
import { run } from '../helpers/cli.js';
import { renderApp } from '../helpers/ink.js';
import { storeOf } from '../helpers/store.js';

/*
 * Every surface that shows a cost to a person, swept over the same costs (not cases picked
 * per surface): a trace of one turn of one output token, priced at the cost itself per
 * token, so the turn, its day, model, session, tool share and the total all cost exactly it.
 */
const MODEL = 'sweep-model-1';
const LINES = [
  { v: 1, type: 'meta', startedAt: '2026-11-20T14:00:00.000Z', label: 'sweep', kind: 'agent', source: 'test' },
  { t: '2026-11-20T14:00:01.000Z', type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'go' }] },
  {
    t: '2026-11-20T14:00:02.000Z',
    type: 'turn',
    role: 'assistant',
    model: MODEL,
    blocks: [{ type: 'tool_use', id: 'tu1', name: 'probe', input: { q: 1 } }],
    usage: { input_tokens: 0, output_tokens: 1 },
  },
  {
    t: '2026-11-20T14:00:03.000Z',
    type: 'turn',
    role: 'user',
    blocks: [{ type: 'tool_result', tool_use_id: 'tu1', content: [{ type: 'text', text: 'ok' }] }],
  },
];

/** The cost, and how people read it: a cost that is not zero never reads as zero; thousands grouped. */
const COSTS: [number, string][] = [
  [0, '$0'],
  [1e-9, '<$0.0001'],
  [4.9e-5, '<$0.0001'],
  [5e-5, '$0.0001'],
  [0.01, '$0.01'],
  [1234.5, '$1,234.50'],
  [1234567.891, '$1,234,567.89'],
];
/**
 * Never shown, whatever the cost: a zero with places (a cost that is there read as none),
 * ungrouped thousands, a cost cut at the edge (`$1,234,56…` reads as another figure).
 */
const NEVER = [/\$0\.0+(?!\d*1)\b/, /\$\d{4}/, /\$[\d,.]*…/];

const dir = mkdtempSync(join(tmpdir(), 'mrt-cost-sweep-'));
const trace = join(dir, 'sweep.jsonl');
writeFileSync(trace, `${LINES.map((l) => JSON.stringify(l)).join('\n')}\n`);
const priceRow = (usd: number) => ({ [MODEL]: { input_cost_per_token: 0, output_cost_per_token: usd } });
function pricesFile(usd: number): string {
  const file = join(dir, `prices-${usd}.json`);
  writeFileSync(file, JSON.stringify(priceRow(usd)));
  return file;
}

const SURFACES: [string, string[]][] = [
  ['summary', ['summary']],
  ['report --by day', ['report', '--by', 'day']],
  ['report --by model', ['report', '--by', 'model']],
  ['report --by tool', ['report', '--by', 'tool']],
  ['report --by session', ['report', '--by', 'session']],
  ['diff', ['diff', trace]],
];

const grid = SURFACES.flatMap(([surface, args]) => COSTS.map(([usd, shown]) => [surface, usd, shown, args] as const));

describe('every cost surface × every cost', { timeout: 60_000 }, () => {
  it.each(grid)('%s at %s reads %s', (_, usd, shown, args) => {
    const r = run([...args, '--prices', pricesFile(usd), trace]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(shown);
    for (const never of NEVER) expect(r.stdout).not.toMatch(never);
  });
});

describe('every cost in the app × 80 and 60 columns', () => {
  let app: Awaited<ReturnType<typeof renderApp>> | null = null;
  afterEach(() => {
    app?.unmount();
    app = null;
  });
  const panes = ['pane.usage', 'pane.turns'] as const;
  const appGrid = panes.flatMap((pane) =>
    [80, 60].flatMap((columns) => COSTS.map(([usd, shown]) => [pane, columns, usd, shown] as const)),
  );
  it.each(appGrid)('%s at %s columns, %s reads %s', async (pane, columns, usd, shown) => {
    const store = storeOf(LINES, withOverrides(bundledPrices(), 'prices.json', priceRow(usd)), 'sweep.jsonl');
    app = await renderApp({ store, columns, rows: 24 });
    await app.press(pane);
    const text = app.frame();
    // A turn's head too narrow for its cost leaves it out (` · …`), never cuts it.
    if (!(pane === 'pane.turns' && text.includes(' · …'))) expect(text).toContain(shown);
    for (const never of NEVER) expect(text).not.toMatch(never);
  });
});
