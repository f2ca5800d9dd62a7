import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { STATUSES } from '../../src/trace/enums.js';
import { FILTER_GRAMMAR } from '../../src/trace/filter.js';
import { footerLine, headerLine, inputLine } from '../../src/ui/format/chrome.js';
import { DIFF_GLYPHS, helpLines } from '../../src/ui/format/help-lines.js';
import { looks } from '../../src/ui/format/rows.js';
import { lineText } from '../../src/ui/format/segments.js';
import { paint } from '../../src/ui/theme.js';
import { diffHelpView } from '../../src/ui/views/diff.js';
import { helpView } from '../../src/ui/views/help.js';
import { helpSubject } from '../../src/ui/views/index.js';
import { demoStore } from '../helpers/demo.js';

const shown = (line: Parameters<typeof paint>[0]) => stringWidth(paint(line));

describe('the chrome fits the terminal whatever was typed', () => {
  it('cuts a footer position quoting a long or control-laden search', () => {
    for (const query of ['日本語'.repeat(60), '\u009b'.repeat(60)])
      expect(shown(footerLine('? help', `/${query} 1/2 · 3 of 9`, null, 80))).toBeLessThanOrEqual(80);
  });

  it('measures a filter error as shown (its quoted text made inert)', () => {
    const line = inputLine(
      { kind: 'filter', text: 'status:x' },
      null,
      'Enter apply · Esc cancel',
      `unknown status "${'\u009b'.repeat(30)}"`,
      80,
    );
    expect(shown(line)).toBeLessThanOrEqual(80);
  });

  it('a filter too long to hold still shows why it was refused', () => {
    const why = 'a filter is at most 2,000 characters (this one has 5,005)';
    const line = lineText(inputLine({ kind: 'filter', text: `tool:${'L'.repeat(5000)}` }, null, '', why, 80));
    expect(line).toContain('✗ a filter is at most');
    expect(stringWidth(line)).toBeLessThanOrEqual(80);
  });

  it.each([20, 40, 80])('wraps every help line to %i columns', (width) => {
    const lines = helpLines(width, helpSubject('calls'), helpView);
    for (const l of lines) expect(stringWidth(lineText(l)), lineText(l)).toBeLessThanOrEqual(width);
    expect(lines.map(lineText).join(' ')).toMatch(/Colour is never the only signal.*orphan\)\./);
  });

  it("names each status glyph in help with the word the rows show beside it (one spelling: 'cancel')", () => {
    // The filter grammar's lines name the filter's own words (status:cancelled).
    const text = helpLines(200, helpSubject('calls'), helpView)
      .map(lineText)
      .filter((l) => !FILTER_GRAMMAR.some((g) => l.includes(g.term)))
      .join(' ');
    for (const s of STATUSES.filter((e) => e.glyph.trim() !== '' && e.glyph !== '✗')) expect(text).toContain(looks(s));
    expect(text).not.toContain('cancelled');
  });
});

describe('help says what the keys and glyphs mean in the view it is over', () => {
  const text = (lines: ReturnType<typeof helpLines>) => lines.map(lineText).join('\n');
  it("diff: its own glyphs (═ ≠ + -), not the calls' statuses", () => {
    const diff = text(helpLines(200, helpSubject('calls', true), diffHelpView, DIFF_GLYPHS));
    expect(diff).toContain('═ same, ≠ changed args or result, + added in B, - removed from B');
    expect(diff).not.toContain('pending');
  });
  it('G follows new rows in the lists that rows join, and only there', () => {
    expect(text(helpLines(200, helpSubject('calls'), helpView))).toMatch(/G \/ End +Last row, and follow new rows/);
    for (const [subject, over, lines] of [
      ['usage', helpView, helpLines(200, helpSubject('usage'), helpView)],
      ['the diff list', diffHelpView, helpLines(200, helpSubject('calls', true), diffHelpView, DIFF_GLYPHS)],
    ] as const) {
      expect(text(lines), `${subject} ${over.id}`).toMatch(/G \/ End +Last row\n/);
    }
  });
});

describe('the header at 80 columns and narrower', () => {
  const store = demoStore();
  const header = (width: number, filter: string | null) =>
    lineText(
      headerLine(
        {
          pane: 'calls',
          files: store.files,
          labels: ['demo-filesystem'],
          records: 35,
          skipped: 1,
          filter: filter === null ? null : { text: filter, kept: 3, total: 35 },
        },
        width,
      ),
    );
  it('keeps the trace state before the filter text, and the filter before the counts', () => {
    const long = 'status:error tool:read_* -method:notifications/* "permission denied"';
    for (let width = 50; width <= 200; width++) {
      const text = header(width, long);
      expect(stringWidth(text), `${width}: ${text}`).toBe(width);
      expect(text, `${width}`).toContain('ended (exit 0)');
      if (width >= 75) expect(text, `${width}`).toContain('filter: s');
    }
    expect(header(80, long)).toMatch(/filter: status:er.*… · 3 of 35 · ended \(exit 0\)$/);
    expect(header(80, 'tool:x')).toMatch(/ filter: tool:x · 3 of 35 · ended \(exit 0\)$/);
    expect(header(120, 'tool:x')).toMatch(/ filter: tool:x · 3 of 35 · 35 rec · 1 skipped · ended \(exit 0\)$/);
    expect(header(200, long)).toContain(`filter: ${long} · 3 of 35 · 35 rec · 1 skipped · ended (exit 0)`);
  });
});

describe('the filter language in help', () => {
  it.each([40, 80, 120])('? over a pane shows every term with its example at %i columns', (width) => {
    const text = helpLines(width, helpSubject('calls'), helpView).map(lineText);
    expect(text.filter((l) => l.startsWith('Filters'))).toHaveLength(1);
    for (const { term } of FILTER_GRAMMAR) expect(text.join('\n')).toContain(`  ${term}`.slice(0, width));
    for (const l of text) expect(stringWidth(l)).toBeLessThanOrEqual(width);
  });
});
