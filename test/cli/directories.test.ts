import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, TERMINAL_CONTROLS } from '../helpers/cli.js';

/* `validate DIR` and `summary DIR`: each recording a directory holds, as `report` finds them. */

function recordings(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mrt-dirs-'));
  mkdirSync(join(dir, 'later'));
  copyFileSync('examples/demo.jsonl', join(dir, 'a.jsonl'));
  copyFileSync('examples/demo.jsonl', join(dir, 'later', 'b.jsonl'));
  // A JSON file that is no recording, and a file of another kind (not read).
  writeFileSync(join(dir, 'notes.json'), '{"ops": []}\n');
  writeFileSync(join(dir, 'README.txt'), 'not a recording\n');
  return dir;
}

describe('a directory named to validate or summary', () => {
  it('validate checks each recording in it and passes over what is no recording, in one note', () => {
    const dir = recordings();
    const r = run(['validate', dir]);
    // demo.jsonl has a line that is not JSON: an error of its own.
    expect(r.code).toBe(1);
    const files = r.stdout.split('\n').filter((l) => /: \d+ errors?, \d+ warnings?/.test(l));
    expect(files.map((l) => l.split(': ')[0])).toEqual([join(dir, 'a.jsonl'), join(dir, 'later', 'b.jsonl')]);
    expect(r.stdout).not.toContain('notes.json');
    expect(r.stdout).not.toContain('README.txt');
    expect(r.stderr).toBe('passed over 1 file of no known format (--verbose names them)\n');
    // --verbose names it with what it is; named by itself, it is an error.
    expect(run(['validate', '--verbose', dir]).stderr).toBe(
      `not a trace: ${join(dir, 'notes.json')} is a JSON document with keys ops (passed over)\n`,
    );
    const alone = run(['validate', join(dir, 'notes.json')]);
    expect(alone.code).toBe(1);
    expect(alone.stdout).toContain(`${join(dir, 'notes.json')}:1: error not-a-trace`);
  });

  it('summary prints each recording in it and passes over what is no recording (exit 0)', () => {
    const dir = recordings();
    const r = run(['summary', '--json', '--no-cache', dir]);
    expect(r.code).toBe(0);
    const docs = JSON.parse(r.stdout) as { file: string }[];
    expect(docs.map((d) => d.file)).toEqual([join(dir, 'a.jsonl'), join(dir, 'later', 'b.jsonl')]);
    expect(r.stderr).toContain('passed over 1 file of no known format (--verbose names them)\n');
    expect(r.stderr).not.toContain('notes.json');
    expect(run(['summary', '--verbose', '--no-cache', dir]).stderr).toMatch(
      /not a trace: .*notes\.json .*\(passed over\)/,
    );
    // Named by itself, it is an error (exit 1).
    expect(run(['summary', join(dir, 'notes.json')]).code).toBe(1);
    // Each the same as the file named alone.
    const alone = JSON.parse(run(['summary', '--json', '--no-cache', join(dir, 'a.jsonl')]).stdout);
    expect(docs[0]).toEqual(alone);
  });

  it('a directory of nothing but files of no known format is trouble, as an empty one is', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-ops-'));
    writeFileSync(join(dir, 'x.ops.json'), '{"ops": []}\n');
    for (const [command, code] of [
      ['validate', 2],
      ['summary', 1],
    ] as const) {
      const r = run([command, dir]);
      expect([r.code, r.stdout]).toEqual([code, '']);
      expect(r.stderr).toBe(`mcp-replay-tui: no recordings in ${dir}: passed over 1 file of no known format\n`);
    }
  });

  it('an empty directory is trouble for both, said', () => {
    const empty = mkdtempSync(join(tmpdir(), 'mrt-empty-'));
    for (const [command, code] of [
      ['validate', 2],
      ['summary', 1],
    ] as const) {
      const r = run([command, empty]);
      expect(r.code).toBe(code);
      expect(r.stderr).toContain(`no recordings (*.jsonl, *.json) in ${empty}`);
    }
  });

  it('files named one by one are read as before, whatever their names', () => {
    const dir = recordings();
    const r = run(['validate', join(dir, 'README.txt')]);
    expect(r.stdout).toContain('README.txt:1: error');
  });
});

describe('a directory holding what is no regular file, or nothing readable', () => {
  it('names a FIFO, a link to a device and a dangling link, reads the rest, and ends', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-odd-'));
    copyFileSync('examples/demo.jsonl', join(dir, 'a.jsonl'));
    symlinkSync('/dev/zero', join(dir, 'zero.jsonl'));
    symlinkSync('/nonexistent', join(dir, 'dangling.jsonl'));
    const fifo = spawnSync('mkfifo', [join(dir, 'fifo.jsonl')]).status === 0;
    for (const [command, code] of [
      ['validate', 2],
      ['summary', 1],
    ] as const) {
      // A FIFO read as a recording would wait for a writer for ever: 20 s is plenty.
      const r = run([command, dir], undefined, 20_000);
      expect(r.code, command).toBe(code);
      expect(r.stdout, command).toContain(join(dir, 'a.jsonl'));
      expect(r.stderr).toContain(`${join(dir, 'zero.jsonl')}: not a regular file`);
      expect(r.stderr).toContain(`${join(dir, 'dangling.jsonl')}: no such file or directory`);
      if (fifo) expect(r.stderr).toContain(`${join(dir, 'fifo.jsonl')}: not a regular file`);
    }
  });

  it('reads stdin (-) first beside a directory', () => {
    const dir = recordings();
    const r = run(['validate', dir, '-'], readFileSync('examples/demo.jsonl', 'utf8'));
    const files = r.stdout.split('\n').filter((l) => /: \d+ errors?, \d+ warnings?/.test(l));
    expect(files.map((l) => l.split(': ')[0])).toEqual(['-', join(dir, 'a.jsonl'), join(dir, 'later', 'b.jsonl')]);
  });
});

describe('hostile file names found in a directory', () => {
  it("report's note on skipped lines keeps each name on one line, inert", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-names-'));
    const forged = 'b\nmcp-replay-tui: all traces valid\x1b[2J.jsonl';
    writeFileSync(join(dir, forged), '{"bad\n');
    const r = run(['report', dir]);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('skipped '))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('mcp-replay-tui: all traces valid'))).toBe(false);
    // (The newline that ends each message is the only control that passes.)
    expect(r.stderr).not.toMatch(TERMINAL_CONTROLS);
  });
});

describe('a recording whose name is not UTF-8', () => {
  it('is named with why (not "no such file"), and the rest read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-bytes-'));
    copyFileSync('examples/demo.jsonl', join(dir, 'ok.jsonl'));
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/bad`), Buffer.from([0xff, 0xfe]), Buffer.from('.jsonl')]), '{}\n');
    const r = run(['validate', dir]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`${join(dir, 'ok.jsonl')}: 1 error, 2 warnings`);
    expect(r.stderr).toMatch(/bad\uFFFD+\.jsonl: its name is not UTF-8: rename it to read it/);
  });
});
