import { bindings, type Command, KEYMAP, keyLabel } from './keymap.js';
import { PANE_LIST } from './panes/list.js';
import { APP_VIEWS, DIFF_VIEWS } from './views/index.js';
import { SESSIONS_VIEWS } from './views/sessions.js';
import type { ViewInfo } from './views/view.js';

const PANES: readonly string[] = PANE_LIST.map((p) => p.title);

/** The views that handle `command`, from their declarations: `every pane, detail view; diff: list; a directory's Sessions: list`. */
function where(command: Command): string {
  const names = (views: readonly ViewInfo[]) =>
    views.filter((v) => v.commands.some((c) => c.command === command)).map((v) => v.title.replace(/^the /, ''));
  let app = names(APP_VIEWS);
  if (PANES.every((p) => app.includes(p))) app = ['every pane', ...app.filter((n) => !PANES.includes(n))];
  const diff = names(DIFF_VIEWS).map((n) => n.replace(/^diff /, ''));
  const sessions = names(SESSIONS_VIEWS).map((n) => (n === 'Sessions' ? 'list' : n));
  return [
    app.join(', '),
    diff.length ? `diff: ${diff.join(', ')}` : '',
    sessions.length ? `a directory's Sessions: ${sessions.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** docs/keybindings.md, generated from the keymap and the views (a test fails when the file is stale). */
export function keybindingsMarkdown(): string {
  const out = [
    '# Key bindings',
    '',
    'Generated from `src/ui/keymap.ts` and the views in `src/ui/views/` by `npm run docs`; do not edit by hand.',
    '',
  ];
  let category = '';
  for (const [command, b] of bindings()) {
    if (b.category !== category) {
      category = b.category;
      out.push(`## ${category}`, '', '| Keys | What it does | Where | Command |', '| --- | --- | --- | --- |');
    }
    out.push(
      `| ${b.keys.map((k) => `\`${keyLabel(k)}\``).join(', ')} | ${b.description} | ${where(command)} | \`${command}\` |`,
    );
    const next = bindings()[bindings().findIndex(([c]) => c === command) + 1];
    if (!next || next[1].category !== category) out.push('');
  }
  return out.join('\n');
}

/**
 * The README's keys to know: rows of commands with what they do. The keys are the
 * keymap's, so the README follows a rebinding; a test fails when the README is stale.
 */
const README_KEYS: readonly (readonly [readonly Command[], string])[] = [
  [
    ['list.down', 'list.up', 'list.halfDown', 'list.halfUp', 'list.pageDown', 'list.pageUp'],
    'next / previous row, half a page down / up, a page down / up',
  ],
  [['list.top', 'list.bottom'], 'first / last row (the last also sticks to new rows)'],
  [
    [...PANE_LIST.map((p) => `pane.${p.id}` as const), 'pane.next', 'pane.prev'],
    `${PANES.join(', ')}; next / previous pane`,
  ],
  [
    ['list.nextProblem', 'list.prevProblem'],
    'next / previous problem: a failed call or tool result, an `llm.error`, a skipped line',
  ],
  [
    ['list.goto'],
    'go to a line of the trace file (the numbers `validate` and the detail view give) or a time: `+6m10s`, an ISO time, with `T` on `14:00:05`',
  ],
  [
    ['list.open', 'detail.close'],
    'open the detail view of the selected row (a JSON tree of the request with its response); close it',
  ],
  [
    ['tree.toggle', 'tree.foldAll', 'tree.depth', 'tree.json', 'tree.raw'],
    '(detail view) fold or unfold a node, fold all, fold to a depth; open a string holding JSON; raw string',
  ],
  [
    ['search.open', 'search.next', 'search.prev'],
    'search as you type (in the detail view, keys and values); next / previous match',
  ],
  [['filter.open', 'filter.clear'], 'open the filter bar (`Enter` applies, `Esc` cancels); clear the filter'],
  [['calls.sort', 'view.clock'], '(Calls) slowest first, and back; UTC times of day instead of offsets from the start'],
  [
    ['turns.thinking', 'turns.echoed', 'link.jump'],
    '(Turns) expand or collapse thinking blocks; show or hide echoed resends; jump between a tool_use and its `tools/call` in Calls',
  ],
  [
    ['record.copy', 'tree.copyPath', 'record.write', 'marks.toggle', 'marks.next', 'marks.prev'],
    'copy the record with OSC 52 (detail view: the value under the cursor; `Y` its jq path); write it (or the marked, or every match) to a temp file; mark a row (kept while the file is unchanged); next / previous mark',
  ],
  [['app.help', 'app.quit'], 'help: the keys of the view you are in; quit and restore the terminal'],
];

/** The README's key table (rows of README_KEYS). */
export function keysTable(): string {
  const label = (command: Command) => {
    const keys = KEYMAP[command].keys.map(keyLabel);
    // A run of digits (fold to a depth) reads as one range: `1`–`9`.
    if (keys.length > 2 && keys.every((k, i) => /^\d$/.test(k) && (i === 0 || Number(k) === Number(keys[i - 1]) + 1)))
      return `\`${keys[0]}\`–\`${keys.at(-1)}\``;
    return keys.map((k) => `\`${k.replace(/\|/g, '\\|')}\``).join(' / ');
  };
  return [
    '| Keys | What they do |',
    '| --- | --- |',
    ...README_KEYS.map(([commands, text]) => `| ${commands.map(label).join(', ')} | ${text} |`),
  ].join('\n');
}

/** The README with its key table (the lines from `| Keys |` to the next that is not a table row) replaced by `table`. */
export function withKeysTable(readme: string, table: string): string {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => /^\| Keys +\|/.test(l));
  if (start < 0) throw new Error('README.md has no key table (a line starting "| Keys |")');
  let end = start;
  while (end < lines.length && lines[end]!.startsWith('|')) end++;
  return [...lines.slice(0, start), table, ...lines.slice(end)].join('\n');
}
