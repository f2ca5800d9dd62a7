import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionOf } from '../../src/store/stats.js';
import { AGENT_SESSIONS } from '../helpers/agent-sessions.js';
import { storeOfRecording } from '../helpers/formats.js';

describe("an agent session's start in summary", () => {
  it('a Codex session with no session_meta line starts at its first time', async () => {
    const store = await storeOfRecording(
      join(AGENT_SESSIONS, 'ccusage/codex-home/sessions/ccusage/project-alpha/session-alpha.jsonl'),
    );
    const session = sessionOf(store.files[0]!);
    expect(session.startedAt).toBe('2026-05-13T09:00:00.000Z');
    expect(session.durationMs).toBe(25 * 3600_000);
  });

  it('a Codex session with one starts at it', async () => {
    const store = await storeOfRecording(
      join(
        AGENT_SESSIONS,
        'claude-code-log/codex-home/sessions/claude-code-log/2026/01/02/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl',
      ),
    );
    expect(sessionOf(store.files[0]!).startedAt).toBe('2026-01-02T03:04:05.000Z');
  });
});
