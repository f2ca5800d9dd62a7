import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentHomes, findAgentSessions } from '../../src/sources/agent-homes.js';
import { pairRuns } from '../../src/sources/recordings.js';

/** A home with each agent's folders laid out as the agents lay them out. */
function home(): string {
  const root = mkdtempSync(join(tmpdir(), 'homes-'));
  const files = [
    '.claude/projects/-home-me-app/s1.jsonl',
    '.claude/projects/-home-me-app/s1/subagents/agent-a.jsonl',
    '.claude/projects/-home-me-app/s1/subagents/agent-a.meta.json',
    '.claude/projects/-home-me-app/s1/subagents/workflows/wf/journal.jsonl',
    // A subagent whose session's own transcript is gone: still that session.
    '.claude/projects/-home-me-app/s2/subagents/agent-b.jsonl',
    '.config/claude/projects/-home-me-lib/s3.jsonl',
    // A project that keeps its sessions in folders of its own (ccusage finds them too).
    '.claude/projects/project-alpha/session-alpha/chat.jsonl',
    '.codex/sessions/2026/01/02/rollout-x.jsonl',
    '.codex/archived_sessions/rollout-y.jsonl',
    '.gemini/tmp/abc123/chats/session-1.json',
    '.gemini/tmp/abc123/chats/session-2.jsonl',
    '.gemini/tmp/abc123/logs.json',
  ];
  for (const f of files) {
    mkdirSync(join(root, f, '..'), { recursive: true });
    writeFileSync(join(root, f), '{}\n');
  }
  return root;
}

describe("this machine's agent sessions", () => {
  it('are found where each agent keeps them, and nothing else there', async () => {
    const root = home();
    const found = await findAgentSessions(agentHomes({}, root));
    expect(found.files.map((f) => relative(root, f.path)).sort()).toEqual([
      '.claude/projects/-home-me-app/s1.jsonl',
      '.claude/projects/-home-me-app/s1/subagents/agent-a.jsonl',
      '.claude/projects/-home-me-app/s2/subagents/agent-b.jsonl',
      '.claude/projects/project-alpha/session-alpha/chat.jsonl',
      '.codex/archived_sessions/rollout-y.jsonl',
      '.codex/sessions/2026/01/02/rollout-x.jsonl',
      '.config/claude/projects/-home-me-lib/s3.jsonl',
      '.gemini/tmp/abc123/chats/session-1.json',
      '.gemini/tmp/abc123/chats/session-2.jsonl',
    ]);
    expect(found.looked.map((d) => relative(root, d))).toEqual([
      '.config/claude/projects',
      '.claude/projects',
      '.codex/sessions',
      '.codex/archived_sessions',
      '.gemini/tmp',
    ]);
    // A session and its subagents are one run, named by the session's transcript.
    const runs = pairRuns(found.files).map((r) => [relative(root, r.id), r.files.length]);
    expect(runs).toContainEqual(['.claude/projects/-home-me-app/s1.jsonl', 2]);
    expect(runs).toContainEqual(['.claude/projects/-home-me-app/s2.jsonl', 1]);
  });

  it('follow CLAUDE_CONFIG_DIR (comma-separated) and CODEX_HOME', async () => {
    const root = home();
    const env = {
      CLAUDE_CONFIG_DIR: `${join(root, '.config/claude')}, ${join(root, 'nowhere')}`,
      CODEX_HOME: join(root, 'none'),
    };
    const found = await findAgentSessions(agentHomes(env, root));
    expect(found.files.map((f) => relative(root, f.path)).sort()).toEqual([
      '.config/claude/projects/-home-me-lib/s3.jsonl',
      '.gemini/tmp/abc123/chats/session-1.json',
      '.gemini/tmp/abc123/chats/session-2.jsonl',
    ]);
  });

  it('say where they looked when there is nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'homes-'));
    expect(await findAgentSessions(agentHomes({}, empty))).toEqual({ files: [], looked: [] });
  });
});
