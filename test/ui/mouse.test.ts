import { describe, expect, it } from 'vitest';
import { CONTROL } from '../../src/cli/output.js';
import { MouseFilter, type MouseItem } from '../../src/ui/mouse.js';

/** Feeds `chunks` in order: the keys that go on (as text) and the events, in order. */
function run(...chunks: string[]): (string | object)[] {
  const f = new MouseFilter();
  const out: MouseItem[] = chunks.flatMap((c) => f.feed(Buffer.from(c, 'latin1')));
  return out.map((item) => ('keys' in item ? item.keys.toString('latin1') : item.mouse));
}

const press = (x: number, y: number, button = 0) => ({ kind: 'press', button, delta: 0, x, y });
const release = (x: number, y: number, button = 0) => ({ kind: 'release', button, delta: 0, x, y });
const wheel = (delta: 1 | -1, x: number, y: number) => ({ kind: 'wheel', button: delta < 0 ? 64 : 65, delta, x, y });

describe('SGR mouse reports taken out of the key stream', () => {
  it('reads presses, releases and wheel notches (1-based cells to 0-based), keys around them kept in order', () => {
    expect(run('j\x1b[<0;10;5Mk\x1b[<0;10;5m')).toEqual(['j', press(9, 4), 'k', release(9, 4)]);
    expect(run('\x1b[<64;1;1M\x1b[<65;80;24M')).toEqual([wheel(-1, 0, 0), wheel(1, 79, 23)]);
    expect(run('\x1b[<2;3;4M')).toEqual([press(2, 3, 2)]);
    // Shift, Meta and Ctrl bits do not change the button.
    expect(run('\x1b[<4;3;4M\x1b[<80;3;4M')).toEqual([press(2, 3), wheel(-1, 2, 3)]);
  });

  it('passes other escape sequences and a lone ESC through as keys', () => {
    expect(run('\x1b[A\x1b[5~\x1bOP')).toEqual(['\x1b[A\x1b[5~\x1bOP']);
    expect(run('\x1b\x1b[A')).toEqual(['\x1b\x1b[A']);
    expect(run('q')).toEqual(['q']);
  });

  it.each(['j', 'q', 'G', '2', '/', '?', ' ', '\r', '\t', '\x7f'])(
    'ESC and %j read in one chunk are the Escape key apart, then that key (never Alt-key)',
    (key) => {
      const f = new MouseFilter();
      expect(f.feed(Buffer.from(`k\x1b${key}j`))).toEqual([
        { keys: Buffer.from('k') },
        { keys: Buffer.from('\x1b'), apart: true },
        { keys: Buffer.from(`${key}j`) },
      ]);
    },
  );

  it.each([
    ['after ESC', ['\x1b', '[<0;10;5M']],
    ['after ESC [', ['\x1b[', '<0;10;5M']],
    ['after the prefix', ['\x1b[<', '0;10;5M']],
    ['in a number', ['x\x1b[<0;1', '0;5My']],
    ['before the final byte', ['\x1b[<0;10;5', 'M']],
    ['byte by byte', [...'\x1b[<0;10;5M']],
  ])('a report split %s is put together', (_, chunks) => {
    const out = run(...chunks);
    expect(out.filter((o) => typeof o === 'object')).toEqual([press(9, 4)]);
    expect(out.filter((o) => typeof o === 'string').join('')).toBe(chunks.join('').startsWith('x') ? 'xy' : '');
  });

  it('holds the start of a report; what never ended is dropped, a lone ESC or ESC [ is a key after all', () => {
    const f = new MouseFilter();
    expect(f.feed(Buffer.from('a\x1b[<0;1'))).toEqual([{ keys: Buffer.from('a') }]);
    expect(f.pending).toBe(true);
    expect(f.flush()).toEqual(Buffer.alloc(0));
    expect(f.pending).toBe(false);
    f.feed(Buffer.from('\x1b'));
    expect(f.flush()).toEqual(Buffer.from('\x1b'));
    f.feed(Buffer.from('\x1b['));
    expect(f.flush()).toEqual(Buffer.from('\x1b['));
  });

  it('an ESC held for a report that did not come reaches the reader apart from the key after it', () => {
    const f = new MouseFilter();
    expect(f.feed(Buffer.from('j\x1b'))).toEqual([{ keys: Buffer.from('j') }]);
    // Together, ESC q would read as Alt-q: the Escape key and q are two items.
    expect(f.feed(Buffer.from('q'))).toEqual([{ keys: Buffer.from('\x1b'), apart: true }, { keys: Buffer.from('q') }]);
    // ESC then `[`: a key sequence or a report, kept together.
    f.feed(Buffer.from('\x1b'));
    expect(f.feed(Buffer.from('[A'))).toEqual([{ keys: Buffer.from('\x1b[A') }]);
    f.feed(Buffer.from('\x1b['));
    expect(f.feed(Buffer.from('B'))).toEqual([{ keys: Buffer.from('\x1b[B') }]);
  });

  it.each([
    ['a letter among the numbers', '\x1b[<0;1x0;5M', ['x0;5M']],
    ['too few numbers', '\x1b[<0;10Mq', ['q']],
    ['too many numbers', '\x1b[<0;10;5;7Mq', ['q']],
    ['a zero cell', '\x1b[<0;0;5Mq', ['q']],
    ['motion (32)', '\x1b[<32;10;5Mq', ['q']],
    ['an extra button (128)', '\x1b[<128;10;5Mq', ['q']],
    ['numbers past any screen', `\x1b[<0;${'9'.repeat(30)};5Mq`, ['q']],
    ['an empty report', '\x1b[<Mq', ['q']],
  ])('drops a malformed report (%s), and reads the byte that broke it as a key', (_, text, keys) => {
    expect(run(text)).toEqual(keys);
  });

  it('never lets a report through as keys, however the chunks fall', () => {
    const stream = 'ab\x1b[<0;12;7M\x1b[B\x1b[<65;3;3Mcd\x1b[<0;12;7m';
    for (let cut = 1; cut < stream.length; cut++)
      for (let cut2 = cut; cut2 < stream.length; cut2++) {
        const out = run(stream.slice(0, cut), stream.slice(cut, cut2), stream.slice(cut2));
        expect(out.filter((o) => typeof o === 'string').join('')).toBe('ab\x1b[Bcd');
        expect(out.filter((o) => typeof o === 'object')).toEqual([press(11, 6), wheel(1, 2, 2), release(11, 6)]);
      }
  });
});

describe('mouse reporting is on only while the app is on screen', () => {
  it('every way out leaves the screen with the sequence that turns it off (fatal, suspend, the keys thread use it)', () => {
    expect(CONTROL.mouseOn).toBe('\x1b[?1000h\x1b[?1006h');
    expect(CONTROL.leaveAltScreen.startsWith('\x1b[?1006l\x1b[?1000l')).toBe(true);
  });
});
