import chalk from 'chalk';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { fileLabelOf } from '../../src/store/stats.js';
import { detailForest, detailLines } from '../../src/ui/data/detail.js';
import { callRow, eventRow, traceStart, viewsOf } from '../../src/ui/data/views.js';
import { headerLine } from '../../src/ui/format/chrome.js';
import { callColumns, formatCallRow, formatEventRow } from '../../src/ui/format/rows.js';
import type { ScreenLine } from '../../src/ui/format/segments.js';
import { nodeLines, pathLine } from '../../src/ui/format/tree-lines.js';
import { turnView } from '../../src/ui/panes/turns/turn-data.js';
import { turnLines } from '../../src/ui/panes/turns/turn-lines.js';
import { usageData } from '../../src/ui/panes/usage/usage-data.js';
import { usageLines } from '../../src/ui/panes/usage/usage-lines.js';
import { paint } from '../../src/ui/theme.js';
import { Flag, ROOT, withFlag } from '../../src/ui/tree/forest.js';
import { RECORDINGS } from '../helpers/hostile-fields.js';
import { PAYLOADS } from '../helpers/hostile-payloads.js';
import { distinctEncodings, fieldsIn, hostilePrices, hostileStore, leaks, themeSgr } from '../helpers/hostile-suite.js';

/**
 * Every row of every pane, every record's detail view and the Usage pane, painted as
 * the app paints them, for every payload: the part of the suite that is cheap enough
 * to sweep every row at several widths (the Ink renders in app-*.test.tsx visit a few).
 */
const level = chalk.level;
afterAll(() => void (chalk.level = level));

function paneLines(payload: (typeof PAYLOADS)[number], width: number): [string, ScreenLine][] {
  // Priced by a prices file and a config named with the payload: the Usage pane names both.
  const store = hostileStore(payload, distinctEncodings(payload), hostilePrices(payload));
  const start = traceStart(store);
  const views = viewsOf(store, true);
  const out: [string, ScreenLine][] = [];
  const calls = Array.from({ length: views.calls.length }, (_, i) => callRow(store, views.calls.at(i), start));
  for (const clock of [false, true]) {
    const columns = callColumns(calls, width, clock);
    for (const [i, r] of calls.entries())
      out.push([`Calls row ${i}`, formatCallRow(r, width, i === 0, columns, i % 2 === 1, clock)]);
    for (let i = 0; i < views.events.length; i++)
      out.push([
        `Events row ${i}`,
        formatEventRow(eventRow(store, views.events.at(i), start), width, i === 0, undefined, i % 2 === 1, clock),
      ]);
    for (let i = 0; i < views.turns.length; i++)
      for (const l of turnLines(turnView(store, views.turns.at(i), start), {
        width,
        selected: i === 0,
        matched: i % 2 === 1,
        expandThinking: clock,
        clock,
      }))
        out.push([`Turns row ${i}`, l]);
  }
  for (let row = 0; row < store.count; row++) {
    for (const l of detailLines(store, row, width - 1)) out.push([`diff side of row ${row}`, l]);
    // The detail view's tree: every node, as text and (r) raw, and its path line.
    const forest = detailForest(store, row);
    for (let r = ROOT; r >= 0; r = forest.nextVisible(r, new Map())) {
      const raw = r === ROOT ? new Map() : withFlag(forest, new Map(), [r], Flag.raw, true);
      for (const flags of [new Map(), raw])
        for (const l of nodeLines(forest, flags, r, width - 1)) out.push([`tree of row ${row}`, l]);
      out.push([`path in row ${row}`, pathLine(forest, r, width - 1)]);
    }
  }
  for (const l of usageLines(usageData(store), width - 1)) out.push(['Usage', l]);
  const labels = store.files.map((f) => fileLabelOf(store, f.index));
  out.push([
    'header',
    headerLine(
      {
        pane: 'calls',
        files: store.files,
        labels,
        records: store.count,
        skipped: 3,
        pausedNew: 2,
        filter: { text: payload.text, kept: 1, total: 2 },
      },
      width,
    ),
  ]);
  return out;
}

describe.each([40, 120])('every pane line at %i columns, painted with colour off and on', (width) => {
  it.each(PAYLOADS.map((p) => [p.name, p] as const))('%s', (_, payload) => {
    const lines = paneLines(payload, width);
    const problems: string[] = [];
    for (const [colour, allowed] of [
      [0, new Set<string>()],
      [3, null],
    ] as const) {
      chalk.level = colour;
      const sgr = allowed ?? themeSgr();
      for (const [where, line] of lines) {
        const painted = paint(line);
        for (const p of leaks(painted, sgr)) problems.push(`${where}: ${p}`);
        // Styles add no cells: measured once, without them.
        const w = colour ? 0 : stringWidth(painted);
        if (w > width) problems.push(`${where}: ${w} cells: ${JSON.stringify(painted.slice(0, 100))}`);
      }
    }
    expect(lines.length).toBeGreaterThan(50);
    // The names reached the Usage pane's prices line: a sweep that never shows them proves nothing.
    const usage = lines.filter(([where]) => where === 'Usage').map(([, l]) => l.map((s) => s.text).join(''));
    const prices = usage
      .slice(usage.findIndex((l) => l.startsWith('prices:')))
      .join('')
      .replace(/\s+/g, '');
    // Whole, but for 2,000 invisible characters: cut where the pane stops reading a line, as every field is.
    if (payload.name === 'zero-width run') expect(prices).toMatch(/^prices:z\u200b\u200c/);
    else for (const name of ['«prices».json(config', '«config».json)overbundled']) expect(prices).toContain(name);
    expect([...new Set(problems)]).toEqual([]);
  });
});

describe('the recordings in other formats', () => {
  it('carry the payload into the lines from every one of their fields (mcp-rec and cassette read, not skipped whole)', () => {
    const payload = PAYLOADS.find((p) => p.name === 'wide CJK')!;
    const shown = paneLines(payload, 120)
      .map(([, line]) => line.map((s) => s.text).join(''))
      .join('\n');
    const missing = RECORDINGS.flatMap((r) => r.fields.map((f) => f.name)).filter(
      (name) => !fieldsIn(shown).includes(name),
    );
    // An mcp-rec line that breaks mcp-rec's rules (a ts that is no number, a dir that is
    // neither arrow, a msg that is no object) is skipped, its reason quoting the first 80
    // characters of the value, as validate does. A cassette's interaction keeps only its
    // request and response as records: the rest is read by `validate` alone
    // (test/hostile/commands.test.ts).
    expect(missing).toEqual([
      'mcp-rec: ts (a string)',
      'mcp-rec: dir',
      'mcp-rec: dir (an arrow)',
      'mcp-rec: msg (a bare string)',
      'cassette: interaction type',
      'cassette: latency_ms (a string)',
      'cassette: http_method',
      'cassette: http_path',
    ]);
  });
});
