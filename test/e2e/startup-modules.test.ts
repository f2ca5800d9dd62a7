import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

/*
 * What the built binary loads before it shows anything: each command loads its own code
 * when it runs (docs/performance.md, "Startup"). The bundle's metafile (written by
 * scripts/bundle.mjs) says which sources each file of dist/bundle/ holds.
 */

const BUNDLE = join(ROOT, 'dist', 'bundle');
const META = join(ROOT, 'dist', 'bundle-meta.json');

interface Meta {
  outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }>;
}
const meta = (): Meta => JSON.parse(readFileSync(META, 'utf8')) as Meta;

/** The sources in the given files of dist/bundle/, by path from the repository root. */
function sourcesOf(files: Iterable<string>): string[] {
  const { outputs } = meta();
  const inputs = new Set<string>();
  for (const file of files) {
    const output = outputs[relative(ROOT, join(BUNDLE, file))];
    if (!output) throw new Error(`${file} is not in the bundle's metafile: build again`);
    for (const input of Object.keys(output.inputs)) inputs.add(input);
  }
  return [...inputs].sort();
}

/** The package a source is from (`@scope/name` or `name`), or null for the project's own. */
const packageOf = (input: string): string | null => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? null;

/** What `--version` and `--help` may load: commander and the program's definitions. */
const COMMAND_LINE = [
  'src/cli/line-diff-stdout.ts',
  'src/cli/main.ts',
  'src/cli/output.ts',
  'src/cli/program.ts',
  'src/cli/unknown-command.ts',
  'src/kit/glob.ts',
  'src/kit/text.ts',
  'src/sources/redact.ts',
  'src/sources/timeout.ts',
  'src/sources/trace-list.ts',
  'src/store/dims.ts',
  'src/trace/enums.ts',
  'src/trace/filter.ts',
  'src/trace/tool.ts',
];

/** The packages the app's first frame may load: Ink and what it brings, React, commander and ours. */
const FIRST_FRAME_PACKAGES = new Set([
  '@alcalzone/ansi-tokenize',
  'ansi-escapes',
  'ansi-regex',
  'ansi-styles',
  'auto-bind',
  'chalk',
  'cli-boxes',
  'cli-cursor',
  'cli-truncate',
  'code-excerpt',
  'commander',
  'convert-to-spaces',
  'env-paths',
  'environment',
  'es-toolkit',
  'escape-string-regexp',
  'fuzzysort',
  'get-east-asian-width',
  'indent-string',
  'ink',
  'is-fullwidth-code-point',
  'is-in-ci',
  'is-safe-filename',
  'jsonc-parser',
  'mimic-fn',
  'onetime',
  'patch-console',
  'quickselect',
  'react',
  'react-reconciler',
  'restore-cursor',
  'scheduler',
  'signal-exit',
  'slice-ansi',
  'stack-utils',
  'string-width',
  'strip-ansi',
  'terminal-size',
  'widest-line',
  'wrap-ansi',
  'yoga-layout',
]);

/** The project's sources that the app's first frame must not load: other commands' code, and what only they use. */
const NOT_FIRST_FRAME = [
  /^src\/cli\/(config|diff|export|otlp|record|report|summary|validate)-command\.ts$/,
  /^src\/cli\/otlp-send\.ts$/,
  /^src\/(sources|trace)\/record\//,
  /^src\/report\/(diff-report|otlp-json|otlp-spans|summary-table|table|usage-report)\.ts$/,
  /^src\/sources\/(follow|http|ws)-source\.ts$/,
  /^src\/store\/diff\.ts$/,
  /^src\/trace\/align\.ts$/,
  /^src\/ui\/(diff|sessions)-app\.tsx$/,
];

/** Node's modules the app's first frame has no use for on a local file. */
const NOT_FIRST_FRAME_BUILTINS = ['node:http', 'node:https', 'node:tls', 'node:zlib'];

describe.skipIf(!existsSync(META))('the bundle', () => {
  it('loads commander and the program definitions alone before a command runs', () => {
    const { outputs } = meta();
    const files = new Set<string>();
    const visit = (path: string) => {
      if (files.has(path)) return;
      files.add(path);
      for (const i of outputs[path]!.imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
    };
    visit(relative(ROOT, join(BUNDLE, 'main.js')));
    const sources = sourcesOf([...files].map((f) => relative(BUNDLE, join(ROOT, f))));
    const ours = sources.filter((s) => packageOf(s) === null);
    expect(ours).toEqual(COMMAND_LINE);
    expect(new Set(sources.map(packageOf).filter(Boolean))).toEqual(new Set(['commander']));
  });
});

const term = tmuxTerminal();
afterEach(() => term.kill());

describe.skipIf(!hasTmux || !existsSync(META))('the app on a terminal', () => {
  it('loads, up to its first frame with rows, nothing another command needs', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'mrt-startup-')), 'esm.log');
    // NODE_DEBUG=esm names each module as Node loads it ("Storing file:///… in ModuleLoadMap").
    term.start(`NODE_DEBUG=esm node ${BIN} examples/demo.jsonl 2>${log}; sleep 30`, 80, 24);
    await term.waitFor((s) => s.includes('tools/call search_files'), 'the first frame with rows');
    const loaded = [...readFileSync(log, 'utf8').matchAll(/Storing (\S+)/g)].map((m) => m[1]!);
    const files = loaded
      .filter((url) => url.startsWith('file:'))
      .map((url) => relative(BUNDLE, fileURLToPath(url)))
      .filter((file) => !file.startsWith('..'));
    expect(files).toContain('main.js');
    const sources = sourcesOf(files);
    expect(sources.filter((s) => packageOf(s) !== null && !FIRST_FRAME_PACKAGES.has(packageOf(s)!))).toEqual([]);
    expect(sources.filter((s) => NOT_FIRST_FRAME.some((re) => re.test(s)))).toEqual([]);
    expect(loaded.filter((url) => NOT_FIRST_FRAME_BUILTINS.includes(url))).toEqual([]);
    // The check sees what it checks: the app's own code, Ink and the keys thread.
    expect(sources).toContain('src/ui/app.tsx');
    expect(sources).toContain('node_modules/ink/build/ink.js');
    expect(sources).toContain('src/cli/keys-worker.ts');
    term.send('q');
  });
});
