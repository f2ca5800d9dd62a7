/**
 * Secrets in addresses: `https://user:pass@host/x` and `?access_token=…` must never be
 * shown (messages, the summary's session line, the app's header). Sources keep the
 * real URL private and are named by its redacted form; anything that may quote a URL
 * (an error from Node or ws) goes through `redactText`.
 *
 * Pure string work on purpose: `new URL(…).toString()` would re-encode the rest of the
 * address, and what is shown should be what the user typed, minus the secrets.
 */

import { decodeQueryValue, traceListEntries } from './trace-list.js';

const HIDDEN = '***';

/** A query (or fragment) parameter whose value is a secret: token, key, secret, sig, password, auth, anywhere in its name. */
const SECRET_NAME = /token|key|secret|sig|passw(or)?d|auth/i;

/** A URL inside a longer text: a scheme, `://`, and what follows up to a space or a quote. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`]+/gi;

/**
 * `a=1&token=x` → `a=1&token=***`; a value that decodes to URLs or paths with
 * parameters (a viewer link's `trace=a;b`) is redacted inside, shown decoded: each entry whole, the list split on
 * its own separators first (a `%3B` in a token's value is the token's).
 */
function redactParams(params: string): string {
  return params
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (SECRET_NAME.test(decodeQueryValue(name))) return value === '' ? pair : `${name}=${HIDDEN}`;
      // Only a value that names addresses or paths with parameters of their own can hide one.
      if (!/:\/\/|[?#]/.test(decodeQueryValue(value)))
        return `${name}=${value.split(';').map(hideSecretPair).join(';')}`;
      const entries = traceListEntries(value);
      const redacted = entries.map((entry) => hideSecretPair(redactEntry(entry)));
      return redacted.every((r, i) => r === entries[i]) ? pair : `${name}=${redacted.join(';')}`;
    })
    .join('&');
}

/**
 * `token=x` → `token=***`, anything else as it is: a pair after a `;`, which some servers
 * take as `&` (`?a=1;token=x`, as HTML 4 advised). Redacted whichever way it is meant.
 */
function hideSecretPair(piece: string): string {
  const eq = piece.indexOf('=');
  if (eq <= 0 || eq === piece.length - 1 || /:\/\/|[?#]/.test(piece)) return piece;
  return SECRET_NAME.test(decodeQueryValue(piece.slice(0, eq))) ? `${piece.slice(0, eq)}=${HIDDEN}` : piece;
}

/**
 * The address as it may be shown: userinfo (`user:pass@`) becomes `***@`, and the
 * value of every query or fragment parameter with a secret-looking name becomes `***`.
 * Anything that is not a `scheme://` address comes back unchanged.
 */
export function redactUrl(url: string): string {
  const m = /^(\s*[a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(url);
  if (!m) return url;
  const [, scheme, authority, rest] = m as unknown as [string, string, string, string];
  const at = authority.lastIndexOf('@');
  const host = at < 0 ? authority : `${HIDDEN}@${authority.slice(at + 1)}`;
  return `${scheme}${host}${redactPathAndQuery(rest)}`;
}

/** A viewer list's entry as it may be shown: a URL as `redactUrl` shows it, a relative path with its parameters redacted alike. */
export function redactEntry(entry: string): string {
  return /^\s*[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? redactUrl(entry) : redactPathAndQuery(entry);
}

/** `path?query#fragment` with the secret parameters of its query and fragment as `***`. */
function redactPathAndQuery(rest: string): string {
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const fragment = hash < 0 ? null : rest.slice(hash + 1);
  const q = beforeHash.indexOf('?');
  const path = q < 0 ? beforeHash : beforeHash.slice(0, q);
  const query = q < 0 ? null : beforeHash.slice(q + 1);
  return `${path}${query === null ? '' : `?${redactParams(query)}`}${fragment === null ? '' : `#${redactParams(fragment)}`}`;
}

/** Every URL quoted in a message (Node's and ws's errors quote the address they were given), redacted. */
export function redactText(text: string): string {
  // Punctuation after an address (`…/x?token=abc: HTTP 404`) belongs to the sentence.
  return text.replace(URL_IN_TEXT, (url) => {
    const tail = /[.,:;!?)\]]+$/.exec(url)?.[0] ?? '';
    return redactUrl(url.slice(0, url.length - tail.length)) + tail;
  });
}

/** True when showing `url` would give something away: redaction changes it. */
export const hasSecrets = (url: string): boolean => redactUrl(url) !== url;
