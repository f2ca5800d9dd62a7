import { afterEach, describe, expect, it } from 'vitest';
import { DIRS, Dir, STATUSES, Status } from '../../src/trace/enums.js';
import { turnView } from '../../src/ui/data/turns.js';
import { viewsOf } from '../../src/ui/data/views.js';
import { looks } from '../../src/ui/format/rows.js';
import { turnLines } from '../../src/ui/format/turn-lines.js';
import { paint, setAscii } from '../../src/ui/theme.js';
import { at, storeOf } from '../helpers/store.js';

const store = storeOf([
  {
    t: at(0),
    type: 'turn',
    role: 'assistant',
    model: 'm',
    blocks: [{ type: 'tool_use', id: 'u1', name: 'read_file', input: { path: '/x' } }],
  },
  {
    t: at(10),
    type: 'turn',
    role: 'user',
    blocks: [{ type: 'tool_result', tool_use_id: 'u1', content: 'no such file', is_error: true }],
  },
]);
const lines = () => {
  const views = viewsOf(store, true);
  return Array.from({ length: views.turns.length }, (_, i) =>
    turnLines(turnView(store, views.turns.at(i)), { width: 80, selected: false, expandThinking: false }),
  ).flat();
};
const shown = () => lines().map((l) => paint(l));

afterEach(() => setAscii(false));

describe('turn lines: tool blocks', () => {
  it('are drawn with the dirs and statuses tables glyphs (in: a tool_use, out: its result, an error as the status shows it)', () => {
    const text = shown().join('\n');
    expect(text).toContain(`${DIRS[Dir.in].glyph} tool_use read_file`);
    expect(text).toContain(`${DIRS[Dir.out].glyph} tool_result ${looks(STATUSES[Status.error])} u1`);
  });

  it('follow --ascii, as every glyph of the tables does', () => {
    setAscii(true);
    const text = shown().join('\n');
    expect(text).toContain(`${DIRS[Dir.in].ascii} tool_use read_file`);
    expect(text).toContain(`${DIRS[Dir.out].ascii} tool_result ${STATUSES[Status.error].ascii} error u1`);
  });
});
