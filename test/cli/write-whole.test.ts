import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeExport, writeWhole } from '../../src/cli/write-whole.js';

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
    await writeExport(fifo, ['through the pipe\n'], () => undefined);
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

describe('a FIFO export never blocks the thread', () => {
  it('with no reader, writeWhole fails at once (ENXIO) instead of waiting in the open', () => {
    const fifo = join(fresh(), 'pipe');
    execFileSync('mkfifo', [fifo]);
    expect(() => writeWhole(fifo, (write) => write('x\n'))).toThrow(/ENXIO/);
  });

  it('writeExport says it waits for a reader, once, and writes all of it (8 MiB, past what a pipe holds) when one comes', async () => {
    const fifo = join(fresh(), 'pipe');
    execFileSync('mkfifo', [fifo]);
    const line = `${'x'.repeat(1023)}\n`;
    let said = 0;
    let reader: ReturnType<typeof spawn> | null = null;
    let got = 0;
    const read = new Promise<void>((resolve) => {
      const waiting = () => {
        said += 1;
        // The reader comes once the export said it waits.
        reader = spawn('wc', ['-c', fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
        reader.stdout!.setEncoding('utf8').on('data', (d: string) => (got = Number(d.trim().split(' ')[0])));
        reader.on('close', () => resolve());
      };
      void writeExport(
        fifo,
        (function* () {
          for (let i = 0; i < 8192; i++) yield line;
        })(),
        waiting,
      );
    });
    await read;
    expect(said).toBe(1);
    expect(got).toBe(8 * 1024 * 1024);
  });

  it('a reader that goes away midway: the export fails (EPIPE), it does not hang', async () => {
    const fifo = join(fresh(), 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('head', ['-c', '10', fifo], { stdio: ['ignore', 'ignore', 'ignore'] });
    const line = `${'x'.repeat(1023)}\n`;
    const writing = writeExport(
      fifo,
      (function* () {
        for (let i = 0; i < 100_000; i++) yield line;
      })(),
      () => undefined,
    );
    await expect(writing).rejects.toThrow(/EPIPE/);
    reader.kill();
  });
});
