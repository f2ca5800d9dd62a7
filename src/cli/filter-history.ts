/** The filter bar's history: the last 100 filters applied, one a line, in the state directory. */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { ensureDir } from '../sources/cache-dir.js';
import { readStateFile } from '../sources/state-file.js';

/** Filters kept: the oldest go first. */
export const HISTORY_SIZE = 100;

/**
 * Where state that outlives a run lives: $MCP_REPLAY_TUI_STATE_DIR, else the platform's
 * state directory as `env-paths` names it (`log`: $XDG_STATE_HOME/mcp-replay-tui on
 * Linux, ~/.local/state/mcp-replay-tui by default).
 */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MCP_REPLAY_TUI_STATE_DIR || envPaths('mcp-replay-tui', { suffix: '' }).log;
}

const fileIn = (dir: string) => join(dir, 'filter-history');

/** Past this the history is no file of ours (100 filters of 40 KB each): left unread. */
const HISTORY_MAX_BYTES = 4 << 20;

/**
 * The filters applied before, oldest first (none when the file is missing or unreadable),
 * and, when something is at its path that is not read (a FIFO, a device such as a
 * symlink to /dev/zero, a file over 4 MiB), why: the app says it once. Writing the
 * history next replaces it.
 */
export function loadHistory(dir = stateDir()): { entries: string[]; notice: string | null } {
  const read = readStateFile(fileIn(dir), HISTORY_MAX_BYTES);
  if (read === null) return { entries: [], notice: null };
  if ('ignored' in read) return { entries: [], notice: `filter history not read: ${read.ignored}` };
  const entries = read.bytes
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-HISTORY_SIZE);
  return { entries, notice: null };
}

/**
 * `entries` with `text` as the newest (once: an older copy moves up), the last 100,
 * written through a temp file and a rename. A history that cannot be written stays in
 * memory for this run.
 */
export function rememberFilter(entries: readonly string[], text: string, dir = stateDir()): string[] {
  const one = text.replace(/[\r\n]+/g, ' ').trim();
  if (!one) return [...entries];
  const next = [...entries.filter((e) => e !== one), one].slice(-HISTORY_SIZE);
  if (ensureDir(dir) !== null) return next;
  const temp = `${fileIn(dir)}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${next.join('\n')}\n`, { mode: 0o600 });
    renameSync(temp, fileIn(dir));
  } catch {
    // Kept for this run only, and no temp file left (a directory at the path refuses the rename).
    rmSync(temp, { force: true });
  }
  return next;
}
