import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { PIPE_VALUE_MAX } from '../../src/report/summary-table.js';
import { run } from '../helpers/cli.js';
import { EPOCH_OVERFLOW, FAR_TIMES, HUGE_COUNTS, jsonl, WIDE_NAMES, WIDE_SESSION } from '../helpers/hostile-traces.js';

const dir = mkdtempSync(join(tmpdir(), 'mrt-nocrash-'));
const fileOf = (name: string, lines: object[]) => {
  const file = join(dir, `${name}.jsonl`);
  writeFileSync(file, jsonl(lines));
  return file;
};

// The built binary (npm test builds dist/ first), as a person would run it.
describe('summary on traces that once crashed or bent it', () => {
  it.each([
    ['far times', FAR_TIMES],
    ['epoch overflow', EPOCH_OVERFLOW],
    ['huge counts', HUGE_COUNTS],
    ['wide names', WIDE_NAMES],
    ['wide session', WIDE_SESSION],
  ] as const)('%s: exit 0, bounded lines, valid JSON without Infinity', (name, lines) => {
    const file = fileOf(name.replace(' ', '-'), [...lines]);
    const text = run(['summary', '--no-cache', file]);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    // To a pipe, a value is whole up to PIPE_VALUE_MAX cells; a title holds three of them.
    for (const l of text.stdout.split('\n')) {
      expect(stringWidth(l), l).toBeLessThanOrEqual(3 * PIPE_VALUE_MAX + 100);
      expect(l.length).toBeLessThanOrEqual(3 * PIPE_VALUE_MAX + 100);
    }
    expect(text.stdout).not.toMatch(/Infinity|NaN|e\+\d/);
    const json = run(['summary', '--json', '--no-cache', file]);
    expect(json.code).toBe(0);
    expect(json.stdout).not.toMatch(/Infinity|NaN/);
    expect(JSON.parse(json.stdout).schema).toBe('mcp-tape.stats/1');
  });

  it('says what it left out: overflowing turns and latencies', () => {
    const huge = run(['summary', '--no-cache', fileOf('huge', HUGE_COUNTS)]).stdout;
    expect(huge).toContain('2 turns with overflowing or invalid counts left out of the totals');
    expect(huge).toMatch(/TOTAL\s+3\s+1,000\s+200/);
    const far = run(['summary', '--no-cache', fileOf('far', FAR_TIMES)]).stdout;
    expect(far).toContain(
      '2 answered calls with a time out of range or over 100 years from its request: latency left out',
    );
    expect(far).toMatch(/read_file\s+2\s+0\s+0\s+250ms\s+250ms\s+250ms/);
    expect(
      JSON.parse(run(['summary', '--json', '--no-cache', fileOf('huge', HUGE_COUNTS)]).stdout).models.summary
        .overflowTurns,
    ).toBe(2);
  });
});
