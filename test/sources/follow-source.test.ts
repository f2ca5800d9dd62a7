import { appendFileSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FollowSource } from '../../src/sources/follow-source.js';
import type { Line, SourceEvent } from '../../src/sources/types.js';

let source: FollowSource | null = null;
afterEach(() => source?.close());

function follow(path: string) {
  source = new FollowSource(path);
  const lines: { text: string; offset: number; length: number; lineNo: number }[] = [];
  const events: SourceEvent[] = [];
  const done = (async () => {
    for await (const batch of source!.lines((e) => e.type !== 'progress' && events.push(e))) {
      lines.push(...batch.map((l: Line) => ({ text: l.text, offset: l.offset, length: l.length, lineNo: l.lineNo })));
    }
  })();
  return { lines, events, done, src: source };
}

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

  it('restarts on truncation and says so', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":2}\n');
    const f = follow(path);
    await until(() => f.lines.length === 2, 'two lines');
    truncateSync(path, 0);
    appendFileSync(path, '{"new":1}\n');
    await until(() => f.lines.length === 3, 'the line after truncation');
    expect(f.events.some((e) => e.type === 'reset' && /truncated/.test(e.message))).toBe(true);
    expect(f.lines[2]).toMatchObject({ text: '{"new":1}', lineNo: 1 });
  });

  it('follows a new file at the same path after rotation, and old rows still read back', async () => {
    const d = dir();
    const path = join(d, 't.jsonl');
    writeFileSync(path, '{"old":1}\n');
    const f = follow(path);
    await until(() => f.lines.length === 1 && f.events.some((e) => e.type === 'live'), 'the first line');
    renameSync(path, join(d, 't.jsonl.1'));
    writeFileSync(path, '{"rotated":1}\n');
    await until(() => f.lines.length === 2, 'the rotated file');
    expect(f.events.some((e) => e.type === 'notice' && /rotated/.test(e.message))).toBe(true);
    const [old, fresh] = f.lines;
    expect(fresh!.offset).toBeGreaterThanOrEqual(old!.offset + old!.length);
    expect(f.src.readBytes(old!.offset, old!.length).toString()).toBe('{"old":1}');
    expect(f.src.readBytes(fresh!.offset, fresh!.length).toString()).toBe('{"rotated":1}');
  });

  it('reports a deleted file, keeps what was read, and picks it up again', async () => {
    const path = join(dir(), 't.jsonl');
    writeFileSync(path, '{"a":1}\n');
    const f = follow(path);
    await until(() => f.lines.length === 1 && f.events.some((e) => e.type === 'live'), 'the first line');
    rmSync(path);
    await until(() => f.events.some((e) => e.type === 'notice' && /deleted/.test(e.message)), 'the deletion notice');
    writeFileSync(path, '{"again":1}\n');
    await until(() => f.lines.length === 2, 'the re-created file');
    expect(f.lines[1]!.text).toBe('{"again":1}');
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
