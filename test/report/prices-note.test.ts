import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { pricesJson } from '../../src/report/prices-note.js';
import { summaryText } from '../../src/report/summary-table.js';
import { reportDoc, reportText } from '../../src/report/usage-report.js';
import { noFigures } from '../../src/store/run-figures.js';
import { bundledPrices, PRICE_PACKAGE_VERSION, withOverrides } from '../../src/trace/prices.js';
import { pricesFrom, pricesNote } from '../../src/trace/prices-note.js';
import { storeOf } from '../helpers/store.js';

const BUNDLED = `@pydantic/genai-prices@${PRICE_PACKAGE_VERSION}`;
const DEMO = readFileSync(fileURLToPath(new URL('../../examples/demo.jsonl', import.meta.url)), 'utf8')
  .trimEnd()
  .split('\n');
/** Long names, as a config deep in a home directory gives them. */
const CONFIG = `/home/someone-with-a-long-name/.config/mcp-replay-tui/${'nested/'.repeat(6)}config.json`;
const FILE = `/home/someone-with-a-long-name/prices/${'litellm-'.repeat(8)}model_prices.json`;

describe('which prices: the table, or a file over it and who named it', () => {
  const bundled = bundledPrices();
  const flag = withOverrides(bundled, 'p.json', {});
  const config = withOverrides(bundled, FILE, {}, CONFIG);

  it('the bundled table says its package and version (the extract carries no date)', () => {
    expect(bundled.origin).toEqual({ bundled: BUNDLED, file: null, config: null });
    expect(pricesNote(bundled.origin)).toBe(`prices: bundled ${BUNDLED}`);
    expect(pricesJson(bundled.origin)).toEqual({ from: 'bundled', file: null, config: null, bundled: BUNDLED });
  });

  it('a file over it: from --prices, or from the config, which is named', () => {
    expect(pricesFrom(flag.origin)).toBe('--prices');
    expect(pricesNote(flag.origin)).toBe(`prices: p.json (--prices) over bundled ${BUNDLED}`);
    expect(pricesJson(config.origin)).toEqual({ from: 'config', file: FILE, config: CONFIG, bundled: BUNDLED });
    expect(pricesNote(config.origin)).toBe(`prices: ${FILE} (config ${CONFIG}) over bundled ${BUNDLED}`);
    // The cost.source of the stats contract is as it was.
    expect(config.source).toBe(`${FILE} + ${BUNDLED}`);
  });

  it('report: a line under the table and a field of the JSON, the table within 80 columns', () => {
    const text = reportText(['day', 'model'], [], noFigures(), 80, ['1 run', pricesNote(config.origin)]);
    const lines = text.trimEnd().split('\n');
    for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(80);
    // Wrapped, not cut: both names are there whole.
    const said = lines.slice(lines.findIndex((l) => l.startsWith('  prices:'))).join('');
    expect(said.replace(/\s+/g, '')).toContain(pricesNote(config.origin).replace(/\s+/g, ''));
    expect(reportDoc(['day'], [], noFigures(), config.origin).prices).toEqual(pricesJson(config.origin));
  });

  it('summary: its own line under the model table, within 80 columns', () => {
    for (const prices of [bundled, flag, config]) {
      const lines = summaryText(storeOf(DEMO, prices), 0, undefined, 80).trimEnd().split('\n');
      for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(80);
      const at = lines.findIndex((l) => l.startsWith('  prices:'));
      expect(at).toBeGreaterThan(lines.findIndex((l) => l.startsWith('TOTAL')));
      // Continuation lines are indented further; wrapped, never cut.
      const end = lines.findIndex((l, i) => i > at && !l.startsWith('    '));
      const said = lines.slice(at, end).join('');
      expect(said.replace(/\s+/g, '')).toBe(pricesNote(prices.origin).replace(/\s+/g, ''));
    }
  });
});
