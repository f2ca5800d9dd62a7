import type { TraceStore } from '../store/trace-store.js';
import { Dir, Kind, Shape } from '../trace/enums.js';
import { FORMAT_NAMES } from '../trace/formats/format.js';
import { mcpRecLine, messageText } from '../trace/formats/records.js';
import { batchIndex } from './batch-index.js';

/** The first `initialize` request of a file: a mock server answers it before any call. */
function initializeRow(store: TraceStore, file: number): number {
  for (let row = 0; row < store.count; row++)
    if (
      store.fileOf(row) === file &&
      store.kindOf(row) === Kind.message &&
      store.shapeOf(row) === Shape.request &&
      store.labelOf(row) === 'initialize'
    )
      return row;
  return -1;
}

/**
 * `--export-format mcp-rec`: the chosen calls as an mcp-rec recording, which
 * `mcp-rec replay` serves as a mock server. Each call whole (a chosen request brings
 * its response, and a response its request), with the file's `initialize` exchange
 * first when it was not chosen (a client sends it before anything else). Messages
 * as written; lines of an mcp-rec file byte for byte. Other records have no place in
 * mcp-rec and are left out.
 */
export function* mcpRecExport(store: TraceStore, rows: ArrayLike<number>): Iterable<string> {
  const kept = new Set<number>();
  const files = new Set<number>();
  const add = (row: number) => {
    if (row < 0 || store.kindOf(row) !== Kind.message) return;
    const dir = store.dirOf(row);
    if (dir !== Dir.in && dir !== Dir.out) return;
    kept.add(row);
    files.add(store.fileOf(row));
    const pair = store.pairedRow(row);
    if (pair >= 0) kept.add(pair);
  };
  for (let i = 0; i < rows.length; i++) add(rows[i]!);
  for (const file of [...files]) add(initializeRow(store, file));
  let last = '';
  for (const row of [...kept].sort((a, b) => a - b)) {
    const raw = store.rawLine(row) ?? '';
    if (store.files[store.fileOf(row)]!.format.name === FORMAT_NAMES.mcpRec) {
      // An mcp-rec line is kept as recorded, once (a batch of its gives several rows).
      const at = `${store.fileOf(row)}:${store.offsetOf(row)}`;
      if (at !== last) yield raw;
      last = at;
      continue;
    }
    const message = messageText(raw, batchIndex(store, row)) ?? 'null';
    yield mcpRecLine(store.tOf(row), store.dirOf(row) === Dir.in ? 'in' : 'out', message);
  }
}
