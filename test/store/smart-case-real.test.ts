import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { textMatches } from '../../src/store/query.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { realTraceFiles } from '../helpers/shared.js';

/** A-Z as a-z, the rest as it is: what a lower-case (smart-case) word matches against. */
const asciiLower = (bytes: Buffer): Buffer => Buffer.from(bytes.map((b) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b)));

// Words common and rare in these traces, with digits, punctuation and a letter that is rare.
const WORDS = ['error', 'content', 'tools/call', 'mcp', 'iserror', 'text', 'q', 'zz', '"id":1', 'docs', 'json', 'e'];

describe('smart case on every real trace', () => {
  it('a lower-case word keeps exactly the rows whose line holds it in any ASCII case', async () => {
    for (const path of realTraceFiles) {
      const store = new TraceStore(bundledPrices());
      await ingest(store, new FileSource(path));
      const lines = readFileSync(path)
        .toString('latin1')
        .split('\n')
        .map((l) => asciiLower(Buffer.from(l.replace(/\r$/, ''), 'latin1')));
      for (const word of WORDS) {
        const got = textMatches(store, word, false);
        const needle = Buffer.from(word);
        for (let row = 0; row < store.count; row++) {
          const want = lines[store.lineOf(row) - 1]!.includes(needle) ? 1 : 0;
          if (got[row] !== want) expect({ path, word, row, line: store.lineOf(row), got: got[row] }).toEqual({ want });
        }
      }
    }
  });
});
