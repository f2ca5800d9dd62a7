import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { elementTexts, memberText, withoutMember } from '../../src/sources/frame-text.js';
import { tooLongReason } from '../../src/sources/line-splitter.js';
import type { Line } from '../../src/sources/types.js';
import { WsSource } from '../../src/sources/ws-source.js';
import { seededRandom } from '../helpers/random.js';
import { realTraceFiles } from '../helpers/shared.js';

/*
 * A line from a websocket frame is the frame's own text of it, less its `_seq`: the
 * same bytes as the line in a file, so ids past 2^53, `1.0`, `1e400` and every other
 * number or escape reach the trace as written.
 */

const NUMBERS = [
  '{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z","label":"bigid","command":["x"]}',
  '{"t":"2026-05-12T23:00:01.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"tools/call","params":{"name":"a","arguments":{"n":1e400,"m":0.1e-400}}}}',
  '{"t":"2026-05-12T23:00:02.000Z","dir":"out","raw":{"jsonrpc":"2.0","id":123456789012345678901234567891,"result":{"content":[]}}}',
  '{"t":"2026-05-12T23:00:03.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":1.0,"method":"tools/call","params":{"name":"b"}}}',
  '{"t":"2026-05-12T23:00:04.000Z","dir":"out","raw":{"jsonrpc":"2.0","id":1,"result":{}}}',
  '{"t":"2026-05-12T23:00:05.000Z","type":"turn","role":"assistant","model":"m","blocks":[],"usage":{"input_tokens":9007199254740993,"output_tokens":1}}',
  '{ "t" : "2026-05-12T23:00:06.000Z" , "dir":"in", "raw":{"id":-0,"x":"\\u00e9\\"}\\\\","y":[1,[2,{"z":"]}"}]],"w":"é€𝄞"} }',
  '{"k":"a","k":"b","\\u0074ype":"turn","_sequel":1}',
  '{}',
];

/** `line` with `,"_seq":N` put where `r` says: first, last, or spaced. */
function withSeq(line: string, seq: number, r: (n: number) => number): string {
  const empty = /^\{\s*\}$/.test(line);
  switch (r(3)) {
    case 0:
      return empty ? `{"_seq":${seq}}` : `{"_seq":${seq},${line.slice(1)}`;
    case 1:
      return empty ? `{"_seq" : ${seq}}` : line.replace(/\s*\}$/, (end) => ` , "_seq" : ${seq}${end}`);
    default:
      return empty ? `{"_seq":${seq}}` : line.replace(/\s*\}$/, (end) => `,"_seq":${seq}${end}`);
  }
}

let server: WebSocketServer | null = null;
afterEach(() => server?.close());

/** Serves `lines` as one snapshot of the first half and one append per line after it. */
async function serve(lines: string[], seed: number): Promise<string> {
  const r = seededRandom(seed);
  const tagged = lines.map((l, i) => withSeq(l, i + 1, r));
  const half = Math.floor(lines.length / 2);
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (ws: WebSocket) => {
    ws.send(`{"type":"snapshot","lastSeq":${half},"lines":[${tagged.slice(0, half).join(',')}]}`);
    for (const t of tagged.slice(half)) ws.send(`{"line":${t},"type":"append"}`);
    ws.send(`{"type":"append","line":{"type":"end","t":"2026-05-12T23:00:09.000Z","_seq":${lines.length + 1}}}`);
  });
  await new Promise((resolve) => server!.once('listening', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function readAll(source: WsSource): Promise<Line[]> {
  const out: Line[] = [];
  for await (const batch of source.lines()) out.push(...batch.map((l) => ({ ...l, text: l.text })));
  return out;
}

const realLines = realTraceFiles
  .slice(0, 4)
  .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
  // Their end lines would end the stream early.
  .filter((l) => l.startsWith('{') && !l.includes('"type":"end"'))
  .slice(0, 3000);

describe('ws lines keep the frame text', () => {
  it.each([
    ['numbers, escapes, spacing and duplicate keys', NUMBERS, 1],
    ['every line of the first real traces', realLines, 2],
  ])('%s: byte-identical to the file lines', async (_name, lines, seed) => {
    expect(lines.length).toBeGreaterThan(0);
    const source = new WsSource(await serve(lines, seed));
    const got = await readAll(source);
    expect(got.slice(0, -1).map((l) => l.text)).toEqual(lines);
    const bytes = got.map((l) => source.readBytes(l.offset, l.length).toString('utf8'));
    expect(bytes.slice(0, -1)).toEqual(lines);
    expect(got.at(-1)!.text).toBe('{"type":"end","t":"2026-05-12T23:00:09.000Z"}');
    source.close();
  });

  it('skips a line over the limit, keeping it out of the spool, and reads on', async () => {
    const long = `{"t":"x","pad":"${'z'.repeat(300)}"}`;
    const source = new WsSource(await serve([NUMBERS[0]!, long, NUMBERS[1]!], 3), { maxLine: 200 });
    const got = await readAll(source);
    expect(got.map((l) => [l.lineNo, l.offset, l.length, l.skip ?? null])).toEqual([
      [1, 0, NUMBERS[0]!.length, null],
      [2, NUMBERS[0]!.length + 1, long.length, tooLongReason(200, long.length)],
      [3, NUMBERS[0]!.length + long.length + 2, NUMBERS[1]!.length, null],
      [
        4,
        NUMBERS[0]!.length + long.length + NUMBERS[1]!.length + 3,
        '{"type":"end","t":"2026-05-12T23:00:09.000Z"}'.length,
        null,
      ],
    ]);
    expect(source.readBytes(got[2]!.offset, got[2]!.length).toString()).toBe(NUMBERS[1]);
    expect(source.readBytes(got[1]!.offset, 8)).toEqual(Buffer.alloc(8));
    source.close();
  });
});

describe('frame text', () => {
  it.each([
    ['{"a":1,"_seq":3}', '{"a":1}'],
    ['{"_seq":3,"a":1}', '{"a":1}'],
    ['{"a":1,"_seq":3,"b":[1.0]}', '{"a":1,"b":[1.0]}'],
    ['{ "a" : 1 , "_seq" : 3 }', '{ "a" : 1 }'],
    ['{"_seq":3}', '{}'],
    ['{"_seq":1,"_seq":2,"a":"_seq"}', '{"a":"_seq"}'],
    ['{"\\u005fseq":3,"a":{"_seq":4}}', '{"a":{"_seq":4}}'],
    ['{"a":1}', '{"a":1}'],
  ])('withoutMember(%s)', (text, want) => {
    expect(withoutMember(text, '_seq')).toBe(want);
  });

  it('finds the last of a duplicated member, and array elements as written', () => {
    expect(memberText('{"line":1,"line":{"id":1.0}}', 'line')).toBe('{"id":1.0}');
    expect(memberText(' {"l\\u0069ne" : 2e400 } ', 'line')).toBe('2e400');
    expect(memberText('[1]', 'line')).toBeNull();
    expect(elementTexts(' [ {"a":"],"} , 1.50 ,"x\\"" ,[[]] ] ')).toEqual(['{"a":"],"}', '1.50', '"x\\""', '[[]]']);
    expect(elementTexts('[]')).toEqual([]);
  });
});
