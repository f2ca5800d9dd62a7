import { openTrace } from '../ingest/open-trace.js';
import { diffText } from '../report/diff-report.js';
import { OpenError } from '../sources/open-source.js';
import { type DiffBy, diffJson, diffStores } from '../store/diff.js';
import { TraceStore } from '../store/trace-store.js';
import type { PriceTable } from '../trace/prices.js';
import { claimTerminal } from './interactive.js';
import { complain, print, printJson, stdoutColumns, stdoutIsTerminal } from './output.js';
import { readWhole } from './read-whole.js';
import { expandTargets } from './targets.js';

/** `diff A B`: exit codes as diff(1): 0 same, 1 different, 2 trouble. */
export async function diffCommand(
  args: string[],
  options: { json: boolean; by?: DiffBy; timeout?: number; ascii?: boolean },
  prices: PriceTable,
): Promise<number> {
  const expanded = expandTargets(args);
  if (!expanded) return 2;
  if (expanded.targets.length !== 2) {
    complain(`diff takes two traces (got ${expanded.targets.length})`);
    return 2;
  }
  const stores: TraceStore[] = [];
  const sources = [];
  try {
    for (const target of expanded.targets) {
      const source = await openTrace(target, { timeoutS: options.timeout });
      sources.push(source);
      const store = new TraceStore(prices);
      const failure = await readWhole(store, source, 'not compared');
      if (failure !== null) {
        complain(failure);
        return 2;
      }
      stores.push(store);
    }
    // A pipe has no width: its table shows both values whole, so they are kept whole.
    const piped = !options.json && !stdoutIsTerminal();
    const doc = diffStores(stores[0]!, stores[1]!, options.by, piped ? { keep: Infinity } : {});
    if (!options.json && stdoutIsTerminal()) {
      claimTerminal();
      const { runDiffApp } = await import('./tui-command.js');
      if (await runDiffApp(doc, stores[0]!, stores[1]!, options.ascii)) return 130;
    } else if (options.json) printJson(diffJson(doc));
    else print(diffText(doc, stdoutColumns()));
    return doc.same ? 0 : 1;
  } catch (error) {
    complain(error instanceof OpenError ? error.message : (error as Error).message);
    return 2;
  } finally {
    for (const s of sources) s.close();
  }
}
