import { applyFilter } from '../store/query.js';
import { fileLabelOf } from '../store/stats.js';
import { TraceStore } from '../store/trace-store.js';
import { parseFilter } from '../trace/filter.js';
import type { PriceTable } from '../trace/prices.js';
import { openAll } from './open-all.js';
import { complain } from './output.js';
import { readWhole } from './read-whole.js';
import { type ExportFormat, exportRows, wroteText } from './records-io.js';
import { exportName, FIFO_NO_READER, stdoutRefusal } from './write-whole.js';

/** `--export FILE`: the records (a filter's, when given) of every source, as JSONL, without the app. */
export async function exportCommand(
  args: string[],
  path: string,
  filterText: string | undefined,
  prices: PriceTable,
  timeoutS?: number,
  format: ExportFormat = 'v1',
): Promise<number> {
  const refused = stdoutRefusal('--export', path);
  if (refused !== null) {
    complain(refused);
    return 2;
  }
  const sources = await openAll(args, timeoutS);
  if (!sources) return 1;
  const store = new TraceStore(prices);
  try {
    for (const source of sources) {
      const failure = await readWhole(store, source, `nothing written to ${exportName(path)}`);
      if (failure !== null) {
        complain(failure);
        return 1;
      }
    }
    const rows = chosenRows(store, filterText);
    complain(
      wroteText(
        store,
        await exportRows(store, rows, path, format, () => complain(`${path}: ${FIFO_NO_READER}`)),
        exportName(path),
      ),
    );
    return 0;
  } catch (error) {
    complain((error as Error).message);
    return 1;
  } finally {
    for (const s of sources) s.close();
  }
}

/** The rows an export writes: every row, or with `--filter` the matching ones (over every file). */
export function chosenRows(store: TraceStore, filterText: string | undefined): Int32Array {
  const filter = filterText === undefined ? null : parseFilter(filterText);
  return filter
    ? applyFilter(
        store,
        filter,
        store.startMs(0),
        store.files.map((f) => fileLabelOf(store, f.index)),
      ).rows
    : Int32Array.from({ length: store.count }, (_, i) => i);
}
