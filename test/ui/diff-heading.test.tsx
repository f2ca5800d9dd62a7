import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffStores } from '../../src/store/diff.js';
import { DiffApp } from '../../src/ui/diff-app.js';
import { differingPart, diffHeading } from '../../src/ui/format/diff-heading.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { waitForFrame } from '../helpers/ink.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { at, storeOf } from '../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

// Two runs of one server, as the recorder names them: they differ only in their times.
const dir = REAL_TRACES;
const A = `${dir}huggingface-co-2026-08-19T22-14-12-890Z.agent.jsonl`;
const B = `${dir}huggingface-co-2026-08-20T17-23-48-886Z.agent.jsonl`;
const STATUS = ' · 134 of 141 differ';
const text = (line: ReturnType<typeof diffHeading>) => line.map((s) => s.text).join('');
/** The two names as the title shows them. */
const names = (title: string) => title.match(/^diff A (.*) · B (.*) · \d+ of \d+ differ */)!.slice(1, 3);

describe("the diff view's title names both recordings fairly", () => {
  it.each([
    [80, '…19T22-14-12-890Z.agent…', '…20T17-23-48-886Z.agent…'],
    [60, '…19T22-14-12-…', '…20T17-23-48-…'],
    [100, 'huggi…19T22-14-12-890Z.agent.jsonl', 'huggi…20T17-23-48-886Z.agent.jsonl'],
  ])('at %i columns each keeps its time, cut where both are the same', (width, a, b) => {
    const title = text(diffHeading(A, B, STATUS, 'warn', width));
    expect(stringWidth(title)).toBe(width);
    expect(names(title)).toEqual([a, b]);
  });

  it('at every width from 50 to 160: exactly the width, the status whole, A and B alike', () => {
    for (let width = 50; width <= 160; width++) {
      const title = text(diffHeading(A, B, STATUS, 'warn', width));
      expect(stringWidth(title), title).toBe(width);
      expect(title, title).toContain(STATUS);
      const [a, b] = names(title) as [string, string];
      // The start of what tells them apart shows for both, and neither gets more than a cell over the other.
      expect(a, title).toContain('19T22');
      expect(b, title).toContain('20T17');
      expect(Math.abs(stringWidth(a) - stringWidth(b)), title).toBeLessThanOrEqual(1);
    }
  });

  it('names with nothing in common are cut in their middle, start and end kept', () => {
    const title = text(
      diffHeading('huggingface-co-run.agent.jsonl', 'mcp-exa-ai-run-2.agent.jsonl', STATUS, 'warn', 60),
    );
    expect(names(title)).toEqual(['huggin…t.jsonl', 'mcp-ex…t.jsonl']);
  });

  it('two runs of one server: the label both share and what differs, at 80 columns whole', () => {
    expect(text(diffHeading(A, B, STATUS, 'warn', 80, 'huggingface-co'))).toBe(
      'diff huggingface-co: A 19T22-14-12-890Z · B 20T17-23-48-886Z · 134 of 141 differ',
    );
    expect(differingPart(A, B)).toBe('19T22-14-12-890Z');
    for (let width = 50; width <= 160; width++) {
      const title = text(diffHeading(A, B, STATUS, 'warn', width, 'huggingface-co'));
      expect(stringWidth(title), title).toBe(width);
      expect(title, title).toContain(STATUS);
      // The label gives way (to 8 cells) before the differences do.
      if (width >= 74) expect(title, title).toMatch(/^diff hugging\S*: A 19T22-14-12-890Z · B 20T17-23-48-886Z · /);
      // Narrower, the names as without a label: each keeps where it starts to differ.
      expect(title, title).toMatch(/A \S*19T22.* · B \S*20T17/);
    }
    // Names that fit whole are shown whole, label or not.
    expect(text(diffHeading('a.jsonl', 'b.jsonl', STATUS, 'warn', 80, 'srv'))).toMatch(
      /^diff A a\.jsonl · B b\.jsonl · /,
    );
  });

  it('in the app: the server label of both meta lines', async () => {
    const run = (q: string) => [
      { v: 1, type: 'meta', startedAt: at(0), label: 'huggingface-co', command: ['x'] },
      {
        t: at(1000),
        dir: 'in',
        raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 's', arguments: { q } } },
      },
      { t: at(1004), dir: 'out', raw: { jsonrpc: '2.0', id: 1, result: { content: [] } } },
    ];
    const a = storeOf(run('x'), undefined, A);
    const b = storeOf(run('y'), undefined, B);
    const doc = { ...diffStores(a, b), a: A, b: B };
    const app = render(<DiffApp doc={doc} a={a} b={b} size={{ columns: 80, rows: 24 }} />);
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('of 1'));
    expect(f.split('\n')[0]).toMatch(
      /^diff huggingface-co: A 19T22-14-12-890Z · B 20T17-23-48-886Z · 1 of 1 differ *$/,
    );
    app.unmount();
  });

  it.each([80, 60])('in the app at %i columns', async (columns) => {
    const call = (q: string) => [
      {
        t: at(1000),
        dir: 'in',
        raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 's', arguments: { q } } },
      },
      { t: at(1004), dir: 'out', raw: { jsonrpc: '2.0', id: 1, result: { content: [] } } },
    ];
    const a = storeOf(call('x'), undefined, 'a.jsonl');
    const b = storeOf(call('y'), undefined, 'b.jsonl');
    const doc = { ...diffStores(a, b), a: A, b: B };
    const app = render(<DiffApp doc={doc} a={a} b={b} size={{ columns, rows: 24 }} />);
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('of 1'));
    const title = f.split('\n')[0]!;
    expect(title).toMatch(/^diff A …19T22-14-12-\S* · B …20T17-23-48-\S* · 1 of 1 differ *$/);
    app.unmount();
  });
});
