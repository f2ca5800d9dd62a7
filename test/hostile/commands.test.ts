import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILTER } from '../../src/trace/filter.js';
import { run } from '../helpers/cli.js';
import { RECORDINGS } from '../helpers/hostile-fields.js';
import { ENCODINGS, PAYLOADS, type Payload } from '../helpers/hostile-payloads.js';
import { hostileLines, hostileName, hostileRecording, leaks, recordingName } from '../helpers/hostile-suite.js';

/**
 * Every command's output and every error message, on the hostile traces: the same
 * byte rules as the app's frames, on stdout and on stderr. The commands run in one
 * process of the built CLI (test/helpers/run-commands.mjs); a few through the binary.
 */
const RUNNER = fileURLToPath(new URL('../helpers/run-commands.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mrt-hostile-'));

/** Every byte of `text` percent-encoded (a lone surrogate as U+FFFD), as a link would carry it. */
const percent = (text: string) => [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

interface Job {
  id: string;
  argv: string[];
  /** Exit codes that are right for it. */
  codes: number[];
  json?: boolean;
}

function jobsOf(payload: Payload, p: number): Job[] {
  const [a, b] = ENCODINGS.map((e) => {
    const file = join(dir, hostileName(payload, e, true));
    writeFileSync(file, `${hostileLines(payload, e).join('\n')}\n`);
    return file;
  }) as [string, string];
  // The same payload in an mcp-rec recording and a cassette, each in both encodings.
  const [recA, recB, casA, casB] = RECORDINGS.flatMap((r) =>
    ENCODINGS.map((e) => {
      const file = join(dir, `${p}-${recordingName(payload, r, e, true)}`);
      writeFileSync(file, hostileRecording(payload, r, e));
      return file;
    }),
  ) as [string, string, string, string];
  const missing = join(dir, `missing-${hostileName(payload, 'raw', true)}`);
  const exported = join(dir, `export-${p}-${hostileName(payload, 'escaped', true)}`);
  const id = (name: string) => `${p}:${name}`;
  return [
    { id: id('summary A'), argv: ['summary', '--no-cache', a], codes: [0] },
    { id: id('summary B'), argv: ['summary', '--no-cache', b], codes: [0] },
    { id: id('summary --json A B'), argv: ['summary', '--json', '--no-cache', a, b], codes: [0], json: true },
    {
      id: id('summary --filter'),
      argv: ['summary', '--no-cache', '--filter', `tool:*${payload.text}*`, a],
      // Past MAX_FILTER a filter is refused (exit 2), whatever it holds.
      codes: [`tool:*${payload.text}*`.length > MAX_FILTER ? 2 : 0],
    },
    { id: id('summary (no tty: the app command)'), argv: [a], codes: [0] },
    { id: id('validate A B'), argv: ['validate', a, b], codes: [0, 1] },
    { id: id('validate --all A B'), argv: ['validate', '--all', a, b], codes: [0, 1] },
    { id: id('validate --json A B'), argv: ['validate', '--json', a, b], codes: [0, 1], json: true },
    { id: id('diff A B'), argv: ['diff', a, b], codes: [0, 1] },
    { id: id('diff --json A B'), argv: ['diff', '--json', a, b], codes: [0, 1], json: true },
    { id: id('report A B'), argv: ['report', '--by', 'session', '--by', 'model', '--by', 'tool', a, b], codes: [0] },
    {
      id: id('report --json A B'),
      argv: ['report', '--json', '--by', 'server', '--by', 'tool', a, b],
      codes: [0],
      json: true,
    },
    { id: id('--export'), argv: ['--export', exported, a], codes: [0] },
    { id: id('--export to a missing directory'), argv: ['--export', join(missing, 'out.jsonl'), a], codes: [1] },
    { id: id('--export-otlp'), argv: ['--export-otlp', `${exported}.otlp.json`, a, b], codes: [0] },
    {
      id: id('--export-otlp to a missing directory'),
      argv: ['--export-otlp', join(missing, 'out.json'), a],
      codes: [1],
    },
    {
      id: id('--otlp-endpoint, nobody listening'),
      argv: ['--otlp-endpoint', `http://127.0.0.1:9/${percent(payload.text)}`, '--timeout', '0.2', a],
      codes: [1],
    },
    { id: id('--otlp-endpoint that is no URL'), argv: ['--otlp-endpoint', payload.text, a], codes: [2] },
    { id: id('invalid --filter'), argv: ['summary', '--filter', `status:${payload.text}`, a], codes: [2] },
    { id: id('missing file: summary'), argv: ['summary', missing], codes: [1] },
    { id: id('missing file: validate'), argv: ['validate', missing], codes: [2] },
    { id: id('missing file: diff'), argv: ['diff', a, missing], codes: [2] },
    { id: id('missing file: the app'), argv: [missing], codes: [1] },
    { id: id('missing file: report'), argv: ['report', missing], codes: [1] },
    { id: id('missing --prices file'), argv: ['summary', '--prices', missing, a], codes: [1] },
    {
      id: id('viewer link, relative trace='),
      argv: ['summary', `https://mcpreplay.dev/?trace=${percent(payload.text)}`],
      codes: [1],
    },
    {
      id: id('viewer link, unreachable trace='),
      argv: ['validate', `https://mcpreplay.dev/?trace=${percent(`http://127.0.0.1:9/${payload.text}`)}`],
      codes: [2],
    },
    { id: id('an unknown option'), argv: ['summary', `--${payload.text}`, a], codes: [2] },
    // mcp-rec and cassette (a raw control in a cassette makes it no JSON: then it reads as lines, all skipped).
    { id: id('summary mcp-rec cassette'), argv: ['summary', '--no-cache', recA, casA], codes: [0] },
    { id: id('summary (raw) mcp-rec cassette'), argv: ['summary', '--no-cache', recB, casB], codes: [0, 1] },
    // Not the raw ones: with no record they are no trace, and summary prints nothing (exit 1).
    {
      id: id('summary --json recordings'),
      argv: ['summary', '--json', '--no-cache', recA, casA],
      codes: [0, 1],
      json: true,
    },
    { id: id('validate --all recordings'), argv: ['validate', '--all', recA, recB, casA, casB], codes: [0, 1] },
    { id: id('validate --json recordings'), argv: ['validate', '--json', recA, casA], codes: [0, 1], json: true },
    { id: id('diff mcp-rec cassette'), argv: ['diff', recA, casA], codes: [0, 1] },
    { id: id('diff --json cassette mcp-rec'), argv: ['diff', '--json', casA, recA], codes: [0, 1], json: true },
    { id: id('--export cassette'), argv: ['--export', `${exported}.cassette.jsonl`, casA], codes: [0] },
    { id: id('--export mcp-rec'), argv: ['--export', `${exported}.mcp-rec.jsonl`, recA], codes: [0] },
    {
      id: id('--export-otlp recordings'),
      argv: ['--export-otlp', `${exported}.rec.otlp.json`, recA, casA],
      codes: [0],
    },
  ];
}

const JOBS = PAYLOADS.flatMap(jobsOf);
let results = new Map<string, { code: number | string; stdout: string; stderr: string }>();

beforeAll(() => {
  const jobsFile = join(dir, 'jobs.json');
  const resultsFile = join(dir, 'results.json');
  writeFileSync(jobsFile, JSON.stringify(JOBS.map(({ id, argv }) => ({ id, argv }))));
  const r = spawnSync(process.execPath, [RUNNER, jobsFile, resultsFile], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', MCP_REPLAY_TUI_CACHE_DIR: join(dir, 'cache') },
    timeout: 120_000,
  });
  expect(r.stderr).toBe('');
  expect(existsSync(resultsFile)).toBe(true);
  results = new Map(
    (
      JSON.parse(readFileSync(resultsFile, 'utf8')) as { id: string; code: number; stdout: string; stderr: string }[]
    ).map((x) => [x.id, x]),
  );
}, 120_000);

describe('every command on a hostile trace: no content byte reaches stdout or stderr', () => {
  it.each(PAYLOADS.map((p, i) => [p.name, i] as const))('%s', (_, p) => {
    const problems: string[] = [];
    for (const job of JOBS.filter((j) => j.id.startsWith(`${p}:`))) {
      const r = results.get(job.id);
      if (!r) {
        problems.push(`${job.id}: did not run`);
        continue;
      }
      for (const [stream, text] of [
        ['stdout', r.stdout],
        ['stderr', r.stderr],
      ] as const) {
        for (const leak of leaks(text)) problems.push(`${job.id} ${stream}: ${leak}`);
        if (/internal error|\n\s+at .*:\d+:\d+/.test(text))
          problems.push(`${job.id} ${stream}: a crash: ${text.slice(0, 200)}`);
      }
      if (!job.codes.includes(r.code as number))
        problems.push(`${job.id}: exit ${r.code}, not ${job.codes.join(' or ')}: ${r.stderr.slice(0, 200)}`);
      if (job.json) {
        try {
          JSON.parse(r.stdout);
        } catch (error) {
          problems.push(`${job.id}: stdout is not JSON (${(error as Error).message})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('say what they did: a table, findings, a written file, a reason for each error', () => {
    const of = (id: string) => results.get(`12:${id}`)!;
    expect(of('summary A').stdout).toMatch(/^TOOL +CALLS/m);
    expect(of('validate --all A B').stdout).toMatch(/errors?, \d+ warnings?/);
    expect(of('--export').stderr).toMatch(/wrote \d+ records? to /);
    expect(of('--export-otlp').stderr).toMatch(/wrote \d+ spans? to .* \(OTLP\/JSON\)/);
    expect(of('--otlp-endpoint, nobody listening').stderr).toMatch(
      /cannot send to http:\/\/127\.0\.0\.1:9\/.*ECONNREFUSED/,
    );
    expect(of('missing file: summary').stderr).toMatch(/cannot open .*missing-/);
    expect(of('report A B').stdout).toMatch(/^SESSION +MODEL +TOOL +SESSIONS +CALLS/m);
    expect(of('missing file: report').stderr).toMatch(/cannot read .*missing-.*: no such file or directory/);
    expect(of('viewer link, relative trace=').stderr).toMatch(/a path relative to the viewer/);
    expect(of('invalid --filter').stderr).toMatch(/invalid --filter/);
    // The recordings are read as what they are, and validate reads the fields no record keeps.
    expect(of('summary mcp-rec cassette').stdout).toMatch(/mcp-rec/);
    expect(of('summary mcp-rec cassette').stdout).toMatch(/cassette/);
    expect(of('validate --all recordings').stdout).toMatch(/cassette-type/);
  });
});

describe('the binary itself on a hostile trace', () => {
  it('prints the summary and a missing hostile file name inert', () => {
    const payload = PAYLOADS.find((p) => p.name === 'OSC 52 (clipboard write)')!;
    const file = join(dir, hostileName(payload, 'escaped', true));
    const ok = run(['summary', '--no-cache', file]);
    expect(ok.code).toBe(0);
    expect([...leaks(ok.stdout), ...leaks(ok.stderr)]).toEqual([]);
    expect(ok.stdout).toContain('␛]52;c;');
    const missing = run(['summary', join(dir, `nope-${hostileName(payload, 'raw', true)}`)]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot open .*nope-␛\]52;c;cm0gLXJmIH4K␇/);
    expect(leaks(missing.stderr)).toEqual([]);
  });
});
