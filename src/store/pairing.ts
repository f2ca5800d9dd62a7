import { Status } from '../trace/enums.js';
import { type IdKey, idTextOf, type RpcInfo } from '../trace/rpc.js';
import { keepText } from '../trace/text.js';
import type { TurnFacts } from '../trace/turn.js';
import type { ErrorEntry } from './aggregates.js';
import { Flag } from './codes.js';
import type { FileState, TraceStore } from './trace-store.js';

/*
 * Pairing, as rows arrive: JSON-RPC requests with their responses (per file, per
 * direction, per `source`, the id with its JSON type, oldest first on reused ids), and
 * tool_use blocks with the tool_results of later turns. It writes the pair columns,
 * the tool pairs and the error entries the aggregates read.
 */

/**
 * Pending requests of one direction and `source`, by id key: the row, or the rows
 * oldest first when an id is reused before its answer.
 */
export type PendingTable = Map<IdKey, number | number[]>;

function pendingTable(f: FileState, dir: 'in' | 'out', source: string): PendingTable {
  const bySource = f.pending[dir];
  let table = bySource.get(source);
  if (!table) bySource.set(source, (table = new Map()));
  return table;
}

/** Removes and returns the oldest pending request with this id. */
function takePending(table: PendingTable | undefined, id: IdKey): number | undefined {
  const queue = table?.get(id);
  if (queue === undefined) return undefined;
  if (typeof queue === 'number') {
    table!.delete(id);
    return queue;
  }
  const req = queue.shift();
  if (queue.length === 0) table!.delete(id);
  return req;
}

/** The method of the latest pending `in` request with this id, in any `source` (names an orphan error response). */
function pendingMethod(store: TraceStore, f: FileState, id: IdKey): string | undefined {
  let latest = -1;
  for (const table of f.pending.in.values()) {
    const queue = table.get(id);
    const row = typeof queue === 'number' ? queue : queue?.[queue.length - 1];
    if (row !== undefined && row > latest) latest = row;
  }
  return latest < 0 ? undefined : (store.strings.get(store.label.data[latest]!) ?? undefined);
}

export function openRequest(
  store: TraceStore,
  f: FileState,
  row: number,
  dir: 'in' | 'out',
  source: string,
  info: RpcInfo,
): void {
  store.status.data[row] = Status.pending;
  if (dir === 'out') store.flags.setBits(row, Flag.serverToClient);
  const table = pendingTable(f, dir, source);
  const id = info.idKey!;
  const queue = table.get(id);
  if (queue === undefined) table.set(id, row);
  else if (typeof queue === 'number') table.set(id, [queue, row]);
  else queue.push(row);
  store.callRows.push(row);
  if (info.toolName !== null && dir === 'in') {
    store.pairs.add('mcp', f.index, info.toolName, row);
  }
}

/** A response closes the oldest pending request with its id sent the other way. */
export function closeRequest(
  store: TraceStore,
  f: FileState,
  row: number,
  dir: 'in' | 'out',
  source: string,
  info: RpcInfo,
): void {
  const raw = info.protocolError ?? info.executionError;
  const failure = raw === null ? null : keepText(raw);
  if (failure !== null) store.setErrorText(row, failure);
  const req =
    info.idKey === null ? undefined : takePending(f.pending[dir === 'in' ? 'out' : 'in'].get(source), info.idKey);
  if (req === undefined) {
    store.status.data[row] = Status.orphan;
    store.callRows.push(row);
    if (dir === 'out' && info.protocolError !== null) {
      const method = info.idKey === null ? undefined : pendingMethod(store, f, info.idKey);
      store.setRowErrors(row, [
        {
          t: store.tOf(row),
          source: 'jsonrpc',
          name: method ?? (info.idKey === null ? '(notification)' : `id ${keepText(idTextOf(info.idKey), 200)}`),
          message: failure!,
        },
      ]);
    }
    return;
  }
  store.pair.data[req] = row;
  store.pair.data[row] = req;
  // Only orphan responses need a method by id; an answered id no longer does.
  store.status.data[req] =
    info.protocolError !== null ? Status.error : info.executionError !== null ? Status.isError : Status.ok;
  if (failure !== null) store.setErrorText(req, failure);
  store.label.data[row] = store.label.data[req]!;
  const p = store.mcpPairOf(req);
  if (p >= 0) {
    store.pairs.close(p, row, failure);
    store.name.data[row] = store.name.data[req]!;
    if (failure !== null)
      store.setRowErrors(row, [
        { t: store.tOf(req), source: 'tool', name: store.pairs.nameOf(p), message: failure, origin: 'mcp' },
      ]);
  } else if (dir === 'out' && info.protocolError !== null) {
    store.setRowErrors(row, [
      { t: store.tOf(row), source: 'jsonrpc', name: store.strings.get(store.label.data[req]!)!, message: failure! },
    ]);
  }
}

export function cancel(store: TraceStore, f: FileState, dir: 'in' | 'out', source: string, idKey: IdKey): void {
  const queue = f.pending[dir].get(source)?.get(idKey);
  const req = typeof queue === 'number' ? queue : queue?.[0];
  if (req !== undefined) store.status.data[req] = Status.cancelled;
}

/**
 * A turn's tool_results close earlier tool_uses by id; then its own tool_uses open.
 * The links go straight onto the store's link columns, closed ones first (a 1 GiB
 * trace has a million such turns: no arrays per turn).
 */
export function pairTurn(store: TraceStore, f: FileState, row: number, source: string, facts: TurnFacts): void {
  const { toolUses, toolResults } = facts;
  if (toolUses.length === 0 && toolResults.length === 0) return;
  let errors: ErrorEntry[] | null = null;
  let open = f.openToolUses.get(source);
  for (let i = 0; i < toolResults.length; i++) {
    const result = toolResults[i]!;
    if (result.toolUseId === null) continue;
    const p = open?.get(result.toolUseId);
    if (p === undefined) continue; // an orphan result is tolerated and ignored
    open!.delete(result.toolUseId);
    const reqRow = store.pairs.reqRow.data[p]!;
    const error = result.isError ? keepText(result.text || 'tool reported an error') : null;
    store.pairs.close(p, row, error);
    store.linkTurnPair(row, ~p);
    if (error !== null)
      (errors ??= []).push({
        t: store.tOf(reqRow),
        source: 'tool',
        name: store.pairs.nameOf(p),
        message: error,
        origin: 'turn',
      });
  }
  for (let ordinal = 0; ordinal < toolUses.length; ordinal++) {
    const use = toolUses[ordinal]!;
    const p = store.pairs.add('turn', f.index, use.name, row, ordinal);
    if (use.id !== null) {
      if (!open) f.openToolUses.set(source, (open = new Map()));
      open.set(use.id, p);
    }
    store.linkTurnPair(row, p);
  }
  if (errors) store.setRowErrors(row, errors);
}
