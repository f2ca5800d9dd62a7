import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_SIZE, loadHistory, rememberFilter, stateDir } from '../../src/cli/filter-history.js';

describe('the filter history file', () => {
  it('keeps the last 100 filters applied, each once, newest last, across runs', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mrt-history-')), 'state', 'mcp-replay-tui');
    expect(loadHistory(dir).entries).toEqual([]);
    let entries: string[] = [];
    for (let i = 0; i < 130; i++) entries = rememberFilter(entries, `tool:t${i % 110}`, dir);
    expect(entries).toHaveLength(HISTORY_SIZE);
    expect(entries.at(-1)).toBe('tool:t19');
    expect(new Set(entries).size).toBe(HISTORY_SIZE);
    expect(loadHistory(dir).entries).toEqual(entries);
    // Applied again, an older filter moves up to newest; a pasted newline never splits one.
    entries = rememberFilter(entries, 'tool:t50', dir);
    entries = rememberFilter(entries, 'status:error\ntool:x', dir);
    expect(loadHistory(dir).entries.slice(-2)).toEqual(['tool:t50', 'status:error tool:x']);
    expect(loadHistory(dir).entries.filter((e) => e === 'tool:t50')).toHaveLength(1);
    expect(readFileSync(join(dir, 'filter-history'), 'utf8').endsWith('status:error tool:x\n')).toBe(true);
  });

  it('stays in memory when the directory cannot be made', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mrt-history-file-')), 'a-file');
    writeFileSync(file, 'x');
    const dir = join(file, 'state');
    expect(rememberFilter(['a'], 'b', dir)).toEqual(['a', 'b']);
    expect(loadHistory(dir).entries).toEqual([]);
  });

  it.each([
    ['a link to /dev/zero', (path: string) => symlinkSync('/dev/zero', path), 'a device'],
    ['a FIFO', (path: string) => execFileSync('mkfifo', [path]), 'a FIFO'],
    ['a directory', (path: string) => mkdirSync(path), 'a directory'],
  ])('%s at its path: not read, said once; the next filter applied replaces it, no temp left', (_name, plant, kind) => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-history-odd-'));
    const path = join(dir, 'filter-history');
    plant(path);
    // Before: /dev/zero filled the memory, and a FIFO blocked the start for ever.
    expect(loadHistory(dir)).toEqual({
      entries: [],
      notice: `filter history not read: ${path} is ${kind}`,
    });
    expect(rememberFilter([], 'tool:x', dir)).toEqual(['tool:x']);
    // A directory stays (it cannot be renamed over), and no temp file is left beside it.
    expect(readdirSync(dir)).toEqual(['filter-history']);
    if (kind === 'a directory') return;
    expect(statSync(path).isFile()).toBe(true);
    expect(loadHistory(dir)).toEqual({ entries: ['tool:x'], notice: null });
  });

  it('a history over 4 MiB is not read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-history-big-'));
    writeFileSync(join(dir, 'filter-history'), `${'x'.repeat(4 << 20)}\n`);
    expect(loadHistory(dir)).toEqual({
      entries: [],
      notice: `filter history not read: ${join(dir, 'filter-history')} is over 4 MiB`,
    });
  });

  it('lives in $MCP_REPLAY_TUI_STATE_DIR, else the state directory env-paths names', () => {
    expect(stateDir({ MCP_REPLAY_TUI_STATE_DIR: '/x/y' })).toBe('/x/y');
    // env-paths' state directory (`log`), named without its default -nodejs suffix.
    expect(stateDir({})).toMatch(/[/\\]mcp-replay-tui$/);
  });
});
