import { openSource, OpenError } from '../sources/open-source.js';
import type { Source } from '../sources/types.js';
import { ingest } from '../store/ingest.js';
import { statsOf } from '../store/stats.js';
import { TraceStore } from '../store/trace-store.js';
import type { PriceTable } from '../trace/prices.js';
import { summaryText, skippedNote } from '../report/summary-table.js';

/** Opens every file first (exit 1 before any output if one fails), then reports each. */
export async function summaryCommand(files: string[], options: { json: boolean }, prices: PriceTable): Promise<number> {
  const sources: Source[] = [];
  for (const file of files) {
    try {
      sources.push(await openSource(file));
    } catch (error) {
      process.stderr.write(`mcp-replay-tui: ${error instanceof OpenError ? error.message : `cannot open ${file}: ${(error as Error).message}`}\n`);
      return 1;
    }
  }
  const docs = [];
  const texts = [];
  for (const source of sources) {
    // One store per file: each file gets its own session and tables.
    const store = new TraceStore(prices);
    try {
      await ingest(store, source);
    } catch (error) {
      process.stderr.write(`mcp-replay-tui: cannot read ${source.name}: ${(error as Error).message}\n`);
      return 1;
    } finally {
      source.close();
    }
    const note = skippedNote(store, 0);
    if (note) process.stderr.write(`${note}\n`);
    if (options.json) docs.push(statsOf(store, 0));
    else texts.push(summaryText(store, 0));
  }
  process.stdout.write(options.json ? `${JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2)}\n` : texts.join('\n'));
  return 0;
}
