import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundledPrices, PRICE_PACKAGE_VERSION, type PriceTable, withOverrides } from '../../../../src/trace/prices.js';
import { pricesNote } from '../../../../src/trace/prices-note.js';
import { applyColorEnv } from '../../../../src/ui/theme.js';
import { frameProblems } from '../../../helpers/hostile-suite.js';
import { renderApp } from '../../../helpers/ink.js';
import { storeOf } from '../../../helpers/store.js';

// Plain frames: styling off, so any ESC in a frame could only come from a name.
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const BUNDLED = `@pydantic/genai-prices@${PRICE_PACKAGE_VERSION}`;
const DEMO = readFileSync(fileURLToPath(new URL('../../../../examples/demo.jsonl', import.meta.url)), 'utf8')
  .trimEnd()
  .split('\n');
/** A price for the one model of the demo the bundled table has none for. */
const LLAMA = { 'local-llama-3.1-8b': { input_cost_per_token: 0.001, output_cost_per_token: 0.002 } };
/** Long names, as a config deep in a home directory gives them. */
const CONFIG = `/home/someone-with-a-long-name/.config/mcp-replay-tui/${'nested/'.repeat(6)}config.json`;
const FILE = `/home/someone-with-a-long-name/prices/${'litellm-'.repeat(8)}model_prices.json`;

/** The Usage pane of the demo priced by `prices`, at 80x24: its frame, and its lines after the selection column. */
async function usagePane(prices: PriceTable) {
  app = await renderApp({ store: storeOf(DEMO, prices, 'examples/demo.jsonl'), columns: 80, rows: 24 });
  await app.press('pane.usage');
  const frame = app.frame();
  return { frame, lines: frame.split('\n').map((l) => l.slice(1)) };
}

/** What the pane says from its `prices:` line to the next blank line, joined, and where it starts. */
function said(lines: string[]) {
  const at = lines.findIndex((l) => l.startsWith('prices:'));
  const end = lines.findIndex((l, i) => i > at && !l.startsWith('  '));
  return { at, text: lines.slice(at, end).join(' ').replace(/\s+/g, ' ') };
}

describe('the Usage pane says which prices its costs came from, in the words summary and report use', () => {
  it('the bundled table: under the model table, not in its heading', async () => {
    const { frame, lines } = await usagePane(bundledPrices());
    const { at, text } = said(lines);
    expect(text).toBe(`prices: bundled ${BUNDLED}`);
    expect(at).toBeGreaterThan(lines.findIndex((l) => l.startsWith('TOTAL')));
    expect(lines.find((l) => l.startsWith('MODELS'))).not.toContain('prices');
    expect(frameProblems(frame, 80, 24)).toEqual([]);
  });

  it('--prices FILE: the file and who named it, and the costs are the file’s', async () => {
    const flag = withOverrides(bundledPrices(), 'prices.json', LLAMA);
    const { lines } = await usagePane(flag);
    expect(said(lines).text).toBe(`prices: prices.json (--prices) over bundled ${BUNDLED}`);
    expect(said(lines).text).toBe(pricesNote(flag.origin));
    // The file prices the model the bundled table does not.
    expect(lines.find((l) => l.startsWith('local-llama-3.1-8b'))).toMatch(/\$\d/);
    const bundled = await usagePane(bundledPrices());
    expect(bundled.lines.find((l) => l.startsWith('local-llama-3.1-8b'))).toContain('unpriced');
  });

  it('the config: both names whole at 80 columns, wrapped, never cut', async () => {
    const config = withOverrides(bundledPrices(), FILE, LLAMA, CONFIG);
    const { frame, lines } = await usagePane(config);
    expect(frameProblems(frame, 80, 24)).toEqual([]);
    const { text } = said(lines);
    // Wrapped at spaces or, inside a long name, anywhere: compared without them.
    expect(text.replace(/\s+/g, '')).toBe(pricesNote(config.origin).replace(/\s+/g, ''));
    expect(text).toContain(`(config ${CONFIG.slice(0, 20)}`);
    expect(frame).not.toContain('…');
  });

  it('a prices file and config named with escape sequences stay inert, one picture each', async () => {
    // ESC, an OSC title write ended by BEL, a right-to-left override, a line break, a C1 CSI.
    const hostile = '\u001b]0;pwned\u0007\u202e\n\u009b2J';
    const prices = withOverrides(bundledPrices(), `/tmp/p-${hostile}.json`, {}, `/tmp/c-${hostile}.json`);
    const { frame, lines } = await usagePane(prices);
    expect(frameProblems(frame, 80, 24)).toEqual([]);
    const { text } = said(lines);
    expect(text).toBe(pricesNote(prices.origin));
    expect(text).toContain('/tmp/p-␛]0;pwned␇\\u202e␊\\u009b2J.json (config /tmp/c-␛]0;pwned␇\\u202e␊\\u009b2J.json)');
  });
});
