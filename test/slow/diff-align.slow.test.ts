import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { lcsSteps, MAX_EDITS } from '../../src/kit/align.js';
import { FileSource } from '../../src/sources/file-source.js';
import { diffStores } from '../../src/store/diff.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';

/*
 * Two big recordings (100,000 tools/call pairs each, ~40 MB), generated here: the
 * alignment must finish in seconds, never take n·m memory, and give up (saying so)
 * rather than run on when nearly everything differs.
 */
const CALLS = 100_000;
const TOOLS = ['read_file', 'write_file', 'list_directory', 'search_files', 'get_file_info', 'fetch_url'];

interface Call {
  tool: string;
  args: object;
  text: string;
}

/** Deterministic calls: a few tools, arguments from a small set of paths (so many calls repeat). */
function calls(n: number, seed: number): Call[] {
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: n }, () => {
    const tool = TOOLS[Math.floor(rand() * TOOLS.length)]!;
    const path = `/home/me/project/f${Math.floor(rand() * 5000)}.txt`;
    return { tool, args: { path }, text: `contents of ${path}` };
  });
}

function write(path: string, list: Call[]): string {
  const lines = ['{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z","label":"big","command":["x"]}'];
  const t0 = Date.parse('2026-05-12T23:00:00.000Z');
  list.forEach((c, k) => {
    const id = k + 1;
    lines.push(
      JSON.stringify({
        t: new Date(t0 + k * 10).toISOString(),
        dir: 'in',
        raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: c.tool, arguments: c.args } },
      }),
      JSON.stringify({
        t: new Date(t0 + k * 10 + 3).toISOString(),
        dir: 'out',
        raw: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: c.text }] } },
      }),
    );
  });
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function load(path: string): Promise<TraceStore> {
  const store = new TraceStore(bundledPrices());
  await ingest(store, new FileSource(path));
  return store;
}

/** Room for a loaded machine: the bounds below catch a wrong complexity, the bench measures speed. */
const SLACK = 4;

describe('diff of two big recordings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mrt-diff-big-'));
  const base = calls(CALLS, 7);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('100,000 calls with 40 inserted, removed or changed: each difference one row, within 30 s (reading calls back)', async () => {
    const b = [...base];
    // From the end, so the places stay those of A: 10 of each kind, spread over the recording.
    for (let k = 9; k >= 0; k--) {
      const at = 5_000 + k * 9_000;
      b[at + 3] = { ...b[at + 3]!, text: 'changed' };
      b[at + 2] = { ...b[at + 2]!, args: { path: '/changed' } };
      b.splice(at + 1, 1);
      b.splice(at, 0, { tool: 'fetch_url', args: { url: `https://inserted/${k}` }, text: 'new' });
    }
    const a = await load(write(join(dir, 'a.jsonl'), base));
    const bs = await load(write(join(dir, 'b.jsonl'), b));
    const heap = process.memoryUsage().heapUsed;
    const started = performance.now();
    const doc = diffStores(a, bs);
    const ms = performance.now() - started;
    const grew = process.memoryUsage().heapUsed - heap;
    console.log(
      `diff of ${CALLS} calls, 40 differences: ${ms.toFixed(0)} ms, heap +${(grew / 2 ** 20).toFixed(0)} MiB`,
    );
    const count = (status: string) => doc.calls.filter((c) => c.status === status).length;
    expect(doc.note).toBeNull();
    expect([count('added in B'), count('removed from B'), count('changed args'), count('changed result')]).toEqual([
      10, 10, 10, 10,
    ]);
    expect(count('same')).toBe(CALLS - 30);
    // Reading every call back dominates; the alignment itself is a small part (below).
    // A bound that catches a quadratic turn (hours at this size), not a speed figure:
    // CI shares its cores, and took 37 s once under a load of 11.
    expect(ms).toBeLessThan(SLACK * 30_000);
  });

  it('the alignment alone: 100,000 keys against the same with 1,000 edits, within 3 s', () => {
    const a = Array.from({ length: CALLS }, (_, i) => i % 7919);
    const b = [...a];
    for (let k = 0; k < 500; k++) b.splice(k * 190, 1, -1 - k, -10_000 - k);
    const started = performance.now();
    const steps = lcsSteps(a, b);
    const ms = performance.now() - started;
    console.log(`LCS of ${CALLS} keys, ~1,500 edits: ${ms.toFixed(0)} ms`);
    expect(steps).not.toBeNull();
    expect(steps!.filter(([i, j]) => i >= 0 && j >= 0)).toHaveLength(CALLS - 500);
    expect(ms).toBeLessThan(SLACK * 3_000);
  });

  it('nearly everything differs: the search gives up at its bound, says so, matches by ordinal', async () => {
    const other = calls(CALLS, 8);
    const a = await load(write(join(dir, 'a2.jsonl'), base));
    const b = await load(write(join(dir, 'b2.jsonl'), other));
    const started = performance.now();
    const doc = diffStores(a, b);
    const ms = performance.now() - started;
    console.log(`diff of ${CALLS} calls, all different: ${ms.toFixed(0)} ms`);
    expect(doc.note).toBe(
      `more than ${MAX_EDITS.toLocaleString('en-US')} calls differ: past the calls both start and end with, they are matched by ordinal`,
    );
    expect(doc.calls).toHaveLength(CALLS);
    expect(ms).toBeLessThan(SLACK * 30_000);
    // The search alone, past its bound.
    const t = performance.now();
    expect(
      lcsSteps(
        Array.from({ length: CALLS }, (_, i) => i),
        Array.from({ length: CALLS }, (_, i) => -1 - i),
      ),
    ).toBeNull();
    expect(performance.now() - t).toBeLessThan(5_000);
  });
});
