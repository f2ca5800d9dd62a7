import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';
import { FAKE, recordArgs, traceFile, traceLines, validateTrace } from '../helpers/record.js';

const SECRET = 'hunter2Zq';
/** Every form a secret takes on a command line: the secret's value is SECRET. */
const FORMS: string[][] = [
  ['-pSECRET'],
  ['-p=SECRET'],
  ['-p', 'SECRET'],
  ['--password=SECRET'],
  ['--password', 'SECRET'],
  ['--token', 'SECRET'],
  ['-token=SECRET'],
  ['--api-key', 'SECRET'],
  ['--client-secret=SECRET'],
  ['--auth', 'SECRET'],
  ['--credentials', 'SECRET'],
  ['API_KEY=SECRET'],
  ['--env', 'GITHUB_TOKEN=SECRET'],
  ['--env=DB_PASSWORD=SECRET'],
  ['https://user:SECRET@example.com/mcp'],
  ['https://example.com/mcp?token=SECRET&a=1'],
  ['--url=https://example.com/mcp?api_key=SECRET'],
  ['--header', 'Authorization: Bearer SECRET'],
  ['--header=Authorization: token SECRET'],
  ['Bearer SECRET'],
  ['--config', '{"apiKey":"SECRET"}'],
].map((form) => form.map((arg) => arg.replace('SECRET', SECRET)));

/** Every place `record` shows the command: the trace (meta, label, events) and its stderr; with `summary`, its report of the trace. */
function surfaces(file: string, stderr: string, summary = false): Record<string, string> {
  const lines = traceLines(file);
  return {
    meta: JSON.stringify(lines[0]),
    events: JSON.stringify(lines.filter((l) => l.dir === 'event')),
    file: readFileSync(file, 'utf8'),
    stderr,
    ...(summary ? { summary: run(['summary', '--json', file]).stdout + run(['summary', file]).stdout } : {}),
  };
}

/** The recordings the cases made, validated at the end in one run. */
const made: string[] = [];

describe('record: a secret on the command line is on no surface', () => {
  it.each(FORMS)('%j, for a server that cannot start (the system message quotes the command)', (...form) => {
    for (const command of [
      ['/no/such/dir/server', ...form],
      [...form, 'server'],
    ]) {
      const file = traceFile();
      made.push(file);
      const r = run(recordArgs(file, command));
      expect(r.code).toBe(127);
      const shown = surfaces(file, r.stderr);
      for (const [surface, text] of Object.entries(shown)) expect(`${surface}: ${text}`).not.toContain(SECRET);
      expect(shown.meta).toContain('[REDACTED]');
    }
  });

  it('every form at once, for a server that runs: meta and summary show the command redacted', () => {
    const file = traceFile();
    const r = run(recordArgs(file, [process.execPath, FAKE, ...FORMS.flat()]), '');
    expect(r.code).toBe(0);
    const meta = traceLines(file)[0] as { command: string[]; label: string };
    expect(meta.label).toBe('record-fake-server');
    expect(meta.command.slice(0, 2)).toEqual([process.execPath, FAKE]);
    expect(meta.command.filter((a) => a.includes('[REDACTED]'))).toHaveLength(FORMS.length);
    for (const [surface, text] of Object.entries(surfaces(file, r.stderr, true)))
      expect(`${surface}: ${text}`).not.toContain(SECRET);
    expect(validateTrace(file)).toEqual({ code: 0, findings: [] });
  });

  it('every recording the cases made validates', () => {
    const r = run(['validate', '--json', '--all', ...made]);
    expect(r.code).toBe(0);
    const reports = JSON.parse(r.stdout) as { findings: unknown[] }[];
    expect(reports.map((report) => report.findings)).toEqual(made.map(() => []));
  });
});
