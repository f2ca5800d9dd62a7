import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElement } from 'react';
import { render } from 'ink';
import { openSource, OpenError } from '../sources/open-source.js';
import type { Source } from '../sources/types.js';
import { ingest } from '../store/ingest.js';
import { TraceStore } from '../store/trace-store.js';
import type { PriceTable } from '../trace/prices.js';
import { App } from '../ui/app.js';
import { applyColorEnv } from '../ui/theme.js';
import type { AppOptions } from './program.js';
import { expandTargets } from './targets.js';

const ENTER_ALT = '\x1b[?1049h\x1b[H';
const LEAVE_ALT = '\x1b[?1049l';

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
  applyColorEnv();
  const store = new TraceStore(prices);
  const fileIds = sources.map((s) => store.addFile(s.name).index);

  // Full screen in the alternate buffer; always left again, whatever ends the app.
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

  const writeRecords = (rows: number[]) => {
    const path = join(tmpdir(), `mcp-replay-tui-L${store.lineNo.data[rows[0]!]}-${process.pid}-${Date.now()}.jsonl`);
    writeFileSync(path, rows.map((r) => store.rawLine(r) ?? '').join('\n') + '\n', { mode: 0o600 });
    return path;
  };

  const app = render(createElement(App, { store, follow: options.follow || sources.some((s) => s.name.startsWith('ws')), writeRecords, initialPane: expanded.pane, filter: options.filter }), { exitOnCtrlC: true, patchConsole: true, maxFps: 30 });
  // Sources stream in after the first frame: the screen never waits for the index.
  for (const [i, source] of sources.entries()) {
    void ingest(store, source, fileIds[i]).catch(() => {
      // The error is on the file's state and shows in the header; what arrived stays.
    });
  }
  try {
    await app.waitUntilExit();
  } finally {
    app.cleanup();
    leave();
    for (const s of sources) s.close();
  }
  return 0;
}
