import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REAL_TRACES } from './shared.js';

/** The real trace of issue 18's complaint: 68 tools/call pairs (one inserted call marked 59 of them changed). */
export const REAL_PAIR_SOURCE = join(REAL_TRACES, 'mcp-api-coingecko-com-2026-08-19T21-52-31-372Z.mcp.jsonl');

export interface InsertedPair {
  a: string;
  b: string;
  /** The tools/call the copy was made of: its place among A's calls (1-based). */
  copiedOrdinal: number;
  /** Where the copy is among B's calls (1-based), and its request's line in B. */
  insertedOrdinal: number;
  insertedLine: number;
  tool: string;
  calls: number;
}

/**
 * A real trace (A) and B: the same with one tools/call request and its response, a
 * copy of another call with new ids, inserted after the response of call `after`.
 */
export function insertedPair(source = REAL_PAIR_SOURCE, after = 34, copied = 10): InsertedPair {
  const lines = readFileSync(source, 'utf8').split('\n').filter(Boolean);
  const records = lines.map((l) => JSON.parse(l) as { t?: string; raw?: Record<string, unknown> });
  const calls = records.flatMap((r, i) => (r.raw?.method === 'tools/call' ? [i] : []));
  const responseOf = (req: number) =>
    records.findIndex((r, i) => i > req && r.raw?.id === records[req]!.raw!.id && r.raw?.method === undefined);
  const reqAt = calls[copied - 1]!;
  const resAt = responseOf(reqAt);
  const afterRes = responseOf(calls[after - 1]!);
  const t = records[afterRes]!.t;
  const copy = (i: number) => JSON.stringify({ ...records[i], t, raw: { ...records[i]!.raw, id: 900_001 } });
  const b = [...lines.slice(0, afterRes + 1), copy(reqAt), copy(resAt), ...lines.slice(afterRes + 1)];
  const dir = mkdtempSync(join(tmpdir(), 'mrt-diff-pair-'));
  const pathA = join(dir, 'a.mcp.jsonl');
  const pathB = join(dir, 'b.mcp.jsonl');
  writeFileSync(pathA, `${lines.join('\n')}\n`);
  writeFileSync(pathB, `${b.join('\n')}\n`);
  const params = records[reqAt]!.raw!.params as { name: string };
  return {
    a: pathA,
    b: pathB,
    copiedOrdinal: copied,
    insertedOrdinal: after + 1,
    insertedLine: afterRes + 2,
    tool: params.name,
    calls: calls.length,
  };
}
