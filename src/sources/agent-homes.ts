import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FoundFile } from './recordings.js';

/** Where an agent keeps its sessions, and which files under it are sessions. */
export interface AgentHome {
  agent: 'claude-code' | 'codex' | 'gemini-cli';
  /** The folder looked in. */
  root: string;
  /** Globs of its session files, under `root`. */
  patterns: string[];
  /** Globs of files under `root` that match `patterns` and are no sessions. */
  ignore?: string[];
}

/**
 * The folders this machine's agents keep their sessions in, as each agent finds them:
 * Claude Code's `projects` under each of `$CLAUDE_CONFIG_DIR` (comma-separated), else
 * `~/.config/claude` and `~/.claude`; Codex's `sessions` and `archived_sessions` under
 * `$CODEX_HOME`, else `~/.codex`; Gemini CLI's chats under `~/.gemini/tmp`.
 */
export function agentHomes(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): AgentHome[] {
  const claudeDirs = env.CLAUDE_CONFIG_DIR?.trim()
    ? env.CLAUDE_CONFIG_DIR.split(',')
        .map((d) => d.trim())
        .filter(Boolean)
    : [join(home, '.config', 'claude'), join(home, '.claude')];
  const codex = env.CODEX_HOME?.trim() || join(home, '.codex');
  return [
    ...claudeDirs.map((dir) => ({
      agent: 'claude-code' as const,
      root: join(dir, 'projects'),
      // Every transcript at any depth, as ccusage finds them: a session's, its subagents'
      // in the folder beside it (one run with it), and any a project keeps in folders;
      // not what Claude Code keeps deeper in a subagents folder (workflow journals).
      patterns: ['**/*.jsonl'],
      ignore: ['**/subagents/*/**'],
    })),
    { agent: 'codex', root: join(codex, 'sessions'), patterns: ['**/*.jsonl'] },
    { agent: 'codex', root: join(codex, 'archived_sessions'), patterns: ['**/*.jsonl'] },
    { agent: 'gemini-cli', root: join(home, '.gemini', 'tmp'), patterns: ['*/chats/**/*.json', '*/chats/**/*.jsonl'] },
  ];
}

/** Every agent session file under `homes`, and the folders that were there to look in. */
export async function findAgentSessions(
  homes: readonly AgentHome[],
): Promise<{ files: FoundFile[]; looked: string[] }> {
  const { glob } = await import('tinyglobby');
  const files: FoundFile[] = [];
  const seen = new Set<string>();
  const looked: string[] = [];
  for (const h of homes) {
    const info = await stat(h.root).catch(() => null);
    if (!info?.isDirectory()) continue;
    looked.push(h.root);
    const paths = await glob(h.patterns, {
      cwd: h.root,
      ignore: h.ignore ?? [],
      absolute: true,
      dot: false,
      followSymbolicLinks: false,
    });
    paths.sort();
    const infos = await Promise.all(paths.map((p) => stat(p).catch(() => null)));
    paths.forEach((path, i) => {
      const s = infos[i];
      if (!s?.isFile() || seen.has(path)) return;
      seen.add(path);
      files.push({ path, mtimeMs: s.mtimeMs, bytes: s.size });
    });
  }
  return { files, looked };
}
