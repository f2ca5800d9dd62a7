/** Trees for the detail view's tests: a forest of JSON texts, and the 12-level, 1,804-line result of issue 18. */

import { seg } from '../../src/ui/format/segments.js';
import { Forest } from '../../src/ui/tree/forest.js';
import { JsonTable } from '../../src/ui/tree/json-tree.js';
import type { TreeFrame } from '../../src/ui/tree/tree-state.js';

/** A forest whose parts are these JSON texts (named as given). */
export function forestOf(parts: Record<string, string>): Forest {
  return new Forest(
    [[seg('tools/call read_file · ✓ ok', 'bold')]],
    Object.entries(parts).map(([name, text]) => ({
      name,
      head: [seg(`line 1 of ${name}.jsonl`, 'dim')],
      table: JsonTable.parse(text) ?? JsonTable.plain(text),
    })),
  );
}

export const frameOf = (forest: Forest, width = 80, height = 20): TreeFrame => ({ forest, width, height });

/**
 * A tools/call result 12 levels deep (the record's `raw.result…` included) whose
 * record pretty-prints to exactly 1,804 lines, as the issue's: markdown text, a
 * string holding JSON, nested sections, and an array of rows.
 */
export function twelveLevelRecord(): string {
  const deep = (level: number): unknown =>
    level === 0 ? { leaf: 'bottom', n: 12 } : { level, 'odd-key': `at ${level}`, next: deep(level - 1) };
  const record = (rows: number) => ({
    t: '2026-05-12T23:00:02.000Z',
    dir: 'out',
    raw: {
      jsonrpc: '2.0',
      id: 7,
      result: {
        content: [
          {
            type: 'text',
            text: '# Report\n\nLong **markdown** with a link https://example.com/a/very/long/path/that/does/not/break\n\n---\n\n中文的文字 wide text',
          },
          {
            type: 'text',
            text: JSON.stringify({
              items: [
                { id: 1, name: 'a' },
                { id: 2, name: 'b' },
              ],
              total: 2,
            }),
          },
        ],
        structuredContent: { tree: deep(7), rows: Array.from({ length: rows }, (_, i) => ({ i, name: `row ${i}` })) },
      },
    },
  });
  // Each row is 4 lines: find the count that gives 1,804 lines, then pad with a key.
  let rows = 0;
  while (JSON.stringify(record(rows + 1), null, 2).split('\n').length <= 1804) rows++;
  const value = record(rows) as { raw: { result: Record<string, unknown> } };
  let pad = 0;
  while (JSON.stringify(value, null, 2).split('\n').length < 1804) value.raw.result[`pad${pad++}`] = pad;
  return JSON.stringify(value);
}
