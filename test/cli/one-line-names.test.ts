import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

/*
 * A line break in a file name, a path, a URL or an argument quoted in a message shows
 * as `␊` (`␍`): a name cannot forge a line of output, such as a `validate` verdict.
 * The jobs run in one process of the built CLI (test/helpers/run-commands.mjs).
 */

const RUNNER = fileURLToPath(new URL('../helpers/run-commands.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mrt-one-line-'));
const FORGED = 'FORGED: 0 errors, 0 warnings · valid mcp-replay v1';
/** A name whose every line break could start a forged line. */
const evil = (stem: string) => `${stem}\n${FORGED}\r\n${FORGED}\r${FORGED}`;
const shown = (stem: string) => `${stem}␊${FORGED}␍␊${FORGED}␍${FORGED}`;

const demo = join(ROOT, 'examples/demo.jsonl');
const present = join(dir, evil('present.jsonl'));
const missing = join(dir, evil('missing.jsonl'));
const noDir = join(dir, evil('no-dir'), 'out.jsonl');
const percent = (text: string) => [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Each job, and how many lines its stderr has by design (a caret under a filter is three). */
const JOBS: { id: string; argv: string[]; stderrLines: number }[] = [
  { id: 'validate a missing file', argv: ['validate', missing], stderrLines: 1 },
  { id: 'summary a missing file', argv: ['summary', missing], stderrLines: 1 },
  { id: 'the app on a missing file', argv: [missing], stderrLines: 1 },
  { id: 'diff with a missing file', argv: ['diff', demo, missing], stderrLines: 1 },
  { id: '--prices a missing file', argv: ['summary', '--prices', missing, demo], stderrLines: 1 },
  { id: '--export to a file', argv: ['--export', join(dir, evil('out.jsonl')), demo], stderrLines: 1 },
  { id: '--export to a missing directory', argv: ['--export', noDir, demo], stderrLines: 1 },
  { id: 'an invalid --filter', argv: ['summary', '--filter', evil('status:'), demo], stderrLines: 3 },
  { id: 'an unknown option', argv: ['summary', `--${evil('x')}`, demo], stderrLines: 2 },
  {
    id: 'a viewer link',
    argv: ['summary', `https://mcpreplay.dev/?trace=${percent(evil('t.jsonl'))}`],
    stderrLines: 1,
  },
  { id: 'validate a present file', argv: ['validate', present], stderrLines: 0 },
  { id: 'summary a present file', argv: ['summary', '--no-cache', present], stderrLines: 1 },
];

let results = new Map<string, { code: number; stdout: string; stderr: string }>();
beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  copyFileSync(demo, present);
  const jobsFile = join(dir, 'jobs.json');
  const resultsFile = join(dir, 'results.json');
  writeFileSync(jobsFile, JSON.stringify(JOBS.map(({ id, argv }) => ({ id, argv }))));
  const r = spawnSync(process.execPath, [RUNNER, jobsFile, resultsFile], {
    encoding: 'utf8',
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', MCP_REPLAY_TUI_CACHE_DIR: join(dir, 'cache') },
  });
  expect(r.stderr).toBe('');
  results = new Map(
    (
      JSON.parse(readFileSync(resultsFile, 'utf8')) as { id: string; code: number; stdout: string; stderr: string }[]
    ).map((x) => [x.id, x]),
  );
}, 60_000);

describe('names and arguments quoted in messages stay one line', () => {
  it.each(JOBS.map((j) => [j.id, j] as const))('%s', (_, job) => {
    const r = results.get(job.id)!;
    const lines = (text: string) => text.split('\n').filter((l) => l !== '');
    // No line of either stream starts with (or is) the forged text, and no bare CR is left to overwrite one.
    expect([...lines(r.stdout), ...lines(r.stderr)].filter((l) => l.startsWith('FORGED'))).toEqual([]);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/\r/);
    expect(lines(r.stderr)).toHaveLength(job.stderrLines);
    expect(`${r.stdout}${r.stderr}`).toContain(`␊${FORGED}␍␊${FORGED}␍${FORGED}`);
  });

  it('validate names a present file as one line, its verdict after it', () => {
    const r = results.get('validate a present file')!;
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`${join(dir, shown('present.jsonl'))}: 1 error, 2 warnings`);
  });
});
