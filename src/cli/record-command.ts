import { constants } from 'node:os';
import { type HttpNote, startHttpRelay } from '../sources/record/http-relay.js';
import { DEFAULT_LISTEN, parseListen } from '../sources/record/listen.js';
import { type RelayDir, relayStdio } from '../sources/record/stdio-relay.js';
import { TraceFile, type TraceLine } from '../sources/record/trace-file.js';
import { isWholeUtf8, type WireLine, wireText } from '../sources/record/wire-lines.js';
import { commandLabel, urlLabel } from '../trace/record/label.js';
import { RecordLines, SENDER } from '../trace/record/lines.js';
import { compilePatterns, RedactPatternError, redactCommand, redactQuoted } from '../trace/record/redact.js';
import { takeSignals } from './fatal.js';
import { complain, note, protocolStdout } from './output.js';
import type { RecordOptions } from './program.js';

/** The signals a recording passes on (stdio) or ends on (HTTP), its end line written either way. */
const STOPS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** What a shell reports for a command that cannot be started. */
const CANNOT_START = 127;
/**
 * From this size a message goes to the trace as the bytes it came in; below it,
 * encoding its text again costs less than writing it in pieces.
 */
const VERBATIM_BYTES = 16 * 1024;
const CLOSE_BRACE = Buffer.from('}');

/**
 * `record -o FILE -- CMD…` (stdio) or `record -o FILE --url URL` (Streamable HTTP):
 * forwards an MCP session unchanged and writes it to FILE as an mcp-replay v1 trace.
 * Exit: the server's own code (128 + a signal's number), 127 when it cannot start;
 * over HTTP 0 once stopped; 1 when FILE cannot be written or the port not taken;
 * 2 for a usage error.
 */
export async function recordCommand(command: string[], options: RecordOptions): Promise<number> {
  const usage = usageProblem(command, options);
  if (usage) {
    complain(usage);
    return 2;
  }
  let patterns: RegExp[];
  try {
    patterns = compilePatterns(options.redact ?? []);
  } catch (error) {
    if (!(error instanceof RedactPatternError)) throw error;
    complain(error.message);
    return 2;
  }
  let file: TraceFile;
  try {
    file = new TraceFile(options.output, (error) =>
      complain(`cannot write ${options.output}: ${error.message}; the session goes on, unrecorded`),
    );
  } catch (error) {
    complain(`cannot write ${options.output}: ${(error as Error).message}`);
    return 1;
  }
  const lines = new RecordLines(Date.now(), patterns);
  try {
    return options.url === undefined
      ? await recordStdio(command, options, lines, file)
      : await recordHttp(new URL(options.url), options, lines, file);
  } finally {
    file.close();
  }
}

/** What is wrong with how the command was called, or null. */
function usageProblem(command: string[], options: RecordOptions): string | null {
  if (options.url === undefined && command.length === 0)
    return 'name the server to record after --, as an MCP client config would (record -o FILE -- CMD ARGS…), or give --url for one over HTTP';
  if (options.url !== undefined && command.length > 0)
    return 'either a command to start (after --) or --url for a server already running, not both';
  if (options.listen !== undefined && options.url === undefined)
    return '--listen is where the HTTP proxy listens: it goes with --url';
  if (options.url !== undefined) {
    const shown = redactCommand([options.url], [])[0];
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      return `--url ${shown} is not a URL`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--url ${shown} is not http(s)`;
  }
  if (options.listen !== undefined) {
    const listen = parseListen(options.listen);
    if (typeof listen === 'string') return `--listen: ${listen}`;
  }
  return null;
}

async function recordStdio(
  command: string[],
  options: RecordOptions,
  lines: RecordLines,
  file: TraceFile,
): Promise<number> {
  const shown = redactCommand(command, lines.patterns);
  file.write(lines.meta(options.label ?? commandLabel(shown), shown));
  /** The trace's line for one line of the wire, or null for a blank one. */
  const recordOf = (dir: RelayDir, line: WireLine, at: number, tail: boolean): TraceLine | null => {
    if (line.tooLong) return lines.event('record.too_long', { from: SENDER[dir], bytes: line.bytes }, at);
    if (line.bytes === 0) return null;
    const text = wireText(line);
    if (line.bytes < 64 && text.trim() === '') return null;
    if (tail) return lines.event('record.unterminated', { from: SENDER[dir], text }, at);
    const head = line.bytes >= VERBATIM_BYTES && isWholeUtf8(line) ? lines.verbatimHead(dir, text, at) : null;
    return head === null ? lines.message(dir, text, at) : [Buffer.from(head), ...line.parts, CLOSE_BRACE];
  };
  /** The lines of one chunk, in one write. */
  const record = (dir: RelayDir, wire: readonly WireLine[], tail: boolean) => {
    const at = Date.now();
    const made: TraceLine[] = [];
    for (const line of wire) {
      const one = recordOf(dir, line, at, tail);
      if (one !== null) made.push(one);
    }
    file.writeLines(made);
  };
  const relay = relayStdio({
    command: command[0]!,
    args: command.slice(1),
    clientIn: process.stdin,
    clientOut: protocolStdout(() => {}),
    onLines: (dir, wire) => record(dir, wire, false),
    onTail: (dir, line) => record(dir, [line], true),
  });
  takeSignals(STOPS, (signal) => relay.signal(signal));
  const outcome = await relay.done;
  // The client's side is not read after the server is gone (and would keep the process alive).
  process.stdin.destroy();
  if (outcome.kind === 'failed') {
    // The system's message may quote the command (`spawn API_KEY=x ENOENT`).
    const error = redactQuoted(outcome.error.message, command, shown);
    const why = outcome.error.code === 'ENOENT' ? 'no such command' : error;
    file.write(lines.event('record.spawn_failed', { command: shown, error }, Date.now()));
    file.write(lines.end({ exitCode: CANNOT_START }, Date.now()));
    complain(`cannot start ${shown[0]}: ${why}`);
    return CANNOT_START;
  }
  const { code, signal } = outcome;
  const exitCode = code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
  file.write(lines.end(signal ? { exitCode, signal } : { exitCode }, Date.now()));
  return exitCode;
}

async function recordHttp(target: URL, options: RecordOptions, lines: RecordLines, file: TraceFile): Promise<number> {
  const shownUrl = redactCommand([target.href], lines.patterns)[0]!;
  file.write(lines.meta(options.label ?? urlLabel(target), [], shownUrl));
  const listen = options.listen === undefined ? DEFAULT_LISTEN : parseListen(options.listen);
  if (typeof listen === 'string') return 2;
  const noteLine = (n: HttpNote) => {
    const at = Date.now();
    if (n.kind === 'too_long')
      file.write(
        lines.event('record.too_long', n.chars === null ? { from: n.from } : { from: n.from, chars: n.chars }, at),
      );
    else if (n.kind === 'upstream_error')
      file.write(lines.event('record.upstream_error', { method: n.method, error: n.error }, at));
    else file.write(lines.event('record.not_recorded', { from: n.from, reason: n.reason }, at));
  };
  let relay: Awaited<ReturnType<typeof startHttpRelay>>;
  try {
    relay = await startHttpRelay({
      target,
      listen,
      onMessage: (dir, text) => file.write(lines.message(dir, text, Date.now())),
      onNote: noteLine,
    });
  } catch (error) {
    file.write(lines.end({ reason: 'transport_error' }, Date.now()));
    complain(`cannot listen on ${options.listen ?? `${listen.host}:${listen.port}`}: ${(error as Error).message}`);
    return 1;
  }
  // The proxy's own address holds none of the target's secrets (it adds them itself): shown whole, so it works as given.
  note(`mcp-replay-tui: recording to ${options.output}; point the MCP client at ${relay.url} (Ctrl-C stops)`);
  await new Promise<NodeJS.Signals>((resolve) => takeSignals(STOPS, resolve));
  await relay.close();
  file.write(lines.end({ reason: 'producer_shutdown' }, Date.now()));
  return 0;
}
