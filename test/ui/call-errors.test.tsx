import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpFailureOf } from '../../src/store/http-failures.js';
import { argsPreview } from '../../src/ui/data/args.js';
import { callRow } from '../../src/ui/data/views.js';
import { callColumns, formatCallRow } from '../../src/ui/format/rows.js';
import { lineText } from '../../src/ui/format/segments.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { storeOfRecording } from '../helpers/formats.js';
import { renderApp } from '../helpers/ink.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { at, storeOf } from '../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

const rowWith = (frame: string, text: string) => frame.split('\n').find((l) => l.includes(text)) ?? '';

describe('why a call failed, on its row in Calls', () => {
  it('at 80 columns: the error text in the space the tool name leaves, the status where it was', async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
    // The isError result's text, and the JSON-RPC error's message.
    expect(rowWith(app.frame(), '+9.830s')).toMatch(
      /tools\/call write_file {2}EACCES: permission den… ✗ isError +160ms$/,
    );
    expect(rowWith(app.frame(), '+10.1s')).toMatch(/tools\/call read_file {2}Invalid params: path is… ✗ error +40ms$/);
    // A call that did not fail says nothing more.
    expect(rowWith(app.frame(), '+5.920s')).toMatch(/tools\/call read_file +✓ ok +1\.26s$/);
  });

  it('from 120 columns: a column of its own, after the arguments, every row as wide as before', () => {
    const store = demoStore();
    for (const width of [120, 160]) {
      const rows = Array.from(store.rows('calls'), (r) => ({
        ...callRow(store, r, null),
        args: argsPreview(store, r),
      }));
      const columns = callColumns(rows, width);
      expect(columns.error).toBeGreaterThanOrEqual(8);
      const texts = rows.map((r) => lineText(formatCallRow(r, width, false, columns)));
      const plain = lineText(formatCallRow(callRow(store, store.rows('calls')[0]!, null), width, false));
      for (const t of texts) expect(stringWidth(t), t).toBe(stringWidth(plain));
      const failed = texts.find((t) => t.includes('EACCES'))!;
      expect(failed).toMatch(/\{"path":"\/home\/me\/project\/config.* EACCES: permission denied.*✗ isError +160ms$/);
      // The column starts at the same place on every row that has one.
      const starts = texts.filter((t) => /EACCES|Invalid params/.test(t)).map((t) => t.search(/EACCES|Invalid params/));
      expect(new Set(starts).size).toBe(1);
    }
  });

  it('an error text is inert: a control in it never reaches the terminal', () => {
    const store = storeOf([
      { t: at(0), dir: 'in', raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } } },
      { t: at(5), dir: 'out', raw: { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'bad\x1b[2J\nthing' } } },
    ]);
    const text = lineText(formatCallRow(callRow(store, store.rows('calls')[0]!, null), 80, false));
    expect(text).not.toMatch(/[\u0000-\u001f]/);
    expect(text).toContain('bad␛[2J thing');
  });
});

describe('a call answered by an HTTP error event of its recorder', () => {
  const request = (id: number, corr: string) => ({
    t: at(id * 10),
    dir: 'in',
    corr_id: corr,
    raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'fetch', arguments: {} } },
  });
  const httpError = (id: number, corr: string, status = 429) => ({
    t: at(id * 10 + 1),
    dir: 'event',
    kind: 'fitness.http_error',
    corr_id: corr,
    raw: {
      method: 'tools/call',
      toolName: 'fetch',
      status,
      bodySnippet: '{"jsonrpc":"2.0","error":{"code":-32000,"message":"rate limited, slow down\\n\\nFix: [REDACTED',
      message: 'Error POSTing to endpoint',
    },
  });

  it('shows the HTTP status where the status is, and the JSON-RPC message of its body', () => {
    const store = storeOf([request(1, 'a'), httpError(1, 'a'), request(2, 'b'), httpError(2, 'other')]);
    const [first, second] = Array.from(store.rows('calls'));
    expect(httpFailureOf(store, first!)).toEqual({
      status: 'HTTP 429',
      message: 'rate limited, slow down\n\nFix: [REDACTED',
    });
    // Another call's event (another corr_id): still pending.
    expect(httpFailureOf(store, second!)).toBeNull();
    const texts = [first!, second!].map((r) => lineText(formatCallRow(callRow(store, r, null), 80, false)));
    expect(texts[0]).toMatch(/tools\/call fetch {2}rate limited, slow down {2}Fi… ✗ HTTP 429 *$/);
    expect(texts[1]).toMatch(/tools\/call fetch +… pending *$/);
  });

  it('the real exa trace: its 8 rate-limited calls say HTTP 429, no longer pending', async () => {
    const store = await storeOfRecording(join(REAL_TRACES, 'mcp-exa-ai-2026-08-20T18-05-43-728Z.mcp.jsonl'));
    const calls = Array.from(store.rows('calls'));
    const failures = calls.map((r) => httpFailureOf(store, r)).filter((f) => f !== null);
    expect(failures).toHaveLength(8);
    for (const f of failures) {
      expect(f.status).toBe('HTTP 429');
      expect(f.message).toMatch(/^You've hit Exa's free MCP rate limit/);
    }
  });
});
