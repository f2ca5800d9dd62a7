import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pastRacyWindow, summary, writeBigTrace } from '../helpers/cache.js';

const noticeLines = (stderr: string) => stderr.split('\n').filter((l) => l.includes('index cache off'));

describe('summary with the index cache', () => {
  it('an uncreatable or unwritable cache directory: one notice, exit 0, the same output, at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-cache-cli-'));
    const a = writeBigTrace(dir, 'a.jsonl');
    const b = writeBigTrace(dir, 'b.jsonl');
    writeFileSync(join(dir, 'file.txt'), '');
    await pastRacyWindow();
    const reference = await summary(['--no-cache', a, b], join(dir, 'unused'));
    expect(reference.code).toBe(0);
    expect(noticeLines(reference.stderr)).toEqual([]);
    const cases = [
      { dir: '/proc/nope', notice: 'cannot create /proc/nope: no such directory' },
      {
        dir: join(dir, 'file.txt', 'sub'),
        notice: `cannot use ${join(dir, 'file.txt', 'sub')}: a part of the path is not a directory`,
      },
    ];
    for (const { dir: unusable, notice } of cases) {
      // Two files: still one notice (the directory is the same for both).
      const got = await summary([a, b], unusable);
      expect(got.code, unusable).toBe(0);
      // Node's own recursive mkdir spun for ever at full CPU under /proc; the whole run is a node start and two small files.
      expect(got.ms, unusable).toBeLessThan(5000);
      expect(noticeLines(got.stderr), unusable).toEqual([`mcp-replay-tui: index cache off: ${notice}`]);
      expect(got.stdout, unusable).toBe(reference.stdout);
    }
    expect(existsSync(join(dir, 'unused'))).toBe(false);
  });

  it('two instances at once on one file, then a third: every output right, one whole index, no temp files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-cache-cli-'));
    const path = writeBigTrace(dir);
    const cache = join(dir, 'cache');
    await pastRacyWindow();
    const reference = await summary(['--json', '--no-cache', path], cache);
    const both = await Promise.all([summary(['--json', path], cache), summary(['--json', path], cache)]);
    for (const got of both) {
      expect(got.code).toBe(0);
      expect(got.stdout).toBe(reference.stdout);
    }
    const names = readdirSync(cache);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^[0-9a-f]{64}\.idx$/);
    const before = statSync(join(cache, names[0]!), { bigint: true });
    // A third is served from it: the index is whole (one that failed its check would be deleted and written again).
    const third = await summary(['--json', path], cache);
    expect(third.stdout).toBe(reference.stdout);
    const after = statSync(join(cache, names[0]!), { bigint: true });
    // The same inode (a rewrite renames a new file in); its mtime is when it was last used.
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeNs).toBeGreaterThanOrEqual(before.mtimeNs);
    expect(readdirSync(cache)).toEqual(names);
  });

  it('a saved index replaced by a FIFO or a link to /dev/zero: one notice, the same output, at once, then a new index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-cache-fifo-'));
    const path = writeBigTrace(dir);
    const cache = join(dir, 'cache');
    await pastRacyWindow();
    const reference = await summary(['--no-cache', path], cache);
    expect((await summary([path], cache)).code).toBe(0);
    const [name] = readdirSync(cache);
    const entry = join(cache, name!);
    for (const [kind, plant] of [
      ['a FIFO', () => execFileSync('mkfifo', [entry])],
      ['a device', () => symlinkSync('/dev/zero', entry)],
    ] as const) {
      rmSync(entry);
      plant();
      // Before: the open blocked for ever on the FIFO (SIGTERM ignored), or /dev/zero filled the memory.
      const got = await summary([path], cache);
      expect([got.code, got.stdout], kind).toEqual([0, reference.stdout]);
      expect(got.ms, kind).toBeLessThan(5000);
      expect(
        got.stderr.split('\n').filter((l) => l.includes('index cache')),
        kind,
      ).toEqual([`mcp-replay-tui: index cache: saved index not read: ${entry} is ${kind}`]);
      // The index written after replaces what was there (the link, not /dev/zero).
      expect(statSync(entry).isFile(), kind).toBe(true);
    }
    const again = await summary([path], cache);
    expect([again.code, again.stdout, again.stderr]).toEqual([0, reference.stdout, reference.stderr]);
  });
});
