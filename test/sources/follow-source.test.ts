import {
  appendFileSync,
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FollowSource, NOT_THERE_YET } from '../../src/sources/follow-source.js';
import { openSource } from '../../src/sources/open-source.js';
import type { Line, SourceEvent } from '../../src/sources/types.js';

let source: FollowSource | null = null;
afterEach(() => source?.close());

/** Follows `path` as the store does: a `reset` drops every line held so far. */
function follow(path: string) {
  source = new FollowSource(path);
  const lines: { text: string; offset: number; length: number; lineNo: number }[] = [];
  const events: SourceEvent[] = [];
  const done = (async () => {
    for await (const batch of source!.lines((e) => {
      if (e.type === 'progress') return;
      events.push(e);
      if (e.type === 'reset') lines.length = 0;
    })) {
      lines.push(...batch.map((l: Line) => ({ text: l.text, offset: l.offset, length: l.length, lineNo: l.lineNo })));
    }
  })();
  return { lines, events, done, src: source };
}

/** The complete lines a file holds, with their offsets and numbers: what the lines followed must be at a quiet moment. */
function linesOf(path: string) {
  const out: { text: string; offset: number; length: number; lineNo: number }[] = [];
  const text = readFileSync(path, 'utf8');
  let offset = 0;
  for (const [i, line] of text.split('\n').entries()) {
    if (offset + line.length < text.length)
      out.push({ text: line, offset, length: Buffer.byteLength(line), lineNo: i + 1 });
    offset += Buffer.byteLength(line) + 1;
  }
  return out;
}

const resets = (f: { events: SourceEvent[] }, why: string) =>
  f.events.filter((e) => e.type === 'reset' && e.message === `${why}: re-read from the start`).length;

async function until(ok: () => boolean, what: string, ms = 4000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const dir = () => mkdtempSync(join(tmpdir(), 'mrt-follow-'));

describe('FollowSource (tail -F)', () => {
  it('reads what is there, then appended lines as they arrive, and says it is live', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"a":1}\n');
    const f = follow(path);
    await until(() => f.lines.length === 1 && f.events.some((e) => e.type === 'live'), 'the first line');
    appendFileSync(path, '{"b":2}\n{"c":3}\n');
    await until(() => f.lines.length === 3, 'appended lines');
    expect(f.lines.map((l) => l.text)).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    expect(f.src.readBytes(f.lines[2]!.offset, f.lines[2]!.length).toString()).toBe('{"c":3}');
  });

  it('holds a partial last line until its newline: never a half line', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"a":1}\n{"par');
    const f = follow(path);
    await until(() => f.events.some((e) => e.type === 'live'), 'live');
    expect(f.lines.map((l) => l.text)).toEqual(['{"a":1}']);
    appendFileSync(path, 'tial":2}\n');
    await until(() => f.lines.length === 2, 'the completed line');
    expect(f.lines[1]!.text).toBe('{"partial":2}');
  });

  it('reads a file truncated mid-file again from its start, and drops the partial line it held', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":2}\n{"c":3}\n{"partial');
    const f = follow(path);
    await until(() => f.lines.length === 3 && f.events.some((e) => e.type === 'live'), 'three lines');
    truncateSync(path, 11);
    await until(() => resets(f, 'truncated') === 1, 'the truncation');
    appendFileSync(path, 'x":1}\n{"new":1}\n');
    await until(() => f.lines.length === 3, 'the lines after truncation');
    // The file now holds {"a":1}, then {"bx":1} made from what was left of {"b":2}, then {"new":1}: never the held partial line.
    expect(f.lines.map((l) => l.text)).toEqual(['{"a":1}', '{"bx":1}', '{"new":1}']);
    expect(f.lines).toEqual(linesOf(path));
  });

  it('reads the file again when it is truncated after its end line, and its new rows read back', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"v":1,"type":"meta"}\n{"a":1}\n{"t":"2026-01-01T00:00:00Z","type":"end","exitCode":0}\n');
    const f = follow(path);
    await until(() => f.lines.length === 3 && f.events.some((e) => e.type === 'live'), 'three lines');
    writeFileSync(path, '{"v":1,"type":"meta","label":"second run"}\n');
    await until(() => f.lines.length === 1 && f.lines[0]!.text.includes('second run'), 'the rewritten file');
    expect(resets(f, 'truncated')).toBe(1);
    expect(f.lines).toEqual(linesOf(path));
    expect(f.src.readBytes(0, f.lines[0]!.length).toString()).toBe(f.lines[0]!.text);
  });

  it('truncated to zero, then written again: waits on the empty file, then reads from line 1', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":2}\n');
    const f = follow(path);
    await until(() => f.lines.length === 2, 'two lines');
    truncateSync(path, 0);
    await until(() => resets(f, 'truncated') === 1 && f.lines.length === 0, 'the truncation');
    const lives = f.events.filter((e) => e.type === 'live').length;
    await until(() => f.events.filter((e) => e.type === 'live').length > lives, 'live on the empty file');
    appendFileSync(path, '{"new":1}\n{"new":2}\n');
    await until(() => f.lines.length === 2, 'the lines after truncation');
    expect(f.lines).toEqual(linesOf(path));
    expect(f.lines[0]).toMatchObject({ text: '{"new":1}', lineNo: 1, offset: 0 });
    expect(resets(f, 'truncated')).toBe(1);
  });

  it.each([
    [
      'past its old size (never shorter at any look): truncated',
      '{"run":2,"i":1}\n{"run":2,"i":2}\n{"run":2,"i":3}\n',
      'truncated',
    ],
    [
      'at the same size, the head sampled changed: rewritten, not truncated',
      '{"run":2,"i":1}\n{"run":2,"i":2}\n',
      'rewritten',
    ],
  ])('notices a file rewritten in place %s', async (_, text, why) => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"run":1,"i":1}\n{"run":1,"i":2}\n');
    const f = follow(path);
    await until(() => f.lines.length === 2 && f.events.some((e) => e.type === 'live'), 'two lines');
    // Overwritten from byte 0 without a truncation: a size check alone sees growth, or nothing.
    const fd = openSync(path, 'r+');
    writeSync(fd, text, 0);
    closeSync(fd);
    await until(
      () => f.lines[0]?.text === '{"run":2,"i":1}' && f.lines.length === text.split('\n').length - 1,
      'the rewritten lines',
    );
    expect(f.events.filter((e) => e.type === 'reset')).toEqual([
      { type: 'reset', message: `${why}: re-read from the start` },
    ]);
    expect(f.lines).toEqual(linesOf(path));
  });

  it('notices an edit in place at the same size, its mtime put back (touch -r): rewritten, read again', async () => {
    const path = join(dir(), 't.jsonl');
    const lines = Array.from({ length: 200 }, (_, i) => `{"dir":"in","i":${i}}`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    const f = follow(path);
    await until(() => f.lines.length === 200 && f.events.some((e) => e.type === 'live'), 'the lines');
    const before = statSync(path);
    // The middle only: the head and tail samples hold, the size too.
    const fd = openSync(path, 'r+');
    const at = Buffer.byteLength(`${lines.slice(0, 100).join('\n')}\n`);
    writeSync(fd, '{"dir":"ix"', at);
    closeSync(fd);
    utimesSync(path, before.atime, before.mtime);
    await until(() => resets(f, 'rewritten') === 1 && f.lines.length === 200, 'the rewritten file', 6000);
    expect(f.lines).toEqual(linesOf(path));
    expect(f.lines[100]!.text).toBe('{"dir":"ix","i":100}');
  });

  it('a file touched but not changed is not read again', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":2}\n');
    const f = follow(path);
    await until(() => f.lines.length === 2 && f.events.some((e) => e.type === 'live'), 'two lines');
    const lives = f.events.filter((e) => e.type === 'live').length;
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    // The touch is seen (the source looks again and is live again), and nothing is re-read.
    await until(() => f.events.filter((e) => e.type === 'live').length > lives, 'another look');
    expect(f.events.filter((e) => e.type === 'reset')).toEqual([]);
    appendFileSync(path, '{"c":3}\n');
    await until(() => f.lines.length === 3, 'an appended line');
    expect(f.lines).toEqual(linesOf(path));
  });

  it('follows a new file at the same path after rotation: replaced, read from its start', async () => {
    const d = dir();
    const path = join(d, 't.jsonl');
    writeFileSync(path, '{"old":1}\n{"old":2}\n');
    const f = follow(path);
    await until(() => f.lines.length === 2 && f.events.some((e) => e.type === 'live'), 'the first lines');
    renameSync(path, join(d, 't.jsonl.1'));
    writeFileSync(path, '{"rotated":1}\n');
    await until(() => f.lines.length === 1 && f.lines[0]!.text === '{"rotated":1}', 'the rotated file');
    expect(resets(f, 'replaced')).toBe(1);
    expect(f.lines).toEqual(linesOf(path));
    expect(f.src.readBytes(0, f.lines[0]!.length).toString()).toBe('{"rotated":1}');
    appendFileSync(join(d, 't.jsonl.1'), '{"old":3}\n');
    appendFileSync(path, '{"rotated":2}\n');
    await until(() => f.lines.length === 2, 'a line appended to the new file');
    expect(f.lines).toEqual(linesOf(path));
  });

  it('waits for a file not there yet, says so, and reads it once it is created (tail -F)', async () => {
    const path = join(dir(), 'later.jsonl');
    const f = follow(path);
    await until(() => f.events.some((e) => e.type === 'notice'), 'the waiting notice');
    expect(f.events[0]).toEqual({ type: 'notice', message: NOT_THERE_YET });
    writeFileSync(path, '{"a":1}\n');
    await until(() => f.lines.length === 1, 'the created file');
    expect(f.events).toContainEqual({ type: 'notice', message: 'created: read from its start' });
    expect(f.events.some((e) => e.type === 'notice' && /deleted/.test(e.message))).toBe(false);
  });

  it('openSource: --follow on a missing file follows it; without --follow it is an error', async () => {
    const path = join(dir(), 'later.jsonl');
    const followed = await openSource(path, { follow: true });
    expect(followed).toBeInstanceOf(FollowSource);
    followed.close();
    await expect(openSource(path)).rejects.toThrow(`cannot open ${path}: no such file`);
  });

  it('reports a deleted file, keeps what was read, and reads it from its start when it comes back', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"a":1}\n');
    const f = follow(path);
    await until(() => f.lines.length === 1 && f.events.some((e) => e.type === 'live'), 'the first line');
    rmSync(path);
    await until(() => f.events.some((e) => e.type === 'notice' && /deleted/.test(e.message)), 'the deletion notice');
    expect(f.lines).toHaveLength(1);
    writeFileSync(path, '{"again":1}\n');
    await until(() => f.lines.length === 1 && f.lines[0]!.text === '{"again":1}', 'the re-created file');
    expect(resets(f, 'replaced')).toBe(1);
    expect(f.lines).toEqual(linesOf(path));
  });

  it('stops when closed', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"a":1}\n');
    const f = follow(path);
    await until(() => f.events.some((e) => e.type === 'live'), 'live');
    f.src.close();
    await f.done;
  });
});
