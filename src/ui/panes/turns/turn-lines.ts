import { notACount } from '../../../kit/counts.js';
import { jsonPreview } from '../../../kit/json-write.js';
import { inert } from '../../../kit/text.js';
import { counted, fmtCount, fmtMs, fmtTurnMs, fmtUsd } from '../../../kit/units.js';
import { isObject, type JsonObject, num, str } from '../../../kit/values.js';
import { DIRS, Dir, STATUSES, Status } from '../../../trace/enums.js';
import { contentText } from '../../../trace/rpc.js';
import type { TurnFacts } from '../../../trace/turn.js';
import { looks, MARK_GLYPH, timeText, toneOf } from '../../format/rows.js';
import { fitLine, type ScreenLine, type Segment, type Style, seg } from '../../format/segments.js';
import { clip, inertHead, truncate, width as widthOf, widthUpTo } from '../../format/text.js';
import { FOLD_LINES, moreText, OPEN_LINES, textBlock } from '../../format/text-block.js';
import { keyOf } from '../../keymap.js';

/** How a tool_use ended: from its paired tool_result. */
export interface ToolUseOutcome {
  /** In the Calls pane's words: `isError` (the tool reported failure), `error` (a JSON-RPC error on the wire). */
  state: Extract<keyof typeof Status, 'ok' | 'error' | 'isError' | 'pending'>;
  latencyMs: number | null;
  /** Line of the linked tools/call on the mcp plane (`l` jumps there), if any. */
  linkedLine?: number | null;
  /** The linked call's own latency (request to response on the server's plane). */
  linkedLatencyMs?: number | null;
  /** The mcp plane is open and holds no call for it (a stubbed call, one that never left the client). */
  noCall?: boolean;
}

/** What a tool_use with no tools/call on the open mcp plane says (Turns and the detail view). */
export const NO_CALL = 'no call reached the server';

/** Everything a turn needs to be drawn. */
export interface TurnView {
  row: number;
  fileLabel: string | null;
  offsetMs: number | null;
  tMs: number | null;
  /** What the turn cost by the price table (counted, priced turns only), USD. */
  costUsd?: number | null;
  /** The turn record as parsed from its line (null if it could not be read back). */
  turn: JsonObject | null;
  /** Its usage and times as the index reads them (trace/turn.ts, counts by their text); null with `turn`. */
  facts: TurnFacts | null;
  echoed: boolean;
  /** Its usage is what it adds to the API response counted on an earlier line (an agent's copy of it). */
  addsUsage?: boolean;
  /** Outcomes of this turn's tool_use blocks, in block order. */
  toolUses: ToolUseOutcome[];
  /** How the tool_uses this turn's tool_results answer ended, by tool_use id (a failed result says the same word). */
  results?: ReadonlyMap<string, ToolUseOutcome['state']>;
}

export interface TurnOptions {
  width: number;
  selected: boolean;
  /** A search match (marked • on its first line). */
  matched?: boolean;
  /** Marked (`m`): the mark's glyph leads its first line. */
  marked?: boolean;
  expandThinking: boolean;
  /** Long text shown whole (Space), not folded after FOLD_LINES. */
  open?: boolean;
  /** Clock times (UTC) instead of offsets from the start (`T`). */
  clock?: boolean;
}

const INDENT = '  ';
/*
 * A tool block is drawn as the message it becomes, with the dirs table's glyphs (a
 * tool_use goes in to a server, a tool_result comes out of one), and a failed result
 * as the status table shows an error: `--ascii` and help read the same tables.
 */
const TOOL_USE = `${DIRS[Dir.in].glyph} tool_use `;
const TOOL_RESULT = `${DIRS[Dir.out].glyph} tool_result `;
/** A failed tool_result's mark: the word of its call (`isError` unless the wire said `error`). */
const failedMark = (state: ToolUseOutcome['state'] | undefined): string =>
  `${looks(STATUSES[state === 'error' ? Status.error : Status.isError])} `;

/** A turn as screen lines: a header, then one or more lines per block. */
export function turnLines(v: TurnView, o: TurnOptions): ScreenLine[] {
  const gutter = (): Segment =>
    o.selected ? seg('›', 'selected') : o.matched && lines.length === 0 ? seg('•', 'accent') : seg(' ');
  const w = Math.max(10, o.width - 1);
  const bodyW = Math.max(8, w - INDENT.length - 2);
  const lines: ScreenLine[] = [];
  // fitLine makes each segment inert, and reads of a segment only what the line can show:
  // trace text is only clipped here (a tool name can be 100,000 characters).
  const line = (...parts: Segment[]) => lines.push([gutter(), ...fitLine(parts, w)]);
  /** Long text unescaped and wrapped, folded after FOLD_LINES (Space shows it whole). */
  const block = (text: string, indent: string, cells: number, style?: Style) => {
    const b = textBlock(text, cells, o.open ? OPEN_LINES : FOLD_LINES);
    b.lines.forEach((l, k) => {
      const gap = b.gaps[k];
      line(seg(indent), gap === undefined ? seg(l, style) : { ...seg(l, style), wrapGap: gap });
    });
    if (b.cut)
      line(
        seg(indent),
        seg(
          o.open ? `${moreText(b, null)} (${keyOf('list.open')}: the whole record)` : moreText(b, 'turns.open'),
          'dim',
        ),
      );
  };
  const t = v.turn ?? {};
  const role = str(t.role) ?? '(no role)';
  const head: Segment[] = o.marked ? [seg(`${MARK_GLYPH} `, 'accent')] : [];
  if (v.fileLabel) head.push(seg(`${clip(v.fileLabel, w)} `, 'accent'));
  head.push(seg(`${timeText(v.offsetMs, v.tMs, o.clock ?? false)} `, 'dim'), seg(clip(role, w), 'role'));
  if (typeof t.model === 'string') head.push(seg(` ${clip(t.model, w)}`, 'model'));
  const usage = v.facts?.usage;
  if (usage) {
    const plus = v.addsUsage ? '+' : '';
    head.push(seg(` · in ${plus}${fmtCount(usage.input)} · out ${plus}${fmtCount(usage.output)}`, 'dim'));
  }
  // The other counts are not shown, but one that is no count keeps the turn out of the totals: say which.
  for (const [name, n] of [
    ['cache read', usage?.cacheRead],
    ['cache write', usage?.cacheWrite],
    ['thinking', v.facts?.thinkingExact],
  ] as const)
    if (n != null && notACount(n)) head.push(seg(` · ${name} ${fmtCount(n)}`, 'warn'));
  if (v.costUsd != null) {
    // A cost is shown whole or not at all: `$1,234,56…` cut at the edge reads as another figure.
    const cost = ` · ${fmtUsd(v.costUsd)}`;
    const used = head.reduce((n, s) => n + widthOf(s.text), 0);
    head.push(seg(used + widthOf(cost) <= w ? cost : ' · …', 'dim'));
  }
  const duration = v.facts?.durationMs ?? null;
  if (duration !== null) head.push(seg(` · ${fmtTurnMs(duration)}`, 'dim'));
  if (v.echoed) head.push(seg(' · echoed resend', 'warn'));
  if (t.truncated === true || t.stop_reason === 'truncated') head.push(seg(' · ✂ truncated', 'warn'));
  if (v.turn === null) head.push(seg(' · (record could not be read back)', 'error'));
  line(...head);

  const blocks = Array.isArray(t.blocks) ? t.blocks : [];
  let toolUse = 0;
  for (const b of blocks) {
    if (!isObject(b)) {
      line(seg(INDENT), seg('[block: invalid]', 'dim'));
      continue;
    }
    const type = str(b.type) ?? '(no type)';
    if (type === 'thinking') {
      const text = str(b.thinking) ?? '';
      if (!o.expandThinking) {
        line(seg(INDENT), seg('~ thinking ', 'dim'), seg(text ? clip(text, w) : '(empty)', 'dim'));
      } else {
        line(seg(INDENT), seg('~ thinking', 'dim'));
        block(text, `${INDENT}  `, bodyW, 'dim');
      }
    } else if (type === 'text') {
      block(str(b.text) ?? '', INDENT, bodyW + 2);
    } else if (type === 'tool_use') {
      const outcome = v.echoed ? undefined : v.toolUses[toolUse++];
      const look = outcome === undefined ? null : STATUSES[Status[outcome.state]];
      // A call that never reached the server neither succeeded nor took time to run: its
      // answer came from elsewhere (a stub), so `✓ ok` and a latency would claim a call.
      // An error answer, or none, says so all the same.
      const noCall = outcome?.noCall === true;
      const after: Segment[] = look
        ? [
            seg(noCall && outcome?.state === 'ok' ? '' : ` ${looks(look)}`, toneOf(look)),
            seg(noCall || outcome?.latencyMs == null ? '' : ` ${fmtMs(outcome.latencyMs)}`, 'dim'),
            outcome?.linkedLine != null
              ? seg(` ↔ call L${outcome.linkedLine}`, 'accent')
              : seg(noCall ? ` ${NO_CALL}` : '', 'dim'),
            // The call's own time beside it: the tool_use's latency runs to its tool_result
            // and holds the agent's overhead (4.15s here, 123ms of it on the server).
            seg(
              outcome?.linkedLine != null && outcome.linkedLatencyMs != null
                ? ` ${fmtMs(outcome.linkedLatencyMs)}`
                : '',
              'dim',
            ),
          ]
        : [];
      // Measured as shown: inert, and no more of it than the line can hold.
      const name = inertHead(str(b.name) ?? '(unknown)', w);
      const args = inert(jsonPreview(b.input ?? {}, w * 4));
      const room = Math.max(
        4,
        w - INDENT.length - 12 - widthUpTo(name, w) - after.reduce((n, s) => n + widthOf(s.text), 0),
      );
      line(seg(INDENT), seg(TOOL_USE, 'accent'), seg(name, 'bold'), seg(` ${truncate(args, room)}`, 'dim'), ...after);
    } else if (type === 'tool_result') {
      const err = b.is_error === true;
      const text = contentText(b.content);
      line(
        seg(INDENT),
        seg(TOOL_RESULT, 'accent'),
        seg(err ? failedMark(v.results?.get(str(b.tool_use_id) ?? '')) : '', 'error'),
        seg(clip(str(b.tool_use_id) ?? '', w), 'dim'),
        seg(text ? '' : ' (empty)', 'dim'),
      );
      // The content as text under it, as the assistant's text reads.
      if (text) block(text, `${INDENT}  `, bodyW, err ? 'error' : 'dim');
    } else if (type === 'history_elided') {
      const count = num(b.count);
      const hash = str(b.sha256);
      line(
        seg(INDENT),
        seg(`⋯ ${count == null ? '? earlier messages' : counted(count, 'earlier message')} elided`, 'dim'),
        seg(hash ? ` (sha256 ${inert(hash.slice(0, 12))}…)` : '', 'dim'),
      );
    } else {
      line(seg(INDENT), seg(`[block: ${clip(type, w)}]`, 'dim'));
    }
  }
  if (blocks.length === 0) line(seg(INDENT), seg('(no blocks)', 'dim'));
  // An echoed resend is shown dimmed: it repeats the turn above and describes no generation.
  return v.echoed
    ? lines.map((l) =>
        l.map((s, i) =>
          i > 0 && (s.style === undefined || s.style === 'role' || s.style === 'model')
            ? { ...s, style: 'dim' as const }
            : s,
        ),
      )
    : lines;
}
