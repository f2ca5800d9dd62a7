import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWhole } from '../../src/cli/write-whole.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'mrt-whole-'));
const failing = (write: (data: string) => void) => {
  write('{"v":1,"type":"meta"}\n');
  write('{"t":"2026-01-01T00:00:00.000Z","dir":"in","raw":{}}\n');
  throw new Error('Invalid time value');
};

describe('writeWhole: an export is written whole or not at all', () => {
  it('writes the file, and leaves no temp file beside it', () => {
    const dir = fresh();
    const fill = (write: (data: string | Uint8Array) => void) => {
      write('a\n');
      write(Buffer.from('b\n'));
      return 2;
    };
    expect(writeWhole(join(dir, 'x.jsonl'), fill)).toBe(2);
    expect(readFileSync(join(dir, 'x.jsonl'), 'utf8')).toBe('a\nb\n');
    expect(readdirSync(dir)).toEqual(['x.jsonl']);
  });

  it('a failure midway leaves no file, and no temp file', () => {
    const dir = fresh();
    expect(() => writeWhole(join(dir, 'x.jsonl'), failing)).toThrow('Invalid time value');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a failure midway leaves a file that was there as it was', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'x.jsonl'), 'before\n');
    expect(() => writeWhole(join(dir, 'x.jsonl'), failing)).toThrow();
    expect(readFileSync(join(dir, 'x.jsonl'), 'utf8')).toBe('before\n');
    expect(readdirSync(dir)).toEqual(['x.jsonl']);
  });

  it('replaces the file a symlink names, not the link', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'real.jsonl'), 'before\n');
    symlinkSync('real.jsonl', join(dir, 'link.jsonl'));
    writeWhole(join(dir, 'link.jsonl'), (write) => write('after\n'));
    expect(lstatSync(join(dir, 'link.jsonl')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.jsonl'))).toBe('real.jsonl');
    expect(readFileSync(join(dir, 'real.jsonl'), 'utf8')).toBe('after\n');
  });

  it('writes a path that is no regular file (/dev/null, a FIFO) in place, never renaming over it', async () => {
    writeWhole('/dev/null', (write) => write('x\n'));
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    const dir = fresh();
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let got = '';
    reader.stdout.setEncoding('utf8').on('data', (d: string) => (got += d));
    const done = new Promise((resolve) => reader.on('close', resolve));
    writeWhole(fifo, (write) => write('through the pipe\n'));
    await done;
    expect(got).toBe('through the pipe\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['pipe']);
  });

  it('a path in no directory is named as given, never by its temp file', () => {
    const path = join(fresh(), 'no-such-dir', 'x.jsonl');
    expect(() => writeWhole(path, (write) => write('x\n'))).toThrow(`cannot write ${path}: no such directory`);
    let message = '';
    try {
      writeWhole(path, (write) => write('x\n'));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('.part');
  });
});
