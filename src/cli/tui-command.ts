import { openSync } from 'node:fs';
import { ReadStream } from 'node:tty';
import { createElement } from 'react';
import { render } from 'ink';
import { openSource, OpenError } from '../sources/open-source.js';
import type { Source } from '../sources/types.js';
import { ingest } from '../store/ingest.js';
import { TraceStore } from '../store/trace-store.js';
import type { PriceTable } from '../trace/prices.js';
import { App } from '../ui/app.js';
import { DiffApp } from '../ui/diff-app.js';
import type { DiffDoc } from '../store/diff.js';
import { applyColorEnv, setAscii } from '../ui/theme.js';
import type { AppOptions } from './program.js';
import { copyRows, exportPath, writeRows } from './records-io.js';
import { lineDiffStdout } from './line-diff-stdout.js';
import { loadWithCache } from './load.js';
import { expandTargets } from './targets.js';

/** An environment switch: set to anything but empty, `0` or `false`. */
const isOn = (v: string | undefined): boolean => v !== undefined && v !== '' && v !== '0' && v !== 'false';

const ENTER_ALT = '\x1b[?1049h\x1b[H';
const LEAVE_ALT = '\x1b[?1049l';

/** Full screen in the alternate buffer; always left again, whatever ends the app. */
function alternateScreen(): () => void {
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    process.stdout.write(LEAVE_ALT);
  };
  process.stdout.write(ENTER_ALT);
  process.once('exit', leave);
  const onSignal = () => {
    leave();
    process.exit(0);
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  return leave;
}

/** `diff A B` on a terminal: the interactive side-by-side view. */
export async function runDiffApp(doc: DiffDoc, a: TraceStore, b: TraceStore): Promise<void> {
  applyColorEnv();
  setAscii(isOn(process.env.MCP_REPLAY_TUI_ASCII));
  const leave = alternateScreen();
  const app = render(createElement(DiffApp, { doc, a, b }), { stdout: lineDiffStdout(process.stdout), exitOnCtrlC: true, patchConsole: true, maxFps: 30 });
  try {
    await app.waitUntilExit();
  } finally {
    app.cleanup();
    leave();
  }
}

/** Opens every source (exit 1 before any screen if one fails), then runs the app. */
export async function runTui(args: string[], options: AppOptions, prices: PriceTable): Promise<number> {
  const expanded = expandTargets(args);
  if (!expanded) return 1;
  const sources: Source[] = [];
  for (const file of expanded.targets) {
    try {
      sources.push(await openSource(file, { follow: options.follow, allowRemoteWs: options.allowRemoteWs }));
    } catch (error) {
      process.stderr.write(`mcp-replay-tui: ${error instanceof OpenError ? error.message : (error as Error).message}\n`);
      for (const s of sources) s.close();
      return 1;
    }
  }
  // With the trace on stdin (`-`), keys come from the terminal itself.
  let keys: ReadStream | undefined;
  if (!process.stdin.isTTY) {
    try {
      keys = new ReadStream(openSync('/dev/tty', 'r'));
    } catch {
      process.stderr.write('mcp-replay-tui: stdin is not a terminal and /dev/tty cannot be opened, so there is nowhere to read keys from; use `summary` instead\n');
      for (const s of sources) s.close();
      return 1;
    }
  }
  applyColorEnv();
  setAscii(options.ascii || isOn(process.env.MCP_REPLAY_TUI_ASCII));
  const store = new TraceStore(prices);
  // One local file may come from its saved index; several stream side by side.
  const single = sources.length === 1;
  const fileIds = single ? [] : sources.map((s) => store.addFile(s.name).index);

  const leave = alternateScreen();

  const records = {
    write(rows: ArrayLike<number>) {
      const path = exportPath(store, rows);
      const n = writeRows(store, rows, path);
      return `wrote ${n.toLocaleString('en-US')} record(s) to ${path}`;
    },
    copy: (rows: ArrayLike<number>) => copyRows(store, rows, (s) => process.stdout.write(s)),
  };

  const app = render(createElement(App, { store, follow: options.follow || sources.some((s) => s.name.startsWith('ws')), records, initialPane: expanded.pane, filter: options.filter }), { stdout: lineDiffStdout(process.stdout), exitOnCtrlC: true, patchConsole: true, maxFps: 60, ...(keys ? { stdin: keys } : {}) });
  // Sources stream in after the first frame: the screen never waits for the index.
  // The error of a failed read is on the file's state and shows in the header; what arrived stays.
  if (single) void loadWithCache(store, sources[0]!, { cache: options.cache, follow: options.follow, interactive: true }).catch(() => undefined);
  else for (const [i, source] of sources.entries()) void ingest(store, source, fileIds[i], { interactive: true }).catch(() => undefined);
  try {
    await app.waitUntilExit();
  } finally {
    app.cleanup();
    leave();
    for (const s of sources) s.close();
    keys?.destroy();
  }
  return 0;
}
