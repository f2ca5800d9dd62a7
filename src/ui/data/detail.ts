import { hasCalls, linkedPair, pairOfRow } from '../../store/links.js';
import type { TraceStore } from '../../store/trace-store.js';
import { isoTime } from '../../trace/dates.js';
import { DIRS, KINDS, Kind, SHAPES, STATUSES } from '../../trace/enums.js';
import { inert } from '../../trace/text.js';
import { fmtBytes, fmtMs, fmtOffset } from '../../trace/units.js';
import { jsonTextLines, plainLines } from '../format/json-lines.js';
import { looks, toneOf } from '../format/rows.js';
import { fitLine, pushLines, type ScreenLine, seg } from '../format/segments.js';
import { NO_CALL } from '../format/turn-lines.js';
import { traceStart } from './views.js';

/** Records larger than this show a prefix; `w` writes the whole record. */
export const DETAIL_CAP = 256 * 1024;

/** The rows a detail view shows: a call's request and response, or one record. */
export function detailRows(store: TraceStore, row: number): number[] {
  const other = store.pairedRow(row);
  return other < 0 ? [row] : [Math.min(row, other), Math.max(row, other)];
}

function section(store: TraceStore, row: number, width: number, start: number | null): ScreenLine[] {
  const f = store.files[store.fileOf(row)]!;
  const kind = store.kindOf(row);
  const what = kind === Kind.message ? SHAPES[store.shapeOf(row)]!.title : KINDS[kind]!.title;
  const dir = DIRS[store.dirOf(row)]!.title;
  const t = store.tOf(row);
  const length = store.bytesOf(row);
  // The record's time in full (to match it with other logs) and from the start; where it is on a line of its own (paths are long).
  // A time no Date can hold (epoch seconds of 1e300) is shown as the number it is; the record below shows it as written.
  const when = t === null ? '' : ` · ${isoTime(t) ?? `t ${t} ms`}${start !== null ? ` (${fmtOffset(t - start)})` : ''}`;
  const head: ScreenLine[] = [
    [seg(`── ${what}`, 'header'), seg(`${dir ? ` · ${dir}` : ''}${when} · ${fmtBytes(length)}`, 'dim')],
    [seg(`   line ${store.lineOf(row)} of ${inert(f.name)}`, 'dim')],
  ];
  const raw = store.rawLine(row, DETAIL_CAP);
  if (raw === null) return [...head, [seg('(this source cannot be read back)', 'error')]];
  if (kind === Kind.skip)
    return [...head, [seg(`skipped: ${inert(store.labelOf(row))}`, 'error')], ...plainLines(raw, width)];
  if (length > DETAIL_CAP)
    return [
      ...head,
      [
        seg(
          `showing the first ${fmtBytes(DETAIL_CAP)} of ${fmtBytes(length)}: press w to write the whole record to a file`,
          'warn',
        ),
      ],
      ...plainLines(raw, width),
    ];
  try {
    JSON.parse(raw); // only valid JSON is pretty-printed; from its text, so ids show as written
    return [...head, ...jsonTextLines(raw, width)];
  } catch {
    return [...head, ...plainLines(raw, width)];
  }
}

/** The detail view's lines for a row: a summary line, then each record pretty-printed. */
export function detailLines(store: TraceStore, row: number, width: number): ScreenLine[] {
  const rows = detailRows(store, row);
  const start = traceStart(store);
  const out: ScreenLine[] = [];
  if (store.kindOf(row) === Kind.message) {
    const req = rows[0]!;
    const status = STATUSES[store.statusOf(req)]!;
    const latency = store.callLatency(req);
    const name = store.nameOf(req);
    const error = store.errorTextOf(req);
    out.push([
      seg(inert(store.labelOf(req)), 'bold'),
      seg(name ? ` ${inert(name)}` : '', 'bold'),
      seg(status.label ? ` · ${looks(status)}` : '', toneOf(status)),
      seg(latency === null ? '' : ` · ${fmtMs(latency)}`, 'dim'),
    ]);
    const link = pairOfRow(store, req)
      .map((p) => linkedPair(store, p))
      .find((p) => p !== null && p !== undefined);
    if (link !== undefined && link !== null)
      out.push([
        seg(
          `↔ tool_use in the turn at line ${store.lineOf(store.pairs.reqRowOf(link))} of ${inert(store.files[store.pairs.fileOf(link)]!.name)} (l jumps there)`,
          'accent',
        ),
      ]);
    if (error)
      out.push(
        ...plainLines(`error: ${error.slice(0, 2000)}`, width).map((l) =>
          l.map((x) => ({ ...x, style: 'error' as const })),
        ),
      );
  } else if (store.kindOf(row) === Kind.turn) {
    // A turn's tool_uses and the calls they became on the mcp plane.
    const calls = hasCalls(store);
    for (const p of store.toolLinks(row).opened) {
      const other = linkedPair(store, p);
      if (other === null) {
        if (calls) out.push([seg(`↔ ${inert(store.pairs.nameOf(p))}: ${NO_CALL}`, 'dim')]);
        continue;
      }
      const call = store.pairs.get(other);
      out.push([
        seg(
          `↔ ${inert(call.name)}: tools/call at line ${store.lineOf(call.reqRow)} of ${inert(store.files[call.file]!.name)} (l jumps to the first)`,
          'accent',
        ),
      ]);
    }
  }
  for (const r of rows) {
    pushLines(out, section(store, r, width, start));
    out.push([]);
  }
  // Headers and links name files and tools of any length: every line is cut to the width here.
  return out.map((line) => fitLine(line, width));
}
