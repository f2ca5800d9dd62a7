import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CLEAR_TERMINAL, frameUpdate, lineDiffStdout } from '../../src/cli/line-diff-stdout.js';

const at = (row: number) => `\x1b[${row};1H`;
const line = (row: number, text: string) => `${at(row)}${text}\x1b[K`;

describe('frameUpdate', () => {
  it('writes every line at its row on an unknown screen, clears the rows below and parks at the last line', () => {
    expect(frameUpdate(null, ['a', 'b'], 5)).toBe(`${line(1, 'a') + line(2, 'b')}${at(3)}\x1b[J${at(2)}`);
  });

  it('writes only the lines that changed, and nothing below when the frame fills the rows it filled', () => {
    expect(frameUpdate(['h', 'x', 'y', 'f'], ['h', 'x', 'z', 'g'], 4)).toBe(line(3, 'z') + line(4, 'g') + at(4));
    expect(frameUpdate(['h', 'x'], ['h', 'x'], 2)).toBe(at(2));
  });

  it('clears what a longer frame left below, but never past the last row', () => {
    expect(frameUpdate(['a', 'b', 'c'], ['a', 'b'], 3)).toBe(`${at(3)}\x1b[J${at(2)}`);
    expect(frameUpdate(null, ['a', 'b', 'c'], 3)).toBe(line(1, 'a') + line(2, 'b') + line(3, 'c') + at(3));
  });
});

class FakeTerminal extends EventEmitter {
  rows = 3;
  columns = 20;
  isTTY = true;
  written: string[] = [];
  write(s: string) {
    this.written.push(s);
    return true;
  }
}

describe('lineDiffStdout', () => {
  it("turns Ink's clear-and-redraw into the changed lines, and keeps everything else of the stream", () => {
    const term = new FakeTerminal();
    const out = lineDiffStdout(term as unknown as NodeJS.WriteStream);
    expect(out.rows).toBe(3);
    out.write(`${CLEAR_TERMINAL}h\nx\nf`);
    out.write('\x1b[?2026h'); // synchronized output: the screen's text is unchanged
    out.write(`${CLEAR_TERMINAL}h\ny\nf`);
    expect(term.written).toEqual([
      line(1, 'h') + line(2, 'x') + line(3, 'f') + at(3),
      '\x1b[?2026h',
      line(2, 'y') + at(3),
    ]);
    expect(term.written.join('')).not.toContain('\x1b[2J');
  });

  it("takes Ink's first frame, written as plain lines on the blank screen, as what is shown", () => {
    const term = new FakeTerminal();
    const out = lineDiffStdout(term as unknown as NodeJS.WriteStream);
    out.write('\x1b[?25l'); // the cursor hidden first: a mode, no text
    out.write('\x1b[1mh\x1b[22m\nx\nf');
    out.write(`${CLEAR_TERMINAL}\x1b[1mh\x1b[22m\ny\nf`);
    expect(term.written.at(-1)).toBe(line(2, 'y') + at(3));
    // Only the first write is taken so: a later plain write is not followed.
    out.write('a\nb\nc');
    out.write(`${CLEAR_TERMINAL}a\nb\nc`);
    expect(term.written.at(-1)).toBe(line(1, 'a') + line(2, 'b') + line(3, 'c') + at(3));
  });

  it('follows no first write that moves the cursor or is taller than the screen', () => {
    for (const first of ['h\x1b[2;1Hx\nf', 'h\rx\nf', 'h\nx\nf\ny']) {
      const term = new FakeTerminal();
      const out = lineDiffStdout(term as unknown as NodeJS.WriteStream);
      out.write(first);
      out.write(`${CLEAR_TERMINAL}h\nx\nf`);
      expect(term.written.at(-1)).toBe(line(1, 'h') + line(2, 'x') + line(3, 'f') + at(3));
    }
  });

  it('writes the whole frame again after a write it does not follow, or a resize', () => {
    const term = new FakeTerminal();
    const out = lineDiffStdout(term as unknown as NodeJS.WriteStream);
    out.write(`${CLEAR_TERMINAL}h\nx\nf`);
    out.write('console output\n');
    out.write(`${CLEAR_TERMINAL}h\nx\nf`);
    expect(term.written.at(-1)).toBe(line(1, 'h') + line(2, 'x') + line(3, 'f') + at(3));
    let resized = 0;
    out.on('resize', () => resized++);
    term.emit('resize');
    expect(resized).toBe(1);
    out.write(`${CLEAR_TERMINAL}h\nx\nf`);
    expect(term.written.at(-1)).toBe(line(1, 'h') + line(2, 'x') + line(3, 'f') + at(3));
  });

  it('draws the top of a frame taller than the terminal, then the next frame whole', () => {
    const term = new FakeTerminal();
    const out = lineDiffStdout(term as unknown as NodeJS.WriteStream);
    out.write(`${CLEAR_TERMINAL}1\n2\n3\n4\n5`);
    expect(term.written.at(-1)).toBe(line(1, '1') + line(2, '2') + line(3, '3') + at(3));
    out.write(`${CLEAR_TERMINAL}1\n2\n3`);
    expect(term.written.at(-1)).toBe(line(1, '1') + line(2, '2') + line(3, '3') + at(3));
  });
});
