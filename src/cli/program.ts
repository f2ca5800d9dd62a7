import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S } from '../sources/timeout.js';
import { DIMS, type Dim } from '../store/dims.js';
import { FILTER_GRAMMAR } from '../trace/filter.js';
import { TOOL } from '../trace/tool.js';
import { commanderOutput } from './output.js';

/** How `--otlp-endpoint` sends: OTLP/HTTP with protobuf (the OTLP default) or JSON. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';
export const OTLP_PROTOCOLS: readonly OtlpProtocol[] = ['http/protobuf', 'http/json'];

export interface AppOptions {
  follow: boolean;
  prices?: string;
  filter?: string;
  allowRemoteWs: boolean;
  export?: string;
  exportFormat: ExportFormat;
  exportOtlp?: string;
  otlpEndpoint?: string;
  otlpProtocol: OtlpProtocol;
  cache: boolean;
  /** Unset when neither --ascii nor --no-ascii is given: the config decides (so for utc and mouse). */
  ascii?: boolean;
  utc?: boolean;
  mouse?: boolean;
  config?: string;
  timeout: number;
}

export interface SummaryOptions {
  json: boolean;
  all: boolean;
  verbose: boolean;
  prices?: string;
  filter?: string;
  cache: boolean;
  config?: string;
  timeout: number;
}

export interface ReportOptions {
  by: Dim[];
  verbose?: boolean;
  since?: string;
  until?: string;
  tz?: string;
  order: 'asc' | 'desc';
  json: boolean;
  prices?: string;
  config?: string;
  timeout: number;
}

export interface ValidateOptions {
  json: boolean;
  all: boolean;
  verbose: boolean;
  timeout: number;
}

export interface ConfigOptions {
  print: boolean;
  path: boolean;
  config?: string;
}

export interface DiffOptions {
  json: boolean;
  /** How calls are matched: `calls` (aligned by what they are) or `ordinal` (by position). */
  by: 'calls' | 'ordinal';
  prices?: string;
  config?: string;
  timeout: number;
}

export interface RecordOptions {
  output: string;
  label?: string;
  /** The `--redact` patterns, in order; unset when none is given. */
  redact?: string[];
  url?: string;
  listen?: string;
}

export interface Handlers {
  app(files: string[], options: AppOptions): Promise<number>;
  report(paths: string[], options: ReportOptions): Promise<number>;
  summary(files: string[], options: SummaryOptions): Promise<number>;
  validate(files: string[], options: ValidateOptions): Promise<number>;
  diff(files: string[], options: DiffOptions): Promise<number>;
  config(options: ConfigOptions): Promise<number>;
  record(command: string[], options: RecordOptions): Promise<number>;
}

const pricesOption = () =>
  new Option(
    '--prices <file>',
    'override or extend the bundled prices with a JSON file in LiteLLM shape (model → USD per token, 0 or more; at most 16 MiB; format: docs/stats.md#the-prices-file)',
  );
const configOption = () =>
  new Option(
    '--config <file>',
    'read this config file instead of $XDG_CONFIG_HOME/mcp-replay-tui/config.json (keys, theme, flag defaults: docs/config.md); an unusable one: exit 2',
  );
const verboseOption = () =>
  new Option(
    '--verbose',
    'name each file passed over: one found in a directory or by a glob that holds no recording (an *.ops.json, a config; by default one note counts them)',
  ).default(false);
const noCacheOption = () => new Option('--no-cache', 'neither use nor save the index cache of large local files');
/** Seconds, a positive number (fractions allowed: tests and slow links both want them). */
function parseSeconds(value: string): number {
  const n = Number(value);
  if (!/^\s*\d*\.?\d+\s*$/.test(value) || !Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError('expected a number of seconds above 0, e.g. 30 or 2.5');
  if (n > MAX_TIMEOUT_S)
    throw new InvalidArgumentError(`at most ${MAX_TIMEOUT_S} seconds (2^31 - 1 ms, the longest timer Node has)`);
  return n;
}
const timeoutOption = () =>
  new Option(
    '--timeout <seconds>',
    'give up on an http(s) or ws:// source after this many seconds of silence (no answer, or a body that stops or only trickles): exit 1 naming it; at most 2147483.647 (the longest timer)',
  )
    .default(DEFAULT_TIMEOUT_S)
    .argParser(parseSeconds);
const filterOption = () =>
  new Option(
    '--filter <expr>',
    'keep only matching records, e.g. "status:error tool:read_*" (see Filters below); an invalid one: exit 2',
  );

/** `--by day --by model` or `--by day,model`: each value a dimension, once. */
function collectDims(value: string, previous: Dim[] | undefined): Dim[] {
  const out = [...(previous ?? [])];
  for (const part of value.split(',')) {
    const d = part.trim() as Dim;
    if (!DIMS.includes(d)) throw new InvalidArgumentError(`expected one of ${DIMS.join(', ')}`);
    if (!out.includes(d)) out.push(d);
  }
  return out;
}

/** The filter language after the options of `--help` (the same list `?` shows in the app). */
const filterHelp = (): string =>
  [
    '',
    'Filters (--filter, f in the app): terms separated by spaces, all must hold',
    // Each meaning wrapped beside its term, so the list reads at 80 columns.
    ...FILTER_GRAMMAR.flatMap(({ term, means }) =>
      wrapAscii(means, HELP_COLUMNS - TERM_COLUMN).map(
        (line, i) => `${i === 0 ? `  ${term.padEnd(TERM_COLUMN - 3)} ` : ' '.repeat(TERM_COLUMN)}${line}`,
      ),
    ),
  ].join('\n');

/**
 * `text` wrapped at `width` columns, on spaces. Not kit/cells.ts's `wrap`: it would load
 * string-width and its Unicode tables (~45 ms and ~4 MiB) into the start of every command,
 * `summary` included, for a help text that is ASCII (test/cli/help.test.ts checks), where
 * a character is a column.
 */
export function wrapAscii(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * What `--export` and `w` write: a v1 trace, or an mcp-rec recording of the chosen calls.
 * Named here, not beside the writers (records-io.ts): every command's start would load them.
 */
export type ExportFormat = 'v1' | 'mcp-rec';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['v1', 'mcp-rec'];

/** The help's width, and where a filter term's meaning starts in it. */
const HELP_COLUMNS = 80;
const TERM_COLUMN = 39;

/** The commander definitions: one small block per command, no logic. */
export function buildProgram(handlers: Handlers, setCode: (code: number) => void): Command {
  const program = new Command('mcp-replay-tui')
    .description(
      'Explore mcp-replay v1 traces (.jsonl), mcp-rec recordings, mcp-recorder cassettes and Claude Code, Codex and Gemini CLI sessions in the terminal: paired tool calls, LLM turns, token and cost usage.',
    )
    .version(TOOL.version)
    .argument(
      '[files...]',
      "trace files or agent transcripts to open (- for stdin), or folders of them; none: this machine's agent sessions",
    )
    .option(
      '-f, --follow',
      'keep reading as the file (or URL) grows, as tail -F does; a truncated or replaced file is read again',
      false,
    )
    .option('--allow-remote-ws', 'let a ws:// live URL point at another host (loopback only by default)', false)
    .option(
      '--export <file>',
      'write the records (with --filter: the matching ones) to FILE (`-`: stdout, not a terminal) as a v1 trace that validates (the meta line first, the end line last, the records between, byte for byte but for what a terminal acts on, as \\u escapes) instead of starting the app',
    )
    .addOption(
      new Option(
        '--export-format <format>',
        'what --export and w write: v1, or mcp-rec (the chosen calls, each with its answer, and initialize, for `mcp-rec replay` as a mock server)',
      )
        .choices(EXPORT_FORMATS)
        .default('v1'),
    )
    .option(
      '--export-otlp <file>',
      'write the records (with --filter: the matching ones) to FILE (`-`: stdout) as OpenTelemetry spans, OTLP/JSON (one ExportTraceServiceRequest: a span per call and per model turn; docs/otlp.md), instead of starting the app',
    )
    .option(
      '--otlp-endpoint <url>',
      'send those spans to an OTLP/HTTP collector (Jaeger, Tempo, Langfuse…) instead of starting the app: URL/v1/traces unless URL ends in it; headers from OTEL_EXPORTER_OTLP_HEADERS; 512 spans a request; 429, 502, 503, 504 retried with backoff; any other failure: exit 1 naming the status',
    )
    .addOption(
      new Option('--otlp-protocol <protocol>', 'how --otlp-endpoint sends: protobuf or JSON over HTTP')
        .choices(OTLP_PROTOCOLS)
        .default('http/protobuf'),
    )
    .option(
      '--ascii',
      'draw the interface in ASCII only (for terminals that cannot show its glyphs); also MCP_REPLAY_TUI_ASCII=1',
    )
    .option('--no-ascii', 'draw its glyphs, whatever the config says')
    .option('--utc', 'show times as UTC clock times instead of offsets from the start (T switches them in the app)')
    .option('--no-utc', 'show offsets from the start, whatever the config says')
    .option('--mouse', 'take the mouse (the default): the wheel scrolls, a click selects a row or a pane')
    .option('--no-mouse', 'leave the mouse to the terminal, to select text with it (also `mouse: false` in the config)')
    .addOption(configOption())
    .addOption(pricesOption())
    .addOption(filterOption())
    .addOption(noCacheOption())
    .addOption(timeoutOption())
    .addHelpText('after', filterHelp())
    .showHelpAfterError('(run with --help for usage)')
    // Help and usage errors quote what was typed: through the one sanitizer too.
    .configureOutput(commanderOutput)
    // Usage errors become exit code 2 in main(); settings are inherited by subcommands.
    .exitOverride()
    // Options after `summary` belong to it (both define --prices).
    .enablePositionalOptions()
    .action(async (files: string[], options: AppOptions) => {
      setCode(await handlers.app(files, options));
    });

  /**
   * `--config FILE summary …`: the file (and `--prices`) given before a command is the
   * app's option to commander; the command takes it as its own when it has none.
   */
  const fromRoot = <T extends { config?: string; prices?: string }>(options: T): T => {
    const root = program.opts() as { config?: string; prices?: string };
    return { ...options, config: options.config ?? root.config, prices: options.prices ?? root.prices };
  };

  program
    .command('summary')
    .description('print per-model usage, per-tool and per-method tables (or mcp-tape.stats/1 JSON) and exit')
    .argument('<files...>', 'trace files (- for stdin), or directories: each recording in them (report sums them)')
    .option('--json', 'emit mcp-tape.stats/1: one object for one file, an array for several', false)
    .option(
      '--all',
      'list every error and skipped line (by default the first 10 of each; --json always has every error)',
      false,
    )
    .addOption(configOption())
    .addOption(pricesOption())
    .addOption(filterOption())
    .addOption(noCacheOption())
    .addOption(timeoutOption())
    .addOption(verboseOption())
    .addHelpText('after', filterHelp())
    .action(async (files: string[], options: SummaryOptions) => {
      setCode(await handlers.summary(files, fromRoot(options)));
    });

  program
    .command('report')
    .description(
      'sessions, tool calls, turns, tokens and cost over many recordings or agent sessions, by day, week, month, session, project, branch, server, model or tool (docs/report.md); exit 1 when a file cannot be read',
    )
    .argument(
      '[paths...]',
      "recordings and agent transcripts: files, directories (searched for *.jsonl and *.json) and globs; X.agent.jsonl and X.mcp.jsonl are one run, as are a Claude Code session and its subagents; none: this machine's Claude Code, Codex and Gemini CLI sessions",
    )
    .option(
      '--by <what>',
      `one row per ${DIMS.join(', ')} (again, or with commas, for one row per pair: --by day --by model); weeks are ISO weeks, from Monday`,
      collectDims,
    )
    .option(
      '--since <date>',
      'only what happened from this day (YYYY-MM-DD) or time (YYYY-MM-DDTHH:MM, Z or ±HH:MM for UTC or an offset)',
    )
    .option('--until <date>', 'only what happened up to this day (all of it) or time, as --since')
    .option('--tz <zone>', "the IANA time zone of days, weeks, months and of --since/--until (default: this machine's)")
    .addOption(
      new Option('--order <order>', 'rows by key, earliest (asc) or latest (desc) first')
        .choices(['asc', 'desc'])
        .default('asc'),
    )
    .option(
      '--json',
      'emit {schema: "mcp-replay-tui.report/1", by, rows: [{key, …figures}], totals, prices} (docs/report.schema.json)',
      false,
    )
    .addOption(configOption())
    .addOption(pricesOption())
    .addOption(timeoutOption())
    .addOption(verboseOption())
    .action(async (paths: string[], options: ReportOptions) => {
      setCode(await handlers.report(paths, fromRoot(options)));
    });

  program
    .command('diff')
    .description(
      'compare two recordings call by call, aligned so an inserted call is one row: same, changed args, changed result, added in B, removed from B, with the first differing path; then what each run counted and cost (exit 0: same, 1: different, 2: trouble)',
    )
    .argument('<a>', 'the first trace')
    .argument('<b>', 'the second trace')
    .option(
      '--json',
      'emit {a, b, same, by, note, totals: {a, b}, calls: [{ordinal, aOrdinal, bOrdinal, status, tool, path, aValue, bValue, statusChange, latencyDeltaMs, …}]} (docs/validate-and-diff.md)',
      false,
    )
    .addOption(
      new Option(
        '--by <how>',
        'match calls by what they are (calls: tool and arguments, then tool) or by position (ordinal: call i of A with call i of B)',
      )
        .choices(['calls', 'ordinal'])
        .default('calls'),
    )
    .addOption(configOption())
    .addOption(pricesOption())
    .addOption(timeoutOption())
    .action(async (a: string, b: string, options: DiffOptions) => {
      setCode(await handlers.diff([a, b], fromRoot(options)));
    });

  program
    .command('validate')
    .description(
      'check recordings against their format (mcp-replay v1, mcp-rec, mcp-recorder cassette, known by content): each finding with its line and severity (exit 0: no error, 1: errors, 2: trouble)',
    )
    .argument('<files...>', 'trace files (- for stdin), or directories: each recording in them')
    .option(
      '--json',
      'emit {file, format, findings: [{line, severity, rule, message}], errors, warnings, omitted: [{rule, count}]} (an array for several files)',
      false,
    )
    .option(
      '--all',
      'list every finding (by default the first 20 of each rule, then "… and N more (rule)"; totals always count all)',
      false,
    )
    .addOption(timeoutOption())
    .addOption(verboseOption())
    .action(async (files: string[], options: ValidateOptions) => {
      setCode(await handlers.validate(files, options));
    });

  program
    .command('config')
    .description(
      "show the configuration in effect: every command's keys, the theme and the flag defaults, merged from the defaults and the config file, as JSON (exit 2 when the file cannot be used)",
    )
    .option(
      '--print',
      'print the configuration in effect, saying where it came from (what `config` does by default)',
      false,
    )
    .option('--path', 'print only the path of the config file read (whether it exists or not)', false)
    .addOption(configOption())
    .action(async (options: ConfigOptions) => {
      setCode(await handlers.config(fromRoot(options)));
    });

  program
    .command('record')
    .description(
      "record an MCP session as an mcp-replay v1 trace: put `mcp-replay-tui record -o FILE -- CMD ARGS…` in a client's config in place of the server's command (stdio), or point the client at the proxy `--url` starts (Streamable HTTP); every byte is forwarded unchanged, each message written to FILE as it passes (docs/record.md)",
    )
    .argument('[command...]', 'the server to start and its arguments, after -- (stdio)')
    .requiredOption('-o, --output <file>', 'the trace to write (replaced if it exists; created readable by you only)')
    .option('--label <name>', "the trace's label (default: from the command's name, or the URL's host and port)")
    .option(
      '--redact <regex>',
      'replace what matches (a JavaScript regular expression, case sensitive) with [REDACTED] in every message and in the command line; again for more (tokens and keys on the command line are always hidden)',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--url <url>',
      'record a Streamable HTTP server at this MCP endpoint instead of starting one: a proxy forwards POST, GET and DELETE with their headers, and prints on stderr the URL to give the client; stops on Ctrl-C, SIGTERM or SIGHUP',
    )
    .option(
      '--listen <host:port>',
      'where the proxy listens (default 127.0.0.1 and a free port: loopback only unless asked)',
    )
    .passThroughOptions()
    .action(async (command: string[], options: RecordOptions) => {
      setCode(await handlers.record(command, options));
    });

  return program;
}
