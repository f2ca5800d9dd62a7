import { describe, expect, it } from 'vitest';
import { FILTER_GRAMMAR } from '../../src/trace/filter.js';
import { run } from '../helpers/cli.js';

describe('--help shows the filter language', () => {
  it.each([[[]], [['summary']]])('%j --help lists every term with its example', (command) => {
    const r = run([...command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Filters (--filter, f in the app)');
    for (const { term, means } of FILTER_GRAMMAR)
      expect(r.stdout).toMatch(
        new RegExp(`  ${term.replace(/[|*.?]/g, '\\$&')} +${means.replace(/[()|*.?]/g, '\\$&')}`),
      );
  });
});
