import type { Command, Option } from 'commander';
import { buildProgram, type Handlers } from './program.js';

/** The program as commander holds it; its handlers are never called here. */
function program(): Command {
  const never = async () => 0;
  const handlers: Handlers = {
    app: never,
    summary: never,
    report: never,
    validate: never,
    diff: never,
    config: never,
    record: never,
  };
  return buildProgram(handlers, () => {});
}

/** The app itself is the root command; each subcommand by its name. */
const whereOf = (c: Command) => (c.parent ? `\`${c.name()}\`` : 'app');
/** `--export <file>` as `--export FILE`, the way the README writes a value. */
const flagOf = (o: Option) => `\`${o.flags.replace(/<([^>]+)>/g, (_, v: string) => v.toUpperCase())}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');
/**
 * A page named in a description (`docs/stats.md#the-prices-file`, as `--help` prints it)
 * as a link, from the README (`docs/`) or from docs/flags.md (beside it).
 */
const linked = (text: string, from: 'readme' | 'docs') =>
  text.replace(
    /\bdocs\/([a-z-]+\.md(?:#[a-z0-9-]+)?)/g,
    (page, inDocs: string) => `[${page}](${from === 'readme' ? page : inDocs})`,
  );

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
  const negation = (o: Option) => root.options.find((n) => n.long === `--no-${o.long?.slice(2)}`);
  // Switches (`--x` and `--no-x`: the config sets their defaults) share one row, the README is short.
  const switches = root.options.filter((o) => !o.negate && negation(o));
  const pairs = switches.flatMap((o) => [o, negation(o)!]);
  const out = ['| Flag | Also in | Meaning |', '| --- | --- | --- |'];
  for (const o of root.options) {
    if (o === switches[0]) {
      const flags = switches.map((s) => `\`--[no-]${s.long!.slice(2)}\``).join(', ');
      out.push(
        `| ${flags} |  | ${linked(cell(pairs.map((x) => `${x.long}: ${x.description}`).join('; ')), 'readme')} |`,
      );
    }
    if (o.long === '--version' || pairs.includes(o)) continue;
    const also = root.commands
      .filter((c) => c.options.some((x) => x.flags === o.flags && x.description === o.description))
      .map(whereOf);
    out.push(`| ${flagOf(o)} | ${also.join(', ')} | ${linked(cell(o.description + defaultOf(o)), 'readme')} |`);
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
    out.push(linked(cell(c.description()), 'docs'), '');
    out.push('| Argument or flag | Meaning |', '| --- | --- |');
    for (const a of c.registeredArguments) out.push(`| \`${a.name()}\` | ${linked(cell(a.description), 'docs')} |`);
    for (const o of c.options)
      if (o.long !== '--version') out.push(`| ${flagOf(o)} | ${linked(cell(o.description + defaultOf(o)), 'docs')} |`);
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
