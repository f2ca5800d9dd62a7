import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

/** A real run of 61 KB (both planes), 1,000 times over: 2,000 files, 61 MB (read on worker threads). */
const RUN = 'huggingface-co-2026-08-19T21-24-27-061Z';
const RUNS = 1000;
const dir = mkdtempSync(join(tmpdir(), 'mrt-sessions-many-'));
const term = tmuxTerminal();
afterAll(() => {
  term.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasTmux)('a directory of 1,000 runs in the app (tmux, 80x24)', () => {
  it('shows its first rows at once, before the runs are read, and fills them all in', async () => {
    for (let i = 0; i < RUNS; i++) {
      const sub = join(dir, `day-${i % 10}`);
      mkdirSync(sub, { recursive: true });
      for (const plane of ['agent', 'mcp'])
        copyFileSync(join(REAL_TRACES, `${RUN}.${plane}.jsonl`), join(sub, `run-${i}.${plane}.jsonl`));
    }
    // What the first frame of one small trace takes here, for scale.
    let started = Date.now();
    term.start(`node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`, 80, 24);
    await term.waitFor((s) => s.includes('of 13'), 'the demo trace', 20_000);
    const demoMs = Date.now() - started;
    term.kill();
    started = Date.now();
    term.start(`node ${BIN} ${dir}; echo "EXIT=$?"; sleep 30`, 80, 24);
    let screen = await term.waitFor((s) => s.includes('1,000 sessions') && /^› /m.test(s), 'the first rows', 20_000);
    const firstMs = Date.now() - started;
    // Listed before they are read: the first frame does not wait for 2,000 files.
    const read = Number(/reading ([\d,]+) of 1,000/.exec(screen)?.[1]?.replace(/,/g, '') ?? RUNS);
    expect(read).toBeLessThan(RUNS);
    expect(screen.split('\n').filter((l) => / run-\d+ /.test(l) || l.includes('huggingface-co')).length).toBe(21);
    screen = await term.waitFor((s) => s.includes('2,000 files'), 'every run read', 120_000);
    expect(screen.split('\n')[2]).toMatch(/^› 2026-08-19 \d\d:24 huggingface-co +1m49s +1 +1 +0 +—$/);
    console.log(
      `first rows of 1,000 runs after ${firstMs} ms (the demo trace's first frame: ${demoMs} ms; node's start included in both); all read after ${Date.now() - started} ms`,
    );
    await term.key('G', (s) => s.includes('1,000 of 1,000'), 'the last run');
    await term.key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
  });
});
