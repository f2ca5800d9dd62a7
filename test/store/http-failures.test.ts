import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/report/summary-table.js';
import { httpFailureOf } from '../../src/store/http-failures.js';
import { applyFilter, hasProblem } from '../../src/store/query.js';
import { parseFilter } from '../../src/trace/filter.js';
import { storeOfRecording } from '../helpers/formats.js';
import { REAL_TRACES } from '../helpers/shared.js';

const EXA = join(REAL_TRACES, 'mcp-exa-ai-2026-08-20T18-05-43-728Z.mcp.jsonl');

describe('a call its recorder noted an HTTP error for (the real exa trace)', () => {
  it('is a problem for ] and [, and status:error keeps it, as its row says ✗ HTTP 429', async () => {
    const store = await storeOfRecording(EXA);
    const failed = Array.from(store.rows('calls')).filter((r) => httpFailureOf(store, r) !== null);
    expect(failed).toHaveLength(8);
    for (const row of failed) expect(hasProblem(store, row)).toBe(true);
    const errors = applyFilter(store, parseFilter('status:error')!, null, ['exa']);
    for (const row of failed) expect(errors.keep[row]).toBe(1);
    const pending = applyFilter(store, parseFilter('status:pending')!, null, ['exa']);
    for (const row of failed) expect(pending.keep[row]).toBe(0);
  });

  it('summary still counts it pending, as the stats contract does, and a note says how many', async () => {
    const store = await storeOfRecording(EXA);
    const text = summaryText(store, 0);
    expect(text).toMatch(/^tools\/call +45 +4 +8 /m);
    expect(text).toContain('PENDING: 8 calls among them got an HTTP error (status:error keeps them)');
  });
});
