import type { Instance } from 'ink';
import { createElement, type ReactElement } from 'react';
import { ingest } from '../ingest/ingest.js';
import { openTrace } from '../ingest/open-trace.js';
import { type PricesSpec, passOver } from '../ingest/read-run.js';
import { type Reading, readRuns } from '../ingest/read-runs.js';
import { streamRun } from '../ingest/stream-run.js';
import { localZone } from '../kit/zone-time.js';
import { agentHomes, findAgentSessions } from '../sources/agent-homes.js';
import { OpenError } from '../sources/open-source.js';
import { findRecordings, namesDirectory, pairRuns } from '../sources/recordings.js';
import type { Source } from '../sources/types.js';
import type { DiffDoc } from '../store/diff.js';
import { notTraceText } from '../store/not-trace.js';
import { SessionList } from '../store/session-list.js';
import { TraceStore } from '../store/trace-store.js';
import type { PriceTable } from '../trace/prices.js';
import type { MouseEvent } from '../ui/mouse.js';
import type { Notice } from '../ui/state/ui-state.js';
import { applyColorEnv, setAscii } from '../ui/theme.js';
import { isOn } from './env-switch.js';
import { beforeFatal } from './fatal.js';
import { loadHistory, rememberFilter } from './filter-history.js';
import { type Keyboard, letSigintEndTheProcess, openKeyboard } from './keys.js';
import { loadWithCache } from './load.js';
import { keptMarks } from './marks-file.js';
import { appStdout, CONTROL, complain, control } from './output.js';
import type { AppOptions } from './program.js';
import { copyRows, copyText, exportPath, tildePath, writeRows, wroteNotice } from './records-io.js';
import { installSuspend } from './suspend.js';
import { expandTargets } from './targets.js';

/**
 * Full screen in the alternate buffer, always left again: on quit, and before the
 * message of anything that ends the process otherwise (fatal.ts: an uncaught error,
 * SIGTERM, SIGHUP), with raw mode off, the cursor shown and mouse reporting off (on
 * while the app runs with `mouse`).
 */
function alternateScreen(keyboard: Keyboard | null, mouse: boolean): () => void {
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    keyboard?.rawOff();
    control(CONTROL.leaveAltScreen);
  };
  control(CONTROL.enterAltScreen);
  if (mouse) control(CONTROL.mouseOn);
  process.once('exit', leave);
  const unregister = beforeFatal(leave);
  return () => {
    unregister();
    leave();
  };
}

/** `diff A B` on a terminal: the interactive side-by-side view. True when it ended by Ctrl-C. */
export async function runDiffApp(doc: DiffDoc, a: TraceStore, b: TraceStore, ascii = false): Promise<boolean> {
  applyColorEnv();
  setAscii(ascii || isOn(process.env.MCP_REPLAY_TUI_ASCII));
  const keyboard = openKeyboard();
  const { DiffApp } = await import('../ui/diff-app.js');
  await runOnScreen(createElement(DiffApp, { doc, a, b }), keyboard, 30);
  keyboard?.close();
  return keyboard?.interrupted() ?? false;
}

/**
 * Renders `element` full screen until it exits, then puts the screen back. Ink and the
 * views are loaded only once a command has its sources open and reading: the first
 * frame then has a small file's rows to show. Anything
 * that ends the process first (fatal.ts) unmounts Ink before the screen is left:
 * Ink's unmount draws its last frame, which must land on the alternate screen.
 * `mounted` gets the Ink instance (to render new props: a notice that arrives later).
 * With `mouse`, the terminal reports the mouse while the app is on screen.
 */
async function runOnScreen(
  element: ReactElement,
  keyboard: Keyboard | null,
  maxFps: number,
  mounted?: (app: Instance) => void,
  mouse = false,
): Promise<void> {
  const { render } = await import('ink');
  keyboard?.ready();
  const leave = alternateScreen(keyboard, mouse);
  const app = render(element, {
    stdout: appStdout(),
    exitOnCtrlC: true,
    patchConsole: true,
    maxFps,
    ...(keyboard ? { stdin: keyboard.stdin } : {}),
  });
  mounted?.(app);
  letSigintEndTheProcess();
  const unregister = beforeFatal(() => app.unmount());
  const uninstallSuspend = keyboard ? installSuspend(keyboard, mouse) : () => undefined;
  try {
    await app.waitUntilExit();
  } finally {
    uninstallSuspend();
    unregister();
    app.cleanup();
    leave();
  }
}

/** Opens every source (exit 1 before any screen if one fails), then runs the app. */
export async function runTui(
  args: string[],
  options: AppOptions,
  prices: PriceTable,
  pricesSpec: PricesSpec | null = null,
): Promise<number> {
  if (args.length === 0) {
    // No file named: every agent session this machine has.
    const found = await findAgentSessions(agentHomes());
    return runSessions({ ...found, missing: [] }, options, prices, pricesSpec);
  }
  if (namesDirectory(args)) return runSessions(await findRecordings(args), options, prices, pricesSpec);
  const expanded = expandTargets(args);
  if (!expanded) return 1;
  const sources: Source[] = [];
  for (const file of expanded.targets) {
    try {
      sources.push(
        await openTrace(file, {
          follow: options.follow,
          allowRemoteWs: options.allowRemoteWs,
          timeoutS: options.timeout,
          live: true,
        }),
      );
    } catch (error) {
      complain(error instanceof OpenError ? error.message : (error as Error).message);
      for (const s of sources) s.close();
      return 1;
    }
  }
  // With the trace on stdin (`-`), keys come from the terminal itself.
  const keyboard = openKeyboard();
  if (!keyboard) {
    complain(
      'stdin is not a terminal and /dev/tty cannot be opened, so there is nowhere to read keys from; use `summary` instead',
    );
    for (const s of sources) s.close();
    return 1;
  }
  applyColorEnv();
  setAscii(options.ascii === true || isOn(process.env.MCP_REPLAY_TUI_ASCII));
  const store = new TraceStore(prices);
  // One local file may come from its saved index; several stream side by side.
  const single = sources.length === 1;
  const fileIds = single ? [] : sources.map((s) => store.addFile(s.name).index);

  const records = recordsOf(store, options);
  const filterHistory = filterHistoryOf();

  const marks = keptMarks(expanded.targets, single ? [0] : fileIds);
  // The mouse, unless --no-mouse (or `mouse: false`), where its reports can be kept from Ink.
  const mouse = options.mouse !== false && keyboard.readsMouse;
  const props = {
    store,
    filterHistory,
    marks: marks.kept,
    // A live mode stream and stdin (`tail -f x | mcp-replay-tui -`) grow as --follow does:
    // their lists follow the end until the user moves.
    follow: options.follow || sources.some((s) => s.name.startsWith('ws') || s.name === '-'),
    records,
    initialPane: expanded.pane,
    filter: options.filter,
    // Said once, in the footer: marks dropped as their file changed; something at the
    // history's path that is not read (a FIFO, /dev/zero).
    notice: [marks.notice, filterHistory.notice].filter(Boolean).join(' · ') || undefined,
    clock: options.utc === true,
    mouse: mouse
      ? {
          subscribe: (handler: (event: MouseEvent) => void) => {
            keyboard.onMouse(handler);
            return () => keyboard.onMouse(null);
          },
        }
      : undefined,
  };
  // Sources stream in while the screen's code loads, and after: the screen never waits
  // for the index, and a small file's rows are in the first frame.
  // The error of a failed read is on the file's state and shows in the header; what arrived stays.
  // An index that cannot be saved says so once, in the footer, whenever that is known.
  let say: ((notice: string) => void) | null = null;
  let unsaid: string | null = null;
  // A saved index is read once the screen is up, the file's head on it.
  let screenUp = () => {};
  const shown = new Promise<void>((resolve) => {
    screenUp = resolve;
  });
  if (single)
    void loadWithCache(store, sources[0]!, { cache: options.cache, follow: options.follow, interactive: true, shown })
      .then(({ notice }) => {
        if (notice && say) say(notice);
        else unsaid = notice;
      })
      .catch(() => undefined);
  else
    for (const [i, source] of sources.entries())
      void ingest(store, source, fileIds[i], { interactive: true }).catch(() => undefined);
  try {
    const { App } = await import('../ui/app.js');
    const mounted = (app: Instance) => {
      say = (notice) => app.rerender(createElement(App, { ...props, notice }));
      if (unsaid) say(unsaid);
      screenUp();
    };
    await runOnScreen(createElement(App, props), keyboard, 60, mounted, mouse);
  } finally {
    for (const s of sources) s.close();
    keyboard.close();
  }
  if (keyboard.interrupted()) return 130;
  return unreadFiles(store).map((why) => complain(why)).length ? 1 : 0;
}

/**
 * Why files named to the app were no trace or could not be read to their end, once its
 * screen is gone: exit 1 then, as `summary` exits on them (the README's exit codes).
 */
function unreadFiles(store: TraceStore): string[] {
  return store.files.flatMap((f) => {
    const notTrace = notTraceText(store, f.index);
    if (notTrace !== null) return [notTrace];
    return f.state === 'error' ? [`cannot read ${f.name}: ${f.stateText ?? 'the read failed'}`] : [];
  });
}

/** The `w` and `y` keys' I/O for a store. */
function recordsOf(store: TraceStore, options: AppOptions) {
  return {
    write(rows: ArrayLike<number>, what?: string): Notice {
      const path = exportPath(store, rows, what ? 'marked' : undefined);
      // (A write that fails throws: the app says so, as an error.)
      const written = writeRows(store, rows, path, options.exportFormat);
      return { kind: 'info', text: wroteNotice(store, written, tildePath(path), what) };
    },
    copy: (rows: ArrayLike<number>) => copyRows(store, rows, control),
    copyText: (text: string, what: string) => copyText(text, what, control),
  };
}

/**
 * The filters applied before, and how to remember one (the history file); `notice`:
 * why what is at the history's path was not read (a FIFO, /dev/zero), to say once.
 */
function filterHistoryOf() {
  const { entries, notice } = loadHistory();
  let history = entries;
  return { entries, notice, remember: (text: string) => (history = rememberFilter(history, text)) };
}

/**
 * `mcp-replay-tui DIR`: the Sessions list, one row per run, at once; the runs are read
 * on worker threads meanwhile (their figures only), the first rows shown first. Enter
 * opens a run as the app opens files named together.
 */
/** The recordings found, where (with none named) the agents' folders were looked in. */
type Found = Awaited<ReturnType<typeof findRecordings>> & { looked?: string[] };

async function runSessions(
  found: Found,
  options: AppOptions,
  prices: PriceTable,
  pricesSpec: PricesSpec | null,
): Promise<number> {
  for (const m of found.missing) complain(`cannot read ${m.path}: ${m.reason}`);
  if (found.missing.length && found.files.length === 0) return 1;
  const keyboard = openKeyboard();
  if (!keyboard) {
    complain(
      'stdin is not a terminal and /dev/tty cannot be opened, so there is nowhere to read keys from; use `report` instead',
    );
    return 1;
  }
  applyColorEnv();
  setAscii(options.ascii || isOn(process.env.MCP_REPLAY_TUI_ASCII));
  // Read newest first: the order the list shows before any run is read.
  const runs = pairRuns(found.files).sort((a, b) => b.mtimeMs - a.mtimeMs || (a.id < b.id ? -1 : 1));
  const sessions = new SessionList(runs);
  const listedFiles = new Set(found.files.filter((f) => f.listed).map((f) => f.path));
  const listed = (file: string) => listedFiles.has(file);
  const zone = localZone();
  const openRun = (index: number) => {
    const store = new TraceStore(prices);
    const run = streamRun(store, sessions.entries[index]!.run.files, { timeoutS: options.timeout, live: true });
    return { store, close: run.close };
  };
  let records: ReturnType<typeof recordsOf> | null = null;
  const props = {
    sessions,
    empty: found.looked === undefined ? undefined : noSessionsText(found.looked),
    openRun: (index: number) => {
      const opened = openRun(index);
      records = recordsOf(opened.store, options);
      return opened;
    },
    appProps: {
      filterHistory: filterHistoryOf(),
      records: {
        write: (rows: ArrayLike<number>) => records!.write(rows),
        copy: (rows: ArrayLike<number>) => records!.copy(rows),
        copyText: (text: string, what: string) => records!.copyText(text, what),
      },
    },
  };
  const reading: { now: Reading | null } = { now: null };
  // The runs are read once the first frame is out: starting workers meanwhile slowed it.
  const read = () => {
    reading.now = readRuns(
      runs.map((r) => ({
        run: r.id,
        files: r.files,
        by: ['session'],
        zone,
        since: null,
        until: null,
        timeoutS: options.timeout,
        bytes: r.bytes,
      })),
      { prices, pricesSpec, interactive: true, bytes: runs.reduce((n, r) => n + r.bytes, 0) },
      // A file of no known format is passed over, as `report` does: a run of only such files is no session.
      (index, result) => sessions.set(index, { ...result, problems: passOver(result, listed).problems }),
    );
    reading.now.done.catch(() => undefined);
  };
  try {
    const { SessionsApp } = await import('../ui/sessions-app.js');
    await runOnScreen(createElement(SessionsApp, props), keyboard, 60, () => setImmediate(read));
  } finally {
    reading.now?.close();
    keyboard.close();
  }
  return keyboard.interrupted() ? 130 : 0;
}

/** What the Sessions list says when no agent session was found: where it looked, and how to open a file. */
export function noSessionsText(looked: readonly string[]): string[] {
  return [
    'no agent sessions found on this machine',
    looked.length
      ? `looked in ${looked.join(', ')}`
      : 'none of ~/.claude/projects, ~/.config/claude/projects, ~/.codex or ~/.gemini/tmp is here',
    '(CLAUDE_CONFIG_DIR and CODEX_HOME name other folders)',
    'open a trace or a transcript: mcp-replay-tui FILE…, or a folder of them; npm start opens the demo',
  ];
}
