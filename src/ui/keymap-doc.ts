import { bindings, type Command, keyLabel } from './keymap.js';
import { APP_VIEWS, DIFF_VIEWS } from './views/index.js';
import { SESSIONS_VIEWS } from './views/sessions.js';
import type { ViewInfo } from './views/view.js';

const PANES = ['Calls', 'Turns', 'Usage', 'Events'];

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
