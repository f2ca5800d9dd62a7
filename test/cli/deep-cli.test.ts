import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { deepTraces } from '../helpers/deep-traces.js';

/**
 * Every command on JSON nested 5,000 deep in every field and payload, and 100,000 deep
 * in the tester's trace (issue 15, item 3): each ends as it would on any trace, never
 * with `Maximum call stack size exceeded`. Run in one process of the built CLI.
 */
const RUNNER = fileURLToPath(new URL('../helpers/run-commands.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mrt-deep-'));

const files = [...deepTraces(5000), ...deepTraces(100_000).filter((t) => t.name.startsWith('tester'))].map((t) => {
  const file = join(dir, t.name);
  writeFileSync(file, `${t.lines.join('\n')}\n`);
  return file;
});

const jobs = files.flatMap((file, i) => {
  const other = files[(i + 1) % files.length]!;
  const id = (what: string) => `${file.slice(dir.length + 1)}: ${what}`;
  return [
    { id: id('summary'), argv: ['summary', '--no-cache', file], codes: [0] },
    { id: id('summary --json'), argv: ['summary', '--json', '--no-cache', file], codes: [0] },
    { id: id('validate'), argv: ['validate', file], codes: [0, 1] },
    { id: id('validate --json'), argv: ['validate', '--json', file], codes: [0, 1] },
    { id: id('diff itself'), argv: ['diff', file, file], codes: [0] },
    { id: id('diff another'), argv: ['diff', file, other], codes: [1] },
    { id: id('diff --json'), argv: ['diff', '--json', file, other], codes: [1] },
    { id: id('--export'), argv: ['--export', join(dir, `export-${i}.jsonl`), file], codes: [0] },
    { id: id('validate the export'), argv: ['validate', join(dir, `export-${i}.jsonl`)], codes: [0, 1] },
  ];
});

let results = new Map<string, { code: number | string; stdout: string; stderr: string }>();

beforeAll(() => {
  const jobsFile = join(dir, 'jobs.json');
  const resultsFile = join(dir, 'results.json');
  writeFileSync(jobsFile, JSON.stringify(jobs.map(({ id, argv }) => ({ id, argv }))));
  const r = spawnSync(process.execPath, [RUNNER, jobsFile, resultsFile], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', MCP_REPLAY_TUI_CACHE_DIR: join(dir, 'cache') },
    timeout: 120_000,
  });
  expect(r.stderr).toBe('');
  const list = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
    id: string;
    code: number;
    stdout: string;
    stderr: string;
  }[];
  results = new Map(list.map((x) => [x.id, x]));
}, 120_000);

describe('every command on deeply nested JSON', () => {
  it.each(jobs.map((j) => [j.id, j] as const))('%s', (id, job) => {
    const r = results.get(id)!;
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/call stack|internal error|\n\s+at .*:\d+:\d+/);
    expect(job.codes, r.stderr).toContain(r.code);
    if (job.argv.includes('--json')) expect(() => JSON.parse(r.stdout)).not.toThrow();
  });

  it('say what they found: the tables, the deep difference cut with …, the records written', () => {
    const of = (name: string, what: string) => results.get(`${name}: ${what}`)!;
    // One call on the wire, and the tool_use that asked for it (USES).
    expect(of('tester-100000.jsonl', 'summary').stdout).toMatch(/^deep +1 +0 +0 +1.00s +1.00s +1.00s +1 /m);
    // tester-5000 against tester-100000: the arguments differ 5,000 levels down. The path
    // stops 32 levels down (…); to a pipe both subtrees there are whole, on the row's line.
    const row = of('tester-5000.jsonl', 'diff another').stdout.split('\n')[4]!;
    expect(row).toMatch(/changed args +deep +L1 +L1 +\+0ms +\.params\.arguments(\[0\]){32}…: \[\[\[/);
    expect(row).toContain(`${'['.repeat(4000)}`);
    expect(row).toMatch(/\]{4000}$/);
    const json = JSON.parse(of('tester-5000.jsonl', 'diff --json').stdout) as { calls: { detail: string }[] };
    expect(json.calls[0]!.detail).toMatch(/^\.params\.arguments(\[0\]){32}…: \[\[.*… → \[\[.*…$/);
    expect(of('fields-5000.jsonl', 'validate').stdout).toMatch(/t is not an ISO-8601 time: \[\{"a":\[.*…$/m);
    expect(of('tester-100000.jsonl', '--export').stderr).toMatch(/wrote 6 records/);
  });
});
