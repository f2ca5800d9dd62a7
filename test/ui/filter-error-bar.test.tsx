import stringWidth from 'string-width';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FilterError, parseFilter } from '../../src/trace/filter.js';
import { inputLine } from '../../src/ui/format/chrome.js';
import { lineText } from '../../src/ui/format/segments.js';
import { applyColorEnv, paint, setAscii } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { renderApp, waitForFrame } from '../helpers/ink.js';

// Plain frames (NO_COLOR): the mark must show without colour or inverse.
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
  setAscii(false);
});

const footer = (frame: string) => frame.split('\n').at(-1) ?? '';

/** The bar as the app draws it after Enter refused `text`. */
function refused(text: string, width: number) {
  let error: FilterError | null = null;
  try {
    parseFilter(text);
  } catch (e) {
    error = e as FilterError;
  }
  if (!error) throw new Error(`${text} is a filter`);
  const notice = { kind: 'error' as const, text: `${error.message} (at column ${error.position + 1})`, at: error.span };
  return inputLine({ kind: 'filter', text }, null, 'Enter apply', notice, width);
}

/** The app at 80x24 with `text` typed in the filter bar and Enter refused: its bar. */
async function refusedInApp(text: string): Promise<string> {
  app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
  await app.press('filter.open');
  await app.type(text);
  await app.press('input.submit');
  return footer(await waitForFrame(app.frame, (x) => footer(x).includes('✗')));
}

describe('a refused filter in the bar (80x24)', () => {
  it('keeps the broken term in view and marks it, with NO_COLOR', async () => {
    const bar = await refusedInApp('status:error latency:>abc');
    expect(bar).toMatch(/^filter: status:error latency:>«abc»▏ {2}✗ latency: "abc" is not a duration/);
    expect(stringWidth(bar)).toBeLessThanOrEqual(80);
  });

  it('scrolls a long expression to the broken term', async () => {
    const bar = await refusedInApp('tool:read_* status:error method:tools/call model:claude* latency:>abc dir:in');
    expect(bar).toMatch(/^filter: …[^▏]*latency:>«abc»[^▏]*▏ {2}✗ latency: "abc" is not/);
    expect(stringWidth(bar)).toBeLessThanOrEqual(80);
    // Edited, the mark goes with the message: it was about the text before.
    await app!.type('x');
    const edited = footer(await waitForFrame(app!.frame, (x) => !footer(x).includes('✗')));
    expect(edited).not.toContain('«');
  });

  it('draws what is wrong inverted too, between marks in the error style', () => {
    const line = refused('status:error latency:>abc', 80);
    expect(line.find((s) => s.text === 'abc')?.style).toBe('found');
    expect(line.filter((s) => s.text === '«' || s.text === '»').map((s) => s.style)).toEqual(['error', 'error']);
  });

  it('a wrong part too long to show (past the length limit) gives the reason the line', () => {
    const shown = lineText(refused(`tool:${'L'.repeat(3000)}`, 80));
    expect(shown).toMatch(/^filter: …L«L+…»▏ {2}✗ a filter is at most 2,000 characters \(this one has 3,005\)$/);
  });

  it('marks with ASCII brackets in ASCII mode', () => {
    setAscii(true);
    expect(paint(refused('status:error latency:>abc', 80))).toMatch(/latency:>\[abc\]\|/);
  });

  const wide = '日本語'.repeat(40);
  const texts = [
    'status:error latency:>abc',
    'tool:read_* status:error method:tools/call model:claude* latency:>abc dir:in',
    `${'word '.repeat(100)}latency:>abc ${'more '.repeat(100)}`,
    `latency:>abc ${'tail '.repeat(200)}`,
    `tool:${'L'.repeat(5000)}`,
    `x "${'unclosed '.repeat(300)}`,
    `${wide} latency:>${wide}`,
    `${'\u009b'.repeat(50)} status:${'\u001b[31m'.repeat(50)}`,
    'tool:',
    'bogus:1',
  ];
  it.each(texts.map((t) => [t.slice(0, 40), t]))('fits 40 to 200 columns and shows the mark: %j', (_, text) => {
    for (let width = 40; width <= 200; width++) {
      const line = refused(text, width);
      const shown = lineText(line);
      expect(stringWidth(paint(line)), `${width}: ${shown}`).toBeLessThanOrEqual(width);
      expect(shown, `${width}`).toMatch(/«[^«»]+»/);
      expect(shown, `${width}`).toContain('✗');
    }
  });
});
