import { describe, expect, it, vi } from 'vitest';
import { timelineRow } from '../../../../src/ui/panes/timeline/timeline-data.js';
import { runOf } from '../../../../src/ui/panes/timeline/timeline-run.js';
import { storeOf } from '../../../helpers/store.js';

/** A Claude Code session: a tool_use line, its result 2.5 s later, one never answered. */
const line = (type: string, t: string, content: object[], extra: object = {}) => ({
  type,
  sessionId: 's',
  cwd: '/w/proj',
  timestamp: t,
  message: { role: type, content, ...extra },
  ...(type === 'assistant' ? { requestId: `req-${t}` } : {}),
});
const assistant = (t: string, id: string, name: string) =>
  line('assistant', t, [{ type: 'tool_use', id, name, input: { q: 1 } }], {
    id: `msg-${id}`,
    model: 'claude-sonnet-4-5',
    usage: { input_tokens: 1, output_tokens: 1 },
  });
const result = (t: string, id: string) => line('user', t, [{ type: 'tool_result', tool_use_id: id, content: 'ok' }]);

describe("the Timeline on an agent's session", () => {
  const store = storeOf([
    assistant('2026-01-01T10:00:00.000Z', 't1', 'mcp__github__list_issues'),
    result('2026-01-01T10:00:02.500Z', 't1'),
    assistant('2026-01-01T10:00:03.000Z', 't2', 'Bash'),
  ]);
  const turns = store.rows('turns');
  const run = runOf(store, { length: turns.length, at: (i) => turns[i]! });

  it('draws a tool_use line as its call: a bar to its result, named by its tool, with its duration', () => {
    const row = timelineRow(store, store.rows('turns')[0]!, run);
    expect(row.label).toBe('→ mcp__github__list_issues');
    expect(row.durationMs).toBe(2500);
    expect(row.bar!.to - row.bar!.from).toBe(2500);
  });

  it('draws a tool_use never answered open to the end, and a result as a moment', () => {
    const open = timelineRow(store, store.rows('turns')[2]!, run);
    expect(open.bar?.open).toBe(true);
    expect(open.durationMs).toBeNull();
    const answer = timelineRow(store, store.rows('turns')[1]!, run);
    expect(answer.label).toBe('user');
    expect(answer.durationMs).toBeNull();
  });

  it("reads a turn's tool links once for its label and its bar", () => {
    const links = vi.spyOn(store, 'toolLinks');
    const row = timelineRow(store, store.rows('turns')[0]!, run);
    expect(row.label).toBe('→ mcp__github__list_issues');
    expect(row.durationMs).toBe(2500);
    expect(links).toHaveBeenCalledTimes(1);
    links.mockRestore();
  });
});
