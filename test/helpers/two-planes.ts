import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';

/** The agent and mcp planes of one small run (test/fixtures/two-planes), in one store. */
export async function twoPlanes() {
  const store = new TraceStore(bundledPrices());
  for (const f of ['agent', 'mcp']) await ingest(store, new FileSource(`test/fixtures/two-planes/${f}.jsonl`));
  return store;
}
