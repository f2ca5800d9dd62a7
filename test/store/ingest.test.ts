import { describe, expect, it } from 'vitest';
import type { Line, Source } from '../../src/sources/types.js';
import { ingest } from '../../src/store/ingest.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { at } from '../helpers/store.js';

/** A stream that hands over one batch of `n` lines (as a 1 MiB chunk would, only bigger). */
function oneBatch(n: number): Source {
  const lines: Line[] = [];
  let offset = 0;
  for (let i = 0; i < n; i++) {
    const text = JSON.stringify({ t: at(i), dir: 'in', raw: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'read_file', arguments: { path: `/tmp/${i}` } } } });
    lines.push({ text, lineNo: i + 1, offset, length: text.length });
    offset += text.length + 1;
  }
  return {
    name: 'batch.jsonl',
    async *lines() {
      yield lines;
    },
    readBytes: () => Buffer.alloc(0),
    close: () => undefined,
  };
}

/** Row counts seen by a task that runs whenever the event loop turns, while the ingest runs. */
async function seenWhileIngesting(interactive: boolean, n: number): Promise<{ seen: number[]; count: number }> {
  const store = new TraceStore(bundledPrices());
  const seen: number[] = [];
  let done = false;
  const probe = () => {
    seen.push(store.count);
    if (!done) setImmediate(probe);
  };
  setImmediate(probe);
  await ingest(store, oneBatch(n), undefined, { interactive });
  done = true;
  return { seen, count: store.count };
}

describe('ingest', () => {
  it('with a person waiting, lets the event loop turn inside a batch (keys and frames get their turn)', async () => {
    const { seen, count } = await seenWhileIngesting(true, 30_000);
    expect(count).toBe(30_000);
    // Part of the batch was in, part not: the loop turned mid-batch, more than once.
    expect(seen.filter((c) => c > 0 && c < count).length).toBeGreaterThan(1);
  });

  it('without one (summary), appends a batch at once', async () => {
    const { seen, count } = await seenWhileIngesting(false, 30_000);
    expect(count).toBe(30_000);
    expect(seen.filter((c) => c > 0 && c < count)).toEqual([]);
  });
});
