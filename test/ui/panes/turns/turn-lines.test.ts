import { afterEach, describe, expect, it } from 'vitest';
import { DIRS, Dir, STATUSES, Status } from '../../../../src/trace/enums.js';
import { viewsOf } from '../../../../src/ui/data/views.js';
import { looks } from '../../../../src/ui/format/rows.js';
import { turnView } from '../../../../src/ui/panes/turns/turn-data.js';
import { turnLines } from '../../../../src/ui/panes/turns/turn-lines.js';
import { paint, setAscii } from '../../../../src/ui/theme.js';
import { at, storeOf } from '../../../helpers/store.js';

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
    // A failed tool_result is the tool reporting failure: the Calls pane's isError.
    expect(text).toContain(`${DIRS[Dir.out].glyph} tool_result ${looks(STATUSES[Status.isError])} u1`);
    expect(text).toMatch(/tool_use read_file \{"path":"\/x"\} ✗ isError 10ms/);
  });

  it('say the word of the call on the wire: ✗ error for a JSON-RPC error, as the Calls pane does', () => {
    const both = storeOf([
      {
        t: at(0),
        type: 'turn',
        role: 'assistant',
        model: 'm',
        blocks: [{ type: 'tool_use', id: 'u1', name: 'f', input: { a: 1 } }],
      },
      {
        t: at(1),
        dir: 'in',
        raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'f', arguments: { a: 1 } } },
      },
      { t: at(2), dir: 'out', raw: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } } },
      {
        t: at(3),
        type: 'turn',
        role: 'user',
        blocks: [{ type: 'tool_result', tool_use_id: 'u1', content: 'bad', is_error: true }],
      },
    ]);
    const views = viewsOf(both, true);
    const text = Array.from({ length: views.turns.length }, (_, i) =>
      turnLines(turnView(both, views.turns.at(i)), { width: 100, selected: false, expandThinking: false }),
    )
      .flat()
      .map((l) => paint(l))
      .join('\n');
    expect(text).toMatch(/tool_use f \{"a":1\} ✗ error 3ms ↔ call L2/);
    expect(text).toContain(`tool_result ${looks(STATUSES[Status.error])} u1`);
    expect(text).not.toContain('isError');
  });

  it('follow --ascii, as every glyph of the tables does', () => {
    setAscii(true);
    const text = shown().join('\n');
    expect(text).toContain(`${DIRS[Dir.in].ascii} tool_use read_file`);
    expect(text).toContain(`${DIRS[Dir.out].ascii} tool_result ${STATUSES[Status.isError].ascii} isError u1`);
  });
});
