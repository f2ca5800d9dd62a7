/**
 * A viewer link's `?trace=a;b` (or `?diff=a;b`) list. Its separators are the `;`
 * written in the link itself: a `%3B` is part of an entry (a `;` inside a trace URL,
 * such as in a token's value), so the list is split before it is decoded, never after.
 */

/** Percent-decoding as a query value is decoded (`+` a space); text that does not decode stays as written. */
export function decodeQueryValue(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Each entry of the list as written (`raw`: the parameter's value in the link), split on its own `;`, then decoded. */
export function traceListEntries(raw: string): string[] {
  return raw.split(';').map((part) => {
    const decoded = decodeQueryValue(part);
    // A link that was encoded twice (a trace URL pasted already encoded).
    return /%[0-9a-f]{2}/i.test(decoded) ? decodeQueryValue(decoded) : decoded;
  });
}

/** The raw value of the first query parameter named `name` in `search` (`?a=1&trace=…`), or null. */
export function rawQueryParam(search: string, name: string): string | null {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (decodeQueryValue(key) === name) return eq < 0 ? '' : pair.slice(eq + 1);
  }
  return null;
}
