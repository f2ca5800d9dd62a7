import { openSource, OpenError } from '../sources/open-source.js';
import { diffText } from '../report/diff-report.js';
import { diffStores } from '../store/diff.js';
import { ingest } from '../store/ingest.js';
import { TraceStore } from '../store/trace-store.js';
import type { PriceTable } from '../trace/prices.js';
import { claimTerminal } from './interactive.js';
import { expandTargets } from './targets.js';

/** `diff A B`: exit codes as diff(1): 0 same, 1 different, 2 trouble. */
export async function diffCommand(args: string[], options: { json: boolean }, prices: PriceTable): Promise<number> {
  const expanded = expandTargets(args);
  if (!expanded) return 2;
  if (expanded.targets.length !== 2) {
    process.stderr.write(`mcp-replay-tui: diff takes two traces (got ${expanded.targets.length})\n`);
    return 2;
  }
  const stores: TraceStore[] = [];
  const sources = [];
  try {
    for (const target of expanded.targets) {
      const source = await openSource(target);
      sources.push(source);
      const store = new TraceStore(prices);
      await ingest(store, source);
      stores.push(store);
    }
    const doc = diffStores(stores[0]!, stores[1]!);
    if (!options.json && process.stdout.isTTY) {
      claimTerminal();
      const { runDiffApp } = await import('./tui-command.js');
      await runDiffApp(doc, stores[0]!, stores[1]!);
    } else process.stdout.write(options.json ? `${JSON.stringify(doc, null, 2)}\n` : diffText(doc));
    return doc.same ? 0 : 1;
  } catch (error) {
    process.stderr.write(`mcp-replay-tui: ${error instanceof OpenError ? error.message : (error as Error).message}\n`);
    return 2;
  } finally {
    for (const s of sources) s.close();
  }
}
