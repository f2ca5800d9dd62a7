import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROOT, run, runAsync } from '../helpers/cli.js';

/* Inputs that never end or never start: FIFOs, and validate's caps, with the built binary. */

const dir = mkdtempSync(join(tmpdir(), 'mrt-inputs-'));
const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

describe.skipIf(!hasMkfifo)('a FIFO', () => {
  it('summary waits for a late writer, says so, and reads it as the file', async () => {
    const fifo = join(dir, 'late.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // The writer comes once summary has said it waits, from another process.
    let said = false;
    const writeLate = (child: ReturnType<typeof spawn>) => {
      child.stderr!.on('data', (d: Buffer) => {
        if (said || !d.toString().includes('waiting for a writer')) return;
        said = true;
        spawn('sh', ['-c', `cat examples/demo.jsonl > '${fifo}'`], { cwd: ROOT, stdio: 'ignore' });
      });
    };
    const r = await runAsync(['summary', '--json', fifo], { during: writeLate });
    expect(r.code).toBe(0);
    expect(said).toBe(true);
    const want = run(['summary', '--json', '--no-cache', 'examples/demo.jsonl']);
    const strip = (json: string) => ({ ...JSON.parse(json), file: null });
    expect(strip(r.stdout)).toEqual(strip(want.stdout));
  });

  it('says nothing about waiting when the writer is already there', async () => {
    const fifo = join(dir, 'early.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', `cat examples/demo.jsonl > '${fifo}'`], { cwd: ROOT, stdio: 'ignore' });
    // The writer is there once its open of the FIFO waits for a reader (Linux's /proc/PID/wchan reads wait_for_partner while an open of a FIFO waits for its other end).
    const waitsForReader = () => {
      try {
        return readFileSync(`/proc/${writer.pid}/wchan`, 'utf8') === 'wait_for_partner';
      } catch {
        return false;
      }
    };
    await vi.waitUntil(waitsForReader, { timeout: 10_000, interval: 5 });
    const r = await runAsync(['validate', fifo]);
    writer.kill();
    expect(r.stderr).not.toContain('waiting');
    expect(r.stdout).toContain('1 error, 2 warnings');
  });
});

describe('validate caps', () => {
  const file = join(dir, 'blanks.jsonl');
  writeFileSync(
    file,
    '{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z","label":"x","command":["x"]}\n' +
      '\n'.repeat(100) +
      'x\n'.repeat(3) +
      '{"t":"2026-05-12T23:00:01.000Z","type":"end","durationMs":1000}\n',
  );

  it('lists 20 findings of a rule, then "… and N more (rule)"; totals count all', () => {
    const r = run(['validate', file]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter((l) => l.includes('warning blank-line'))).toHaveLength(20);
    expect(lines).toContain(`${file}: … and 80 more (blank-line)`);
    expect(lines.filter((l) => l.includes('error not-json'))).toHaveLength(3);
    expect(lines.at(-1)).toBe(`${file}: 3 errors, 100 warnings`);
  });

  it('--all lists every one; --json lists the same as the text and names what it left out', () => {
    const all = run(['validate', '--all', file]).stdout.trim().split('\n');
    expect(all.filter((l) => l.includes('warning blank-line'))).toHaveLength(100);
    expect(all.some((l) => l.includes('more ('))).toBe(false);
    const doc = JSON.parse(run(['validate', '--json', file]).stdout);
    expect(doc.findings).toHaveLength(23);
    expect(doc.omitted).toEqual([{ rule: 'blank-line', count: 80 }]);
    expect([doc.errors, doc.warnings]).toEqual([3, 100]);
    const every = JSON.parse(run(['validate', '--json', '--all', file]).stdout);
    expect([every.findings.length, every.omitted]).toEqual([103, []]);
  });
});
