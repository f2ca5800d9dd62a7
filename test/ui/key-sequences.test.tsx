import { Text, useInput } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { relayKeys } from '../../src/cli/keys.js';
import { KeySequenceFilter, passesToInk } from '../../src/ui/key-sequences.js';
import { NAMED_KEYS } from '../../src/ui/keymap.js';
import { charName, keyName } from '../../src/ui/match-key.js';
import { CRASHED_ONCE, KEY_SEQUENCES, splits } from '../helpers/hostile-keys.js';

/**
 * Ink's own key reading (its input parser and `useInput`): the names each key gets here go
 * to `names`, as the app's input handler names them (a string of several characters is
 * read a character at a time: ui/hooks/use-commands.ts).
 */
function Probe({ names }: { names: (string | null)[] }) {
  useInput((input, key) => {
    names.push(...(input.length > 1 && !key.ctrl && !key.meta ? [...input].map(charName) : [keyName(input, key)]));
  });
  return <Text>probe</Text>;
}

/** The key path as the binary has it (cli/keys.ts), into the probe. */
async function inkProbe() {
  const names: (string | null)[] = [];
  const app = render(<Probe names={names} />);
  await new Promise((r) => setTimeout(r, 0));
  const relay = relayKeys(
    (keys) => app.stdin.write(keys.toString()),
    () => undefined,
  );
  return {
    names,
    /** Writes `bytes` to Ink as they are (no relay), then lets it read a lone ESC it held. */
    async raw(bytes: string) {
      app.stdin.write(bytes);
      await new Promise((r) => setImmediate(r));
    },
    /** Gives `bytes` to the relay as one chunk; waits until all of it reached Ink (a state). */
    async write(bytes: string) {
      relay.take(Buffer.from(bytes, 'latin1'));
      while (!relay.idle()) await new Promise((r) => setTimeout(r, 1));
      await new Promise((r) => setImmediate(r));
    },
    unmount: () => {
      relay.close();
      app.unmount();
    },
  };
}

/** What the filter lets through of `chunks` fed in turn, then flushed. */
function through(...chunks: string[]): string {
  const f = new KeySequenceFilter();
  return Buffer.concat([...chunks.map((c) => f.feed(Buffer.from(c, 'latin1'))), f.flush()]).toString('latin1');
}

/** The names a key sequence may come to: none, or a named key that is not Enter nor a Ctrl key (never a letter or a digit: a command). */
const HARMLESS = new Set<string | null>([null, ...NAMED_KEYS.filter((k) => k !== 'enter' && !k.startsWith('ctrl-'))]);

describe('key sequences Ink cannot read are taken out before it reads them', () => {
  it('Ink 6.8 alone ends on each of them (the reason for the filter)', async () => {
    const probe = await inkProbe();
    for (const sequence of CRASHED_ONCE) await expect(probe.raw(sequence)).rejects.toThrow(/startsWith/);
    probe.unmount();
  });

  it(`every CSI and SS3 shape (${KEY_SEQUENCES.length.toLocaleString('en-US')}), each in a chunk of its own: Ink reads what passes without failing, and no key it gives is a command letter`, async () => {
    const probe = await inkProbe();
    for (const sequence of KEY_SEQUENCES) await probe.write(sequence);
    probe.unmount();
    expect([...new Set(probe.names)].filter((n) => !HARMLESS.has(n))).toEqual([]);
    // The keys a terminal sends are still read.
    expect([...new Set(probe.names)]).toEqual(
      expect.arrayContaining(['up', 'down', 'left', 'right', 'pageUp', 'home', 'end', 'shift-tab']),
    );
  });

  it('all of them in one chunk, as a paste: the same', async () => {
    const probe = await inkProbe();
    await probe.write(KEY_SEQUENCES.join(''));
    probe.unmount();
    expect([...new Set(probe.names)].filter((n) => !HARMLESS.has(n))).toEqual([]);
  });

  it.each(CRASHED_ONCE)('%j cut anywhere between chunks is still taken out whole', (sequence) => {
    for (const [a, b] of splits(sequence)) expect(through(a, b), JSON.stringify([a, b])).toBe('');
    expect(through(`j${sequence}k`)).toBe('jk');
  });

  it('drops an SS3 sequence with parameters whole (ESC O 5 q would have quit), in one chunk or cut anywhere', async () => {
    for (const sequence of ['\x1bO5q', '\x1bO1;5A', '\x1bO5Q']) {
      expect(through(`j${sequence}k`), JSON.stringify(sequence)).toBe('jk');
      for (const [a, b] of splits(sequence)) expect(through(a, b), JSON.stringify([a, b])).toBe('');
    }
    const probe = await inkProbe();
    await probe.write('\x1bO5qj');
    probe.unmount();
    // Ink gets the key after it, and nothing of the sequence.
    expect(probe.names).toEqual(['j']);
    // `q` alone still reaches Ink.
    expect(through('q')).toBe('q');
  });

  it('keeps the keys a terminal sends, with any modifier, and mouse reports for ui/mouse.ts', () => {
    for (const key of [
      '\x1b[A',
      '\x1b[1;5A',
      '\x1b[1;0B',
      '\x1bOP',
      '\x1b[5~',
      '\x1b[6;3~',
      '\x1b[Z',
      '\x1b[3~',
      '\x1b\x1b[A',
      '\x1b[[5~',
      '\x1b[24~',
    ])
      expect([passesToInk(key), through(key)], JSON.stringify(key)).toEqual([true, key]);
    expect(through('\x1b[<0;10;5M\x1b[<64;1;1m')).toBe('\x1b[<0;10;5M\x1b[<64;1;1m');
  });

  it('drops what no key is: a sequence Ink has no name for, a kitty key, a malformed mouse report, a sequence broken after parameters', () => {
    for (const seq of [
      '\x1b[q',
      '\x1bOq',
      '\x1b[113u',
      '\x1b[1;5:1A',
      '\x1b[<q',
      '\x1b[200~',
      '\x1b[?1;2c',
      '\x1b[9;5~',
    ])
      expect([passesToInk(seq), through(`a${seq}b`)], JSON.stringify(seq)).toEqual([false, 'ab']);
    // Broken by a byte no sequence holds: the parameters go, the byte is a key again.
    expect(through('\x1b[1;5\x01j')).toBe('\x01j');
  });

  it('keeps Escape and the keys around it: ESC alone, ESC ESC, ESC and a letter, ESC [ and a key', () => {
    expect(through('\x1b')).toBe('\x1b');
    expect(through('\x1b\x1b')).toBe('\x1b\x1b');
    expect(through('\x1bq')).toBe('\x1bq');
    expect(through('\x1b[\r')).toBe('\x1b[\r');
  });

  it('holds an unfinished sequence for the next chunk; flushed alone it is dropped unless it is a key', () => {
    const f = new KeySequenceFilter();
    expect(f.feed(Buffer.from('j\x1b[1;5')).toString()).toBe('j');
    expect(f.pending).toBe(true);
    expect(f.flush().toString()).toBe('');
    expect(f.feed(Buffer.from('\x1b[2$')).toString()).toBe('');
    expect(f.flush().toString()).toBe('\x1b[2$');
    expect(f.pending).toBe(false);
  });

  it('drops a sequence too long to be a key as it comes, chunk after chunk, and reads on after it', () => {
    const f = new KeySequenceFilter();
    const out = [
      f.feed(Buffer.from('a\x1b[1')),
      f.feed(Buffer.from('1'.repeat(10_000))),
      f.feed(Buffer.from(';2')),
      f.feed(Buffer.from('Pjk')),
    ];
    expect(Buffer.concat(out).toString()).toBe('ajk');
    expect(f.pending).toBe(false);
  });
});
