import { bindings, keyLabel } from './keymap.js';

/** docs/keybindings.md, generated from the keymap (a test fails when the file is stale). */
export function keybindingsMarkdown(): string {
  const out = ['# Key bindings', '', 'Generated from `src/ui/keymap.ts` by `npm run docs`; do not edit by hand.', ''];
  let category = '';
  for (const [command, b] of bindings()) {
    if (b.category !== category) {
      category = b.category;
      out.push(`## ${category}`, '', '| Keys | What it does | Where | Command |', '| --- | --- | --- | --- |');
    }
    out.push(
      `| ${b.keys.map((k) => `\`${keyLabel(k)}\``).join(', ')} | ${b.description} | ${b.scope} | \`${command}\` |`,
    );
    const next = bindings()[bindings().findIndex(([c]) => c === command) + 1];
    if (!next || next[1].category !== category) out.push('');
  }
  return out.join('\n');
}
