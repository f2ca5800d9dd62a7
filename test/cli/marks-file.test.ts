import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canKeepMarks, keptMarks, loadMarks, saveMarks } from '../../src/cli/marks-file.js';
import { ROOT } from '../helpers/cli.js';

const dir = () => mkdtempSync(join(tmpdir(), 'mrt-marks-'));

/** A copy of the demo trace, and a state directory, of this test's own. */
function setup() {
  const home = dir();
  const trace = join(home, 'demo.jsonl');
  copyFileSync(join(ROOT, 'examples/demo.jsonl'), trace);
  return { trace, state: join(home, 'state') };
}

describe('marks kept per trace file while it is unchanged', () => {
  it('come back for the same file', () => {
    const { trace, state } = setup();
    expect(loadMarks(trace, state)).toEqual({ marks: [], dropped: false });
    saveMarks(
      trace,
      [
        { line: 10, nth: 0 },
        { line: 2, nth: 1 },
      ],
      state,
    );
    expect(readdirSync(join(state, 'marks'))).toHaveLength(1);
    expect(loadMarks(trace, state)).toEqual({
      marks: [
        { line: 10, nth: 0 },
        { line: 2, nth: 1 },
      ],
      dropped: false,
    });
    // No marks left: nothing kept.
    saveMarks(trace, [], state);
    expect(readdirSync(join(state, 'marks'))).toEqual([]);
  });

  it.each([
    ['grown', (trace: string) => appendFileSync(trace, '{"type":"end"}\n')],
    // The same size and mtime put back: the ctime still tells.
    [
      'rewritten in place, mtime put back',
      (trace: string) => {
        writeFileSync(trace, `${'x'.repeat(10)}`, { flag: 'r+' });
        utimesSync(trace, new Date('2020-01-01'), new Date('2020-01-01'));
      },
    ],
  ])('are dropped, once, when the file changed (%s)', (_, change) => {
    const { trace, state } = setup();
    utimesSync(trace, new Date('2020-01-01'), new Date('2020-01-01'));
    saveMarks(trace, [{ line: 3, nth: 0 }], state);
    change(trace);
    expect(loadMarks(trace, state)).toEqual({ marks: [], dropped: true });
    expect(loadMarks(trace, state)).toEqual({ marks: [], dropped: false });
  });

  it('another file, or a copy of it elsewhere, has marks of its own', () => {
    const { trace, state } = setup();
    saveMarks(trace, [{ line: 3, nth: 0 }], state);
    const copy = join(dir(), 'demo.jsonl');
    copyFileSync(trace, copy);
    expect(loadMarks(copy, state).marks).toEqual([]);
  });

  it('a file whose marks cannot be kept (stdin, a URL, a folder) keeps them for the run only', () => {
    expect(canKeepMarks('https://example.com/x.jsonl')).toBe(false);
    expect(canKeepMarks(dir())).toBe(false);
    expect(canKeepMarks(setup().trace)).toBe(true);
    const { kept } = keptMarks(['-', 'https://example.com/x.jsonl'], [0, 1], dir());
    expect(kept.saved).toEqual([]);
    expect(() => kept.save([{ file: 0, line: 1, nth: 0 }])).not.toThrow();
  });

  it('the app gets each file its marks by store file, and a notice naming the files that changed', () => {
    const a = setup();
    const b = setup();
    const state = a.state;
    saveMarks(a.trace, [{ line: 5, nth: 0 }], state);
    saveMarks(b.trace, [{ line: 7, nth: 0 }], state);
    appendFileSync(b.trace, '\n');
    const { kept, notice } = keptMarks([a.trace, b.trace], [0, 1], state);
    expect(kept.saved).toEqual([{ file: 0, line: 5, nth: 0 }]);
    expect(notice).toBe('marks of demo.jsonl dropped: the file changed since they were set');
    kept.save([
      { file: 0, line: 6, nth: 0 },
      { file: 1, line: 8, nth: 0 },
    ]);
    expect(loadMarks(a.trace, state).marks).toEqual([{ line: 6, nth: 0 }]);
    expect(loadMarks(b.trace, state).marks).toEqual([{ line: 8, nth: 0 }]);
  });

  it('an unreadable or hostile marks file is no mark, and no crash', () => {
    const { trace, state } = setup();
    saveMarks(trace, [{ line: 1, nth: 0 }], state);
    const [file] = readdirSync(join(state, 'marks'));
    for (const text of ['{', '[]', '{"marks": "x"}', '{"path": 1, "marks": [[1, 0]]}', 'null']) {
      writeFileSync(join(state, 'marks', file!), text);
      expect(loadMarks(trace, state).marks).toEqual([]);
    }
  });
});

describe('a marks file that is no file of ours', () => {
  it('a directory at its path: the marks are kept for the run only, and no temp file is left', () => {
    const { trace, state } = setup();
    saveMarks(trace, [{ line: 10, nth: 0 }], state);
    const name = readdirSync(join(state, 'marks'))[0]!;
    rmSync(join(state, 'marks', name));
    mkdirSync(join(state, 'marks', name));
    saveMarks(trace, [{ line: 11, nth: 0 }], state);
    expect(readdirSync(join(state, 'marks'))).toEqual([name]);
  });

  it.each(['a FIFO', 'a link to /dev/zero'])('%s is left unread, at once', (what) => {
    const { trace, state } = setup();
    saveMarks(trace, [{ line: 10, nth: 0 }], state);
    const path = join(state, 'marks', readdirSync(join(state, 'marks'))[0]!);
    rmSync(path);
    if (what === 'a FIFO') execFileSync('mkfifo', [path]);
    else symlinkSync('/dev/zero', path);
    const started = Date.now();
    expect(loadMarks(trace, state)).toEqual({ marks: [], dropped: false });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
