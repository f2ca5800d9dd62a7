import { readFileSync } from 'node:fs';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { PIPE_VALUE_MAX, summaryText } from '../../src/report/summary-table.js';
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
      '(CACHE WRITE, HIT %, P95 left out to fit 80 columns: a wider terminal or --json shows all)',
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
      for (const col of ['TOKENS', 'COST', 'USES'])
        if (!header.includes(col)) expect(notes, `${columns}: ${col}`).not.toMatch(new RegExp(`\\b${col}(,|:)`));
      // The demo holds both planes: what USES counts is said while USES is shown.
      expect(notes.includes('USES:'), `${columns}`).toBe(header.includes('USES'));
    }
  });

  it('prints every column, and no note, where the table fits (a pipe counts as unlimited)', () => {
    const wide = summaryText(demoStore(), 0, undefined, 200);
    expect(wide).toBe(summaryText(demoStore(), 0));
    expect(wide).not.toContain('left out to fit');
  });
});

describe('summary to a pipe prints whole values; --all lists every error', () => {
  const META = '{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z","label":"x","command":["x"]}';
  const name = `fitness_${'n'.repeat(80)}`;
  const message = `upstream said: ${'why '.repeat(60)}end`;
  const store = () => {
    const lines = [META];
    for (let i = 0; i < 12; i++) {
      const t = `2026-05-12T23:00:00.${String(i).padStart(3, '0')}Z`;
      lines.push(
        `{"t":"${t}","dir":"in","raw":{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"${name}"}}}`,
      );
      lines.push(
        `{"t":"${t}","dir":"out","raw":{"jsonrpc":"2.0","id":${i},"error":{"code":-1,"message":"${message} ${i}"}}}`,
      );
    }
    return storeOf(lines);
  };

  it('a pipe (Infinity columns): the tool name and every error message whole', () => {
    const text = summaryText(store(), 0);
    expect(
      lines(text)
        .find((l) => l.startsWith('fitness_'))!
        .split(/\s{2,}/)[0],
    ).toBe(name);
    expect(text).toContain(`  tool     ${name}: ${message} 0 (code -1)\n`);
  });

  it('a pipe still cuts a value past PIPE_VALUE_MAX (a hostile name of 5,000 characters) with …', () => {
    const huge = 'n'.repeat(5000);
    const text = summaryText(
      storeOf([
        META,
        {
          t: '2026-05-12T23:00:00.000Z',
          dir: 'in',
          raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: huge } },
        },
      ]),
      0,
    );
    const row = lines(text).find((l) => l.startsWith('nnn'))!;
    expect(row.split(/\s{2,}/)[0]).toBe(`${'n'.repeat(PIPE_VALUE_MAX - 1)}…`);
  });

  it('a terminal: cut to its columns, as before', () => {
    const text = summaryText(store(), 0, undefined, 300);
    expect(text).not.toContain(name);
    expect(text).toContain('fitness_nnn');
    expect(text).not.toContain(`${message} 0`);
  });

  it('the first 10 errors, saying --all lists them; with it, all 12', () => {
    const first = summaryText(store(), 0);
    expect(first).toContain('ERRORS (12, first 10; --all lists every one)');
    expect(first).not.toContain(`${message} 10 (code -1)`);
    const all = summaryText(store(), 0, undefined, Infinity, undefined, { all: true });
    expect(all).toContain('ERRORS (12)\n');
    for (let i = 0; i < 12; i++) expect(all).toContain(`${message} ${i} (code -1)\n`);
  });
});
