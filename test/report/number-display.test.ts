import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/report/summary-table.js';
import { statsOf } from '../../src/store/stats.js';
import { McpRecValidator } from '../../src/trace/formats/mcp-rec-validator.js';
import { Validator } from '../../src/trace/validate.js';
import { fileStateText } from '../../src/ui/format/chrome.js';
import { searchCounter } from '../../src/ui/format/matches.js';
import { storeOf } from '../helpers/store.js';

/** Numbers a person reads, as the trace wrote them or left out, the same on every surface (issue 15 follow-ups). */
const META = '{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z","label":"x","command":["x"]}';
const end = (exitCode: string) =>
  `{"t":"2026-05-12T23:00:01.000Z","type":"end"${exitCode ? `,"exitCode":${exitCode}` : ''},"durationMs":1000}`;

describe('an end line’s exit code: the header, summary and its JSON agree', () => {
  it.each([
    ['0', 0],
    ['-0', 0],
    ['137', 137],
    ['-1', -1],
    // Not a code any process returns (and JSON cannot carry Infinity): left out everywhere.
    ['1e400', null],
    ['1.5', null],
    ['"1"', null],
    ['null', null],
    ['', null],
  ] as const)('exitCode %s', (written, code) => {
    const store = storeOf([META, end(written)]);
    const f = store.files[0]!;
    expect(statsOf(store, 0).session.exitCode).toBe(code);
    expect(fileStateText(f)).toBe(code === null ? 'ended (no exit code)' : `ended (exit ${code})`);
    expect(summaryText(store, 0)).toContain(code === null ? ' · ended\n' : ` · exit ${code}\n`);
  });
});

describe('validate quotes a value as written', () => {
  // What is said of the values (these traces stop before an end line: that warning is beside the point).
  const messages = (v: Validator, lines: string[]) => {
    for (const [i, l] of lines.entries()) v.push(l, i + 1);
    return v
      .finish()
      .filter((f) => f.rule !== 'end-missing')
      .map((f) => f.message);
  };

  it.each(['1e400', '-0', '1.0', '12345678901234567890123', '[1e400]'])('t: %s', (t) => {
    expect(messages(new Validator(), [META, `{"t":${t},"dir":"in","raw":{"jsonrpc":"2.0","method":"ping"}}`])).toEqual([
      `t is not an ISO-8601 time: ${t}`,
    ]);
  });

  it('meta.v, startedAt, an unknown type, an echoed role; cut at 80 characters', () => {
    expect(
      messages(new Validator(), [
        '{"v":1e400,"type":"meta","startedAt":-0,"label":"x","command":[]}',
        `{"t":"2026-05-12T23:00:00.000Z","type":1.50,"x":1}`,
        `{"t":"2026-05-12T23:00:00.000Z","type":"turn","role":  -0 ,"echoed":true,"blocks":[]}`,
        `{"t":"2026-05-12T23:00:00.000Z","type":"${'x'.repeat(100)}"}`,
      ]),
    ).toEqual([
      'meta.v is 1e400, not 1',
      'startedAt is not an ISO-8601 time: -0',
      'unknown type 1.50 (legal: consumers skip or show it generically)',
      'echoed on a -0 turn: only assistant turns are echoed',
      `unknown type "${'x'.repeat(78)}… (legal: consumers skip or show it generically)`,
    ]);
  });

  it('mcp-rec: ts as written', () => {
    expect(
      messages(new McpRecValidator(), [
        '{"ts":1e400,"dir":"client->server","msg":{"jsonrpc":"2.0","method":"ping"}}',
        '{"dir":"client->server","msg":{"jsonrpc":"2.0","method":"ping"}}',
      ]),
    ).toEqual([
      'ts is 1e400, not a number (seconds since the epoch)',
      'ts is absent, not a number (seconds since the epoch)',
    ]);
  });
});

describe('counts past a thousand are grouped wherever summary and the search bar say them', () => {
  it('summary: the records line, ERRORS and SKIPPED LINES', () => {
    const lines: string[] = [META];
    for (let i = 0; i < 1200; i++) {
      const t = `2026-05-12T23:00:00.${String(i % 1000).padStart(3, '0')}Z`;
      lines.push(
        `{"t":"${t}","dir":"in","raw":{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"x"}}}`,
      );
      lines.push(`{"t":"${t}","dir":"out","raw":{"jsonrpc":"2.0","id":${i},"error":{"code":-1,"message":"no"}}}`);
      lines.push('not json');
    }
    const text = summaryText(storeOf(lines), 0);
    expect(text).toMatch(/ · skipped 1,200$/m);
    expect(text).toContain('ERRORS (1,200, first 10; --all lists every one)');
    expect(text).toContain('SKIPPED LINES (1,200, first 10; --all lists every one)');
    // No count of four digits or more left ungrouped (times and dates aside).
    expect(text).not.toMatch(/(?<![\d.:T-])\d{4,}(?![\d:-])/);
  });

  it('the search bar and its counter', () => {
    expect(searchCounter({ query: 'tools', positions: Array.from({ length: 2683 }, (_, i) => i) }, 1)).toBe(
      '/tools 2/2,683',
    );
  });
});
