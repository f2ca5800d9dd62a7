/**
 * Waits on the search's text part instead of sleeping past it. A test file wraps the
 * store's search module with `counting`, asks for `whenTextSearched(query)` before it
 * types the query, and awaits it where the text part must have come in:
 *
 *   vi.mock('../../src/store/search.js', async (actual) =>
 *     (await import('../helpers/text-searches.js')).counting(await actual()));
 */
type Search = typeof import('../../src/store/search.js');

const waiting: { query: string; done: () => void }[] = [];

/** The search module, telling those waiting when a query's text part comes in whole (not cancelled). */
export function counting(actual: Search): Search {
  return {
    ...actual,
    linesContainingSoon: async (store, query, cancelled) => {
      const rows = await actual.linesContainingSoon(store, query, cancelled);
      if (rows)
        for (const w of waiting.filter((x) => x.query === query.trim())) {
          waiting.splice(waiting.indexOf(w), 1);
          // The app sets the result in its state and acts on it: two turns later it has drawn it.
          setTimeout(() => setTimeout(w.done, 0), 0);
        }
      return rows;
    },
  };
}

/** Resolves once the next text part of `query` has come in and been drawn. */
export function whenTextSearched(query: string): Promise<void> {
  return new Promise((done) => waiting.push({ query, done }));
}
