import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('string-width', async (actual) => (await import('../helpers/width-spy.js')).measuring(await actual()));

import { render } from 'ink-testing-library';
import { diffStores } from '../../src/store/diff.js';
import { DiffApp } from '../../src/ui/diff-app.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { runAsync } from '../helpers/cli.js';
import { RECORDINGS } from '../helpers/hostile-fields.js';
import { LONG_PAYLOADS, LONG_TYPED } from '../helpers/hostile-payloads.js';
import {
  frameProblems,
  hostileLines,
  hostileRecording,
  hostileStore,
  leaks,
  recordingName,
} from '../helpers/hostile-suite.js';
import { walkApp } from '../helpers/hostile-walk.js';
import { tick, waitForFrame } from '../helpers/ink.js';
import { MEASURE_LIMIT, measured, resetMeasured } from '../helpers/width-spy.js';

/**
 * Issue 15 review, finding 1 and the "Deliverable 2 gap": runs of 100,000 zero-width,
 * CJK or combining characters in every field of the v1 trace, the mcp-rec recording
 * and the cassette (names, ids, methods, keys, values, labels, metadata), and 60,000
 * characters typed into the search and filter bars. The app walks every surface; no
 * text longer than a line's worth is ever measured (test/helpers/width-spy.ts), every
 * frame is whole, nothing throws; every command answers, inert, within a bound.
 * test/hostile/long-names.test.tsx and long-typed.test.tsx are the fast part.
 */
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));
afterEach(() => vi.restoreAllMocks());

const dir = mkdtempSync(join(tmpdir(), 'mrt-long-'));

describe.each(LONG_PAYLOADS.map((p) => [p.name, p] as const))('%s in every field', (_, payload) => {
  it('the app: every pane, detail views, help, search and filter with 60,000 characters typed', async () => {
    const errors = vi.spyOn(console, 'error');
    const store = hostileStore(payload, ['escaped']);
    resetMeasured();
    const frames = await walkApp(store, { columns: 80, rows: 24, typed: LONG_TYPED });
    expect(frames.length).toBeGreaterThan(40);
    expect([...new Set(frames.flatMap((f) => frameProblems(f, 80, 24)))]).toEqual([]);
    expect(measured.longest, measured.where).toBeLessThanOrEqual(MEASURE_LIMIT);
    expect(errors).not.toHaveBeenCalled();
  }, 300_000);

  it('the diff view of it and the next long payload: rows, side by side, help', async () => {
    const a = hostileStore(payload, ['escaped']);
    const b = hostileStore(LONG_PAYLOADS[(LONG_PAYLOADS.indexOf(payload) + 1) % LONG_PAYLOADS.length]!, ['escaped']);
    resetMeasured();
    const app = render(<DiffApp doc={diffStores(a, b)} a={a} b={b} size={{ columns: 80, rows: 24 }} />);
    await waitForFrame(app.lastFrame, (f) => f.includes(' of '), 60_000);
    for (const key of ['\r', 'G', '\x1b', 'G', '\r', '\x1b', '?', 'G', '\x1b']) {
      app.stdin.write(key);
      await new Promise((r) => setTimeout(r, 150));
      await tick();
    }
    const frames = [...app.frames];
    app.unmount();
    expect(frames.length).toBeGreaterThan(6);
    expect([...new Set(frames.flatMap((f) => frameProblems(f, 80, 24)))]).toEqual([]);
    expect(measured.longest, measured.where).toBeLessThanOrEqual(MEASURE_LIMIT);
  }, 300_000);

  it('summary, validate, diff and --export: exit as they should, inert, each within 20 s', async () => {
    const name = payload.name.replace(/\W+/g, '-');
    const v1 = join(dir, `${name}.jsonl`);
    writeFileSync(v1, `${hostileLines(payload, 'escaped').join('\n')}\n`);
    const [rec, cassette] = RECORDINGS.map((r) => {
      const file = join(dir, `${name}-${recordingName({ name, text: '' }, r, 'escaped', true)}`);
      writeFileSync(file, hostileRecording(payload, r, 'escaped'));
      return file;
    }) as [string, string];
    const jobs: [string[], number[]][] = [
      [['summary', '--no-cache', v1, rec, cassette], [0]],
      [['summary', '--json', '--no-cache', v1, rec, cassette], [0]],
      [
        ['validate', '--all', v1, rec, cassette],
        [0, 1],
      ],
      [
        ['diff', rec, cassette],
        [0, 1],
      ],
      [['--export', join(dir, `${name}-out.jsonl`), cassette], [0]],
      [['summary', '--filter', LONG_TYPED, v1], [2]],
    ];
    const problems: string[] = [];
    for (const [argv, codes] of jobs) {
      const r = await runAsync(argv, { timeoutMs: 60_000 });
      const what = argv.slice(0, 2).join(' ');
      if (!codes.includes(r.code ?? -1)) problems.push(`${what}: exit ${r.code}: ${r.stderr.slice(0, 200)}`);
      if (r.ms > 20_000) problems.push(`${what}: ${r.ms} ms`);
      for (const leak of [...leaks(r.stdout), ...leaks(r.stderr)]) problems.push(`${what}: ${leak}`);
      if (/internal error|\n\s+at .*:\d+:\d+/.test(r.stderr)) problems.push(`${what}: ${r.stderr.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
