import { openTrace } from '../ingest/open-trace.js';
import { jsonPieces } from '../report/json-pieces.js';
import { pricesJson } from '../report/prices-note.js';
import { skippedNote } from '../report/skipped-note.js';
import { NotTraceError } from '../sources/document-source.js';
import type { Source } from '../sources/types.js';
import { aggregateRows } from '../store/aggregates.js';
import { emptyText, notTraceText } from '../store/not-trace.js';
import { applyFilter } from '../store/query.js';
import { fileLabelOf, statsOf } from '../store/stats.js';
import { type ToolCost, toolCosts } from '../store/tool-costs.js';
import { TraceStore } from '../store/trace-store.js';
import { parseFilter } from '../trace/filter.js';
import type { PriceTable } from '../trace/prices.js';
import { loadWithCache } from './load.js';
import { openFound } from './open-all.js';
import { complain, note, print, printJsonPieces, stdoutColumns } from './output.js';
import { notePassedOver, nothingLeftText, type PassedOver } from './passed-over.js';
import { readFailure } from './read-failure.js';
import { sayWhileWaiting } from './waiting.js';

/**
 * `mcp-tape.stats/1` and, after it, what each tool was charged (docs/stats.md: `x-costByTool`,
 * in the tools' order) and which prices the costs came from (`x-prices`).
 */
function withCosts(doc: ReturnType<typeof statsOf>, costs: ToolCost[], prices: PriceTable) {
  const byName = new Map(costs.map((c) => [c.name, c]));
  return {
    ...doc,
    'x-costByTool': doc.tools.map((t) => byName.get(t.name) ?? null),
    'x-prices': pricesJson(prices.origin),
  };
}

/**
 * The agent plane of an mcp plane named with it (`X.mcp.jsonl` and `X.agent.jsonl`, as
 * fitness-report writes a run), read into a store of its own so the calls can be linked
 * to the turns that asked for them; null when it is not among the arguments or cannot
 * be read (its own report says why).
 */
async function agentPlaneOf(
  name: string,
  sources: Source[],
  prices: PriceTable,
  options: { cache?: boolean; timeout?: number },
): Promise<TraceStore | null> {
  if (!name.endsWith(MCP_PLANE)) return null;
  const agent = `${name.slice(0, -MCP_PLANE.length)}.agent.jsonl`;
  if (!sources.some((s) => s.name === agent)) return null;
  const store = new TraceStore(prices);
  try {
    const source = await openTrace(agent, { timeoutS: options.timeout });
    try {
      await loadWithCache(store, source, { cache: options.cache ?? true });
    } finally {
      source.close();
    }
    return store;
  } catch {
    return null;
  }
}

const MCP_PLANE = '.mcp.jsonl';

/**
 * The agent plane's tool_uses per tool: the mcp plane's table shows them beside its
 * calls (USES). Not under a filter, which is applied to the mcp plane alone.
 */
function usesOf(turns: TraceStore): Map<string, number> {
  const uses = new Map<string, number>();
  for (const [name, t] of turns.files[0]!.aggregates.tools) if (t.turn.calls > 0) uses.set(name, t.turn.calls);
  return uses;
}

/** Opens every file first (exit 1 before any output if one fails), then reports each. */
export async function summaryCommand(
  args: string[],
  options: { json: boolean; filter?: string; cache?: boolean; timeout?: number; verbose?: boolean; all?: boolean },
  prices: PriceTable,
): Promise<number> {
  const filter = options.filter === undefined ? null : parseFilter(options.filter);
  const found = await openFound(args, options.timeout);
  if (!found) return 1;
  const { sources } = found;
  // The text table (and string-width with its tables) only when asked for.
  const text = options.json ? null : await import('../report/summary-table.js');
  const docs = [];
  const texts = [];
  let failed = found.skipped > 0;
  let cacheNotice: string | null = null;
  const passed: PassedOver[] = [];
  for (const source of sources) {
    // One store per file: each file gets its own session and tables.
    const store = new TraceStore(prices);
    const stopSaying = sayWhileWaiting(source);
    try {
      // Links worked out before the index is saved are saved with it: cost per tool needs every one.
      const { notice } = await loadWithCache(store, source, { cache: options.cache ?? true, links: true });
      // One notice per run, not one per file: the directory is the same for all.
      if (notice !== null && cacheNotice === null) complain((cacheNotice = notice));
    } catch (error) {
      // A JSON file that is no recording, found in a directory (`summary DIR`): passed over.
      if (error instanceof NotTraceError && found.listed.has(source.name)) {
        passed.push({ file: source.name, why: error.message });
        continue;
      }
      // Else said as it is, not as a failed read; found in a directory, the other files are
      // still summarised.
      complain(readFailure(source.name, error));
      if (!found.directory) return 1;
      failed = true;
      continue;
    } finally {
      stopSaying();
      source.close();
    }
    const notTrace = notTraceText(store, 0) ?? emptyText(store, 0);
    // Found in a directory: passed over, as a JSON document that is no recording is.
    if (notTrace !== null && found.listed.has(source.name)) {
      passed.push({ file: source.name, why: notTrace });
      continue;
    }
    if (notTrace !== null) {
      complain(notTrace);
      if (!found.directory) return 1;
      failed = true;
      continue;
    }
    const f = store.files[0]!;
    if (f.state === 'error') {
      // Cut mid-stream: report what arrived, and say the read failed (exit 1).
      complain(f.stateText ?? 'the read failed');
      failed = true;
    }
    const skipped = skippedNote(store, 0);
    if (skipped) note(skipped);
    const kept = filter ? applyFilter(store, filter, store.startMs(0), [fileLabelOf(store, 0)]) : null;
    const agg = kept ? aggregateRows(store, kept.rows) : undefined;
    const turns = await agentPlaneOf(source.name, sources, prices, options);
    const costs = toolCosts(store, {
      ...(kept ? { keep: (row: number) => kept.keep[row] !== 0 } : {}),
      ...(turns ? { turns } : {}),
    });
    if (!text) docs.push(withCosts(statsOf(store, 0, agg), costs, prices));
    else
      texts.push(
        text.summaryText(
          store,
          0,
          kept && agg ? { agg, text: kept.filter.text, kept: kept.count, keep: kept.keep } : undefined,
          stdoutColumns(),
          costs,
          { all: options.all ?? false, agentUses: kept || !turns ? undefined : usesOf(turns) },
        ),
      );
  }
  if (passed.length && !docs.length && !texts.length && !failed) {
    complain(nothingLeftText(args, passed));
    return 1;
  }
  notePassedOver(passed, options.verbose ?? false);
  if (text) print(texts.join('\n'));
  else await printJsonPieces(jsonPieces(docs.length === 1 ? docs[0] : docs));
  return failed ? 1 : 0;
}
