import { render } from 'ink-testing-library';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { diffStores } from '../../src/store/diff.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { detailLines } from '../../src/ui/data/detail.js';
import { DiffApp } from '../../src/ui/diff-app.js';
import { width } from '../../src/ui/format/text.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { testerLines } from '../helpers/deep-traces.js';
import { deepStore } from '../helpers/deep-walk.js';
import { frameProblems } from '../helpers/hostile-suite.js';
import { walkApp } from '../helpers/hostile-walk.js';
import { tick, waitForFrame } from '../helpers/ink.js';
import { fillStore } from '../helpers/store.js';

/**
 * JSON nested 5,000 and 100,000 deep (issue 15, item 3: no crash, whatever the input):
 * JSON.parse reads it, a walk that recurses per level does not. The panes, the detail
 * view of every row, search, filters, Usage, help and the diff view. Nothing may throw
 * (React reports a render error on console.error); every frame is the terminal's size.
 * At 100,000 levels a trace with every field deep is 30 MB (JSON.parse alone takes
 * seconds): here the tester's trace stands for that depth; test/slow/deep.slow.test.tsx
 * sweeps every field at both depths through the app, row by row.
 */
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));
afterEach(() => vi.restoreAllMocks());

const COLUMNS = 80;
const ROWS = 24;
const problemsOf = (frames: string[]) => [...new Set(frames.flatMap((f) => frameProblems(f, COLUMNS, ROWS)))];

describe.each([
  ['5,000 deep in every field and payload', 5000, undefined],
  ['100,000 deep (the tester’s trace)', 100_000, 'tester'],
] as const)('JSON %s', (_, depth, only) => {
  const store = deepStore(depth, only);

  it('the detail view of every row: lines within the width, the deepest levels on one line', () => {
    const texts: string[] = [];
    const wide: string[] = [];
    for (let row = 0; row < store.count; row++) {
      const lines = detailLines(store, row, COLUMNS).map((l) => l.map((s) => s.text).join(''));
      for (const line of lines) if (line.length > COLUMNS && width(line) > COLUMNS) wide.push(line);
      texts.push(lines.join('\n'));
    }
    expect(wide).toEqual([]);
    // Indented 64 levels, then the rest of the value on its parent's line, wrapped.
    expect(texts.some((t) => t.includes(`\n${' '.repeat(40)}[[[[[[[[`))).toBe(true);
  });

  it('the app: every pane, detail views, search, filters, Usage, help', async () => {
    const errors = vi.spyOn(console, 'error');
    const frames = await walkApp(store, { columns: COLUMNS, rows: ROWS, typed: 'deep' });
    expect(frames.length).toBeGreaterThan(40);
    expect(problemsOf(frames)).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // The tool_use's arguments, cut where the line ends.
    expect(frames.some((f) => /→ tool_use deep \[\[\[\[.*…/.test(f))).toBe(true);
  }, 30_000);

  it('the diff view against the same trace one level deeper: the path cut with …, each side, help', async () => {
    const errors = vi.spyOn(console, 'error');
    const a = only ? store : deepStore(depth, 'tester');
    const b = fillStore(new TraceStore(bundledPrices()), testerLines(depth + 1), 'deeper.jsonl');
    const doc = diffStores(a, b);
    expect(doc.calls.map((c) => c.status)).toEqual(['changed args']);
    expect(doc.calls[0]!.detail).toMatch(/^\.params\.arguments(\[0\]){32}…: \[{59}… → \[{59}…$/);
    const app = render(<DiffApp doc={doc} a={a} b={b} size={{ columns: COLUMNS, rows: ROWS }} />);
    await waitForFrame(app.lastFrame, (f) => f.includes(' of '));
    for (const key of ['\r', 'G', '\x7f', '?', 'G', '\x7f']) {
      const before = app.frames.length;
      app.stdin.write(key);
      const until = Date.now() + 300;
      while (app.frames.length === before && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
      await tick();
    }
    // The frames the app drew: with CI set, Ink writes one more ("\n") as it unmounts.
    const frames = [...app.frames];
    app.unmount();
    expect(frames.length).toBeGreaterThan(5);
    expect(problemsOf(frames)).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  }, 30_000);
});
