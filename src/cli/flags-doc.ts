import type { Command, Option } from 'commander';
import { buildProgram, type Handlers } from './program.js';

/** The program as commander holds it; its handlers are never called here. */
function program(): Command {
  const never = async () => 0;
  const handlers: Handlers = { app: never, summary: never, report: never, validate: never, diff: never };
  return buildProgram(handlers, () => {});
}

/** The app itself is the root command; each subcommand by its name. */
const whereOf = (c: Command) => (c.parent ? `\`${c.name()}\`` : 'app');
/** `--export <file>` as `--export FILE`, the way the README writes a value. */
const flagOf = (o: Option) => `\`${o.flags.replace(/<([^>]+)>/g, (_, v: string) => v.toUpperCase())}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');

function defaultOf(o: Option): string {
  if (o.defaultValue === undefined || o.defaultValue === false || o.negate) return '';
  return ` (default ${String(o.defaultValue)})`;
}

/**
 * The app's own options, each with the commands that take it too: the table the README
 * carries. A command's own options (`--json`, `--all`, `--by`…) are in docs/flags.md only,
 * so the README stays a short page as commands grow.
 */
export function flagsTable(): string {
  const root = program();
  const out = ['| Flag | Also in | Meaning |', '| --- | --- | --- |'];
  for (const o of root.options) {
    if (o.long === '--version') continue;
    const also = root.commands
      .filter((c) => c.options.some((x) => x.flags === o.flags && x.description === o.description))
      .map(whereOf);
    out.push(`| ${flagOf(o)} | ${also.join(', ')} | ${cell(o.description + defaultOf(o))} |`);
  }
  out.push(
    "| `-V, --version`, `-h, --help` | all | version; help (`mcp-replay-tui summary --help` for a command's own) |",
  );
  return out.join('\n');
}

/** docs/flags.md: each command, its arguments and options (a test fails when the file is stale). */
export function flagsMarkdown(): string {
  const root = program();
  const out = [
    '# Commands and flags',
    '',
    'Generated from `src/cli/program.ts` by `npm run docs`; do not edit by hand.',
    '',
  ];
  for (const c of [root, ...root.commands]) {
    const args = c.registeredArguments.map(
      (a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`) + (a.variadic ? '…' : ''),
    );
    out.push(`## \`mcp-replay-tui${c.parent ? ` ${c.name()}` : ''} ${args.join(' ')}\``.replace(/ `$/, '`'), '');
    out.push(cell(c.description()), '');
    out.push('| Argument or flag | Meaning |', '| --- | --- |');
    for (const a of c.registeredArguments) out.push(`| \`${a.name()}\` | ${cell(a.description)} |`);
    for (const o of c.options)
      if (o.long !== '--version') out.push(`| ${flagOf(o)} | ${cell(o.description + defaultOf(o))} |`);
    out.push('');
  }
  return out.join('\n');
}

/** The README with its flag table (the lines from `| Flag |` to the next blank one) replaced by `table`. */
export function withFlagsTable(readme: string, table: string): string {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| Flag '));
  if (start < 0) throw new Error('README.md has no flag table (a line starting "| Flag ")');
  let end = start;
  while (end < lines.length && lines[end]!.startsWith('|')) end++;
  return [...lines.slice(0, start), table, ...lines.slice(end)].join('\n');
}
