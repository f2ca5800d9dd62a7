import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_SIZE, loadHistory, rememberFilter, stateDir } from '../../src/cli/filter-history.js';

describe('the filter history file', () => {
  it('keeps the last 100 filters applied, each once, newest last, across runs', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mrt-history-')), 'state', 'mcp-replay-tui');
    expect(loadHistory(dir)).toEqual([]);
    let entries: string[] = [];
    for (let i = 0; i < 130; i++) entries = rememberFilter(entries, `tool:t${i % 110}`, dir);
    expect(entries).toHaveLength(HISTORY_SIZE);
    expect(entries.at(-1)).toBe('tool:t19');
    expect(new Set(entries).size).toBe(HISTORY_SIZE);
    expect(loadHistory(dir)).toEqual(entries);
    // Applied again, an older filter moves up to newest; a pasted newline never splits one.
    entries = rememberFilter(entries, 'tool:t50', dir);
    entries = rememberFilter(entries, 'status:error\ntool:x', dir);
    expect(loadHistory(dir).slice(-2)).toEqual(['tool:t50', 'status:error tool:x']);
    expect(loadHistory(dir).filter((e) => e === 'tool:t50')).toHaveLength(1);
    expect(readFileSync(join(dir, 'filter-history'), 'utf8').endsWith('status:error tool:x\n')).toBe(true);
  });

  it('stays in memory when the directory cannot be made', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mrt-history-file-')), 'a-file');
    writeFileSync(file, 'x');
    const dir = join(file, 'state');
    expect(rememberFilter(['a'], 'b', dir)).toEqual(['a', 'b']);
    expect(loadHistory(dir)).toEqual([]);
  });

  it('lives in $MCP_REPLAY_TUI_STATE_DIR, else the state directory env-paths names', () => {
    expect(stateDir({ MCP_REPLAY_TUI_STATE_DIR: '/x/y' })).toBe('/x/y');
    // env-paths' state directory (`log`), named without its default -nodejs suffix.
    expect(stateDir({})).toMatch(/[/\\]mcp-replay-tui$/);
  });
});
