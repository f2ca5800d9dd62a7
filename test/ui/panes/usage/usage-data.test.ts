import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../../../src/ingest/ingest.js';
import { appendLines } from '../../../../src/ingest/row-writer.js';
import { FileSource } from '../../../../src/sources/file-source.js';
import { toolCosts } from '../../../../src/store/tool-costs.js';
import { TraceStore } from '../../../../src/store/trace-store.js';
import { bundledPrices } from '../../../../src/trace/prices.js';
import { filterResult } from '../../../../src/ui/data/filter-result.js';
import { lineText } from '../../../../src/ui/format/segments.js';
import { usageData, usageStep } from '../../../../src/ui/panes/usage/usage-data.js';
import { usageLines } from '../../../../src/ui/panes/usage/usage-lines.js';
import { paint } from '../../../../src/ui/theme.js';
import { demoStore } from '../../../helpers/demo.js';
import { REAL_TRACES } from '../../../helpers/shared.js';
import { at, storeOf } from '../../../helpers/store.js';

const turn = (ms: number, timing?: object) => ({
  t: at(ms),
  type: 'turn',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  blocks: [{ type: 'text', text: 'x' }],
  usage: { input_tokens: 10, output_tokens: 5 },
  ...(timing ? { timing } : {}),
});

describe('usage timeline', () => {
  it('averages turn latency per minute over the turns that report one (a turn without timing is not a 0)', () => {
    const s = storeOf([turn(0, { duration_ms: 1000 }), turn(1000), turn(2000, { duration_ms: 3000 }), turn(61_000)]);
    const t = usageData(s).timeline!;
    expect(t.latency[0]).toBe(2000);
    expect(Number.isNaN(t.latency[1]!)).toBe(true);
    expect(t.tokens.slice(0, 2)).toEqual([45, 15]);
  });
});

describe('Usage pane lines', () => {
  it('fit every width from 40 to 140 columns (the notes line too: Ink would cut it with its own …)', () => {
    const store = demoStore();
    for (let width = 40; width <= 140; width++) {
      for (const line of usageLines(usageData(store), width))
        expect(stringWidth(lineText(line)), `${width}: ${lineText(line)}`).toBeLessThanOrEqual(width);
    }
  });
});

describe('the OVER TIME labels (issue 15 review, finding 11)', () => {
  // A zero-width ESC is shown as ␛, one cell: a label measured before it is made inert
  // filled the row (the sparkline gone) or shifted the bars.
  it.each([
    ['100 ESC then END', `${'\x1b'.repeat(100)}END`, /^ {2}␛{20}/],
    ['20 C1 (\\u009b, six cells each)', `${'\u009b'.repeat(20)}x`, /^ {2}(\\u009b){3}/],
    ['100,000 zero-width spaces', '\u200b'.repeat(100_000), /^ {2}\u200b+… /],
  ])('%s: every strip starts at one column, its label cut as shown', (_, model, shown) => {
    const store = storeOf([
      { ...turn(0), model },
      { ...turn(60_000), model: 'm2' },
      { ...turn(120_000, { duration_ms: 900 }), model },
    ]);
    for (const width of [60, 80, 120]) {
      const lines = usageLines(usageData(store), width).map((l) => paint(l));
      const strip = lines.slice(lines.findIndex((l) => l.startsWith('OVER TIME')) + 1);
      const rows = strip.slice(0, strip.indexOf(''));
      expect(rows.length).toBe(4);
      // Where each strip starts (the latency strip has blanks where no turn ended: left out).
      const starts = rows
        .filter((r) => !r.startsWith('turn latency'))
        .map((r) => stringWidth(r.slice(0, r.search(/[▁-█]/))));
      expect(new Set(starts).size, rows.join('\n')).toBe(1);
      for (const r of rows) expect(stringWidth(r), r).toBeLessThanOrEqual(width);
      expect(rows[2]).toMatch(shown);
    }
  });
});

describe('the Usage pane tool table: cost per tool', () => {
  const RUN = join(REAL_TRACES, 'huggingface-co-2026-08-20T17-23-48-886Z');
  async function bothPlanes() {
    const store = new TraceStore(bundledPrices());
    for (const plane of ['agent', 'mcp']) await ingest(store, new FileSource(`${RUN}.${plane}.jsonl`));
    return store;
  }

  it('shows TOKENS and COST (– where no turn asked) at 80 columns, the same numbers as toolCosts', async () => {
    const store = await bothPlanes();
    const d = usageData(store);
    expect(d.toolCosts).toEqual(toolCosts(store, { mcpPlaneOnly: true }));
    const lines = usageLines(d, 80).map(lineText);
    for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(80);
    const header = lines.find((l) => l.startsWith('TOOL '))!;
    // Both planes: USES (the agent's tool_uses) beside the calls on the wire, kept before P95.
    expect(header.split(/\s{2,}/)).toEqual(['TOOL', 'CALLS', 'ERR', 'PEND', 'P50', 'USES', 'TOKENS', 'COST']);
    expect(
      lines
        .find((l) => l.startsWith('hf_fs'))!
        .split(/\s{2,}/)
        .slice(0, 2),
    ).toEqual(['hf_fs', '69']);
    expect(lines.find((l) => l.startsWith('hf_fs'))!.split(/\s{2,}/)[5]).toBe('86');
    expect(lines.find((l) => l.startsWith('__fitness_report_probe_tool__'))).toMatch(/\s–\s+–$/);
    const hf = d.toolCosts!.find((c) => c.name === 'hf_fs')!;
    expect(lines.find((l) => l.startsWith('hf_fs'))).toMatch(
      new RegExp(`\\s${hf.outputTokens!.toLocaleString('en-US')}\\s+\\$${hf.costUsd!.toFixed(2)}$`),
    );
    expect(lines).toContain('TOKENS, COST: share of the turn that asked for the call (– no turn asked)');
  });

  it('shows … for TOKENS and COST while the costs are being worked out', async () => {
    const d = { ...usageData(await bothPlanes()), toolCosts: null };
    const lines = usageLines(d, 80).map(lineText);
    expect(lines.find((l) => l.startsWith('hf_fs'))).toMatch(/\s…\s+…$/);
    expect(lines).toContain('TOKENS, COST: being worked out…');
    expect(lines.some((l) => l.includes('share of the turn'))).toBe(false);
  });

  it('sorts tools by their cost with o (cost)', async () => {
    const d = usageData(await bothPlanes());
    const tools = usageLines(d, 120, 'cost')
      .map(lineText)
      .filter((l) => /^(hf_fs|hub_repo_details|hub_repo_search|__fitness)/.test(l))
      .map((l) => l.split(/\s+/)[0]);
    const byCost = [...d.toolCosts!].sort((a, b) => (b.costUsd ?? -1) - (a.costUsd ?? -1)).map((c) => c.name);
    expect(tools).toEqual(byCost);
  });
});

describe('the Usage numbers ahead of time, a piece at a time (usageStep)', () => {
  /** A real run's mcp and agent planes (or the demo), and a filter keeping most of its rows. */
  const stores = async (): Promise<[string, TraceStore][]> => {
    const pings = Array.from({ length: 3000 }, (_, i) => [
      { t: at(i * 10), dir: 'in', raw: { jsonrpc: '2.0', id: i, method: i % 3 ? 'ping' : 'tools/list' } },
      { t: at(i * 10 + 3), dir: 'out', raw: { jsonrpc: '2.0', id: i, result: {} } },
    ]).flat();
    const out: [string, TraceStore][] = [
      ['demo', demoStore()],
      ['3,000 calls', storeOf(pings)],
    ];
    const store = new TraceStore(bundledPrices());
    for (const plane of ['mcp', 'agent']) {
      const path = join(REAL_TRACES, `huggingface-co-2026-08-20T17-23-48-886Z.${plane}.jsonl`);
      await ingest(store, new FileSource(path), store.addFile(path).index);
    }
    out.push(['huggingface run', store]);
    return out;
  };

  it('gives the numbers usageData gives in one go, every filter alike, each step short', async () => {
    for (const [name, store] of await stores()) {
      for (const text of [null, '-method:initialize', 'tool:*', 'method:ping']) {
        const filter = filterResult(store, text, null);
        const whole = structuredClone(usageData(store, filter));
        store.version += 1;
        let steps = 0;
        // ms 0: a filter's rows are aggregated 1,024 at a time.
        while (!usageStep(store, filter, 0)) steps += 1;
        expect(steps, name).toBeGreaterThanOrEqual(2);
        if (filter && filter.rows.length > 1024) expect(steps, `${name} ${text}`).toBeGreaterThan(2);
        expect(usageStep(store, filter, 0), name).toBe(true);
        const data = usageData(store, filter);
        expect({ ...data, toolCosts: null }, `${name} ${text}`).toEqual({ ...whole, toolCosts: null });
      }
    }
  });

  it('starts again when rows arrive between its steps: the numbers are of the rows as they are', () => {
    const ping = (ms: number, id: number) => ({ t: at(ms), dir: 'in', raw: { jsonrpc: '2.0', id, method: 'ping' } });
    const store = storeOf([ping(0, 1), ping(10, 2)]);
    expect(usageStep(store, null, 0)).toBe(false);
    const text = JSON.stringify(ping(20, 3));
    appendLines(store, 0, [{ text, lineNo: 3, offset: 1000, length: text.length }]);
    while (!usageStep(store, null, 0));
    expect(usageData(store).methods.find((m) => m.name === 'ping')?.calls).toBe(3);
  });
});
