import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCached } from '../../src/sources/index-cache.js';
import { writeCached, writeCachedSoon } from '../../src/sources/index-write.js';

const KEY = 'ab'.repeat(32);
const tempDir = () => mkdtempSync(join(tmpdir(), 'mrt-index-write-'));

/** `n` parts of `bytes` each, every byte a function of its place: a mix-up shows. */
function parts(n: number, bytes: number): Uint8Array[] {
  return Array.from({ length: n }, (_, p) => Uint8Array.from({ length: bytes }, (_, i) => (p * 7 + i * 31) & 0xff));
}

describe('writeCachedSoon: the app saves its index a slice at a time', () => {
  it('writes the same file, byte for byte, as writing it in one go', async () => {
    const once = tempDir();
    const soon = tempDir();
    const all = [...parts(3, 5000), new Uint8Array(0), ...parts(2, (3 << 20) + 5)];
    expect(writeCached(KEY, all, once)).toBeNull();
    expect(await writeCachedSoon(KEY, all, soon)).toBeNull();
    const a = readFileSync(join(once, `${KEY}.idx`));
    expect(Buffer.compare(a, readFileSync(join(soon, `${KEY}.idx`)))).toBe(0);
    expect(readCached(KEY, soon)!.payload.length).toBe(3 * 5000 + 2 * ((3 << 20) + 5));
    expect(readdirSync(soon)).toEqual([`${KEY}.idx`]);
  });

  it('lets the event loop turn while parts are made and written, never one long block', async () => {
    const dir = tempDir();
    let turns = 0;
    /** The timer turns counted as each part was asked for. */
    const turnsAtPart: number[] = [];
    /** Parts that take 3 ms each to make, as a snapshot's do: 40 of them. */
    function* slow(): Generator<Uint8Array> {
      for (const part of parts(40, 64 << 10)) {
        turnsAtPart.push(turns);
        const until = performance.now() + 3;
        while (performance.now() < until);
        yield part;
      }
    }
    const tick = setInterval(() => {
      turns += 1;
    }, 0);
    const saved = await writeCachedSoon(KEY, slow(), dir);
    clearInterval(tick);
    expect(saved).toBeNull();
    // 120 ms of work: in one go no timer would fire before it ends, and every part would
    // be made at the same count of turns. Counted, not timed: a loaded machine stretched
    // a gap of the wall clock past half of the whole once (141 ms of 265).
    expect(turns).toBeGreaterThan(5);
    expect(new Set(turnsAtPart).size).toBeGreaterThan(5);
  });

  it('keeps the old index whole and leaves no temp file when a part fails halfway', async () => {
    const dir = tempDir();
    expect(await writeCachedSoon(KEY, parts(1, 10), dir)).toBeNull();
    const before = readFileSync(join(dir, `${KEY}.idx`));
    function* failing(): Generator<Uint8Array> {
      yield parts(1, 100)[0]!;
      throw new Error('the store went away');
    }
    expect(await writeCachedSoon(KEY, failing(), dir)).toMatch(/cannot write to .*: the store went away/);
    expect(readdirSync(dir)).toEqual([`${KEY}.idx`]);
    expect(Buffer.compare(readFileSync(join(dir, `${KEY}.idx`)), before)).toBe(0);
  });

  it('says why when the directory cannot be made', async () => {
    expect(await writeCachedSoon(KEY, parts(1, 10), '/proc/nope')).toMatch(/^cannot create \/proc\/nope/);
  });

  it('removes its temp file when the process exits mid-write (the user quit while it saved)', () => {
    const dir = tempDir();
    // The built module, in a process of its own that exits while a part is still to come.
    const script = `
      import { writeCachedSoon } from ${JSON.stringify(join(process.cwd(), 'dist/sources/index-write.js'))};
      function* never() {
        yield new Uint8Array(64);
        // Mid-write: the process ends as a quit ends it.
        process.exit(0);
      }
      await writeCachedSoon(${JSON.stringify(KEY)}, never(), ${JSON.stringify(dir)});
    `;
    execFileSync(process.execPath, ['--input-type=module', '-e', script]);
    expect(readdirSync(dir)).toEqual([]);
  });
});
