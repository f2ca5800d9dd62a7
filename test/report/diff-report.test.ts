import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { width } from '../../src/kit/cells.js';
import { diffText } from '../../src/report/diff-report.js';
import { diffStores } from '../../src/store/diff.js';
import { run } from '../helpers/cli.js';
import { insertedPair } from '../helpers/inserted-call.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { at, storeOf } from '../helpers/store.js';

const call = (id: number, tool: string, args: object, result: object, latency = 5) => [
  {
    t: at(id * 1000),
    dir: 'in',
    raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: args } },
  },
  { t: at(id * 1000 + latency), dir: 'out', raw: { jsonrpc: '2.0', id, ...result } },
];
const text = (t: string) => ({ result: { content: [{ type: 'text', text: t }] } });
const long = `${'Search results for the coin list, with every field the API returns. '.repeat(3)}id: `;

const a = storeOf(
  [
    ...call(1, 'search_documentation_pages', { q: 'a' }, text(`${long}bitcoin`)),
    ...call(2, 'fetch', { url: 'https://x' }, text('ok')),
    ...call(3, 'fetch', { url: 'https://y' }, text('ok')),
  ],
  undefined,
  'a.jsonl',
);
const b = storeOf(
  [
    ...call(1, 'search_documentation_pages', { q: 'a' }, text(`${long}ethereum`), 345),
    ...call(4, 'list', {}, text('new')),
    ...call(2, 'fetch', { url: 'https://x' }, { error: { code: -32603, message: 'upstream 502' } }),
    ...call(3, 'fetch', { url: 'https://y' }, text('ok')),
  ],
  undefined,
  'b.jsonl',
);

describe('diff as a table', () => {
  it('has the ok/error flip, the latency change and what differs as columns; to a pipe the values whole', () => {
    const out = diffText(diffStores(a, b, 'calls', { keep: Infinity }));
    const lines = out.split('\n');
    expect(lines[3]).toMatch(/^A# +B# +STATUS +TOOL +LINE A +LINE B +OK\/ERROR +LATENCY +WHAT DIFFERS$/);
    expect(lines[4]).toMatch(
      /^ +1 +1 +≠ changed result +search_documentation_pages +L1 +L1 +\+340ms +\.result\.content\[0\]\.text: "Search results/,
    );
    // Past the 60 cells a table column has: both values whole, on the row's one line.
    expect(lines[4]).toContain(`: ${JSON.stringify(`${long}bitcoin`)} → ${JSON.stringify(`${long}ethereum`)}`);
    expect(width(lines[4]!)).toBeGreaterThan(500);
    expect(out).toMatch(/— +2 +\+ added in B +list +— +L3\n/);
    expect(out).toMatch(
      /2 +3 +≠ changed result +fetch +L3 +L5 +ok→error +\+0ms +\.error: \(absent\) → \{"code":-32603,"message":"upstream 502"\}/,
    );
    expect(out).toMatch(/3 +4 +═ same +fetch +L5 +L7 +\+0ms\n/);
    expect(lines.at(-2)).toBe('differ: 3 of 4 calls (2 changed result, 1 added in B)');
  });

  it('at 80 columns: lines, then places give way, the tool is cut, and what differs keeps both values', () => {
    const out = diffText(diffStores(a, b), 80);
    for (const line of out.split('\n')) expect(width(line), line).toBeLessThanOrEqual(80);
    expect(out).toMatch(/^STATUS +TOOL +OK\/ERROR +LATENCY +WHAT DIFFERS$/m);
    expect(out).toContain('(LINE A, LINE B, A#, B# left out to fit 80 columns: a wider terminal or --json');
    // Each value shown from just before where they differ (its start is what both share).
    expect(out).toMatch(/≠ changed result +search_doc… +\+340ms +…0\]\.text: "…: bitc… → "…: eth…\n/);
    expect(out).toMatch(/≠ changed result +fetch +ok→error +\+0ms +\.error: \(absent\) → \{"code"/);
  });
});

describe('diff of a real trace and the same with one call inserted, end to end', () => {
  it('prints one added-in-B row, and --json says so by structure', () => {
    const pair = insertedPair();
    const text = run(['diff', pair.a, pair.b]);
    expect(text.code).toBe(1);
    const rows = text.stdout.split('\n').filter((l) => /^ *(\d+|—) +(\d+|—) +[═≠+-] /.test(l));
    expect(rows).toHaveLength(69);
    expect(rows.filter((l) => !l.includes('═ same'))).toEqual([
      expect.stringMatching(
        new RegExp(`^ +— +${pair.insertedOrdinal} +\\+ added in B +${pair.tool} +— +L${pair.insertedLine}$`),
      ),
    ]);
    expect(text.stdout).toContain('differ: 1 of 69 calls (1 added in B)');

    const json = run(['diff', '--json', pair.a, pair.b]);
    expect(json.code).toBe(1);
    const doc = JSON.parse(json.stdout);
    expect(doc).toMatchObject({ a: pair.a, b: pair.b, same: false, by: 'calls', note: null });
    expect(doc.calls).toHaveLength(69);
    for (const c of doc.calls)
      expect(Object.keys(c)).toEqual([
        'ordinal',
        'aOrdinal',
        'bOrdinal',
        'status',
        'method',
        'tool',
        'aLine',
        'bLine',
        'detail',
        'path',
        'aValue',
        'bValue',
        'aStatus',
        'bStatus',
        'statusChange',
        'aLatencyMs',
        'bLatencyMs',
        'latencyDeltaMs',
      ]);
    const added = doc.calls.filter((c: { status: string }) => c.status !== 'same');
    expect(added).toEqual([
      expect.objectContaining({
        ordinal: pair.insertedOrdinal,
        aOrdinal: null,
        bOrdinal: pair.insertedOrdinal,
        status: 'added in B',
        aLine: null,
        bLine: pair.insertedLine,
        aStatus: null,
        bStatus: 'ok',
        latencyDeltaMs: null,
      }),
    ]);
    // Every call of A is in the diff once, in order, and so is every call of B.
    expect(doc.calls.flatMap((c: { aOrdinal: number | null }) => (c.aOrdinal === null ? [] : [c.aOrdinal]))).toEqual(
      Array.from({ length: 68 }, (_, i) => i + 1),
    );
    expect(doc.calls.map((c: { bOrdinal: number }) => c.bOrdinal)).toEqual(Array.from({ length: 69 }, (_, i) => i + 1));
    // Same calls: the same status, and each A call's latency against its B copy (unchanged here).
    expect(doc.calls.filter((c: { latencyDeltaMs: number | null }) => c.latencyDeltaMs === 0)).toHaveLength(68);
  });
});

describe('diff of two real runs of the same server, to a pipe', () => {
  const real = (name: string) => join(REAL_TRACES, `${name}.mcp.jsonl`);
  const rowsOf = (out: string) => out.split('\n').filter((l) => /^ *(\d+|—) +(\d+|—) +[═≠+-] /.test(l));

  it('shows short values whole, never from a window, and long ones past 60 cells; --json too', () => {
    const a = real('huggingface-co-2026-08-19T22-14-12-890Z');
    const b = real('huggingface-co-2026-08-20T17-23-48-886Z');
    const text = run(['diff', a, b]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /^ *26 +83 +≠ changed args +hf_fs +L146 +L397 +-1\.70s +\.params\.arguments\.args\[0\]: "hf:\/\/docs" → "hf:\/\/models\/trending"$/m,
    );
    expect(text.stdout).toContain(
      '.params.arguments.args[0]: "hf://models/google-bert/bert-base-uncased/config.json" → "hf://models/openai/whisper-large-v3-turbo/tokenizer_config.json"\n',
    );
    expect(text.stdout).toContain('.result._meta."io.modelcontextprotocol/serverInfo".version: "0.4.9" → "0.4.10"\n');
    expect(text.stdout).not.toContain('…');
    // --json keeps its fields; values that fit its 60 characters are whole there too.
    const doc = JSON.parse(run(['diff', '--json', a, b]).stdout);
    const docs = doc.calls.find((c: { aLine: number }) => c.aLine === 146);
    expect(docs).toMatchObject({ aValue: '"hf://docs"', bValue: '"hf://models/trending"' });
    expect(docs).not.toHaveProperty('shown');
  });

  it('prints a changed code argument whole with its newlines escaped: one row per call, one line per row', () => {
    const a = real('mcp-api-coingecko-com-2026-08-19T21-52-31-372Z');
    const b = real('mcp-api-coingecko-com-2026-08-19T23-43-21-646Z');
    const text = run(['diff', a, b]);
    const calls = JSON.parse(run(['diff', '--json', a, b]).stdout).calls.length;
    expect(rowsOf(text.stdout)).toHaveLength(calls);
    // The calls, the names, the totals (four lines) and the verdict, blank lines between.
    expect(text.stdout.split('\n')).toHaveLength(calls + 11);
    expect(text.stdout).toMatch(/\nTOTALS +A +B +B - A\ntool calls +68 +37 +-31\ntool errors +33 +19 +-14\n\ndiffer: /);
    expect(text.stdout).toMatch(
      /^ *13 +14 +≠ changed args +execute +L98 +L125 +\+129ms +\.params\.arguments\.code: "\\nasync function run\(client\) \{\\n {2}const res = await client\.ping\.get\(\);\\n {2}return res;\\n\}\\n" → "\\nasync function run\(client\) \{\\n {2}const page1 = await client\.coins\.markets\.get\(\{.*return coin;\\n\}\\n"$/m,
    );
  });
});

describe("diff's totals: each side's figures as report gives them", () => {
  const run2 = (name: string, plane: string) => join(REAL_TRACES, `${name}.${plane}.jsonl`);
  it.each(['agent', 'mcp'])(
    'two huggingface runs, %s planes: --json totals are report --json of each file',
    (plane) => {
      const a = run2('huggingface-co-2026-08-20T17-23-48-886Z', plane);
      const b = run2('huggingface-co-2026-08-19T22-14-12-890Z', plane);
      const doc = JSON.parse(run(['diff', '--json', a, b]).stdout);
      expect(doc.totals.a).toEqual(JSON.parse(run(['report', '--json', a]).stdout).totals);
      expect(doc.totals.b).toEqual(JSON.parse(run(['report', '--json', b]).stdout).totals);
      expect(Object.keys(doc)).toEqual(['a', 'b', 'same', 'by', 'note', 'totals', 'calls']);
      const text = run(['diff', a, b]).stdout;
      if (plane === 'agent') {
        // Turns, tokens and cost, with B's difference; rows both sides count nothing in left out.
        expect(text).toMatch(/\nTOTALS +A +B +B - A\nturns +193 +84 +-109\n/);
        expect(text).toMatch(/\ninput tokens +1,143,479 +334,966 +-808,513\n/);
        expect(text).toMatch(/\ncost +\$2\.60 +\$0\.77 +-\$1\.83\n/);
        expect(text).not.toMatch(/cache read/);
      } else expect(text).not.toMatch(/\nturns /);
    },
  );
});

describe("diff's totals at the edges", () => {
  const turn = (input: number, model = 'claude-sonnet-4-5') => ({
    t: at(0),
    type: 'turn',
    role: 'assistant',
    model,
    blocks: [],
    usage: { input_tokens: input, output_tokens: 5 },
  });
  it('a side with nothing to price costs nothing; an unpriced one is unknown; overflowing turns are said', () => {
    const empty = storeOf([], undefined, 'empty.jsonl');
    // The second turn's tokens would take the sum past 2^53: left out, the first priced ($3).
    const over = storeOf([turn(1_000_000), turn(2 ** 53 - 1)], undefined, 'over.jsonl');
    const out = diffText(diffStores(empty, over));
    expect(out).toMatch(/\ncost +— +\$\d+\.\d\d +\+\$\d+\.\d\d\n/);
    expect(out).toContain('B: 1 turn with overflowing or invalid counts left out of the totals');
    const local = storeOf([turn(10, 'local-model')], undefined, 'local.jsonl');
    const unpriced = diffText(diffStores(empty, local));
    expect(unpriced).toMatch(/\ncost +— +unpriced +—\n/);
    expect(unpriced).toContain('not in the cost: B: 1 turn of models with no price');
  });
});
