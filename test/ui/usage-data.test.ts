import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { toolCosts } from '../../src/store/tool-costs.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { usageData } from '../../src/ui/data/usage.js';
import { lineText } from '../../src/ui/format/segments.js';
import { usageLines } from '../../src/ui/format/usage-lines.js';
import { demoStore } from '../helpers/demo.js';
import { hasRealTraces, REAL_TRACES } from '../helpers/shared.js';
import { at, storeOf } from '../helpers/store.js';

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

describe.skipIf(!hasRealTraces)('the Usage pane tool table: cost per tool', () => {
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
    expect(header.split(/\s{2,}/)).toEqual(['TOOL', 'CALLS', 'ERR', 'PEND', 'P50', 'P95', 'TOKENS', 'COST']);
    expect(lines.find((l) => l.startsWith('__fitness_report_probe_tool__'))).toMatch(/\s–\s+–$/);
    const hf = d.toolCosts.find((c) => c.name === 'hf_fs')!;
    expect(lines.find((l) => l.startsWith('hf_fs'))).toMatch(
      new RegExp(`\\s${hf.outputTokens!.toLocaleString('en-US')}\\s+\\$${hf.costUsd!.toFixed(2)}$`),
    );
    expect(lines).toContain('TOKENS, COST: share of the turn that asked for the call (– no turn asked)');
  });

  it('sorts tools by their cost with o (cost)', async () => {
    const d = usageData(await bothPlanes());
    const tools = usageLines(d, 120, 'cost')
      .map(lineText)
      .filter((l) => /^(hf_fs|hub_repo_details|hub_repo_search|__fitness)/.test(l))
      .map((l) => l.split(/\s+/)[0]);
    const byCost = [...d.toolCosts].sort((a, b) => (b.costUsd ?? -1) - (a.costUsd ?? -1)).map((c) => c.name);
    expect(tools).toEqual(byCost);
  });
});
