import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appendLines } from '../../../../src/ingest/row-writer.js';
import { TraceStore } from '../../../../src/store/trace-store.js';
import { bundledPrices } from '../../../../src/trace/prices.js';
import { applyColorEnv } from '../../../../src/ui/theme.js';
import { renderApp, waitForFrame } from '../../../helpers/ink.js';
import { at, storeOf } from '../../../helpers/store.js';
import { whenTextSearched } from '../../../helpers/text-searches.js';

// The search's text part, noted as it comes in: tests wait on it, not on time.
vi.mock('../../../../src/store/search.js', async (actual) =>
  (await import('../../../helpers/text-searches.js')).counting(await actual()),
);

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');
const footer = (frame: string) => lines(frame).at(-1) ?? '';

/** `word 001` … `word NNN` from `from`: one wrapped line each at 80 columns. */
const numbered = (word: string, n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `${word} ${String(from + i).padStart(3, '0')}`).join('\n');

/**
 * A turn taller than the pane at 80x24 with nothing folded: five text blocks of 15
 * lines (under the 20 a block is folded after), 76 lines with its header; `middle` is
 * its third block (lines 32-46).
 */
const tallTurn = (ms: number, word: string, middle = numbered(word, 15, 31), model?: string) => ({
  ...answer(ms, numbered(word, 15, 1), numbered(word, 15, 16), middle, numbered(word, 15, 46), numbered(word, 15, 61)),
  ...(model ? { model } : {}),
});
/** An assistant turn of these texts, one text block each. */
const answer = (ms: number, ...texts: string[]) => ({
  t: at(ms),
  type: 'turn',
  role: 'assistant',
  blocks: texts.map((text) => ({ type: 'text', text })),
});
const shortTurn = (ms: number, text: string) => ({
  t: at(ms),
  type: 'turn',
  role: 'user',
  blocks: [{ type: 'text', text }],
});

describe('Turns: / and n/N show where a tall turn matches', () => {
  it('the first matching line of a tall turn is brought on screen, two lines above it kept', async () => {
    const store = storeOf([
      shortTurn(0, 'first question'),
      tallTurn(1000, 'para', `${numbered('para', 10, 31)}\nthe Needle is here\n${numbered('para', 4, 42)}`),
      shortTurn(2000, 'after'),
    ]);
    app = await renderApp({ store, columns: 80, rows: 24 });
    await waitForFrame(app.frame, (f) => f.includes('first question'));
    await app.press('pane.turns');
    await app.press('search.open');
    await app.type('needle');
    // Found by the text scan (no method, tool, model or role holds it), once typing pauses.
    await waitForFrame(app.frame, (x) => x.includes('the Needle is here'));
    await app.press('input.submit');
    const f = app.frame();
    // Line 42 of the turn (its header is line 1), two lines of context above it.
    expect(footer(f)).toMatch(/lines 40–61 of 76 · 2 of 3$/);
    expect(lines(f)[1]).toMatch(/^›\s+para 039$/);
    expect(lines(f)[3]).toMatch(/^›\s+the Needle is here$/);
    // j goes on from there, not from the turn's top.
    await app.press('list.down');
    expect(footer(app.frame())).toMatch(/lines 41–62 of 76/);
  });

  it('a match the wrap splits over two lines is brought on screen too', async () => {
    // One long line: at 80 columns it wraps, 'wrapped needle' cut at the space between them.
    const long = `${'word '.repeat(14)}wrapped needle ${'tail '.repeat(3)}`.trim();
    const store = storeOf([
      shortTurn(0, 'first question'),
      tallTurn(1000, 'para', `${numbered('para', 10, 31)}\n${long}\n${numbered('para', 4, 43)}`),
      shortTurn(2000, 'after'),
    ]);
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('search.open');
    await app.type('wrapped needle');
    const f = await waitForFrame(app.frame, (x) => /^›.*wrapped$/m.test(x));
    // Two lines of context above the line the match starts on, as for any match.
    expect(lines(f)[3]).toMatch(/^›\s+(word )+wrapped$/);
    expect(lines(f)[4]).toMatch(/^›\s+needle tail/);
  });

  it('a match the wrap cuts over three lines (a word longer than the pane in it) is brought on screen at its start', async () => {
    // At 80 columns rows hold 77 cells: `token` ends a row, the 90-character word after it
    // fills the next and ends on a third.
    const word = 'a1b2c3d4e5'.repeat(9);
    const long = `${'word '.repeat(14)}token ${word} done`;
    const store = storeOf([
      shortTurn(0, 'first question'),
      tallTurn(1000, 'para', `${numbered('para', 10, 31)}\n${long}\n${numbered('para', 4, 44)}`),
      shortTurn(2000, 'after'),
    ]);
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('search.open');
    await app.type(`token ${word} done`);
    const f = await waitForFrame(app.frame, (x) => /^›.*token$/m.test(x));
    expect(lines(f)[3]).toMatch(/^›\s+(word )+token$/);
    expect(lines(f)[4]).toMatch(new RegExp(`^›\\s+${word.slice(0, 77)}$`));
    expect(lines(f)[5]).toMatch(new RegExp(`^›\\s+${word.slice(77)} done$`));
  });

  it('a query with a capital matches that case only (smart case, as search does)', async () => {
    const store = storeOf([
      shortTurn(0, 'first question'),
      tallTurn(
        1000,
        'para',
        `${numbered('para', 5, 31)}\nlower needle\n${numbered('para', 4, 37)}\nthe Needle\n${numbered('para', 4, 42)}`,
      ),
    ]);
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('search.open');
    await app.type('Needle');
    await waitForFrame(app.frame, (x) => x.includes('the Needle'));
    // Esc leaves search and keeps the position: the turn stays shown at its match.
    await app.press('input.cancel');
    const f = app.frame();
    expect(f).not.toContain('lower needle');
    expect(lines(f)[3]).toMatch(/^›\s+the Needle$/);
    expect(footer(f)).toMatch(/lines 40–61 of 76 · 2 of 2$/);
  });

  it('n and N step to a tall turn at its match; a match in the model only keeps its top', async () => {
    const store = storeOf([
      shortTurn(0, 'first question'),
      tallTurn(1000, 'alpha', `${numbered('alpha', 14, 31)}\nzebra in alpha`),
      shortTurn(2000, 'second question'),
      tallTurn(3000, 'beta', `${numbered('beta', 12, 31)}\nzebra in beta\n${numbered('beta', 2, 44)}`),
      tallTurn(4000, 'gamma', undefined, 'zebra-model'),
    ]);
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('search.open');
    await app.type('zebra');
    await waitForFrame(app.frame, (x) => / 3 matches/.test(footer(x)));
    await app.press('input.submit');
    await app.press('list.top');
    await app.press('search.next');
    let f = app.frame();
    expect(f).toContain('zebra in alpha');
    expect(lines(f)[3]).toMatch(/^›\s+zebra in alpha$/);
    expect(footer(f)).toMatch(/lines 44–65 of 76 · 2 of 5$/);
    await app.press('search.next');
    f = app.frame();
    expect(lines(f)[3]).toMatch(/^›\s+zebra in beta$/);
    expect(footer(f)).toMatch(/lines 42–63 of 76 · 4 of 5$/);
    // The model's turn: matched in its header only, shown from its top.
    await app.press('search.next');
    f = app.frame();
    expect(lines(f)[1]).toMatch(/assistant zebra-model/);
    expect(footer(f)).toMatch(/lines 1–22 of 76 · 5 of 5$/);
    // N back to beta: its match again, not where it was left.
    await app.press('search.prev');
    expect(app.frame()).toContain('zebra in beta');
  });
});

describe('Turns: Space at a tall turn', () => {
  /** A question, an answer of these texts, and a next question. */
  const between = (...texts: string[]) =>
    storeOf([shortTurn(0, 'first question'), answer(1000, ...texts), shortTurn(2000, 'next question')]);
  /** An answer of 300 lines (folded after 20: Space opens it). */
  const longAnswer = () => between(numbered('line', 300));

  it('with its last line shown goes on to the next turn, as PgDn does, never back to its top', async () => {
    app = await renderApp({ store: longAnswer(), columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('list.down');
    await app.press('turns.open');
    let f = app.frame();
    expect(footer(f)).toMatch(/lines 1–22 of 301 · 2 of 3$/);
    // Read to its end: Space there reads on, to the next turn's top.
    await app.press('list.pageDown', 13);
    expect(footer(app.frame())).toMatch(/lines 280–301 of 301 · 2 of 3$/);
    await app.press('turns.open');
    f = app.frame();
    expect(footer(f)).toMatch(/ 3 of 3$/);
    expect(f).toMatch(/^›.*next question/m);
    expect(f).not.toContain('line 001');
    // The turn left stays open: k enters it at its end, its text whole.
    await app.press('list.up');
    expect(footer(app.frame())).toMatch(/lines 280–301 of 301 · 2 of 3$/);
  });

  it('at the end of a tall turn with a folded text, opens it there (what its last line says Space does)', async () => {
    const store = between(numbered('para', 15, 1), numbered('para', 15, 16), numbered('para', 40, 31));
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('list.down');
    await app.press('list.pageDown', 2);
    let f = app.frame();
    expect(footer(f)).toMatch(/lines 31–52 of 52 · 2 of 3$/);
    expect(lines(f).at(-2)).toMatch(/20 more lines \(Space opens\)$/);
    await app.press('turns.open');
    expect(footer(app.frame())).toMatch(/lines 31–52 of 71 · 2 of 3$/);
    await app.press('list.pageDown');
    expect(footer(app.frame())).toMatch(/lines 50–71 of 71 · 2 of 3$/);
    // Nothing folded now: Space reads on.
    await app.press('turns.open');
    f = app.frame();
    expect(footer(f)).toMatch(/ 3 of 3$/);
    expect(f).toMatch(/^›.*next question/m);
  });

  it('elsewhere in it folds or opens it where it is shown, not from its top', async () => {
    // Two long texts: folded after 20 lines each, the turn is still taller than the pane.
    const store = between(numbered('line', 300), numbered('more', 300));
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('list.down');
    expect(footer(app.frame())).toMatch(/lines 1–22 of 43 · 2 of 3$/);
    await app.press('list.down', 10);
    await app.press('turns.open');
    let f = app.frame();
    expect(footer(f)).toMatch(/lines 11–32 of 601 · 2 of 3$/);
    expect(lines(f)[1]).toMatch(/^›\s+line 010$/);
    await app.press('list.down', 5);
    await app.press('turns.open');
    f = app.frame();
    expect(footer(f)).toMatch(/lines 16–37 of 43 · 2 of 3$/);
    expect(f).toContain('more lines (Space opens)');
  });

  it('folded deep inside, opens again at the line it shows, not at the line it was read to', async () => {
    app = await renderApp({ store: longAnswer(), columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('list.down');
    await app.press('turns.open');
    await app.press('list.pageDown', 5);
    expect(footer(app.frame())).toMatch(/lines 111–132 of 301 · 2 of 3$/);
    // Short of room beside that counter, the footer keeps `/ search` over `f filter`.
    expect(footer(app.frame())).toMatch(/^\? help .* \/ search .*q quit /);
    await app.press('turns.open');
    let f = app.frame();
    expect(footer(f)).not.toContain('lines');
    expect(f).toMatch(/280 more lines \(Space opens\)$/m);
    await app.press('turns.open');
    f = app.frame();
    expect(footer(f)).toMatch(/lines 1–22 of 301 · 2 of 3$/);
    expect(f).toContain('line 001');
  });

  it('short of room beside a kept search and a long counter, the footer keeps / search and n next', async () => {
    app = await renderApp({ store: longAnswer(), columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('list.down');
    await app.press('turns.open');
    await app.press('search.open');
    await app.type('line 250');
    await waitForFrame(app.frame, (x) => footer(x).includes('1 match'));
    await app.press('input.submit');
    expect(footer(app.frame())).toMatch(
      /^\? help {2}\/ search {2}n next {2}q quit +\/line 250 1\/1 · lines 249–270 of 301 · 2 of 3$/,
    );
  });

  it('the last turn, at its end, opens and folds where it is shown', async () => {
    const store = storeOf([shortTurn(0, 'first question'), tallTurn(1000, 'para', numbered('para', 40, 31))]);
    app = await renderApp({ store, columns: 80, rows: 24 });
    await app.press('pane.turns');
    await app.press('list.bottom');
    expect(footer(app.frame())).toMatch(/lines 61–82 of 82 · 2 of 2$/);
    // Its third text opened: nothing to read on to, the line shown is kept.
    await app.press('turns.open');
    expect(footer(app.frame())).toMatch(/lines 61–82 of 101 · 2 of 2$/);
    await app.press('turns.open');
    expect(footer(app.frame())).toMatch(/lines 61–82 of 82 · 2 of 2$/);
  });
});

describe('Turns, following: a new turn taller than the pane', () => {
  /** A followed trace of `records` that grows by `append`, read back as a growing file is. */
  const growing = (...records: object[]) => {
    const store = new TraceStore(bundledPrices());
    const file = store.addFile('test.jsonl').index;
    let bytes = Buffer.alloc(0);
    store.setReader(file, (offset, length) => bytes.subarray(offset, offset + length));
    let lineNo = 0;
    const append = (...more: object[]) => {
      const lines = more.map((r) => {
        const text = JSON.stringify(r);
        const line = { text, lineNo: ++lineNo, offset: bytes.length, length: Buffer.byteLength(text) };
        bytes = Buffer.concat([bytes, Buffer.from(`${text}\n`)]);
        return line;
      });
      appendLines(store, file, lines);
    };
    append(...records);
    store.files[file]!.state = 'done';
    return { store, append };
  };
  const header = (frame: string) => lines(frame)[0] ?? '';

  it('is shown from its top and holds later turns until its end is read', async () => {
    const { store, append } = growing(shortTurn(0, 'first question'), shortTurn(1000, 'a short answer'));
    app = await renderApp({ store, columns: 80, rows: 24, follow: true });
    await app.press('pane.turns');
    await waitForFrame(app.frame, (f) => /^›.*a short answer/m.test(f));
    // A short turn is followed, as before.
    append(shortTurn(2000, 'second question'));
    await waitForFrame(app.frame, (f) => /^›.*second question/m.test(f));
    expect(header(app.frame())).not.toContain('paused');
    // A tall one: its top, and following waits.
    append(tallTurn(3000, 'para'));
    let f = await waitForFrame(app.frame, (x) => / 4 of 4$/.test(footer(x)));
    expect(footer(f)).toMatch(/lines 1–22 of 76 · 4 of 4$/);
    expect(header(f)).toContain('paused · G follows');
    // Another turn does not move the view.
    append(shortTurn(4000, 'third question'));
    f = await waitForFrame(app.frame, (x) => header(x).includes('paused · 1 new'));
    expect(footer(f)).toMatch(/lines 1–22 of 76 · 4 of 5$/);
    // Nor does switching panes and back: following resumes only at the end.
    await app.press('pane.calls');
    await app.press('pane.turns');
    append(shortTurn(5000, 'fourth question'));
    f = await waitForFrame(app.frame, (x) => header(x).includes('paused · 1 new') && !x.includes('fourth'));
    expect(footer(f)).toMatch(/lines 1–22 of 76 · 4 of 6$/);
    // G: the end; followed again.
    await app.press('list.bottom');
    append(shortTurn(6000, 'fifth question'));
    f = await waitForFrame(app.frame, (x) => /^›.*fifth question/m.test(x));
    expect(header(f)).not.toContain('paused');
  });

  it('several new turns at once: the first tall one of them is shown, not the newest', async () => {
    const { store, append } = growing(shortTurn(0, 'first question'));
    app = await renderApp({ store, columns: 80, rows: 24, follow: true });
    await app.press('pane.turns');
    append(shortTurn(1000, 'a question'), tallTurn(2000, 'para'), shortTurn(3000, 'next question'));
    // Past the frame that counts the new turns before following moves to one.
    const f = await waitForFrame(app.frame, (x) => / [2-4] of 4$/.test(footer(x)));
    expect(footer(f)).toMatch(/lines 1–22 of 76 · 3 of 4$/);
    expect(header(f)).toContain('paused · 1 new');
  });

  it('a batch of many new turns at once: a tall one past the first 64 of it is shown too (the 100th of 150)', async () => {
    const { store, append } = growing(shortTurn(0, 'first question'));
    app = await renderApp({ store, columns: 80, rows: 24, follow: true });
    await app.press('pane.turns');
    const batch = Array.from({ length: 150 }, (_, i) =>
      i === 99 ? tallTurn(1000 + i, 'para') : shortTurn(1000 + i, `question ${i + 1}`),
    );
    append(...batch);
    // Asked a slice a frame: either the tall one is reached, or following went past it to the end.
    const f = await waitForFrame(app.frame, (x) => / (101|151) of 151$/.test(footer(x)), 5000);
    expect(footer(f)).toMatch(/lines 1–22 of 76 · 101 of 151$/);
    expect(header(f)).toContain('paused · 50 new');
  });

  it('opened with --follow on a file read in one go, a tall turn in it is history: following lands at the end', async () => {
    const { store } = growing(shortTurn(0, 'first question'), tallTurn(1000, 'para'), shortTurn(2000, 'last question'));
    app = await renderApp({ store, columns: 80, rows: 24, follow: true, initialPane: 'turns' });
    const f = await waitForFrame(app.frame, (x) => / 3 of 3$/.test(footer(x)));
    expect(f).toMatch(/^›.*last question/m);
    expect(header(f)).not.toContain('paused');
  });

  it('turns read in with the file still loading are its history: following lands at the end', async () => {
    const { store, append } = growing(shortTurn(0, 'first question'));
    store.files[0]!.state = 'loading';
    app = await renderApp({ store, columns: 80, rows: 24, follow: true, initialPane: 'turns' });
    append(shortTurn(1000, 'next question'), tallTurn(2000, 'para'));
    const f = await waitForFrame(app.frame, (x) => / [23] of 3$/.test(footer(x)));
    expect(footer(f)).toMatch(/ 3 of 3$/);
    expect(header(f)).not.toContain('paused');
  });

  it('a search that found nothing never moves the selection when a match comes in later', async () => {
    const { store, append } = growing(shortTurn(0, 'first question'), shortTurn(1000, 'an answer'));
    app = await renderApp({ store, columns: 80, rows: 24, follow: true, initialPane: 'turns' });
    await waitForFrame(app.frame, (x) => / 2 of 2$/.test(footer(x)));
    await app.press('list.up');
    const nothing = whenTextSearched('zebra');
    await app.type('/zebra\r');
    await waitForFrame(app.frame, (x) => footer(x).includes('/zebra'));
    // Its text part comes in, with no match.
    await nothing;
    const later = whenTextSearched('zebra');
    append(shortTurn(2000, 'a zebra at last'));
    await later;
    // The match is counted, and not gone to.
    const f = await waitForFrame(app.frame, (x) => /\/zebra –\/1 · \d+ of 3$/.test(footer(x)));
    expect(footer(f)).toMatch(/ 1 of 3$/);
    expect(header(f)).toContain('paused');
  });

  it('the last one, read to its end, lets following go on', async () => {
    const { store, append } = growing(shortTurn(0, 'first question'));
    app = await renderApp({ store, columns: 80, rows: 24, follow: true });
    await app.press('pane.turns');
    append(tallTurn(1000, 'para'));
    await waitForFrame(app.frame, (x) => /lines 1–22 of 76 · 2 of 2$/.test(footer(x)));
    await app.press('list.pageDown', 3);
    expect(footer(app.frame())).toMatch(/lines 55–76 of 76 · 2 of 2$/);
    expect(header(app.frame())).not.toContain('paused');
    append(shortTurn(2000, 'next question'));
    await waitForFrame(app.frame, (x) => /^›.*next question/m.test(x));
  });

  it('scrolled up inside the last turn, switching panes does not resume following', async () => {
    const { store, append } = growing(shortTurn(0, 'first question'), tallTurn(1000, 'para'));
    app = await renderApp({ store, columns: 80, rows: 24, follow: true });
    await app.press('pane.turns');
    await app.press('list.bottom');
    await app.press('list.up', 5);
    expect(footer(app.frame())).toMatch(/lines 50–71 of 76 · 2 of 2$/);
    await app.press('pane.next');
    await app.press('pane.prev');
    append(shortTurn(2000, 'next question'));
    const f = await waitForFrame(app.frame, (x) => header(x).includes('paused · 1 new'));
    expect(footer(f)).toMatch(/lines 50–71 of 76 · 2 of 3$/);
  });
});
