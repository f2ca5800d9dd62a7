import { releaseBlockedOpens } from '../sources/open-source.js';
import { isOn } from './env-switch.js';
import { complain, note } from './output.js';

/** What must run before the last message (leave the alternate screen, raw mode off), newest first. */
const restorers: (() => void)[] = [];

/** Registers `restore` to run before any fatal message; returns its removal. */
export function beforeFatal(restore: () => void): () => void {
  restorers.push(restore);
  return () => {
    const at = restorers.indexOf(restore);
    if (at >= 0) restorers.splice(at, 1);
  };
}

/**
 * Ends the process with one line saying why, after putting the terminal back: never
 * a stack trace, unless MCP_REPLAY_TUI_DEBUG=1 asks for it. Given a `signal`, the
 * process ends by that signal, as an unhandled one would (a shell sees 128 + its
 * number).
 */
export function fatal(reason: string, code: number, error?: unknown, signal?: NodeJS.Signals): never {
  for (const restore of restorers.splice(0).reverse()) {
    try {
      restore();
    } catch {
      // The terminal may be gone (SIGHUP); the others still run.
    }
  }
  try {
    complain(reason);
    if (isOn(process.env.MCP_REPLAY_TUI_DEBUG) && error instanceof Error && error.stack) note(error.stack);
  } catch {
    // Nowhere to write.
  }
  // process.exit joins the threads of Node's pool: a FIFO open waiting for a writer holds one for ever.
  releaseBlockedOpens();
  if (signal !== undefined) {
    // Whatever else may hold a pool thread (a DNS lookup, a stuck disk), the signal's own default action ends the process.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }
  process.exit(code);
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Signals that end the app, and the exit code each gives (128 + its number, as shells report). */
const SIGNALS = { SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * Every way out that is not the app's own quit: an uncaught error, a rejected promise
 * nobody awaited, SIGTERM or SIGHUP. SIGINT is left to Node on purpose: in the app
 * Ctrl-C arrives as a key (raw mode), and the keys thread raises SIGINT itself when
 * the main thread is too busy to take it, which Node's own handler then honours at
 * once (a JavaScript listener would wait for the busy thread).
 */
export function installFatalHandlers(): void {
  process.on('uncaughtException', (error) =>
    fatal(`internal error: ${describe(error)} (MCP_REPLAY_TUI_DEBUG=1 shows where)`, 1, error),
  );
  process.on('unhandledRejection', (error) =>
    fatal(`internal error: ${describe(error)} (MCP_REPLAY_TUI_DEBUG=1 shows where)`, 1, error),
  );
  for (const [signal, code] of Object.entries(SIGNALS))
    process.on(signal, () => fatal(`stopped by ${signal}`, code, undefined, signal as NodeJS.Signals));
}

/**
 * Hands `signals` to `handler` instead of ending the process: `record` passes them on
 * to the server it started and ends when the server does, with its trace complete.
 */
export function takeSignals(signals: readonly NodeJS.Signals[], handler: (signal: NodeJS.Signals) => void): void {
  for (const signal of signals) {
    process.removeAllListeners(signal);
    process.on(signal, () => handler(signal));
  }
}
