import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffStores } from '../../src/store/diff.js';
import { DiffApp } from '../../src/ui/diff-app.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { waitForFrame } from '../helpers/ink.js';
import { at, storeOf } from '../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

/** A tools/call of `search` and its answer (an error when `error`, answered `slow` ms later). */
const call = (id: number, q: string, text: string, { error = false, slow = 0 } = {}) => [
  {
    t: at(id * 1000),
    dir: 'in',
    raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search', arguments: { q } } },
  },
  {
    t: at(id * 1000 + 4 + slow),
    dir: 'out',
    raw: error
      ? { jsonrpc: '2.0', id, error: { code: -32000, message: 'no index' } }
      : { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } },
  },
];

const press = async (app: ReturnType<typeof render>, key: string, until: (f: string) => boolean) => {
  app.stdin.write(key);
  return waitForFrame(app.lastFrame, until);
};

describe('diff view', () => {
  // A: kv, r2, d1, gone. B: kv, an inserted call, r2 with another text, d1 failing 340 ms slower.
  const a = storeOf(
    [...call(1, 'kv', 'one'), ...call(2, 'r2', 'two'), ...call(3, 'd1', 'three'), ...call(4, 'gone', 'x')],
    undefined,
    'a.jsonl',
  );
  const b = storeOf(
    [
      ...call(1, 'kv', 'one'),
      ...call(5, 'new', 'n'),
      ...call(2, 'r2', 'TWO'),
      ...call(3, 'd1', 'three', { error: true, slow: 340 }),
    ],
    undefined,
    'b.jsonl',
  );

  it('lists the aligned calls: places, glyph and status, the ok/error flip, the latency change, what differs', async () => {
    const app = render(<DiffApp doc={diffStores(a, b)} a={a} b={b} size={{ columns: 120, rows: 24 }} />);
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('of 5'));
    expect(f).toContain('4 of 5 differ');
    expect(f).toMatch(/^ {2}A# B# STATUS +TOOL +LINE A LINE B OK\/ERROR LATENCY WHAT DIFFERS/m);
    expect(f).toMatch(/› +1 +1 ═ same +search +L1 +L1 +\+0ms/);
    expect(f).toMatch(/ — +2 \+ added in B +search +— +L3\n/);
    expect(f).toMatch(/ 2 +3 ≠ changed result search +L3 +L5 +\+0ms \.result\.content\[0\]\.text: "two" → "TWO"/);
    expect(f).toMatch(/ 3 +4 ≠ changed result search +L5 +L7 ok→error +\+340ms \.error: \(absent\) → \{"code"/);
    expect(f).toMatch(/ 4 +— - removed from B search +L7 +—\n/);
    for (const line of f.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(120);
    app.unmount();
  });

  it('leaves out OK/ERROR when no call flipped, its room to what differs', async () => {
    const same = storeOf([...call(1, 'kv', 'one'), ...call(2, 'r2', 'two')], undefined, 'c.jsonl');
    const other = storeOf([...call(1, 'kv', 'one'), ...call(2, 'r2', 'TWO')], undefined, 'd.jsonl');
    const app = render(<DiffApp doc={diffStores(same, other)} a={same} b={other} size={{ columns: 80, rows: 24 }} />);
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('of 2'));
    expect(f).toMatch(/^ {2}A# B# STATUS +TOOL +(LINE A +)?(LINE B +)?LATENCY WHAT DIFFERS/m);
    expect(f).not.toContain('OK/ERROR');
    app.unmount();
  });

  it('at 80 columns the lines give way first; places, status, tool, flip, latency and what differs stay', async () => {
    const app = render(<DiffApp doc={diffStores(a, b)} a={a} b={b} size={{ columns: 80, rows: 24 }} />);
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('of 5'));
    expect(f).toMatch(/^ {2}A# B# STATUS +TOOL +OK\/ERROR LATENCY WHAT DIFFERS/m);
    expect(f).not.toContain('LINE A');
    expect(f).toMatch(/≠ changed result search +ok→error +\+340ms \.error: \(absent\) → /);
    expect(f).toMatch(/≠ changed result search +\+0ms …[^\n]*text: "two" → "TWO"/);
    for (const line of f.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    app.unmount();
  });

  it('Enter shows both sides with the changed lines marked - and +; ] and [ go from difference to difference', async () => {
    const x = storeOf(
      [...call(1, 'q', 'same'), ...call(2, 'r', JSON.stringify({ a: 1, b: [1, 2, 3], c: 'x', d: 'keep', e: 5 }))],
      undefined,
      'x.jsonl',
    );
    const y = storeOf(
      [...call(1, 'q', 'same'), ...call(2, 'r', JSON.stringify({ a: 2, b: [1, 2, 3], c: 'x', d: 'keep', e: 6 }))],
      undefined,
      'y.jsonl',
    );
    const app = render(<DiffApp doc={diffStores(x, y)} a={x} b={y} size={{ columns: 100, rows: 24 }} />);
    await waitForFrame(app.lastFrame, (f) => f.includes('of 2'));
    // ] in the list: the next call that differs.
    let f = await press(app, ']', (s) => s.includes('2 of 2'));
    expect(f).toMatch(/› +2 +2 ≠ changed result/);
    f = await press(app, '\r', (s) => s.includes('── outcome'));
    expect(f).toMatch(/^A#2 B#2 ≠ changed result · search · \+0ms$/m);
    // What differs: both values from their start, where they differ (1, 2) near it.
    expect(f).toMatch(/^…lt\.content\[0\]\.text: "\{\\"a\\":1,\\"b\\":[^\n]*… → "\{\\"a\\":2,\\"b\\":/m);
    expect(f).toMatch(/^── arguments · A line 3 +│── arguments · B line 3/m);
    expect(f).toMatch(/^ {3}"q": "r" +│ {3}"q": "r"/m);
    // The one changed line, wrapped to two rows: - on A's side, + on B's, on each row;
    // the unchanged ones unmarked.
    const changed = f.split('\n').filter((l) => /^-|│\+/.test(l));
    expect(changed).toHaveLength(2);
    expect(changed[0]).toMatch(/^- +"text": "\{\\"a\\":1.*│\+ +"text": "\{\\"a\\":2/);
    expect(changed[1]).toMatch(/^-.*\\"e\\":5\}" +│\+.*\\"e\\":6\}"$/);
    expect(f).toMatch(/1 change$/);
    f = await press(app, ']', (s) => s.includes('change 1 of 1'));
    f = await press(app, ']', (s) => s.includes('no difference below this line'));
    f = await press(app, '[', (s) => s.includes('no difference above this line') || s.includes('change 1 of 1'));
    app.unmount();
  });

  it('] and [ step through several changed stretches of a long result, scrolling each into view', async () => {
    const lines = (changed: number[]) =>
      Object.fromEntries(
        Array.from({ length: 60 }, (_, i) => [`k${String(i).padStart(2, '0')}`, changed.includes(i) ? 'B' : 'A']),
      );
    const res = (id: number, obj: object) => [
      {
        t: at(0),
        dir: 'in',
        raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get', arguments: {} } },
      },
      { t: at(5), dir: 'out', raw: { jsonrpc: '2.0', id, result: obj } },
    ];
    const x = storeOf(res(1, lines([])), undefined, 'x.jsonl');
    const y = storeOf(res(1, lines([5, 30, 31, 55])), undefined, 'y.jsonl');
    const app = render(<DiffApp doc={diffStores(x, y)} a={x} b={y} size={{ columns: 80, rows: 12 }} />);
    await waitForFrame(app.lastFrame, (f) => f.includes('of 1'));
    let f = await press(app, '\r', (s) => s.includes('3 changes'));
    f = await press(app, ']', (s) => s.includes('change 1 of 3'));
    expect(f).toMatch(/^- +"k05": "A",? +│\+ +"k05": "B"/m);
    f = await press(app, ']', (s) => s.includes('change 2 of 3'));
    expect(f).toMatch(/^- +"k30": "A",? +│\+ +"k30": "B"/m);
    expect(f).toMatch(/^- +"k31": "A",? +│\+ +"k31": "B"/m);
    expect(f).not.toContain('"k05"');
    f = await press(app, ']', (s) => s.includes('change 3 of 3'));
    expect(f).toMatch(/"k55": "B"/);
    f = await press(app, '[', (s) => s.includes('change 2 of 3'));
    expect(f).toMatch(/"k30": "B"/);
    f = await press(app, '[', (s) => s.includes('change 1 of 3'));
    expect(f).toMatch(/"k05": "B"/);
    for (const frame of app.frames)
      for (const line of frame.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    app.unmount();
  });

  it('at 80x24 wraps a long line within each side: every row marked, ] shows the row where they differ', async () => {
    // A markdown result of some 1,500 characters in one JSON string, differing near its end.
    const para = 'The coin list gives each coin its id, symbol and name, as the API returns them. ';
    const text = (coin: string) => `## Coins\n\n${para.repeat(16)}The top coin today is ${coin}, by market cap.`;
    const x = storeOf([...call(1, 'coins', text('bitcoin'))], undefined, 'x.jsonl');
    const y = storeOf([...call(1, 'coins', text('ethereum'))], undefined, 'y.jsonl');
    const app = render(<DiffApp doc={diffStores(x, y)} a={x} b={y} size={{ columns: 80, rows: 24 }} />);
    await waitForFrame(app.lastFrame, (f) => f.includes('of 1'));
    let f = await press(app, '\r', (s) => s.includes('1 change'));
    // The long line starts on screen (hard-wrapped: every character kept); its difference is rows below.
    expect(f).toMatch(/^- +"text": "## Coins\\n\\nThe coin │\+ +"text": "## Coins\\n\\nThe coin$/m);
    expect(f).toMatch(/^-list gives each coin its id, symbol an│\+list gives each coin its id, symbol an$/m);
    // Below the title, the totals (calls 1 → 1), the call's title and what differs.
    const body = (frame: string) => frame.split('\n').slice(4, -1).join('\n');
    expect(body(f)).not.toContain('bitcoin');
    f = await press(app, ']', (s) => s.includes('change 1 of 1'));
    const rows = f.split('\n');
    expect(rows).toHaveLength(24);
    for (const row of rows) expect(stringWidth(row), row).toBeLessThanOrEqual(80);
    // Past column 40 of the line, on both sides of the same row.
    expect(body(f)).toMatch(/^-.*bitcoin.*│\+.*ethereum/m);
    // Every row of the wrapped line on screen carries both marks (colour is never the only signal).
    const wrapped = rows.slice(4, -1).filter((r) => r.includes('coin'));
    expect(wrapped.length).toBeGreaterThanOrEqual(8);
    for (const row of wrapped) expect(row).toMatch(/^-.{38}│\+/);
    // The two sides break alike: before the difference their rows read the same.
    const at = wrapped.findIndex((r) => r.includes('bitcoin'));
    expect(at).toBeGreaterThanOrEqual(8);
    for (const row of wrapped.slice(0, at)) expect(row.slice(1, 39).trimEnd()).toBe(row.slice(41, 79).trimEnd());
    f = await press(app, '[', (s) => s.includes('no difference above this line'));
    app.unmount();
  });

  it('advertises only the keys it handles, and says so for one it does not', async () => {
    const x = storeOf(call(1, 'kv', 'one'), undefined, 'a.jsonl');
    const app = render(<DiffApp doc={diffStores(x, x)} a={x} b={x} size={{ columns: 100, rows: 30 }} />);
    let f = await waitForFrame(app.lastFrame, (s) => s.includes('of 1'));
    expect(f.split('\n').at(-1)).toMatch(/^\? help {2}G end {2}Enter detail {2}q quit +1 of 1$/);
    f = await press(app, 'l', (s) => s.includes('l: not in the diff list (? for keys)'));
    f = await press(app, ']', (s) => s.includes(']: no call differs'));
    f = await press(app, '?', (s) => s.includes('Keys in the diff list'));
    expect(f).toContain('Open the detail view of the selected row');
    expect(f).toContain('Next difference');
    expect(f).not.toContain('Jump between a tool_use');
    app.unmount();
  });

  it('at 80 columns the header names both recordings, and the footer keeps the position at its right edge', async () => {
    const long = (n: string) => `/home/someone/recordings/2026-12-04/run-${n}/server.mcp.jsonl`;
    const doc = { ...diffStores(a, b), a: long('before'), b: long('after') };
    const app = render(<DiffApp doc={doc} a={a} b={b} size={{ columns: 80, rows: 24 }} />);
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('of 5'));
    const [header = '', ...rest] = f.split('\n');
    expect(header).toMatch(/A .*server\.mcp\.jsonl · B .*server\.mcp\.jsonl/);
    const footer = rest.at(-1)!;
    expect(stringWidth(footer)).toBe(80);
    expect(footer).toMatch(/ 1 of 5$/);
    app.unmount();
  });
});

describe('diff view: what each run cost', () => {
  /** An agent run of `n` turns of `tokens` input tokens, each asking for one search. */
  const run = (n: number, tokens: number, name: string) =>
    storeOf(
      Array.from({ length: n }, (_, i) => ({
        t: at(i * 1000),
        type: 'turn',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        blocks: [{ type: 'tool_use', id: `u${i}`, name: 'search', input: { q: i } }],
        usage: { input_tokens: tokens, output_tokens: 100 },
      })),
      undefined,
      name,
    );

  it('says calls, turns, tokens and cost A → B (B - A) under the title; narrow, tokens give way first', async () => {
    const a = run(3, 200_000, 'a.agent.jsonl');
    const b = run(2, 100_000, 'b.agent.jsonl');
    const doc = diffStores(a, b);
    const cost = (n: number, input: number) => `$${(n * (input * 3 + 100 * 15) * 1e-6).toFixed(2)}`;
    const costs = `cost ${cost(3, 200_000)} → ${cost(2, 100_000)}`;
    for (const columns of [120, 80, 50]) {
      const app = render(<DiffApp doc={doc} a={a} b={b} size={{ columns, rows: 24 }} />);
      const f = await waitForFrame(app.lastFrame, (x) => x.includes('of 3'));
      const second = f.split('\n')[1]!;
      if (columns >= 80) expect(second).toMatch(/^ calls 3 → 2 · turns 3 → 2 · tokens 600k → 200k · cost /);
      // At 50 the tokens and then the cost's difference give way; calls, turns and both costs stay whole.
      else expect(second.trimEnd()).toBe(` calls 3 → 2 · turns 3 → 2 · ${costs}`);
      if (columns >= 80) expect(second).toContain(`· ${costs} (-$1.20)`);
      expect(f.split('\n')[2]).toMatch(/STATUS/);
      expect(f.split('\n')).toHaveLength(24);
      for (const line of f.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(columns);
      app.unmount();
    }
  });
});
