import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bodyText, TextCollector } from '../../src/sources/record/body-text.js';
import { parseListen } from '../../src/sources/record/listen.js';
import { sseReader } from '../../src/sources/record/sse-reader.js';

describe('--listen', () => {
  it.each([
    ['127.0.0.1:8808', { host: '127.0.0.1', port: 8808 }],
    ['[::1]:0', { host: '::1', port: 0 }],
    [':9000', { host: '127.0.0.1', port: 9000 }],
    ['9000', { host: '127.0.0.1', port: 9000 }],
    ['localhost:1', { host: 'localhost', port: 1 }],
  ])('%s', (text, address) => {
    expect(parseListen(text)).toEqual(address);
  });

  it.each(['localhost', 'h:port', 'h:70000', '', '1.2.3.4:'])('refuses %j with a reason', (text) => {
    expect(typeof parseListen(text)).toBe('string');
  });
});

describe('the messages of an SSE stream', () => {
  const read = (pieces: string[], max?: number) => {
    const got: string[] = [];
    let tooLong = 0;
    const reader = sseReader(
      (d) => got.push(d),
      () => tooLong++,
      max,
    );
    for (const p of pieces) reader.feed(p);
    return { got, tooLong };
  };

  it('each event one message, however the stream is cut; events without data carry none', () => {
    const stream =
      'id: 1\ndata: \n\nevent: message\nid: 2\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n: keep-alive\n\ndata: {"a":\ndata: 1}\n\n';
    const whole = read([stream]).got;
    expect(whole).toEqual(['{"jsonrpc":"2.0","id":1,"result":{}}', '{"a":\n1}']);
    expect(read([...stream]).got).toEqual(whole);
    expect(
      read(
        stream
          .split('\n')
          .map((l) => `${l}\n`)
          .slice(0, -1),
      ).got,
    ).toEqual(whole);
  });

  it('an event longer than the limit is reported once and skipped, and the stream read on', () => {
    const long = `data: ${'x'.repeat(100)}`;
    const { got, tooLong } = read(
      ['data: a\n\n', long.slice(0, 40), long.slice(40, 80), long.slice(80), '\n\n', 'data: b\n\n'],
      32,
    );
    expect(got).toEqual(['a', 'b']);
    expect(tooLong).toBe(1);
  });
});

describe('a body read on a copy', () => {
  const decode = (encoding: string | undefined, chunks: Buffer[]) =>
    new Promise<{ text: string; error: Error | null }>((resolve) => {
      let text = '';
      const body = bodyText(
        encoding,
        (t) => (text += t),
        (error) => resolve({ text, error }),
      );
      for (const c of chunks) body!.write(c);
      body!.end();
    });

  it('as it came, a character cut between two chunks decoded whole', async () => {
    const bytes = Buffer.from('{"é":"€"}');
    expect(await decode(undefined, [bytes.subarray(0, 3), bytes.subarray(3, 8), bytes.subarray(8)])).toEqual({
      text: '{"é":"€"}',
      error: null,
    });
  });

  it('gzip undone', async () => {
    const zipped = gzipSync('{"jsonrpc":"2.0"}');
    expect((await decode('gzip', [zipped.subarray(0, 5), zipped.subarray(5)])).text).toBe('{"jsonrpc":"2.0"}');
  });

  it('a broken gzip body is an error, an encoding not known is no reader at all', async () => {
    expect((await decode('gzip', [Buffer.from('not gzip')])).error).toBeInstanceOf(Error);
    expect(
      bodyText(
        'zstd',
        () => {},
        () => {},
      ),
    ).toBeNull();
    expect(
      bodyText(
        'gzip, br',
        () => {},
        () => {},
      ),
    ).toBeNull();
  });

  it('kept whole up to the limit, past it only counted', () => {
    const small = new TextCollector(10);
    small.add('12345');
    small.add('67890');
    expect(small.text()).toBe('1234567890');
    small.add('x');
    small.add('y');
    expect(small.text()).toBeNull();
    expect(small.seen).toBe(12);
  });
});
