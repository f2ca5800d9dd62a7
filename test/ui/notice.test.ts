import { describe, expect, it } from 'vitest';
import { fitNotice, shortenPath } from '../../src/ui/format/notice.js';
import { width } from '../../src/ui/format/text.js';

const PATH = '~/work/projects/recordings/traces/x.jsonl';

describe('a notice with a path, at any width', () => {
  it('shortens the middle of the path: its root and file name stay', () => {
    expect(shortenPath(PATH, 100)).toBe(PATH);
    expect(shortenPath(PATH, 20)).toBe('~/…/traces/x.jsonl');
    expect(shortenPath(PATH, 12)).toBe('~/…/x.jsonl');
    expect(shortenPath('/tmp/mcp-replay-tui-L3-123-456.jsonl', 30)).toBe('…p-replay-tui-L3-123-456.jsonl');
  });

  it('at every width keeps the end of the path and fits', () => {
    const notice = `wrote 12 record(s) to ${PATH}`;
    for (let w = 8; w <= notice.length + 2; w++) {
      const shown = fitNotice(notice, w);
      expect(width(shown), `${w}: ${shown}`).toBeLessThanOrEqual(w);
      expect(shown.endsWith('x.jsonl'), `${w}: ${shown}`).toBe(true);
    }
    expect(fitNotice(notice, 43)).toBe('wrote 12 record(s) to ~/…/traces/x.jsonl');
    expect(fitNotice(notice, 80)).toBe(notice);
  });

  it("w's notice: where the file went first, the count after it", () => {
    const notice = `wrote ${PATH} (2 marks: 12 records)`;
    expect(fitNotice(notice, 80)).toBe(notice);
    // The path gives its middle before the words around it go; its end never.
    expect(fitNotice(notice, 50)).toBe('wrote ~/…/traces/x.jsonl (2 marks: 12 records)');
    for (let w = 12; w <= notice.length; w++) expect(fitNotice(notice, w), `${w}`).toMatch(/x\.jsonl( \(.*\))?$/);
    // Past the path's shortest form, the count goes before `wrote` does, and the path takes back its room.
    const marked = 'wrote /tmp/mcp-replay-tui-marked-5805-1796661832193.jsonl (1 mark: 3 records)';
    expect(fitNotice(marked, 70)).toBe('wrote /tmp/mcp-replay-tui-marked-5805-1796661832193.jsonl');
    expect(fitNotice('filter history not read: /tmp/mrt-state-tmux-9cILjF/filter-history is a device', 70)).toBe(
      'filter history not read: /…/filter-history is a device',
    );
  });

  it('takes a slash inside a word for no path: tools/call is cut at the end like any word', () => {
    const notice =
      'no linked call: a tool_use and a tools/call link when both planes of a run are open (same tool and arguments)';
    for (const w of [60, 70, 80, 100]) {
      const shown = fitNotice(notice, w);
      expect(shown.startsWith('no linked call: a tool_use and a tools/call'), `${w}: ${shown}`).toBe(true);
      expect(width(shown)).toBeLessThanOrEqual(w);
    }
    expect(fitNotice("cannot open '/tmp/x/y/z.jsonl': gone", 30)).toContain('z.jsonl');
  });

  it('cuts a notice without a path at its end', () => {
    expect(fitNotice('no problem below this row', 10)).toBe('no proble…');
  });
});
