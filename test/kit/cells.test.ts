import { describe, expect, it } from 'vitest';
import { cutMiddle, width } from '../../src/kit/cells.js';

describe('cutMiddle', () => {
  it('keeps a text that fits, else its head and its end around …, within the cells', () => {
    expect(cutMiddle('short', 10)).toBe('short');
    expect(cutMiddle('knowledge-mcp-global-api-aws-2026-08-20T16-45-18-024Z', 32, 1 / 4)).toBe(
      'knowled…2026-08-20T16-45-18-024Z',
    );
    expect(cutMiddle('abcdefghijklmnopqrstuvwxyz', 10)).toBe('abc…uvwxyz');
    expect(cutMiddle('abcdefghij', 4)).toBe('abc…');
  });

  it('never splits a grapheme nor passes the width, whatever the text', () => {
    for (const text of [
      '日本語のテキストとラベル-2026-08-20',
      '👩‍👩‍👧‍👦'.repeat(12),
      'e\u0301'.repeat(40),
      'a'.repeat(10_000),
    ])
      for (let cells = 1; cells <= 40; cells++) {
        const out = cutMiddle(text, cells);
        expect(width(out), `${cells}: ${out}`).toBeLessThanOrEqual(cells);
        expect(out.replace('…', '')).not.toMatch(/^\u0301|\u200d$|^\u200d/);
      }
  });
});
