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
      { kind: 'error', text: `unknown status "${'\u009b'.repeat(30)}"` },
      80,
    );
    expect(shown(line)).toBeLessThanOrEqual(80);
  });

  it('a filter too long to hold still shows why it was refused', () => {
    const why = 'a filter is at most 2,000 characters (this one has 5,005)';
    const line = lineText(
      inputLine({ kind: 'filter', text: `tool:${'L'.repeat(5000)}` }, null, '', { kind: 'error', text: why }, 80),
    );
    expect(line).toContain('✗ a filter is at most');
    expect(stringWidth(line)).toBeLessThanOrEqual(80);
  });

  describe('a notice has a kind: an error after ✗, info with no alarm glyph (80 columns)', () => {
    const error = { kind: 'error' as const, text: 'no problem below this row' };
    const info = { kind: 'info' as const, text: 'copied the value, 3 characters, with OSC 52' };
    const styleOf = (line: ReturnType<typeof footerLine>, text: string) =>
      line.find((s) => s.text.includes(text))?.style;

    it('in the footer, in place of the hints, the position kept at the right', () => {
      const err = footerLine('? help  q quit', '3 of 13', error, 80);
      expect(lineText(err)).toMatch(/^✗ no problem below this row +3 of 13$/);
      expect(styleOf(err, 'no problem')).toBe('error');
      const said = footerLine('? help  q quit', '3 of 13', info, 80);
      expect(lineText(said)).toMatch(/^copied the value, 3 characters, with OSC 52 +3 of 13$/);
      expect(lineText(said)).not.toContain('✗');
      expect(styleOf(said, 'copied')).toBe('plain');
      for (const line of [err, said]) expect(shown(line)).toBe(80);
    });

    it("an error with a path keeps ✗ and the path's end when cut", () => {
      const path = `/home/me/${'deep/'.repeat(30)}x.jsonl`;
      const line = lineText(footerLine('', '1 of 2', { kind: 'error', text: `could not write: ${path}` }, 80));
      expect(line).toMatch(/^✗ could not write: \/…\/.*x\.jsonl +1 of 2$/);
      expect(stringWidth(line)).toBe(80);
    });

    it("in a bar, after the text typed: Tab's choices plain, a filter error after ✗", () => {
      const bar = { kind: 'filter' as const, text: 'tool:' };
      const choices = { kind: 'info' as const, text: '3 choices: read_file  search_files  write_file' };
      const listed = inputLine(bar, null, 'Enter apply', choices, 80);
      expect(lineText(listed)).toBe('filter: tool:▏  3 choices: read_file  search_files  write_file');
      expect(styleOf(listed, 'choices')).toBe('plain');
      const bad = { kind: 'error' as const, text: 'tool: needs a value (at column 6)' };
      const refused = inputLine(bar, null, 'Enter apply', bad, 80);
      expect(lineText(refused)).toBe('filter: tool:▏  ✗ tool: needs a value (at column 6)');
      expect(styleOf(refused, 'needs a value')).toBe('error');
      for (const line of [listed, refused]) expect(shown(line)).toBeLessThanOrEqual(80);
    });
  });

  it.each([20, 40, 80])('wraps every help line to %i columns', (width) => {
    const lines = helpLines(width, helpSubject('calls'), helpView);
    for (const l of lines) expect(stringWidth(lineText(l)), lineText(l)).toBeLessThanOrEqual(width);
    expect(lines.map(lineText).join(' ')).toMatch(/Colour is never the only signal.*orphan\)\./);
  });

  it('says in help that an error notice starts with ✗ and information has none, as the footer draws them', () => {
    for (const [over, view] of [
      [helpSubject('calls'), helpView],
      [helpSubject('calls', true), diffHelpView],
    ] as const) {
      const text = helpLines(80, over, view).map(lineText);
      const said = text.filter((l) => l.startsWith('Footer notices'));
      expect(said).toEqual(['Footer notices: an error starts with ✗; information has no glyph.']);
    }
    // The glyph help names is the one the footer draws.
    const err = lineText(footerLine('', '', { kind: 'error', text: 'x' }, 80));
    expect(err.startsWith('✗ x')).toBe(true);
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
  it('keeps the trace state before the filter text, and the filter before the counts and the label', () => {
    const long = 'status:error tool:read_* -method:notifications/* "permission denied"';
    for (let width = 50; width <= 200; width++) {
      const text = header(width, long);
      expect(stringWidth(text), `${width}: ${text}`).toBe(width);
      expect(text, `${width}`).toContain('ended (exit 0)');
      if (width >= 75) expect(text, `${width}`).toContain('filter: s');
    }
    // At 80 columns the label gives way to 8 cells, then the filter's end; how many rows it
    // keeps stays (what the panes are read by): it showed 9 cells of the filter once.
    expect(header(80, long)).toMatch(/ demo-f… filter: status:error t… · 3 of 35 · ended \(exit 0\)$/);
    // Narrower, the count goes only once the filter's text is down to a few cells (five tabs take 22 of them).
    for (let width = 73; width <= 200; width++) expect(header(width, long), `${width}`).toContain(' · 3 of 35 · ');
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
