import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { ingestParallel } from '../../src/ingest/parallel-ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { Status } from '../../src/trace/enums.js';
import { bytesFacts, lineFacts } from '../../src/trace/facts.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { idKeyOf, idTextOf, numberIdKey, stringIdKey } from '../../src/trace/rpc.js';
import { scanLine } from '../../src/trace/scan-line.js';
import { run } from '../helpers/cli.js';
import { storeOf } from '../helpers/store.js';

/*
 * Ids compare by their exact JSON text (and type), never through a rounded double:
 * 123456789012345678901234567890 and …891 are one double but two ids.
 */

const BIG = '123456789012345678901234567890';
const BIG2 = '123456789012345678901234567891';
const t = (s: number) => `2026-05-12T23:00:0${s}.000Z`;
const call = (s: number, id: string, name = 'probe') =>
  `{"t":"${t(s)}","dir":"in","raw":{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${name}"}}}`;
const answer = (s: number, id: string) =>
  `{"t":"${t(s)}","dir":"out","raw":{"jsonrpc":"2.0","id":${id},"result":{"content":[]}}}`;
/** The same answer, with an escaped key that the byte scanner hands to JSON.parse. */
const answerViaParse = (s: number, id: string) =>
  `{"t":"${t(s)}","dir":"out","r\\u0061w":{"jsonrpc":"2.0","id":${id},"result":{"content":[]}}}`;

const dir = mkdtempSync(join(tmpdir(), 'mrt-ids-'));
const WORKER = new URL('../../dist/ingest/index-worker.js', import.meta.url);

function fileOf(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function indexed(path: string): Promise<TraceStore> {
  const store = new TraceStore(bundledPrices());
  await ingest(store, new FileSource(path));
  return store;
}

/** What the calls came to: each request's status and its pair (-1: unanswered). */
const calls = (s: TraceStore) =>
  [...s.rows('calls')].filter((r) => s.statusOf(r) !== Status.orphan).map((r) => [s.statusOf(r), s.pairedRow(r)]);

describe('id keys', () => {
  it('keep every JSON text apart, numbers from strings, and give the text back', () => {
    const texts = ['2', '-7', '1.5', BIG, BIG2, '1.0', '1e0', '1E0', '-0', '0', '1e400'];
    const keys = texts.map((x) => numberIdKey(x));
    expect(new Set(keys).size).toBe(texts.length);
    expect(keys.map(idTextOf)).toEqual(texts);
    // A short plain integer is keyed as the number itself (no string built).
    expect(numberIdKey('2')).toBe(2);
    // No string id spells a number's key, whatever it holds.
    const strings = ['2', BIG, `\u0000#${BIG}`, '\u0000', '\u0000\u0000#1', ''];
    const stringKeys = strings.map(stringIdKey);
    expect(new Set([...keys, ...stringKeys]).size).toBe(texts.length + strings.length);
    expect(stringKeys.map(idTextOf)).toEqual(strings);
    expect(idKeyOf('2')).not.toBe(idKeyOf(2));
  });

  it('are the same from the byte scanner and from the JSON.parse path', () => {
    for (const id of [BIG, '1.0', '1e0', '-0', '-12', '"x"', '"\\u0000#5"']) {
      const line = call(0, id);
      const fast = scanLine(Buffer.from(line), 0, Buffer.byteLength(line));
      expect(fast, line).not.toBeNull();
      expect(fast, line).toStrictEqual(lineFacts(line));
    }
    const viaParse = lineFacts(answerViaParse(0, BIG));
    expect(viaParse.kind === 'rpc' && idTextOf(viaParse.messages[0]!.idKey!)).toBe(BIG);
    // An escaped key spells `id` for JSON.parse: the text walk decodes it too.
    for (const key of ['\\u0069d', 'i\\u0064']) {
      const escaped = lineFacts(`{"dir":"in","raw":{"${key}":1.0,"method":"a"}}`);
      expect(escaped.kind === 'rpc' && idTextOf(escaped.messages[0]!.idKey!), key).toBe('1.0');
    }
    // JSON.parse keeps a repeated key's last value: so does the text walk.
    const repeated = lineFacts(`{"dir":"in","raw":{"id":${BIG},"method":"a","id":${BIG2}}}`);
    expect(repeated.kind === 'rpc' && idTextOf(repeated.messages[0]!.idKey!)).toBe(BIG2);
    // mcp-rec lines (`msg`) take the JSON.parse path too, and batches, and cancellations.
    const recLine = Buffer.from(
      `{"ts":1,"dir":"client->server","msg":[{"id":${BIG},"method":"a"},7,{"method":"notifications/cancelled","params":{"requestId":${BIG2}}},{"id":1.0,"method":"b"}]}`,
    );
    const rec = bytesFacts(recLine, 0, recLine.length);
    expect(rec.kind).toBe('rpc');
    if (rec.kind === 'rpc')
      expect(
        rec.messages.map((m) => [
          m.idKey === null ? null : idTextOf(m.idKey),
          m.cancels === null ? null : idTextOf(m.cancels),
        ]),
      ).toEqual([
        [BIG, null],
        [null, null],
        [null, BIG2],
        ['1.0', null],
      ]);
  });
});

describe('pairing by exact id text', () => {
  const lines = [call(0, BIG), answer(1, BIG2), call(2, BIG2, 'other'), answer(3, BIG2)];

  it('leaves …890 unanswered when …891 answers (byte scanner)', async () => {
    const s = await indexed(fileOf('big.jsonl', lines));
    // The first call is never answered; the first answer is an orphan; the second call pairs with the second answer.
    expect(calls(s)).toEqual([
      [Status.pending, -1],
      [Status.ok, 3],
    ]);
    expect(s.statusOf(1)).toBe(Status.orphan);
    expect(statsOf(s, 0).tools.map((x) => [x.name, x.calls, x.pending])).toEqual([
      ['other', 1, 0],
      ['probe', 1, 1],
    ]);
  });

  it('and on the JSON.parse path (text lines, and a line the scanner hands over)', async () => {
    expect(calls(storeOf(lines))).toEqual([
      [Status.pending, -1],
      [Status.ok, 3],
    ]);
    const mixed = [call(0, BIG), answerViaParse(1, BIG2), call(2, BIG2, 'other'), answerViaParse(3, BIG2)];
    expect(calls(await indexed(fileOf('mixed.jsonl', mixed)))).toEqual([
      [Status.pending, -1],
      [Status.ok, 3],
    ]);
  });

  it('keeps 1, 1.0 and 1e0 apart, and negative ids exact', () => {
    const s = storeOf([
      call(0, '1'),
      call(1, '1.0'),
      call(2, '-5'),
      answer(3, '1e0'),
      answer(4, '1.0'),
      answer(5, '-5'),
      answer(6, '1'),
    ]);
    expect(calls(s)).toEqual([
      [Status.ok, 6],
      [Status.ok, 4],
      [Status.ok, 5],
    ]);
  });

  it('pairs huge ids within batches', async () => {
    const batch = [
      `{"t":"${t(0)}","dir":"in","raw":[{"id":${BIG},"method":"a"},{"id":${BIG2},"method":"b"}]}`,
      `{"t":"${t(1)}","dir":"out","raw":[{"id":${BIG2},"result":{}}]}`,
    ];
    const s = await indexed(fileOf('batch.jsonl', batch));
    expect(calls(s)).toEqual([
      [Status.pending, -1],
      [Status.ok, 2],
    ]);
    expect(calls(storeOf(batch))).toEqual(calls(s));
  });

  it('names an orphan error response by its exact id', () => {
    const s = storeOf([
      `{"t":"${t(0)}","dir":"out","raw":{"jsonrpc":"2.0","id":${BIG},"error":{"code":-1,"message":"no"}}}`,
    ]);
    expect(statsOf(s, 0).errors?.[0]?.name ?? JSON.stringify(statsOf(s, 0))).toContain(`id ${BIG}`);
  });

  it.skipIf(!existsSync(fileURLToPath(WORKER)))('gives the same store from the parallel index', async () => {
    // Per pair of ids (equal as doubles): both called, the second answered.
    const many: string[] = [];
    const id = (i: number, last: number) => `${BIG.slice(0, 24)}${String(i).padStart(5, '0')}${last}`;
    for (let i = 0; i < 300; i++) many.push(call(0, id(i, 0)), call(0, id(i, 1)), answer(1, id(i, 1)));
    const path = fileOf('parallel.jsonl', many);
    const one = await indexed(path);
    const store = new TraceStore(bundledPrices());
    const source = new FileSource(path);
    const file = store.addFile(path).index;
    store.setReader(file, (offset, length, into) => source.readBytes(offset, length, into));
    await ingestParallel(
      store,
      file,
      source.wholeFile(),
      { workers: 2, blockBytes: 4096, workerUrl: WORKER },
      () => undefined,
    );
    expect(calls(store)).toEqual(calls(one));
    expect(calls(one).filter(([status]) => status === Status.pending)).toHaveLength(300);
    expect(statsOf(store, 0).tools[0]!.pending).toBe(300);
  });

  it('summary --json counts …890 unanswered', () => {
    const r = run(['summary', '--json', '--no-cache', fileOf('summary.jsonl', [call(0, BIG), answer(1, BIG2)])]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { tools: { name: string; calls: number; pending: number }[] };
    expect(doc.tools).toMatchObject([{ name: 'probe', calls: 1, pending: 1 }]);
  });
});
