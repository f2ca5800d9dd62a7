import { describe, expect, it } from 'vitest';
import { copyText } from '../../src/cli/records-io.js';
import { fitNotice } from '../../src/ui/format/notice.js';

describe('y and Y in the detail view: text to the clipboard with OSC 52', () => {
  it('writes the text base64-encoded and says what it copied (info)', () => {
    const writes: string[] = [];
    const said = copyText('.response.raw."a-b"', 'the path .response.raw."a-b"', (s) => writes.push(s));
    expect(writes).toEqual([`\x1b]52;c;${Buffer.from('.response.raw."a-b"').toString('base64')}\x07`]);
    expect(said).toMatchObject({
      kind: 'info',
      text: /^copied the path \.response\.raw\."a-b" with OSC 52 \(in tmux: .*\), 19 characters$/,
    });
  });

  it("says what makes the copy work first: at 80 columns the footer shows tmux's setting whole", () => {
    const said = copyText('x'.repeat(104), 'the record', () => {});
    // 80 columns less the footer's `12 of 13` counter.
    expect(fitNotice(said.text, 70)).toMatch(/^copied the record with OSC 52 \(in tmux: set -g set-clipboard on; /);
  });

  it('refuses what terminals would drop, and says why and what to do (an error)', () => {
    const writes: string[] = [];
    const said = copyText('x'.repeat(100_001), 'the value at .response', (s) => writes.push(s));
    expect(writes).toEqual([]);
    expect(said).toEqual({
      kind: 'error',
      text: 'not copied: the value at .response is 100,001 characters, more than terminals accept over OSC 52 (w writes the record to a file)',
    });
  });
});
