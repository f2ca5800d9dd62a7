import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRun } from '../../src/ingest/read-run.js';
import { notTraceText } from '../../src/store/not-trace.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { storeOf } from '../helpers/store.js';

describe('a file with no v1 record is no v1 trace', () => {
  it('a line that is not JSON, then a JSON object of no known type: not a trace, naming both', () => {
    expect(notTraceText(storeOf(['garbage', { x: 1 }], undefined, 'g.jsonl'), 0)).toBe(
      'not a trace: g.jsonl has no mcp-replay v1 record: 1 line not JSON, 1 JSON object of no known record type',
    );
  });

  it('one record v1 knows makes it a trace, with its other lines kept', () => {
    const t = '2026-05-12T23:00:00.000Z';
    expect(notTraceText(storeOf(['garbage', { x: 1 }, { t, dir: 'event', kind: 'note' }]), 0)).toBeNull();
  });

  it('report counts it as no session, and passes it over as not a trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'not-trace-'));
    const file = join(dir, 'g.jsonl');
    writeFileSync(file, 'garbage\n{"x":1}\n');
    const job = { run: 'g', files: [file], by: [], zone: 'UTC', since: null, until: null };
    const result = await readRun(job, bundledPrices());
    expect(result.notTraces).toEqual([
      { file, why: expect.stringMatching(/^not a trace: .* no mcp-replay v1 record/) },
    ]);
    expect(result.rows.reduce((n, r) => n + (r.figures.sessions ?? 0), 0)).toBe(0);
  });
});
