import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real agent transcripts laid out as the agents lay them out, with what ccusage printed
 * for each set (`expected/`): the subset kept in the repository, or the whole set of
 * ../shared/data/agent-sessions when it is beside the clone.
 */
const IN_REPO = fileURLToPath(new URL('../fixtures/agent-sessions/', import.meta.url));
const SHARED = fileURLToPath(new URL('../../../shared/data/agent-sessions/', import.meta.url));
export const AGENT_SESSIONS = existsSync(join(SHARED, 'expected')) ? SHARED : IN_REPO;

/** Every `.jsonl` (or, `json: true`, `.json` too) file under `dir`, sorted. */
export function filesUnder(dir: string, json = false): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(path, json));
    else if (e.name.endsWith('.jsonl') || (json && e.name.endsWith('.json'))) out.push(path);
  }
  return out.sort();
}

/** The sets (`<repo>` folders) that have ccusage's figures for `agent`. */
export function setsWithExpected(agent: 'claude' | 'codex' | 'gemini'): string[] {
  return readdirSync(join(AGENT_SESSIONS, 'expected'))
    .filter((f) => f.endsWith(`__${agent}_session.json`))
    .map((f) => f.slice(0, -`__${agent}_session.json`.length))
    .filter((repo) => existsSync(join(AGENT_SESSIONS, repo)))
    .sort();
}
