import { describe, expect, it } from 'vitest';
import { appendLines } from '../../src/ingest/row-writer.js';
import { filterResult } from '../../src/ui/data/filter-result.js';
import { at, storeOf } from '../helpers/store.js';

const ping = (ms: number, id: number) => ({ t: at(ms), dir: 'in', raw: { jsonrpc: '2.0', id, method: 'ping' } });

describe('filterResult', () => {
  it('gives the command that applies a filter and the frame after it one result, and a new one as rows arrive', () => {
    const store = storeOf([ping(0, 1), ping(10, 2)]);
    const first = filterResult(store, 'method:ping', null);
    expect(first?.count).toBe(2);
    expect(filterResult(store, 'method:ping', null)).toBe(first);
    expect(filterResult(store, null, null)).toBeNull();
    expect(filterResult(store, '   ', null)).toBeNull();
    const text = JSON.stringify(ping(20, 3));
    appendLines(store, 0, [{ text, lineNo: 3, offset: 1000, length: text.length }]);
    const grown = filterResult(store, 'method:ping', null);
    expect(grown).not.toBe(first);
    expect(grown?.count).toBe(3);
    expect(filterResult(store, 'method:other', null)?.count).toBe(0);
  });
});
