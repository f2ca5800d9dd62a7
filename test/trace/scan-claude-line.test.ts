import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AGENT_SESSIONS, filesUnder } from '../helpers/agent-sessions.js';
import { agree, agreeOnMutations } from '../helpers/scan-agree.js';

/*
 * The byte scanner reads Claude Code's lines too (scan-line.ts `claudeLine`): its facts
 * must be exactly those of the JSON.parse path (claude-code.ts, facts.ts) on every line
 * it answers, and every line it does not answer goes that path.
 */

const TREE_GENERATOR = fileURLToPath(new URL('../../bench/gen-claude-tree.mjs', import.meta.url));

const head =
  '"parentUuid":"p-1","isSidechain":false,"userType":"external","cwd":"/home/u/proj","sessionId":"s-1","version":"2.0.14","gitBranch":"main"';
const usage =
  '"usage":{"input_tokens":4,"cache_creation_input_tokens":2300,"cache_read_input_tokens":100,"cache_creation":{"ephemeral_5m_input_tokens":2000,"ephemeral_1h_input_tokens":300},"output_tokens":190,"service_tier":"standard"}';

describe('scanLine on Claude Code lines', () => {
  it('answers every kind of Claude Code line with the facts JSON.parse gives', () => {
    const lines = [
      `{${head},"type":"user","message":{"role":"user","content":"fix the \\"bug\\" é 😀"},"uuid":"u-1","timestamp":"2025-07-05T19:39:53.126Z"}`,
      `{${head},"message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-20250514","content":[{"type":"thinking","thinking":"héllo\\nworld","signature":"x"}],"stop_reason":null,${usage}},"requestId":"req_1","type":"assistant","uuid":"u-2","timestamp":"2025-07-05T19:40:01.204Z"}`,
      `{${head},"message":{"id":"msg_1","role":"assistant","model":"claude-opus-4-1","content":[{"type":"tool_use","id":"toolu_1","name":"mcp__github__get_issue","input":{"n":1,"q":"a\\tb"}}],"stop_reason":"tool_use",${usage}},"type":"assistant","uuid":"u-3","timestamp":"2025-07-05T19:40:01.227Z"}`,
      `{${head},"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":"<tool_use_error>no</tool_use_error>","is_error":true}]},"uuid":"u-4","timestamp":"2025-07-05T19:40:02.000Z","toolUseResult":"Error: no"}`,
      `{${head},"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_2","type":"tool_result","content":[{"type":"text","text":"ok"}]}],"usage":{"input_tokens":9}},"uuid":"u-5","timestamp":"2025-07-05T19:40:02.000123Z"}`,
      // The model's fast mode, a synthetic answer, thinking counted, a cut answer.
      `{${head},"type":"assistant","message":{"id":"m2","role":"assistant","model":"claude-opus-4-6","content":[],"usage":{"input_tokens":1,"output_tokens":2,"speed":"fast","thinking_tokens":7}},"requestId":"r2","timestamp":"2025-07-05T19:40:03.000Z"}`,
      `{${head},"type":"assistant","message":{"id":"m3","role":"assistant","model":"<synthetic>","content":[{"type":"text","text":"No response requested."}],"usage":{"input_tokens":0,"output_tokens":0}},"timestamp":"2025-07-05T19:40:04.000Z"}`,
      `{${head},"type":"assistant","message":{"role":"assistant","model":"m","stop_reason":"truncated","content":"text","usage":"none"},"timestamp":"2025-07-05T19:40:04.000Z"}`,
      // A user line whose message is an answer's; a line with no type (older transcripts, ccusage's fixtures).
      `{${head},"type":"user","message":{"role":"assistant","id":"m4","model":"m","usage":{"input_tokens":3,"output_tokens":4}},"timestamp":"2025-07-05T19:40:05.000Z"}`,
      '{"timestamp":"2025-07-05T19:40:06.000Z","message":{"id":"m5","model":"claude-sonnet-4-20250514","usage":{"input_tokens":10,"output_tokens":20,"cache_read_input_tokens":0}},"requestId":"r5"}',
      '{"timestamp":"2025-07-05T19:40:06.000Z","message":{"usage":{"input_tokens":10}},"sessionId":"s-2"}',
      // System lines, and Claude Code's lines of its own.
      `{${head},"type":"system","subtype":"compact_boundary","content":"Conversation compacted","timestamp":"2025-07-05T19:40:07.000Z","uuid":"u-6"}`,
      `{${head},"type":"system","subtype":"stop_hook_summary","timestamp":"2025-07-05T19:40:07.000Z"}`,
      '{"type":"summary","summary":"Test session","leafUuid":"leaf-123"}',
      '{"type":"file-history-snapshot","messageId":"x","snapshot":{"trackedFileBackups":{}},"isSnapshotUpdate":false}',
      `{${head},"type":"progress","data":{"type":"agent_progress","message":{"type":"assistant","message":{"id":"m6","usage":{"input_tokens":3,"output_tokens":900}}}},"timestamp":"2025-07-05T19:40:08.000Z","uuid":"u-7"}`,
      '{"type":"permission-mode","permissionMode":"default","sessionId":"s-1"}',
      '{"type":"last-prompt","lastPrompt":"hi","parentUuid":null}',
      `{${head},"type":"queue-operation","operation":"enqueue"}`,
      '{"type":"user","message":{"role":"user","content":"no session fields"}}',
      // Fields of other types than the file's: each read as JSON.parse's path reads it.
      '{"type":"assistant","cwd":5,"sessionId":null,"gitBranch":[],"timestamp":12,"requestId":7,"message":{"id":3,"role":"assistant","model":null,"content":{"a":1}}}',
      '{"type":"assistant","message":{"role":"assistant","model":"m","usage":{"input_tokens":"x","output_tokens":null,"cache_creation":{"ephemeral_1h_input_tokens":"y"}}},"uuid":"u"}',
      '{"type":"assistant","message":{"role":"assistant","model":"m","usage":{"input_tokens":1,"cache_creation":[1]}},"uuid":"u"}',
    ];
    for (const line of lines) expect(agree(line), line).toBe(true);
  });

  it('hands over the lines whose reading it cannot be sure of', () => {
    const lines = [
      // Another format's: Codex (payload), a v1 meta, a message with a dir, mcp-rec (ts).
      '{"timestamp":"2025-07-05T19:40:06.000Z","type":"response_item","payload":{"type":"message"},"sessionId":"s"}',
      '{"type":"meta","sessionId":"s","message":{}}',
      '{"type":"user","dir":"in","raw":{},"sessionId":"s"}',
      '{"timestamp":"2025-07-05T19:40:06.000Z","ts":5,"message":{"role":"user"}}',
      // Not Claude Code's: an unknown type with no session fields, no type and no time.
      '{"type":"heartbeat"}',
      '{"message":{"role":"user"}}',
      // Counts JSON.parse rounds, or reads as no count: the JSON.parse path decides.
      '{"type":"assistant","message":{"role":"assistant","usage":{"input_tokens":1.5}},"uuid":"u"}',
      '{"type":"assistant","message":{"role":"assistant","usage":{"input_tokens":-1}},"uuid":"u"}',
      '{"type":"assistant","message":{"role":"assistant","usage":{"output_tokens":123456789012345678}},"uuid":"u"}',
      // Repeated and escaped keys, a type that is no string, invalid JSON.
      '{"type":"assistant","message":{"role":"assistant","role":"user"},"uuid":"u"}',
      '{"type":"assistant","message":{"r\\u006fle":"assistant"},"uuid":"u"}',
      '{"type":5,"uuid":"u"}',
      '{"type":"assistant","message":{"role":"assistant"},"uuid":"u"',
    ];
    for (const line of lines) expect(agree(line), line).toBe(false);
  });

  it('is never more lenient than JSON.parse, over thousands of mutated Claude Code lines', () => {
    const seeds = [
      `{${head},"message":{"id":"msg_1","role":"assistant","model":"m","content":[{"type":"tool_use","id":"t","name":"Read","input":{"p":[1,-2.5e3,true]}}],${usage}},"requestId":"r","type":"assistant","uuid":"u","timestamp":"2025-07-05T19:40:01.204Z"}`,
      `{${head},"type":"user","message":{"role":"user","content":[{"tool_use_id":"t","type":"tool_result","content":"a\\"b","is_error":true}]},"timestamp":"2025-07-05T19:40:02.000Z"}`,
    ];
    const answered = agreeOnMutations(seeds, 2000, 33);
    expect(answered).toBeGreaterThan(250);
  });

  it('agrees with JSON.parse on every line of the real agent transcripts', () => {
    let answered = 0;
    let claude = 0;
    for (const file of filesUnder(AGENT_SESSIONS)) {
      const isClaude = file.includes('claude-config');
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const text = line.replace(/\r$/, '');
        if (isClaude) claude++;
        if (agree(text) && isClaude) answered++;
      }
    }
    // Nearly every Claude Code line is the scanner's; a few are written with spaces after
    // colons, or are cut.
    expect(answered).toBeGreaterThan(claude * 0.8);
  });

  it('agrees with JSON.parse on every line of a generated tree of sessions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-claude-tree-'));
    try {
      const r = spawnSync(process.execPath, [TREE_GENERATOR, '--mb', '2', '--out', dir, '--seed', '5'], {
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      let answered = 0;
      let total = 0;
      for (const file of filesUnder(dir)) {
        for (const line of readFileSync(file, 'utf8').split('\n')) {
          if (line === '') continue;
          total++;
          if (agree(line)) answered++;
        }
      }
      expect(total).toBeGreaterThan(100);
      expect(answered).toBe(total);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
