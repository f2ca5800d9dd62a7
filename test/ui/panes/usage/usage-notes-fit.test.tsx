import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../helpers/ink.js';
import { fillStore, storeOf } from '../../../helpers/store.js';

/*
 * The Usage pane's notes fit the pane: wrapped, never cut at its edge, and they name only
 * the columns the pane kept (at 60 columns the tool table drops TOKENS before COST).
 */
const demo = () => storeOf(readFileSync('examples/demo.jsonl', 'utf8').trimEnd().split('\n'), undefined, 'demo.jsonl');

/** A long tool name: at 60 columns the tool table keeps COST and drops TOKENS and USES. */
const longTool = () => {
  const lines = readFileSync('examples/demo.jsonl', 'utf8').trimEnd().split('\n');
  return storeOf(
    lines.map((l) => l.replaceAll('"search_files"', '"search_files_in_the_project"')),
    undefined,
    'demo.jsonl',
  );
};

describe('Usage pane notes', () => {
  let app: Awaited<ReturnType<typeof renderApp>> | null = null;
  afterEach(() => {
    app?.unmount();
    app = null;
  });

  it.each([80, 60])('at %s columns the model notes are whole (wrapped, not cut)', async (columns) => {
    app = await renderApp({ store: demo(), columns, rows: 40 });
    await app.press('pane.usage');
    const text = app.frame().replace(/\n\s+/g, ' ');
    expect(text).toContain('total is partial (a lower bound)');
    expect(text).toContain('unpriced: local-llama-3.1-8b');
    expect(text).toContain('thinking 96 tokens, part of output');
    expect(app.frame()).not.toMatch(/(partial|unpriced|thinking|asked).*…$/m);
  });

  it.each([80, 60])('at %s columns a tool note names only columns shown', async (columns) => {
    app = await renderApp({ store: longTool(), columns, rows: 40 });
    await app.press('pane.usage');
    const lines = app.frame().split('\n');
    const header = lines.find((l) => /^\s*TOOL\s/.test(l)) ?? '';
    const below = lines.slice(lines.indexOf(header)).join('\n');
    for (const col of ['TOKENS', 'COST', 'USES']) {
      // A note names a column as `TOKENS, COST:`, `COST:` or `USES:`.
      if (!header.includes(col)) expect(below, col).not.toMatch(new RegExp(`\\b${col}(,|:)`));
    }
    expect(below).toMatch(/share of the turn that asked for the call/);
    expect(app.frame()).not.toMatch(/asked.*…$/m);
  });

  it('at 60 columns the note on USES of two planes wraps, not cut', async () => {
    const lines = readFileSync('examples/demo.jsonl', 'utf8').trimEnd().split('\n');
    const store = fillStore(storeOf(lines, undefined, 'run.mcp.jsonl'), lines, 'run.agent.jsonl');
    app = await renderApp({ store, columns: 60, rows: 40 });
    await app.press('pane.usage');
    expect(app.frame().replace(/\n\s+/g, ' ')).toContain(
      "CALLS: tools/call on the wire; USES: the agent's tool_use blocks (more uses than calls: some never reached the server; fewer: calls no turn asked for)",
    );
    expect(app.frame()).toContain('TOOLS each call once, by its tools/call');
  });

  it('a long note stops at three lines, its last ending in …, the prices line under it', async () => {
    const turns = Array.from({ length: 40 }, (_, i) => ({
      t: `2026-11-20T14:00:${String(i).padStart(2, '0')}.000Z`,
      type: 'turn',
      role: 'assistant',
      model: `no-such-model-${i}`,
      blocks: [{ type: 'text', text: 'hi' }],
      usage: { input_tokens: 1, output_tokens: 1 },
    }));
    app = await renderApp({ store: storeOf(turns), columns: 80, rows: 80 });
    await app.press('pane.usage');
    const lines = app.frame().split('\n');
    const at = lines.findIndex((l) => l.includes('unpriced: no-such-model-0'));
    expect(at).toBeGreaterThan(-1);
    expect(lines[at + 2]).toMatch(/…$/);
    expect(lines[at + 3]).toMatch(/^.prices:/);
  });

  it('one file with both planes: each call once (write_file one failed call, as in Calls), USES apart', async () => {
    app = await renderApp({ store: demo(), columns: 80, rows: 40 });
    await app.press('pane.usage');
    const row = app
      .frame()
      .split('\n')
      .find((l) => l.startsWith(' write_file'))!;
    expect(row.trim().split(/\s{2,}/)).toEqual([
      'write_file',
      '1',
      '1',
      '0',
      '160ms',
      '160ms',
      '160ms',
      '1',
      '140',
      '$0.0082',
    ]);
    expect(app.frame()).not.toContain('mixed');
  });
});

describe('the notes under the method table, the last of the Usage pane', () => {
  let app: Awaited<ReturnType<typeof renderApp>> | null = null;
  afterEach(() => app?.unmount());
  it('say how many of PEND were cancelled (the demo: one, never answered)', async () => {
    app = await renderApp({ store: demo(), columns: 80, rows: 50 });
    await app.press('pane.usage');
    expect(app.frame()).toContain('PEND: never answered, 1 cancelled request among them');
  });

  it('show once the cursor is on the last row, at 80x24', async () => {
    app = await renderApp({ store: demo(), columns: 80, rows: 24 });
    await app.press('pane.usage');
    expect(app.frame()).not.toContain('PEND: never answered');
    await app.press('list.bottom');
    expect(app.frame()).toContain('PEND: never answered, 1 cancelled request among them');
    // The last row itself is still shown, selected.
    expect(app.frame()).toMatch(/^›/m);
  });
});
