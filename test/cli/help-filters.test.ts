import { describe, expect, it } from 'vitest';
import { wrapAscii } from '../../src/cli/program.js';
import { wrap } from '../../src/kit/cells.js';
import { FILTER_GRAMMAR } from '../../src/trace/filter.js';
import { run } from '../helpers/cli.js';

describe('--help shows the filter language', () => {
  it.each([[[]], [['summary']]])('%j --help lists every term with its example', (command) => {
    const r = run([...command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Filters (--filter, f in the app)');
    // Each meaning follows its term, wrapped beside it: read back as one line.
    const flat = r.stdout.replace(/\n {39}/g, ' ');
    for (const { term, means } of FILTER_GRAMMAR)
      expect(flat).toMatch(new RegExp(`  ${term.replace(/[|*.?]/g, '\\$&')} +${means.replace(/[()|*.?]/g, '\\$&')}`));
    // At 80 columns, as a terminal over SSH shows it.
    const filters = r.stdout.slice(r.stdout.indexOf('Filters ('));
    for (const line of filters.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('is ASCII, so a character is a column: wrapped as the width-aware wrap would', () => {
    for (const { term, means } of FILTER_GRAMMAR) {
      expect(term + means).toMatch(/^[\x20-\x7e]*$/);
      for (const width of [20, 41, 60]) expect(wrapAscii(means, width), means).toEqual(wrap(means, width));
    }
  });
});
