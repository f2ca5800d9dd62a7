/*
 * Each enum of the records, once: the store keeps a value's code (its index in the
 * table), and every word, glyph and colour shown for it comes from its entry, in the
 * summary, the app and the filter language alike.
 */

/** How a value is coloured: the name of a theme style (ui/theme.ts), or none. */
export type Tone = 'ok' | 'error' | 'warn' | 'pending' | 'accent' | 'model' | 'dim';

/** One value of an enum. */
export interface EnumEntry<Name extends string = string> {
  /** As the format, the code and `--json` spell it. */
  readonly name: Name;
  /** What a list shows for it (a column's word: `cancel` fits where `cancelled` is cut). */
  readonly label: string;
  /** What the detail view calls it. */
  readonly title: string;
  /** Shown beside the label: colour is never the only signal. */
  readonly glyph: string;
  /** The glyph under `--ascii`: one ASCII character of the same width. */
  readonly ascii: string;
  readonly tone: Tone | null;
  /** The word a filter names it by (`status:`, `dir:`), or null when it has none. */
  readonly filter: string | null;
}

type Entry<Name extends string> = Pick<EnumEntry<Name>, 'name'> & Partial<Omit<EnumEntry<Name>, 'name'>>;

/** Name → code (its index), typed: `Kind.turn` is the literal 3. */
export type Codes<T extends readonly { name: string }[]> = {
  readonly [I in keyof T & `${number}` as T[I]['name']]: I extends `${infer N extends number}` ? N : never;
};

/** The full table: label and title default to the name, glyphs to none. */
function table<const T extends readonly Entry<string>[]>(
  entries: T,
): { readonly [I in keyof T]: EnumEntry<T[I]['name']> } {
  return entries.map((e) => ({
    label: e.name,
    title: e.name,
    glyph: '',
    ascii: '',
    tone: null,
    filter: null,
    ...e,
  })) as never;
}

function codes<const T extends readonly { name: string }[]>(entries: T): Codes<T> {
  return Object.fromEntries(entries.map((e, i) => [e.name, i])) as never;
}

/** Record kinds, one per stored row (a batch line gives one row per element). */
export const KINDS = table([
  { name: 'meta', tone: 'accent' },
  { name: 'message' },
  { name: 'event', tone: 'warn' },
  { name: 'turn', tone: 'model' },
  { name: 'end', tone: 'accent' },
  { name: 'other', tone: 'dim' },
  { name: 'skip', title: 'skipped line', glyph: '✗', ascii: 'x', tone: 'error' },
]);
export const Kind = codes(KINDS);
export type KindCode = (typeof Kind)[keyof typeof Kind];
export type KindName = (typeof KINDS)[number]['name'];

/** Which way a message went (in: client → server), or which kind of non-RPC line it is. */
export const DIRS = table([
  { name: 'none', label: '', title: '' },
  { name: 'in', title: 'in (client → server)', glyph: '→', ascii: '>', filter: 'in' },
  { name: 'out', title: 'out (server → client)', glyph: '←', ascii: '<', filter: 'out' },
  { name: 'event', title: '', filter: 'event' },
  { name: 'command', title: '', filter: 'command' },
  { name: 'telemetry', title: '', filter: 'telemetry' },
  { name: 'other', title: '' },
]);
export const Dir = codes(DIRS);
export type DirCode = (typeof Dir)[keyof typeof Dir];
export type DirName = (typeof DIRS)[number]['name'];
/** The dirs of a JSON-RPC message line (client → server, server → client). */
export type MessageDir = Extract<DirName, 'in' | 'out'>;
/** The dirs of a line that is an event, not a message. */
export type EventDir = Extract<DirName, 'event' | 'command' | 'telemetry'>;
/** How mcp-rec spells the two message dirs (its `dir` field). */
export const MCP_REC_DIRS = { in: 'client->server', out: 'server->client' } as const satisfies Record<
  MessageDir,
  string
>;

/** A JSON-RPC message's shape (none: not a message row). */
export const SHAPES = table([
  { name: 'none', title: 'message' },
  { name: 'request' },
  { name: 'notification', label: 'notif', glyph: '·', ascii: '.', tone: 'dim' },
  { name: 'response', tone: 'warn' },
  { name: 'invalid', title: 'message' },
]);
export const Shape = codes(SHAPES);
export type ShapeCode = (typeof Shape)[keyof typeof Shape];
/** What a message can be (a row that is no message has shape `none`). */
export type RpcShape = Exclude<(typeof SHAPES)[number]['name'], 'none'>;

/** A call's state, on its request row (and on an orphan response row). */
export const STATUSES = table([
  { name: 'none', label: '', glyph: ' ', ascii: ' ', tone: 'dim' },
  { name: 'ok', glyph: '✓', ascii: '+', tone: 'ok', filter: 'ok' },
  { name: 'error', glyph: '✗', ascii: 'x', tone: 'error', filter: 'error' },
  // A tool result with isError: true; `status:error` keeps it with protocol errors.
  { name: 'isError', glyph: '✗', ascii: 'x', tone: 'error', filter: 'error' },
  { name: 'pending', glyph: '…', ascii: '~', tone: 'pending', filter: 'pending' },
  { name: 'cancelled', label: 'cancel', glyph: '⊘', ascii: '/', tone: 'warn', filter: 'cancelled' },
  { name: 'orphan', glyph: '?', ascii: '?', tone: 'warn' },
]);
export const Status = codes(STATUSES);
export type StatusCode = (typeof Status)[keyof typeof Status];

/** How a call of `diff A B` compares: the web viewer's legend (═ same · ≠ changed · + added · - removed). */
export const DIFF_STATUSES = table([
  { name: 'same', glyph: '═', ascii: '=', tone: 'dim' },
  { name: 'changed args', glyph: '≠', ascii: '#', tone: 'warn' },
  { name: 'changed result', glyph: '≠', ascii: '#', tone: 'warn' },
  { name: 'added in B', glyph: '+', ascii: '+', tone: 'ok' },
  { name: 'removed from B', glyph: '-', ascii: '-', tone: 'error' },
]);
export type DiffStatus = (typeof DIFF_STATUSES)[number]['name'];
/** A diff status's entry by its name. */
export const diffStatus = (name: DiffStatus): EnumEntry<DiffStatus> => DIFF_STATUSES.find((e) => e.name === name)!;

/** The distinct filter words of a table, in its order. */
export const filterWords = (entries: readonly EnumEntry[]): string[] => [
  ...new Set(entries.flatMap((e) => (e.filter === null ? [] : [e.filter]))),
];

/** Every glyph of the tables with its ASCII stand-in (the theme's `--ascii` map includes them). */
export const ENUM_ASCII: Record<string, string> = Object.fromEntries(
  [KINDS, DIRS, SHAPES, STATUSES, DIFF_STATUSES].flatMap((t: readonly EnumEntry[]) =>
    t.filter((e) => e.glyph.trim() !== '' && e.glyph !== e.ascii).map((e) => [e.glyph, e.ascii]),
  ),
);
