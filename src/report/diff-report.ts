import type { DiffDoc } from '../store/diff.js';
import { inert } from '../trace/text.js';
import { table } from './table.js';

/** The legend of the web viewer: ═ same · ≠ changed args/result · + added in B · - removed from B. */
export const DIFF_GLYPH: Record<string, string> = {
  same: '═',
  'changed args': '≠',
  'changed result': '≠',
  'added in B': '+',
  'removed from B': '-',
};

/** `diff` as text: one aligned row per tool call, then a one-line verdict. */
export function diffText(doc: DiffDoc): string {
  const rows = doc.calls.map((c) => [
    String(c.ordinal),
    `${DIFF_GLYPH[c.status]} ${c.status}`,
    inert(c.tool),
    c.aLine === null ? '—' : `L${c.aLine}`,
    c.bLine === null ? '—' : `L${c.bLine}`,
    inert(c.detail),
  ]);
  const out = [`A: ${inert(doc.a)}`, `B: ${inert(doc.b)}`, ''];
  if (rows.length)
    for (const l of table(
      [
        { header: '#', align: 'right' },
        { header: 'STATUS' },
        { header: 'TOOL' },
        { header: 'A', align: 'right' },
        { header: 'B', align: 'right' },
        { header: 'WHAT DIFFERS' },
      ],
      rows,
    ))
      out.push(l);
  else out.push('no tool calls in either trace');
  const changed = doc.calls.filter((c) => c.status !== 'same').length;
  out.push(
    '',
    doc.same
      ? `same: ${doc.calls.length} tool call(s) match`
      : `differ: ${changed} of ${doc.calls.length} tool call(s)`,
  );
  return `${out.join('\n')}\n`;
}
