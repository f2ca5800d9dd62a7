import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { oneLine } from '../../src/kit/text.js';
import { PRICE_PACKAGE_VERSION } from '../../src/trace/prices.js';
import { run, SUMMARY_JSON_KEYS, TERMINAL_CONTROLS } from '../helpers/cli.js';

const DEMO = 'examples/demo.jsonl';
const BUNDLED = `@pydantic/genai-prices@${PRICE_PACKAGE_VERSION}`;
/** A price for the one model of the demo the bundled table has none for. */
const LLAMA = { 'local-llama-3.1-8b': { input_cost_per_token: 0.001, output_cost_per_token: 0.002 } };

const schema = JSON.parse(readFileSync(new URL('../../docs/report.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
const validateReport = ajv.compile(schema);
/** `summary --json`'s `x-prices` is the report's `prices`, checked by the same part of the schema. */
const validatePrices = ajv.compile(schema.properties.prices);

interface Case {
  name: string;
  /** Arguments before the trace. */
  args: string[];
  prices: { from: string; file: string | null; config: string | null; bundled: string };
  note: string;
}

/** A folder with a prices file and a config naming it (relatively): `dirName` may be hostile. */
function pricesSetup(dirName: string) {
  const dir = mkdtempSync(join(tmpdir(), dirName));
  const file = join(dir, 'prices.json');
  writeFileSync(file, JSON.stringify(LLAMA));
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ prices: 'prices.json' }));
  return { dir, file, config };
}

function casesOf(dirName: string): Case[] {
  const { file, config } = pricesSetup(dirName);
  return [
    {
      name: 'bundled',
      args: [],
      prices: { from: 'bundled', file: null, config: null, bundled: BUNDLED },
      note: `prices: bundled ${BUNDLED}`,
    },
    {
      name: '--prices',
      args: ['--prices', file],
      prices: { from: '--prices', file, config: null, bundled: BUNDLED },
      note: `prices: ${oneLine(file)} (--prices) over bundled ${BUNDLED}`,
    },
    {
      name: 'config',
      args: ['--config', config],
      prices: { from: 'config', file, config, bundled: BUNDLED },
      note: `prices: ${oneLine(file)} (config ${oneLine(config)}) over bundled ${BUNDLED}`,
    },
  ];
}

/** The four outputs, each giving the provenance it printed (the text line, or the JSON object). */
const OUTPUTS = {
  'report table': (args: string[]) => {
    const r = run(['report', '--by', 'model', ...args, DEMO]);
    return { ...r, said: r.stdout.split('\n').filter((l) => l.includes('prices:')) };
  },
  'report --json': (args: string[]) => {
    const r = run(['report', '--json', '--by', 'model', ...args, DEMO]);
    const doc = JSON.parse(r.stdout);
    expect(validateReport(doc), JSON.stringify(validateReport.errors)).toBe(true);
    const llama = doc.rows.find((row: { key: { model: string } }) => row.key.model === 'local-llama-3.1-8b');
    return { ...r, said: doc.prices, priced: llama.costUsd !== null };
  },
  'summary table': (args: string[]) => {
    const r = run(['summary', ...args, DEMO]);
    return { ...r, said: r.stdout.split('\n').filter((l) => l.includes('prices:')) };
  },
  'summary --json': (args: string[]) => {
    const r = run(['summary', '--json', ...args, DEMO]);
    const doc = JSON.parse(r.stdout);
    // The contract's fields first, as they were; then ours, each an x- field.
    expect(Object.keys(doc)).toEqual(SUMMARY_JSON_KEYS);
    expect(doc.schema).toBe('mcp-tape.stats/1');
    expect(validatePrices(doc['x-prices']), JSON.stringify(validatePrices.errors)).toBe(true);
    return { ...r, said: doc['x-prices'], priced: !doc.models.cost.unpricedModels.includes('local-llama-3.1-8b') };
  },
} as const;

describe('report and summary say which prices the costs came from', { timeout: 120_000 }, () => {
  const cases = casesOf('mrt-prices-said-');

  describe.each(cases)('$name', (c) => {
    it.each(Object.keys(OUTPUTS) as (keyof typeof OUTPUTS)[])('%s', (output) => {
      const r = OUTPUTS[output](c.args);
      expect(r.code, r.stderr).toBe(0);
      if (output.endsWith('--json')) {
        expect(r.said).toEqual(c.prices);
        // The figure came from that table: the file prices the model the bundled one does not.
        expect((r as { priced: boolean }).priced).toBe(c.prices.file !== null);
      } else {
        // One line, under the table, within the table's notes.
        expect(r.said).toEqual([`  ${c.note}`]);
      }
    });
  });

  it('--prices wins over the config, and says so', () => {
    const [, flag, config] = cases;
    const r = run(['report', '--json', ...config!.args, ...flag!.args, DEMO]);
    expect(JSON.parse(r.stdout).prices).toEqual(flag!.prices);
  });
});

describe('a prices file named with escape sequences stays inert', { timeout: 120_000 }, () => {
  // ESC, an OSC title write ended by BEL, a right-to-left override, a line break, a C1 CSI.
  const hostile = casesOf('mrt-prices-\u001b]0;pwned\u0007\u202e\n\u009b2J-').slice(1);

  describe.each(hostile)('$name', (c) => {
    it.each(Object.keys(OUTPUTS) as (keyof typeof OUTPUTS)[])('%s', (output) => {
      const r = OUTPUTS[output](c.args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(TERMINAL_CONTROLS);
      expect(r.stderr).not.toMatch(TERMINAL_CONTROLS);
      // JSON keeps the name whole (escaped); a table shows it as one line of pictures.
      if (output.endsWith('--json')) expect(r.said).toEqual(c.prices);
      else {
        expect(r.said).toEqual([`  ${c.note}`]);
        expect(c.note).toContain('␛]0;pwned␇\\u202e␊\\u009b2J');
      }
    });
  });
});
