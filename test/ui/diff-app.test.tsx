import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffStores } from '../../src/store/diff.js';
import { DiffApp } from '../../src/ui/diff-app.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { waitForFrame } from '../helpers/ink.js';
import { at, storeOf } from '../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const call = (id: number, q: string, text: string) => [
  {
    t: at(id * 10),
    dir: 'in',
    raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search', arguments: { q } } },
  },
  { t: at(id * 10 + 4), dir: 'out', raw: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } } },
];

describe('diff view', () => {
  it('lists calls by ordinal with glyph and status, and Enter shows A and B side by side', async () => {
    const a = storeOf(
      [...call(1, 'kv', 'one'), ...call(2, 'r2', 'two'), ...call(3, 'd1', 'three')],
      undefined,
      'a.jsonl',
    );
    const b = storeOf([...call(1, 'kv', 'one'), ...call(2, 'r2', 'TWO')], undefined, 'b.jsonl');
    const app = render(<DiffApp doc={diffStores(a, b)} a={a} b={b} size={{ columns: 100, rows: 70 }} />);
    let f = await waitForFrame(app.lastFrame, (x) => x.includes('of 3'));
    expect(f).toContain('2 of 3 differ');
    expect(f).toMatch(/› +1 ═ same +search +A:L1 B:L1/);
    expect(f).toMatch(/2 ≠ changed result +search +A:L3 B:L3 +result\.content\[0\]\.text: "two" → "TWO"/);
    expect(f).toMatch(/3 - removed from B +search +A:L5 —/);
    app.stdin.write('j');
    await waitForFrame(app.lastFrame, (x) => x.includes('2 of 3\n') || x.endsWith('2 of 3'));
    app.stdin.write('\r');
    f = await waitForFrame(app.lastFrame, (x) => x.includes('#2'));
    expect(f).toMatch(/^A +│B/m);
    expect(f).toMatch(/"text": "two" +│ +"text": "TWO"/);
    for (const line of f.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(100);
    app.unmount();
  });

  it('advertises only the keys it handles, and says so for one it does not', async () => {
    const a = storeOf(call(1, 'kv', 'one'), undefined, 'a.jsonl');
    const app = render(<DiffApp doc={diffStores(a, a)} a={a} b={a} size={{ columns: 100, rows: 30 }} />);
    let f = await waitForFrame(app.lastFrame, (x) => x.includes('of 1'));
    expect(f.split('\n').at(-1)).toMatch(/^\? help {2}G end {2}Enter detail {2}q quit +1 of 1$/);
    app.stdin.write('l');
    f = await waitForFrame(app.lastFrame, (x) => x.includes('l: not in the diff list (? for keys)'));
    app.stdin.write('?');
    f = await waitForFrame(app.lastFrame, (x) => x.includes('Keys in the diff list'));
    expect(f).toContain('Open the detail view of the selected row');
    expect(f).not.toContain('Jump between a tool_use');
    app.unmount();
  });
});
