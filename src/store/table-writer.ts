import type { DirCode, KindCode, ShapeCode, StatusCode } from '../trace/enums.js';
import type { TurnFacts } from '../trace/turn.js';
import type { FlagBit } from './codes.js';
import type { ToolPairs } from './tool-pairs.js';

/** One entry of stats `errors[]`, kept on the row that completes it. */
export interface ErrorEntry {
  t: number | null;
  source: 'tool' | 'jsonrpc' | 'llm';
  name: string;
  message: string;
  /** Tool errors: which kind of pair, so the two-plane rule can drop turn ones. */
  origin?: 'mcp' | 'turn';
}

/** Where a row's line is in its file. */
export interface LinePlace {
  lineNo: number;
  offset: number;
  length: number;
}

/**
 * What ingest/ writes into a store's tables (`store.writer`), in named steps: the
 * columns' encoding (widths, offsets in two parts, times as block offsets) stays in
 * store/tables.ts. Rows are appended in order and each step writes the row just
 * appended or an earlier one.
 */
export interface TableWriter {
  /** The interned id of a string (methods, tools, models, labels). */
  intern(value: string): number;
  /** A new row; shape, status and flags start as none, no paired row. Returns its row number. */
  appendRow(
    file: number,
    line: LinePlace,
    kind: KindCode,
    t: number | null,
    label: number,
    name: number,
    dir: DirCode,
  ): number;
  setShape(row: number, shape: ShapeCode): void;
  setStatus(row: number, status: StatusCode): void;
  addFlags(row: number, flag: FlagBit): void;
  /** Pairs a response row with its request: each names the other, the response takes its method. */
  answer(req: number, res: number): void;
  /** A tools/call response takes its request's tool name. */
  copyName(from: number, to: number): void;
  /** A row of the Calls list (requests, notifications, orphan responses), in row order. */
  pushCall(row: number): void;
  /** A turn row: in the Turns list, and (`shown`: not echoed) in the list without the echoed ones. */
  pushTurn(row: number, shown: boolean): void;
  /**
   * A counted turn's usage (`cost` NaN when unpriced or without usage; `priced`: its model
   * has a price row). `continues`: what a later copy of an agent's API response adds to
   * it (ingest/agent-counting.ts): its tokens join the sums, but it is no generation.
   * `gen`: an agent's generation it counts for (`generationOf`), -1 for none.
   */
  pushUsage(row: number, facts: TurnFacts, cost: number, priced: boolean, continues?: boolean, gen?: number): void;
  setErrorText(row: number, text: string): void;
  setRowErrors(row: number, errors: ErrorEntry[]): void;
  /** Links a turn row to a tool pair: `~p` for one it closed, `p` for one it opened (closed ones first). */
  linkTurnPair(row: number, link: number): void;
  /** A new tool pair opened by `reqRow`; returns its index. */
  addPair(...pair: Parameters<ToolPairs['add']>): number;
  closePair(p: number, resRow: number, error: string | null): void;
  pairName(p: number): string;
  pairReqRow(p: number): number;
  /** The MCP tool pair a tools/call request row opened, or -1. */
  mcpPairOf(row: number): number;
  tOf(row: number): number | null;
  /** A row's method, event kind, role, type or skip reason. */
  labelOf(row: number): string | null;
}
