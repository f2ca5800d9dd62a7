/**
 * Counts the work of measuring text instead of timing it (issue 15 review, finding 1):
 * string-width's cost grows faster than the text (100,000 CJK characters take minutes),
 * so code that measures only what a line can show never hands it a long string. A test
 * file mocks string-width with `measuring` and asserts on `measured`:
 *
 *   vi.mock('string-width', async (actual) =>
 *     (await import('../helpers/width-spy.js')).measuring(await actual()));
 *
 * Only src/ is mocked this way (Ink's own copy in node_modules is not), and only src/
 * must keep to the bound.
 */
type StringWidth = (text: string, options?: object) => number;

/**
 * The longest text a line may have measured whole: a line of 200 cells (the widest the
 * suites draw) reads at most `reach(200)` = 1,632 code units of a text (kit/cells.ts).
 */
export const MEASURE_LIMIT = 2000;

/** The longest text measured since the last `resetMeasured`, and where from. */
export const measured = { longest: 0, where: '' };

export function resetMeasured(): void {
  measured.longest = 0;
  measured.where = '';
}

/**
 * string-width, noting each text's length. A text over the limit is measured by its
 * head only, so a test of code that measures too much fails fast rather than hangs.
 */
export function measuring(actual: unknown): { default: StringWidth } {
  const stringWidth = (actual as { default: StringWidth }).default;
  return {
    default: (text, options) => {
      if (text.length > measured.longest) {
        measured.longest = text.length;
        measured.where = (new Error().stack ?? '').split('\n').slice(2, 6).join('\n');
      }
      return stringWidth(text.length > MEASURE_LIMIT ? text.slice(0, MEASURE_LIMIT) : text, options);
    },
  };
}
