import { inert } from '../../kit/text.js';
import { prettyJsonText } from './json-text.js';
import { pushLines, type ScreenLine, type Segment, seg } from './segments.js';
import { head, piece } from './text.js';

const KEY_LINE = /^(\s*)("(?:\\.|[^"\\])*")(: )(.*)$/;

function valueSegments(rest: string): Segment[] {
  const comma = rest.endsWith(',') ? ',' : '';
  const body = comma ? rest.slice(0, -1) : rest;
  let style: Segment['style'] = 'jsonPunct';
  if (body.startsWith('"')) style = 'jsonString';
  else if (/^-?\d/.test(body)) style = 'jsonNumber';
  else if (body === 'true' || body === 'false' || body === 'null') style = 'jsonLiteral';
  const out = [seg(inert(body), style)];
  if (comma) out.push(seg(',', 'jsonPunct'));
  return out;
}

/** Splits a line that is wider than `width` into continuation lines (hard wrap, whole graphemes). */
function hardWrap(segments: Segment[], width: number, indent: number): ScreenLine[] {
  if (width <= 0) return [];
  const lines: ScreenLine[] = [];
  let current: Segment[] = [];
  let used = 0;
  /** Cells used before anything was put on the current line (its indent). */
  let start = 0;
  // Less than half the width, so every continuation line has room for a grapheme.
  const pad = ' '.repeat(Math.min(indent + 2, Math.floor(width / 2)));
  const next = () => {
    lines.push(current);
    current = [seg(pad)];
    used = start = pad.length;
  };
  for (const s of segments) {
    let text = s.text;
    while (text.length) {
      const room = width - used;
      // Only the next line's worth is measured: a 256 KB string wraps in linear time.
      const h = head(text, room);
      if (h.all) {
        current.push({ ...s, text });
        used += h.cells;
        break;
      }
      if (h.text === '' && used > start) {
        next();
        continue;
      }
      const p = h.text === '' ? piece(text, room) : { text: h.text, taken: h.text.length };
      current.push({ ...s, text: p.text });
      text = text.slice(p.taken);
      next();
    }
  }
  lines.push(current);
  return lines;
}

/**
 * A record's text (valid JSON) pretty-printed, syntax-styled and wrapped to `width`,
 * its numbers as written (json-text.ts); trace strings shown inert.
 */
export function jsonTextLines(json: string, width: number): ScreenLine[] {
  const out: ScreenLine[] = [];
  for (const raw of prettyJsonText(json).split('\n')) {
    const m = KEY_LINE.exec(raw);
    const segments = m
      ? [seg(m[1]!), seg(inert(m[2]!), 'jsonKey'), seg(m[3]!, 'jsonPunct'), ...valueSegments(m[4]!)]
      : [seg(raw.match(/^\s*/)![0]), ...valueSegments(raw.trimStart())];
    pushLines(out, hardWrap(segments, width, raw.length - raw.trimStart().length));
  }
  return out;
}

/** Text that is not JSON (a skipped line, a prefix of a huge record), wrapped and inert. */
export function plainLines(text: string, width: number): ScreenLine[] {
  const out: ScreenLine[] = [];
  for (const raw of text.split('\n')) pushLines(out, hardWrap([seg(inert(raw))], width, 0));
  return out;
}
