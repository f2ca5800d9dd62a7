/**
 * The diff view's title: `diff A <name> · B <name> · 3 of 5 differ`. Two recordings of one
 * server are named alike (`huggingface-co-2026-08-19T22-14-12-890Z.agent.jsonl` and
 * `…-2026-08-20T17-23-48-886Z.agent.jsonl`): what tells them apart is where their names
 * start to differ, so a name too long for its share is cut before that place, and after
 * it only when that part alone is too long.
 */
import { endOf, shortenPath } from './notice.js';
import { fitLine, type ScreenLine, type Style, seg } from './segments.js';
import { head, truncate, width as widthOf } from './text.js';

/** Where `name` starts to differ from `other`, moved back to the start of that word (`20T17`, not `0T17`). */
function differsAt(name: string, other: string): number {
  let d = 0;
  while (d < name.length && d < other.length && name[d] === other[d]) d++;
  while (d > 0 && /[\p{L}\p{N}]/u.test(name[d - 1]!)) d--;
  return d;
}

/**
 * `name` in at most `cells` cells, keeping what tells it from `other`: whole when it
 * fits; else its directories shortened (`/…/run-after/server.mcp.jsonl`) when that keeps
 * where the two differ; else cut in its middle, in the part both share, before the place
 * they differ (`hugging…20T17-23-48-886Z.agent.jsonl`); else from that place, cut at its end
 * (`…20T17-23-48-886Z.ag…`). Names with nothing in common are cut in their middle.
 */
export function shortenName(name: string, other: string, cells: number): string {
  if (widthOf(name) <= cells) return name;
  const d = differsAt(name, other);
  const differing = name.slice(d);
  const path = shortenPath(name, cells);
  if (differing === '') return path;
  const baseStart = name.lastIndexOf('/') + 1;
  // Its directories shortened, the file name whole (not only its end, which two runs share).
  if (path.endsWith(`/${name.slice(baseStart)}`) && path.endsWith(differing)) return path;
  if (d === 0) {
    // Nothing shared to cut away: the name's head and its end, each a half.
    const base = name.slice(baseStart);
    if (widthOf(base) <= cells) return base;
    const start = head(base, Math.floor((cells - 1) / 2));
    return start.text + endOf(base.slice(start.text.length), cells - start.cells);
  }
  // What both share of the file name before the difference: its head shows while room is left.
  const shared = d > baseStart ? name.slice(baseStart, d) : '';
  const rest = cells - 1 - widthOf(differing);
  if (rest >= 0) return `${rest >= 2 ? head(shared, rest).text : ''}…${differing}`;
  return `…${truncate(differing, cells - 1)}`;
}

/**
 * The room of the two names, shared fairly: half each (an odd cell left over, so two
 * names alike are cut alike), and what one name leaves of its half goes to the other.
 * (store/what-differs.ts `shareRoom` gives the odd cell to the first: A would then show
 * `hu…` where B shows `…`, which reads as a difference between the names.)
 */
export function shareRoom(a: string, b: string, cells: number): [number, number] {
  const [wa, wb] = [widthOf(a), widthOf(b)];
  const half = Math.floor(cells / 2);
  if (wa <= half) return [wa, cells - wa];
  if (wb <= half) return [cells - wb, wb];
  return [half, half];
}

/**
 * What tells `name` from `other` and nothing more: from where they start to differ to
 * where they end alike, each moved to a word's edge (`19T22-14-12-890Z` of
 * `huggingface-co-2026-08-19T22-14-12-890Z.mcp.jsonl`); '' when it is all shared.
 */
export function differingPart(name: string, other: string): string {
  const d = differsAt(name, other);
  let e = 0;
  while (e < name.length - d && e < other.length - d && name[name.length - 1 - e] === other[other.length - 1 - e]) e++;
  while (e > 0 && /[\p{L}\p{N}]/u.test(name[name.length - e]!)) e--;
  return name.slice(d, name.length - e);
}

/** The fewest cells of the server's label the title keeps beside the two runs' differences. */
const LABEL_MIN = 8;

/**
 * The title line in exactly `width` cells (names inert already), the status last and
 * whole while it can be. Two runs of one server (`label`: the label both share) whose
 * names cannot show whole are named by the label and what differs between them
 * (`diff huggingface-co: A 19T22-14-12-890Z · B 20T17-23-48-886Z`): the label gives way
 * (to LABEL_MIN cells) before the differences do.
 */
export function diffHeading(
  a: string,
  b: string,
  status: string,
  statusStyle: Style,
  width: number,
  label: string | null = null,
): ScreenLine {
  const fixed = widthOf('diff ') + widthOf('A ') + widthOf(' · B ') + widthOf(status);
  const [da, db] = [differingPart(a, b), differingPart(b, a)];
  const whole = widthOf(a) + widthOf(b) <= width - fixed;
  const room = width - fixed - widthOf(': ');
  // The labelled form only while each difference keeps a dozen cells beside LABEL_MIN of the label.
  const fits =
    room - Math.min(LABEL_MIN, widthOf(label ?? '')) >= Math.min(widthOf(da), 12) + Math.min(widthOf(db), 12);
  let names: string;
  if (!whole && label && da && db && fits) {
    const labelRoom = Math.max(Math.min(LABEL_MIN, widthOf(label)), room - widthOf(da) - widthOf(db));
    const [ra, rb] = shareRoom(da, db, Math.max(2, room - Math.min(labelRoom, widthOf(label))));
    names = `${truncate(label, labelRoom)}: A ${truncate(da, ra)} · B ${truncate(db, rb)}`;
  } else {
    const [ra, rb] = shareRoom(a, b, Math.max(2, width - fixed));
    names = `A ${shortenName(a, b, ra)} · B ${shortenName(b, a, rb)}`;
  }
  const line = fitLine([seg('diff ', 'header'), seg(names), seg(status, statusStyle)], width);
  const used = line.reduce((n, s) => n + widthOf(s.text), 0);
  return [...line, seg(' '.repeat(Math.max(0, width - used)))];
}
