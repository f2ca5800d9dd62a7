import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRun } from '../../src/ingest/read-run.js';
import { usdOf } from '../../src/kit/counts.js';
import { pairRuns } from '../../src/sources/recordings.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { AGENT_SESSIONS, filesUnder, setsWithExpected } from '../helpers/agent-sessions.js';

/*
 * The numbers of `report --by session` over real Claude Code and Codex transcripts,
 * against what ccusage 20.0.24 printed for the same files (expected/): every session's
 * input, output, cache-read and cache-creation tokens equal, its cost within 3% where
 * both price it from a table. Where ccusage is wrong (docs/stats.md), the test says why
 * for each session it differs on, from the files themselves.
 */

interface Sums {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  costNano: number;
  /** Every turn priced by the bundled table. */
  priced: boolean;
  files: string[];
}

/** Each session's sums as `report --by session` reads them, by ccusage's key for it. */
async function ourSessions(root: string, keyOf: (file: string) => string): Promise<Map<string, Sums>> {
  const runs = pairRuns(filesUnder(root).map((path) => ({ path, mtimeMs: 0, bytes: 0 })));
  const out = new Map<string, Sums>();
  for (const run of runs) {
    const r = await readRun(
      { run: run.id, files: run.files, by: ['session'], zone: 'UTC', since: null, until: null },
      bundledPrices(),
    );
    expect(r.problems).toEqual([]);
    const key = keyOf(run.files[0]!);
    const s = out.get(key) ?? {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      costNano: 0,
      priced: true,
      files: [],
    };
    out.set(key, s);
    s.files.push(...run.files);
    for (const { figures: f } of r.rows) {
      s.input += f.inputTokens ?? 0;
      s.output += f.outputTokens ?? 0;
      s.cacheRead += f.cacheReadTokens ?? 0;
      s.cacheWrite += f.cacheWriteTokens ?? 0;
      s.costNano += f.costNano ?? 0;
      if (f.unpricedTurns) s.priced = false;
    }
  }
  return out;
}

/** The API responses a transcript counts, each by its key, with what ccusage makes of its line. */
function responses(
  file: string,
): { key: string; spaced: boolean; microseconds: boolean; untimed: boolean; costUsd: boolean }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      let o: {
        type?: string;
        timestamp?: string;
        requestId?: string;
        costUSD?: number;
        message?: { id?: string; usage?: unknown };
      };
      try {
        o = JSON.parse(line);
      } catch {
        return [];
      }
      if (!o.message?.usage || (o.type !== undefined && o.type !== 'assistant')) return [];
      return [
        {
          key: `${o.message.id}:${o.requestId}`,
          spaced: /"type": "assistant"/.test(line),
          microseconds: /\.\d{6}Z$/.test(o.timestamp ?? ''),
          untimed: o.timestamp === undefined,
          costUsd: typeof o.costUSD === 'number',
        },
      ];
    });
}

/**
 * Why ccusage counts a session otherwise, or null when it should count it as we do:
 * it skips lines written with a space after a colon, with 6 fractional digits in their
 * time, or with no time,
 * takes a response counted in another session (claude-code-log's fixtures reuse ids
 * across files) from this one, and prices a line by its own `costUSD` where it has one.
 */
function ccusageDiffers(s: Sums, elsewhere: Set<string>): string | null {
  const all = s.files.flatMap(responses);
  if (all.some((r) => r.spaced || r.microseconds || r.untimed)) return 'skips lines';
  if (all.some((r) => elsewhere.has(r.key))) return 'moves responses between sessions';
  return null;
}

/** Sessions compared at least: those of the in-repo subset (the whole set has more). */
const MIN_COMPARED = 10;

const tokens = (s: Sums) => [s.input, s.output, s.cacheRead, s.cacheWrite];

describe('agent sessions against ccusage', () => {
  // Sessions whose figures were held equal to ccusage's (a set may have none: ccrider's share one response).
  let compared = 0;
  for (const repo of setsWithExpected('claude')) {
    it(`Claude Code sessions of ${repo}`, async () => {
      const root = join(AGENT_SESSIONS, repo, 'claude-config', 'projects');
      // ccusage's session: the project folder, then the first part below it less its extension.
      const keyOf = (file: string) => {
        const [project, first] = relative(root, file).split(sep);
        return `${project}/${first!.replace(/\.jsonl$/, '')}`;
      };
      const ours = await ourSessions(root, keyOf);
      const expected = JSON.parse(
        readFileSync(join(AGENT_SESSIONS, 'expected', `${repo}__claude_session.json`), 'utf8'),
      );
      const counted = new Map<string, string[]>();
      for (const [key, s] of ours)
        for (const r of s.files.flatMap(responses)) counted.set(r.key, [...(counted.get(r.key) ?? []), key]);
      const elsewhereOf = (key: string) =>
        new Set([...counted].filter(([, keys]) => keys.some((k) => k !== key)).map(([response]) => response));
      for (const e of expected.sessions) {
        const key = `${e.projectPath}/${e.sessionId}`;
        const s = ours.get(key);
        // The in-repo subset holds some of the set's projects only.
        if (s === undefined) continue;
        const theirs = [e.inputTokens, e.outputTokens, e.cacheReadTokens, e.cacheCreationTokens];
        const why = ccusageDiffers(s, elsewhereOf(key));
        if (why === null) {
          expect(tokens(s), key).toEqual(theirs);
          compared++;
          const ownCosts = s.files.flatMap(responses).some((r) => r.costUsd);
          if (s.priced && !ownCosts && e.totalCost > 0)
            expect(Math.abs(usdOf(s.costNano) - e.totalCost) / e.totalCost, key).toBeLessThan(0.03);
        } else {
          // What ccusage leaves out or gives another session can only make its figures smaller.
          const ourTokens = tokens(s);
          expect(
            ourTokens.every((n, i) => n >= theirs[i]!),
            `${key} (ccusage ${why}): ${ourTokens} ≥ ${theirs}`,
          ).toBe(true);
        }
      }
      // Sessions ccusage lists none of: each for one of the reasons above, or with no usage at all.
      for (const [key, s] of ours) {
        if (
          expected.sessions.some(
            (e: { projectPath: string; sessionId: string }) => `${e.projectPath}/${e.sessionId}` === key,
          )
        )
          continue;
        if (tokens(s).every((n) => n === 0)) continue;
        expect(ccusageDiffers(s, elsewhereOf(key)), key).not.toBeNull();
      }
    });
  }

  for (const repo of setsWithExpected('codex')) {
    it(`Codex sessions of ${repo}`, async () => {
      const root = join(AGENT_SESSIONS, repo, 'codex-home');
      // ccusage's session: the path below sessions/ (or archived_sessions/) less its extension.
      const keyOf = (file: string) =>
        relative(root, file)
          .split(sep)
          .slice(1)
          .join('/')
          .replace(/\.jsonl$/, '');
      const ours = await ourSessions(root, keyOf);
      const expected = JSON.parse(
        readFileSync(join(AGENT_SESSIONS, 'expected', `${repo}__codex_session.json`), 'utf8'),
      );
      for (const e of expected.sessions) {
        const s = ours.get(e.sessionId);
        expect(s, e.sessionId).toBeDefined();
        expect(tokens(s!), e.sessionId).toEqual([
          e.inputTokens,
          e.outputTokens,
          e.cacheReadTokens,
          e.cacheCreationTokens,
        ]);
        if (s!.priced && e.costUSD > 0) expect(Math.abs(usdOf(s!.costNano) - e.costUSD) / e.costUSD).toBeLessThan(0.03);
        compared++;
      }
      // ccusage lists a session only when it has usage: so do the figures here.
      for (const [key, s] of ours)
        if (!expected.sessions.some((e: { sessionId: string }) => e.sessionId === key))
          expect(tokens(s), key).toEqual([0, 0, 0, 0]);
    });
  }

  it('held sessions equal to ccusage in every set', () => {
    expect(compared).toBeGreaterThanOrEqual(MIN_COMPARED);
  });
});
