import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { detailLines } from '../../src/ui/data/detail.js';
import { lineText } from '../../src/ui/format/segments.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { renderApp } from '../helpers/ink.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { fillStore } from '../helpers/store.js';
import { twoPlanes } from '../helpers/two-planes.js';

applyColorEnv({ NO_COLOR: '1' });

/** The first tools/call row of the mcp plane whose detail names the turn that asked for it. */
function linkedCall(store: TraceStore, width: number): string[] {
  for (const row of store.rows('calls')) {
    const text = detailLines(store, row, width).map(lineText);
    if (text.some((l) => l.includes('↔ tool_use'))) return text;
  }
  return [];
}

describe('the detail view says where a record is, and which plane, whatever the path', () => {
  it('names the other plane as the lists tag it (llm line N), not by a path cut at its end', async () => {
    const text = linkedCall(await twoPlanes(), 80);
    expect(text.find((l) => l.includes('↔ tool_use'))).toMatch(
      /^↔ tool_use in the turn at llm line \d+ \(l jumps there\)/,
    );
  });

  it('keeps the file name of a long path on its line, shortened in the middle', async () => {
    const store = new TraceStore(bundledPrices());
    const run = `${REAL_TRACES}huggingface-co-2026-08-20T17-23-48-886Z`;
    for (const plane of ['agent', 'mcp']) await ingest(store, new FileSource(`${run}.${plane}.jsonl`));
    for (const width of [60, 80, 120]) {
      const where = linkedCall(store, width).filter((l) => /^ {3}line \d+ of /.test(l));
      expect(where.length, `${width}`).toBeGreaterThan(0);
      for (const l of where) {
        // The file name's end (its time and plane) whole; at 60 its head gives way.
        expect(l, `${width}`).toMatch(/20T17-23-48-886Z\.mcp\.jsonl$/);
        if (width >= 80) expect(l).toMatch(/\/huggingface-co-2026-08-20T17-23-48-886Z\.mcp\.jsonl$/);
        expect(l.length).toBeLessThanOrEqual(width);
      }
    }
  });

  it('starts each part of the tree with its plane and line, which a narrow line never cuts', async () => {
    const app = await renderApp({ store: await twoPlanes(), columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('list.open');
    expect(app.frame()).toMatch(/\n (turn|[a-z_]+) \{ {2}llm line \d+ · /);
    app.unmount();
  });
});

describe('a file tag before a line, whatever the labels', () => {
  const meta = (label: string, kind: string) => ({
    type: 'meta',
    v: 1,
    startedAt: '2026-03-01T10:00:00.000Z',
    label,
    kind,
    command: ['x'],
  });
  const call = (t: string) => ({
    t,
    dir: 'in',
    raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { q: 'a' } } },
  });
  const turn = {
    t: '2026-03-01T10:00:00.500Z',
    type: 'turn',
    role: 'assistant',
    blocks: [{ type: 'tool_use', id: 'u1', name: 'search', input: { q: 'a' } }],
  };

  it('keeps the end of two long labels that differ only there, within its cells', () => {
    const base = 'hf-agent-run-knowledge-mcp-global-api-aws-2026-08-20T16-45-18-024Z';
    const store = new TraceStore(bundledPrices());
    fillStore(store, [meta(`${base}-agent`, 'llm'), turn], 'agent.jsonl');
    fillStore(store, [meta(`${base}-mcp`, 'mcp'), call('2026-03-01T10:00:01.000Z')], 'mcp.jsonl');
    const text = linkedCall(store, 80);
    const link = text.find((l) => l.includes('↔ tool_use'))!;
    expect(link).toMatch(/^↔ tool_use in the turn at \S*…\S*024Z-agent line 2 \(l jumps there\)$/);
  });

  it('an empty kind reads as mcp, never as no name', async () => {
    const store = new TraceStore(bundledPrices());
    fillStore(store, [meta('same', ''), call('2026-03-01T10:00:01.000Z')], 'a.jsonl');
    fillStore(store, [meta('same', 'llm'), turn], 'b.jsonl');
    store.files[0]!.stateText = 'truncated: re-read from the start';
    const app = await renderApp({ store, columns: 120, rows: 24 });
    expect(app.frame().split('\n')[0]).toContain(' mcp: ');
    app.unmount();
  });
});
