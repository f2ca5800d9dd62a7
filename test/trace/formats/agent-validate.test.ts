import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RecordingValidator } from '../../../src/trace/formats/validate-recording.js';
import { AGENT_SESSIONS, filesUnder } from '../../helpers/agent-sessions.js';

/** `validate` on a text: its format and findings. */
function validate(text: string) {
  const v = new RecordingValidator(Infinity);
  text.split('\n').forEach((line, i) => {
    v.push(line.replace(/\r$/, ''), i + 1);
  });
  const findings = v.finish();
  return { format: v.format.name, findings, errors: findings.filter((f) => f.severity === 'error') };
}
const lines = (...records: object[]) => records.map((r) => JSON.stringify(r)).join('\n');

/**
 * Real files that are no transcript of a format read here, or are broken on purpose:
 * claude-code-log's edge cases and malformed Codex rollout, Codex's older rollout format
 * (before `payload`), a Claude Code workflow's journal.
 */
const NOT_VALID = /edge_cases\.jsonl$|malformed|rollout-44444444|journal\.jsonl$/;

describe('validate on agent transcripts', () => {
  it('passes every real Claude Code, Codex and Gemini CLI file', () => {
    // An empty file is no transcript of any format (not read here either).
    const files = filesUnder(AGENT_SESSIONS, true).filter(
      (f) =>
        !/[/\\](expected|otlp)[/\\]/.test(f) && !f.endsWith('.meta.json') && !NOT_VALID.test(f) && statSync(f).size > 0,
    );
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const r = validate(readFileSync(file, 'utf8'));
      expect(r.format, file).toMatch(/Claude Code|Codex|Gemini/);
      expect(r.errors, file).toEqual([]);
    }
  });

  const claude = {
    type: 'assistant',
    sessionId: 's',
    uuid: 'u',
    timestamp: '2026-01-01T00:00:00.000Z',
    message: { id: 'm', role: 'assistant', content: [], usage: { input_tokens: 1, output_tokens: 2 } },
  };

  it('names a Claude Code line whose turn or usage cannot be read, by line and rule', () => {
    const r = validate(
      lines(
        claude,
        { ...claude, message: { ...claude.message, usage: { input_tokens: -1 } } },
        { ...claude, message: { ...claude.message, content: [{ type: 'tool_use', name: 'Read' }] } },
        { ...claude, message: undefined },
        { ...claude, timestamp: 'yesterday' },
        { hello: 'world' },
      ),
    );
    expect(r.format).toBe('Claude Code transcript');
    expect(r.errors.map((f) => [f.line, f.rule])).toEqual([
      [2, 'usage-count'],
      [3, 'claude-block'],
      [4, 'claude-message'],
      [5, 'time-iso'],
      [6, 'claude-line'],
    ]);
  });

  it('warns of what is legal but worth knowing: a new type, a new block, no response id, what ccusage skips', () => {
    const r = validate(
      [
        JSON.stringify(claude),
        JSON.stringify({ type: 'brand-new', sessionId: 's', timestamp: claude.timestamp }),
        JSON.stringify({ ...claude, message: { ...claude.message, content: [{ type: 'hologram' }] } }),
        JSON.stringify({ ...claude, message: { ...claude.message, id: undefined } }),
        JSON.stringify(claude).replaceAll('":"', '": "'),
      ].join('\n'),
    );
    expect(r.errors).toEqual([]);
    expect(r.findings.map((f) => [f.line, f.rule])).toEqual([
      [2, 'unknown-type'],
      [3, 'unknown-block'],
      [4, 'response-id'],
      [5, 'spaced-json'],
    ]);
  });

  it('checks a Codex session line by line, and its running total against its responses', () => {
    const at = (type: string, payload: object) => ({ timestamp: '2026-01-01T00:00:00.000Z', type, payload });
    const count = (last: number, total: number) =>
      at('event_msg', {
        type: 'token_count',
        info: { last_token_usage: { total_tokens: last }, total_token_usage: { total_tokens: total } },
      });
    const r = validate(
      lines(
        at('session_meta', { id: 'x' }),
        at('response_item', { type: 'function_call', name: 'shell' }),
        count(10, 10),
        count(5, 20),
        at('event_msg', { type: 'token_count', info: { last_token_usage: { output_tokens: 1.5 } } }),
      ),
    );
    expect(r.format).toBe('Codex CLI session');
    expect(r.findings.map((f) => [f.line, f.severity, f.rule])).toEqual([
      [2, 'error', 'codex-call'],
      [4, 'warning', 'codex-total'],
      [5, 'error', 'usage-count'],
    ]);
  });

  it('checks Gemini CLI’s JSONL and its JSON document', () => {
    const meta = { sessionId: 's', projectHash: 'h' };
    const message = { id: 'a', timestamp: '2026-01-01T00:00:00.000Z', type: 'gemini', tokens: { input: 'many' } };
    const jsonl = validate(lines(meta, message, { $set: { summary: 'x' } }, { $rewindTo: 'a' }, { what: 1 }));
    expect(jsonl.format).toBe('Gemini CLI chat');
    expect(jsonl.errors.map((f) => [f.line, f.rule])).toEqual([
      [2, 'usage-count'],
      [5, 'gemini-record'],
    ]);
    const doc = validate(JSON.stringify({ ...meta, messages: [message, 7] }, null, 2));
    expect(doc.format).toBe('Gemini CLI chat');
    expect(doc.errors.map((f) => f.rule)).toEqual(['usage-count', 'gemini-message']);
  });
});
