import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { FollowSource } from '../../src/sources/follow-source.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

/*
 * `--follow` keeps up with a busy recording: lines appended at 10,000 a second for
 * 20 seconds all arrive, each once (counted), in the store and in the app's header.
 */

const RATE = 10_000;
const SECONDS = 20;
const LINES = RATE * SECONDS;

/**
 * A writer in a process of its own, appending LINES lines at RATE a second (what is due
 * every few ms, as a recorder's writes come): calls, answered and failed, and turns.
 * Resolves with how long the writing took.
 */
function writeAtRate(path: string): Promise<{ lines: number; ms: number }> {
  const script = `
    const fs = require('node:fs');
    const fd = fs.openSync(${JSON.stringify(path)}, 'a');
    const t0 = Date.now();
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const line = (i) => {
      const t = new Date(base + i).toISOString();
      const id = i >> 1;
      if (i % 10 === 9) return '{"t":"' + t + '","type":"turn","role":"assistant","model":"claude-sonnet-4-5","blocks":[{"type":"text","text":"ok ' + i + '"}],"usage":{"input_tokens":10,"output_tokens":2}}';
      if (i % 2 === 0) return '{"t":"' + t + '","dir":"in","raw":{"jsonrpc":"2.0","id":' + id + ',"method":"tools/call","params":{"name":"tool_' + (id % 7) + '","arguments":{"n":' + i + '}}}}';
      return '{"t":"' + t + '","dir":"out","raw":{"jsonrpc":"2.0","id":' + id + ',"result":{"content":[{"type":"text","text":"r"}],"isError":' + (id % 13 === 0) + '}}}';
    };
    let written = 0;
    const tick = () => {
      const due = Math.min(${LINES}, Math.floor(((Date.now() - t0) * ${RATE}) / 1000));
      if (due > written) {
        let chunk = '';
        for (; written < due; written++) chunk += line(written) + '\\n';
        fs.writeSync(fd, chunk);
      }
      if (written < ${LINES}) setTimeout(tick, 2);
      else process.stdout.write(JSON.stringify({ lines: written, ms: Date.now() - t0 }));
    };
    tick();
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as { lines: number; ms: number })
        : reject(new Error(`writer exited ${code}`)),
    );
  });
}

const META = '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"busy","command":["x"]}\n';

async function until(ok: () => boolean, what: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const term = tmuxTerminal();
afterEach(() => {
  term.kill();
});

describe(`--follow at ${RATE.toLocaleString('en-US')} lines/s for ${SECONDS} s`, () => {
  it("every line reaches the store once: its counts are summary's on the file", async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mrt-slow-follow-')), 'busy.jsonl');
    writeFileSync(path, META);
    const store = new TraceStore(bundledPrices());
    const source = new FollowSource(path);
    // As the app reads it: a person waiting, batches appended in slices.
    const reading = ingest(store, source, undefined, { interactive: true });
    let seenWhileWriting = 0;
    const probe = setInterval(() => (seenWhileWriting = store.count), 1000);
    try {
      const writer = await writeAtRate(path);
      expect(writer.lines).toBe(LINES);
      // The writer kept the rate (a loaded machine may fall a little behind it).
      expect(writer.ms).toBeLessThan(SECONDS * 1000 * 1.5);
      // Kept up while writing: most of it was in before the writer ended.
      expect(seenWhileWriting).toBeGreaterThan(LINES * 0.8);
      await until(() => store.count === LINES + 1, `${LINES + 1} rows (now ${store.count})`, 15_000);
      const fresh = new TraceStore(bundledPrices());
      await ingest(fresh, new FileSource(path));
      expect(fresh.count).toBe(LINES + 1);
      expect(statsOf(store, 0)).toEqual(statsOf(fresh, 0));
      expect(store.files[0]!.skipped).toBe(0);
    } finally {
      clearInterval(probe);
      source.close();
      await reading;
    }
  });

  it.skipIf(!hasTmux)("the app's header counts every line, and no more (the built binary, in tmux)", async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mrt-slow-follow-')), 'busy.jsonl');
    writeFileSync(path, META);
    term.start(`node ${BIN} --follow ${path}; echo "EXIT=$?"; sleep 60`, 140, 30);
    await term.waitFor((s) => s.includes(' 1 rec') && s.includes('live'), 'the first frame');
    const writer = await writeAtRate(path);
    expect(writer.lines).toBe(LINES);
    const total = (LINES + 1).toLocaleString('en-US');
    // Every line, once. (On a quiet machine the header keeps up as they are written; on a
    // loaded one the frames take the time and the app catches up after.)
    const screen = await term.waitFor(
      (s) => (s.split('\n')[0] ?? '').includes(` ${total} rec`),
      `${total} rec in the header`,
      60_000,
    );
    expect(screen.split('\n')[0]).not.toContain('skipped');
    // The Calls pane lists each request once (a response joins its request; a tenth of the lines are turns).
    expect(screen.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`of ${(LINES / 2).toLocaleString('en-US')}\\s*$`));
    term.send('q');
    await term.waitFor((s) => s.includes('EXIT=0'), 'quit');
  });
});
