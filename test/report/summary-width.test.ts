import { readFileSync } from 'node:fs';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/report/summary-table.js';
import { demoStore } from '../helpers/demo.js';
import { realTraceFiles } from '../helpers/shared.js';
import { storeOf } from '../helpers/store.js';

const lines = (text: string) => text.trimEnd().split('\n');
/** A few real traces, the widest tables first (tool names, models). */
const REAL = realTraceFiles.slice(0, 12).map((f) => storeOf(readFileSync(f, 'utf8').trimEnd().split('\n')));

describe('summary on a terminal narrower than its tables', () => {
  it.each([40, 60, 80, 100, 120])('keeps every line within %i columns, on the demo and real traces', (columns) => {
    for (const store of [demoStore(), ...REAL])
      for (const l of lines(summaryText(store, 0, undefined, columns)))
        expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
  });

  it('leaves out the least needed columns first and says which; what stays is the same numbers', () => {
    const full = summaryText(demoStore(), 0);
    const narrow = summaryText(demoStore(), 0, undefined, 80);
    const header = lines(narrow).find((l) => l.startsWith('MODEL'))!;
    expect(header.split(/\s{2,}/)).toEqual(['MODEL', 'CALLS', 'INPUT', 'OUTPUT', 'CACHE READ', 'COST', 'P50']);
    expect(narrow.replace(/\s+/g, ' ')).toContain(
      '(CACHE WRITE, HIT %, P95, ORIGIN left out to fit 80 columns: a wider terminal or --json shows all)',
    );
    const total = (text: string) =>
      lines(text)
        .find((l) => l.startsWith('TOTAL'))!
        .split(/\s{2,}/)
        .slice(0, 4);
    expect(total(narrow)).toEqual(total(full));
  });

  it('names under the tool table only the columns it kept, at every width', () => {
    for (let columns = 40; columns <= 160; columns++) {
      const text = summaryText(demoStore(), 0, undefined, columns);
      const header = lines(text).find((l) => l.startsWith('TOOL '))!;
      const below = lines(text).slice(lines(text).indexOf(header) + 1);
      const section = below.slice(0, below.indexOf(''));
      const notes = section.slice(section.findIndex((l) => l.startsWith('  '))).join(' ');
      for (const col of ['TOKENS', 'COST', 'ORIGIN'])
        if (!header.includes(col)) expect(notes, `${columns}: ${col}`).not.toMatch(new RegExp(`\\b${col}(,|:| mixed)`));
      // The demo's tools are all mixed: said while ORIGIN is shown.
      expect(notes.includes('ORIGIN mixed:'), `${columns}`).toBe(header.includes('ORIGIN'));
    }
  });

  it('prints every column, and no note, where the table fits (a pipe counts as unlimited)', () => {
    const wide = summaryText(demoStore(), 0, undefined, 200);
    expect(wide).toBe(summaryText(demoStore(), 0));
    expect(wide).not.toContain('left out to fit');
  });
});
