/**
 * The one way out to the terminal. Trace content, file names, URLs and error texts
 * can carry escape sequences (OSC 52 writes the clipboard, OSC 0 the title, CSI 2J
 * clears the screen) or bidi marks that reorder what is shown: every byte a command
 * writes to stdout or stderr passes through here, and everything that passes is made
 * inert (`kit/text.ts`). No other file under src/ may touch process.stdout or
 * process.stderr (test/architecture.test.ts), so the unsafe path cannot be written by
 * accident: a new field or message is safe without anyone remembering to make it so.
 *
 * The only raw bytes are the app's own: the frames Ink paints (whose text is made
 * inert line by line, `ui/theme.ts`), and the few control sequences named here.
 */

import { Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { inertJson, inertText, oneLine } from '../kit/text.js';
import { redactText } from '../sources/redact.js';
import { lineDiffStdout } from './line-diff-stdout.js';

const PREFIX = 'mcp-replay-tui: ';

/** Text for stdout (a table, a report, lines of findings): each line made inert. */
export function print(text: string): boolean {
  return process.stdout.write(inertText(text));
}

/**
 * A one-line message on stderr, after the program's name: `mcp-replay-tui: cannot open …`.
 * Any URL it quotes is redacted too (userinfo, token-like parameters as `***`): error
 * texts of Node and of servers may quote an address given on the command line. It is
 * one line whatever it quotes: a line break in a file name or an argument shows as `␊`.
 */
export function complain(message: string): void {
  complainLines([message]);
}

/** A message of several lines (a caret under a filter): each line made one line, as in `complain`. */
export function complainLines(lines: readonly string[]): void {
  process.stderr.write(`${PREFIX}${lines.map((line) => oneLine(redactText(line))).join('\n')}\n`);
}

/** A line on stderr as it is (made inert, any URL in it redacted as in `complain`): a note under a report, a usage text. */
export function note(text: string): void {
  process.stderr.write(inertText(redactText(text.endsWith('\n') ? text : `${text}\n`)));
}

/** JSON on stdout: `JSON.stringify(value, null, 2)`, with what a terminal would act on as `\u` escapes. */
export function printJson(value: unknown): void {
  process.stdout.write(`${inertJson(JSON.stringify(value, null, 2))}\n`);
}

/**
 * Pieces of JSON text to stdout in chunks of 16 Ki characters, waiting when the pipe is
 * full; then a newline. Not 64 Ki: a chunk that size (128 KB as UTF-16) is put in V8's
 * large-object space, fresh pages each time, and the 15 MB of a 1 GiB trace's summary
 * took 290-390 ms to make inert and write against 115-140 ms now.
 */
export async function printJsonPieces(pieces: Iterable<string>): Promise<void> {
  let chunk = '';
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length < 1 << 14) continue;
    if (!process.stdout.write(inertJson(chunk))) await new Promise((resolve) => process.stdout.once('drain', resolve));
    chunk = '';
  }
  process.stdout.write(`${inertJson(chunk)}\n`);
}

/**
 * An export's text to stdout (`--export -`), chunk by chunk, waiting when the pipe is
 * full. The chunks come already inert (the exports make them so), so they go as they are.
 */
export async function writeStdout(chunks: Iterable<string | Uint8Array>): Promise<void> {
  for (const chunk of chunks)
    if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

/** Commander's own output (help, usage errors naming what was typed), through the same door. */
export const commanderOutput = {
  writeOut: (text: string) => void print(text),
  writeErr: (text: string) => note(text),
  // An error quotes what was typed (`unknown option '…'`): one line, but for the suggestion commander adds under it.
  outputError: (text: string, write: (text: string) => void) =>
    write(
      `${text
        .replace(/\n$/, '')
        .split(/\n(?=\(Did you mean )/)
        .map(oneLine)
        .join('\n')}\n`,
    ),
};

/** Whether stdout is a terminal (the app, and `diff`'s interactive view, need one). */
export const stdoutIsTerminal = (): boolean => process.stdout.isTTY === true;
/** The terminal's width when stdout is one (summary fits its tables to it); Infinity for a pipe or file. */
export const stdoutColumns = (): number =>
  process.stdout.isTTY === true && process.stdout.columns > 0 ? process.stdout.columns : Infinity;

/** The control sequences the app itself sends. */
export const CONTROL = {
  /** The alternate screen, cursor home. */
  enterAltScreen: '\x1b[?1049h\x1b[H',
  /**
   * Back to the main screen, colours reset, cursor shown, mouse reporting off: every
   * way out (quit, Ctrl-C, a signal, a crash, a suspension, the keys thread ending a
   * busy app) leaves the screen with these, so none leaves the mouse to us.
   */
  leaveAltScreen: '\x1b[?1006l\x1b[?1000l\x1b[?1049l\x1b[0m\x1b[?25h',
  /** Mouse reporting, SGR encoded: presses, releases and the wheel (no motion). */
  mouseOn: '\x1b[?1000h\x1b[?1006h',
  /** The cursor hidden (Ink hides it once, at its first frame; a resumed app hides it again). */
  hideCursor: '\x1b[?25l',
} as const;

/** One of the app's own control sequences (CONTROL), or an OSC 52 clipboard write built from base64. */
export function control(sequence: (typeof CONTROL)[keyof typeof CONTROL] | `\x1b]52;c;${string}\x07`): void {
  // A clipboard write carries base64 only: anything else in it is refused, not sent.
  if (sequence.startsWith('\x1b]52;') && !/^\x1b\]52;c;[A-Za-z0-9+/=]*\x07$/.test(sequence))
    throw new Error('refused: an OSC 52 write that is not base64');
  process.stdout.write(sequence);
}

/** The stdout Ink draws frames on (only changed lines are written: cli/line-diff-stdout.ts). */
export const appStdout = (): NodeJS.WriteStream => lineDiffStdout(process.stdout);

/**
 * Makes the app draw its next frame whole: the screen was someone else's meanwhile (a
 * suspended app, continued). A `resize` makes Ink render again, and the line-diff
 * stdout forget what it thinks is on screen.
 */
export function redrawWhole(): void {
  process.stdout.emit('resize');
}

/** Calls `handler` when stdout's reader goes away (EPIPE) or stdout fails. */
export function onStdoutError(handler: (error: NodeJS.ErrnoException) => void): void {
  process.stdout.on('error', handler);
}

/**
 * Where `record` forwards what the server says: stdout, which the MCP client reads as
 * its protocol. The bytes go as they came, so the client gets exactly what the server
 * sent; only a terminal (someone running the recorder by hand) gets them made inert.
 * A reader gone (EPIPE) is passed to `onError` instead of ending the process, as the
 * binary does for other commands: the recording still needs its end line.
 */
export function protocolStdout(onError: (error: NodeJS.ErrnoException) => void): Writable {
  process.stdout.removeAllListeners('error');
  process.stdout.on('error', onError);
  if (!process.stdout.isTTY) return process.stdout;
  const decoder = new StringDecoder('utf8');
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      process.stdout.write(inertText(decoder.write(chunk)), () => done());
    },
  });
}
