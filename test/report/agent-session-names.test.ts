import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRun } from '../../src/ingest/read-run.js';
import { reportText, sessionNames } from '../../src/report/usage-report.js';
import { pairRuns } from '../../src/sources/recordings.js';
import { noFigures, projectFolderOf } from '../../src/store/run-figures.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { AGENT_SESSIONS, filesUnder } from '../helpers/agent-sessions.js';

/** ccusage's fixtures: two Claude Code sessions both named `chat.jsonl`, each in a folder of its own, no `cwd` in them. */
const CCUSAGE = join(AGENT_SESSIONS, 'ccusage');

async function keysOf(root: string, by: 'session' | 'project'): Promise<string[]> {
  const keys: string[] = [];
  for (const run of pairRuns(filesUnder(root).map((path) => ({ path, mtimeMs: 0, bytes: 0 })))) {
    const r = await readRun(
      { run: run.id, files: run.files, by: [by], zone: 'UTC', since: null, until: null },
      bundledPrices(),
    );
    keys.push(...r.rows.map((row) => row.key[by] ?? '(none)'));
  }
  return keys.sort();
}

describe('sessions named alike', () => {
  it('each by the shortest tail of its path no other session ends with', () => {
    const names = sessionNames(['/a/p1/session-alpha/chat', '/a/p2/session-beta/chat', '/a/p1/solo', '/b/x/chat']);
    expect([...names.values()]).toEqual(['session-alpha/chat', 'session-beta/chat', 'solo', 'x/chat']);
    // The same path twice is one session.
    expect(sessionNames(['/a/chat', '/a/chat']).get('/a/chat')).toBe('chat');
  });

  it('report --by session: each row tells which, the JSON keys stay the paths less the extension', async () => {
    const keys = await keysOf(join(CCUSAGE, 'claude-config'), 'session');
    expect(keys.filter((k) => k.endsWith('/chat'))).toHaveLength(2);
    for (const k of keys) expect(k).not.toMatch(/\.jsonl$/);
    const rows = keys.map((session) => ({ key: { session }, figures: noFigures() }));
    const table = reportText(['session'], rows, noFigures(), 120, []);
    expect(table).toMatch(/^session-alpha\/chat /m);
    expect(table).toMatch(/^session-beta\/chat /m);
    expect(table).toMatch(/^test-transcript /m);
  });
});

describe('the project of a transcript that names no working directory', () => {
  it('is its folder, as ccusage names it: Claude Code under projects/, Codex under sessions/', async () => {
    const expected = (agent: string) =>
      JSON.parse(readFileSync(join(AGENT_SESSIONS, 'expected', `ccusage__${agent}_session.json`), 'utf8')) as {
        sessions: { projectPath?: string; directory?: string }[];
      };
    const claude = await keysOf(join(CCUSAGE, 'claude-config'), 'project');
    for (const s of expected('claude').sessions) expect(claude).toContain(s.projectPath);
    const codex = await keysOf(join(CCUSAGE, 'codex-home'), 'project');
    expect(codex).toEqual(expected('codex').sessions.map((s) => s.directory));
  });

  it("leaves Codex's date folders out: they name no project", () => {
    expect(projectFolderOf('codex', '/h/.codex/sessions/2026/01/03/rollout-x')).toBeNull();
    expect(projectFolderOf('codex', '/h/.codex/archived_sessions/rollout-x')).toBeNull();
    expect(projectFolderOf('claude-code', '/h/.claude/projects/-home-me-app/abc')).toBe('-home-me-app');
    expect(projectFolderOf('claude-code', '/h/.claude/projects/-home-me-app/abc/subagents/agent-1')).toBe(
      '-home-me-app',
    );
    expect(projectFolderOf('claude-code', '/somewhere/abc')).toBeNull();
  });
});
