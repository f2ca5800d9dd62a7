import { lstatSync } from 'node:fs';

/** A word as commands are spelled: no path, no dot, no URL. */
const WORD = /^[a-z][a-z0-9-]*$/i;

/**
 * A first argument that reads as a word and names no file is taken for a mistyped command
 * (`frobnicate`), not a trace: the message says so and lists the commands. Null when it
 * names a file (even a dangling link) or looks like a path, which the app opens or names.
 */
export function unknownCommandText(files: readonly string[], commands: readonly string[]): string | null {
  const first = files[0];
  if (first === undefined || !WORD.test(first)) return null;
  try {
    lstatSync(first);
    return null;
  } catch {
    return `unknown command ${first}, and no file of that name; the commands: ${commands.join(', ')} (mcp-replay-tui --help)`;
  }
}
