import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/report/summary-table.js';
import { aggregateRows } from '../../src/store/aggregates.js';
import { applyFilter, hasProblem } from '../../src/store/query.js';
import { parseFilter } from '../../src/trace/filter.js';
import { claudeLine, claudeStore } from '../helpers/claude-lines.js';

/** Bash answered in 1.5 s, Bash failed after 200 ms. */
const TRANSCRIPT = [
  claudeLine(1000, 'assistant', { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }, 'm1'),
  claudeLine(2500, 'user', { type: 'tool_result', tool_use_id: 't1', content: 'a b c' }, ''),
  claudeLine(3000, 'assistant', { type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'rm x' } }, 'm2'),
  claudeLine(3200, 'user', { type: 'tool_result', tool_use_id: 't2', content: 'denied', is_error: true }, ''),
];

const transcriptStore = () => claudeStore(TRANSCRIPT);

/** The Bash row of the summary's tool table under `filter`: calls, errors, pending. */
function bashRow(filter: string): string[] {
  const store = transcriptStore();
  const kept = applyFilter(store, parseFilter(filter)!, null, ['session']);
  const agg = aggregateRows(store, kept.rows);
  const text = summaryText(store, 0, { agg, text: filter, kept: kept.count, keep: kept.keep });
  const row = text.split('\n').find((l) => l.startsWith('Bash '));
  return row ? row.trim().split(/ +/).slice(1, 4) : [];
}

describe("a status filter on an agent's tool calls keeps each call whole: its tool_use and its tool_result", () => {
  it('status:error counts the failed call as failed, not pending', () => {
    expect(bashRow('status:error')).toEqual(['1', '1', '0']);
  });

  it('-status:error and status:ok leave no error and no negative pending', () => {
    expect(bashRow('-status:error')).toEqual(['1', '0', '0']);
    expect(bashRow('status:ok')).toEqual(['1', '0', '0']);
  });

  it('latency<1s keeps the fast failed call whole, and not the slow one', () => {
    expect(bashRow('latency:<1s')).toEqual(['1', '1', '0']);
  });
});

describe('a failed agent tool call is a problem wherever it shows, as status:error says', () => {
  it('hasProblem (] and [, the Timeline mark) holds for the turn that asked for the failed tool', () => {
    const store = transcriptStore();
    const kept = applyFilter(store, parseFilter('status:error')!, null, ['session']);
    const asked = Array.from(store.rows('turns')).filter((r) => store.toolLinks(r).opened.length > 0);
    expect(asked).toHaveLength(2);
    for (const row of asked) expect(hasProblem(store, row), `row ${row}`).toBe(kept.keep[row] === 1);
    expect(asked.filter((r) => hasProblem(store, r))).toHaveLength(1);
  });
});
