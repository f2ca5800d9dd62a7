import { keepText } from '../kit/text.js';
import { Flag } from '../store/codes.js';
import type { ErrorEntry, TableWriter } from '../store/table-writer.js';
import { type MessageDir, Status } from '../trace/enums.js';
import { type IdKey, idTextOf, type RpcInfo } from '../trace/rpc.js';
import type { TurnFacts } from '../trace/turn.js';

/*
 * Pairing, as rows arrive: JSON-RPC requests with their responses (per file, per
 * direction, per `source`, the id with its JSON type, oldest first on reused ids), and
 * tool_use blocks with the tool_results of later turns. A step of ingest: it keeps its
 * own tables (`FilePairing`) and writes its own columns (pair, status, the call list,
 * the tool pairs and turn links, the error entries the aggregates read) straight into
 * the store's tables, never calling the store back.
 */

/**
 * Pending requests of one direction and `source`, by id key: the row, or the rows
 * oldest first when an id is reused before its answer.
 */
export type PendingTable = Map<IdKey, number | number[]>;

/** One file's pairing state (ids never pair across files), kept between its rows. */
export interface FilePairing {
  readonly index: number;
  /** Pending requests by the direction they were sent, then `source`. */
  readonly pending: { in: Map<string, PendingTable>; out: Map<string, PendingTable> };
  /** Open tool_use pairs by `source`, then tool_use id. */
  readonly openToolUses: Map<string, Map<string, number>>;
}

export const filePairing = (index: number): FilePairing => ({
  index,
  pending: { in: new Map(), out: new Map() },
  openToolUses: new Map(),
});

function pendingTable(f: FilePairing, dir: MessageDir, source: string): PendingTable {
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
function pendingMethod(w: TableWriter, f: FilePairing, id: IdKey): string | undefined {
  let latest = -1;
  for (const table of f.pending.in.values()) {
    const queue = table.get(id);
    const row = typeof queue === 'number' ? queue : queue?.[queue.length - 1];
    if (row !== undefined && row > latest) latest = row;
  }
  return latest < 0 ? undefined : (w.labelOf(latest) ?? undefined);
}

export function openRequest(
  w: TableWriter,
  f: FilePairing,
  row: number,
  dir: MessageDir,
  source: string,
  info: RpcInfo,
  corr: string | null,
): void {
  w.setStatus(row, Status.pending);
  if (dir === 'out') w.addFlags(row, Flag.serverToClient);
  const table = pendingTable(f, dir, source);
  const id = info.idKey!;
  const queue = table.get(id);
  if (queue === undefined) table.set(id, row);
  else if (typeof queue === 'number') table.set(id, [queue, row]);
  else queue.push(row);
  w.pushCall(row);
  // A call's arguments are linked by key alone: their size is never asked for.
  if (info.toolName !== null && dir === 'in') w.addPair('mcp', f.index, info.toolName, row, 0, info.argsKey, 0, corr);
}

/** A response closes the oldest pending request with its id sent the other way. */
export function closeRequest(
  w: TableWriter,
  f: FilePairing,
  row: number,
  dir: MessageDir,
  source: string,
  info: RpcInfo,
): void {
  const raw = info.protocolError ?? info.executionError;
  const failure = raw === null ? null : keepText(raw);
  if (failure !== null) w.setErrorText(row, failure);
  const req =
    info.idKey === null ? undefined : takePending(f.pending[dir === 'in' ? 'out' : 'in'].get(source), info.idKey);
  if (req === undefined) {
    w.setStatus(row, Status.orphan);
    w.pushCall(row);
    if (dir === 'out' && info.protocolError !== null) {
      const method = info.idKey === null ? undefined : pendingMethod(w, f, info.idKey);
      w.setRowErrors(row, [
        {
          t: w.tOf(row),
          source: 'jsonrpc',
          name: method ?? (info.idKey === null ? '(notification)' : `id ${keepText(idTextOf(info.idKey), 200)}`),
          message: failure!,
        },
      ]);
    }
    return;
  }
  // Only orphan responses need a method by id; an answered id no longer does.
  w.answer(req, row);
  w.setStatus(
    req,
    info.protocolError !== null ? Status.error : info.executionError !== null ? Status.isError : Status.ok,
  );
  if (failure !== null) w.setErrorText(req, failure);
  const p = w.mcpPairOf(req);
  if (p >= 0) {
    w.closePair(p, row, failure);
    w.copyName(req, row);
    if (failure !== null)
      w.setRowErrors(row, [{ t: w.tOf(req), source: 'tool', name: w.pairName(p), message: failure, origin: 'mcp' }]);
  } else if (dir === 'out' && info.protocolError !== null) {
    w.setRowErrors(row, [{ t: w.tOf(row), source: 'jsonrpc', name: w.labelOf(req)!, message: failure! }]);
  }
}

export function cancel(w: TableWriter, f: FilePairing, dir: MessageDir, source: string, idKey: IdKey): void {
  const queue = f.pending[dir].get(source)?.get(idKey);
  const req = typeof queue === 'number' ? queue : queue?.[0];
  if (req !== undefined) w.setStatus(req, Status.cancelled);
}

/**
 * A turn's tool_results close earlier tool_uses by id; then its own tool_uses open.
 * The links go straight onto the store's link columns (`linkTurnPair`), closed ones first (a 1 GiB
 * trace has a million such turns: no arrays per turn).
 */
export function pairTurn(
  w: TableWriter,
  f: FilePairing,
  row: number,
  source: string,
  corr: string | null,
  facts: TurnFacts,
  gen = -1,
): void {
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
    const reqRow = w.pairReqRow(p);
    const error = result.isError ? keepText(result.text || 'tool reported an error') : null;
    w.closePair(p, row, error);
    w.linkTurnPair(row, ~p);
    if (error !== null)
      (errors ??= []).push({
        t: w.tOf(reqRow),
        source: 'tool',
        name: w.pairName(p),
        message: error,
        origin: 'turn',
      });
  }
  for (let ordinal = 0; ordinal < toolUses.length; ordinal++) {
    const use = toolUses[ordinal]!;
    const p = w.addPair('turn', f.index, use.name, row, ordinal, use.argsKey, use.argsSize, corr, gen);
    if (use.id !== null) {
      if (!open) f.openToolUses.set(source, (open = new Map()));
      open.set(use.id, p);
    }
    w.linkTurnPair(row, p);
  }
  if (errors) w.setRowErrors(row, errors);
}
