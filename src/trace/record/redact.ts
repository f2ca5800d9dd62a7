/**
 * What `record` keeps out of a trace. The user's `--redact` patterns apply to every
 * message and to the command line; secrets on the command line (`--api-key X`,
 * `token=…`, `Authorization: …`, a URL's password, well-known token shapes) are
 * replaced whatever the patterns say, since a client config is where keys live.
 */

/** What stands in for a hidden value: the marker mcp-tape writes, so every reader knows it. */
export const REDACTED = '[REDACTED]';

/** A `--redact` pattern that cannot be used: which one, and why. */
export class RedactPatternError extends Error {}

/**
 * The `--redact` patterns as global regular expressions (JavaScript syntax, case
 * sensitive). A pattern that matches the empty string is refused: it would put the
 * marker between every two characters.
 */
export function compilePatterns(sources: readonly string[]): RegExp[] {
  return sources.map((source) => {
    let re: RegExp;
    try {
      re = new RegExp(source, 'g');
    } catch (error) {
      throw new RedactPatternError(`invalid --redact ${JSON.stringify(source)}: ${(error as Error).message}`);
    }
    if (new RegExp(source).test(''))
      throw new RedactPatternError(
        `--redact ${JSON.stringify(source)} matches the empty string: it would hide nothing useful`,
      );
    return re;
  });
}

/** `text` with every match of every pattern replaced by the marker. */
export function redactString(text: string, patterns: readonly RegExp[]): string {
  let out = text;
  for (const re of patterns) {
    re.lastIndex = 0;
    out = out.replace(re, REDACTED);
  }
  return out;
}

/**
 * JSON text with the patterns applied inside each string (keys too), every other byte
 * as it was: numbers keep their digits (an id past 2^53 stays exact) and no match can
 * reach across a quote and break the JSON. `text` must be valid JSON.
 */
export function redactJsonText(text: string, patterns: readonly RegExp[]): string {
  if (patterns.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  let open = text.indexOf('"');
  while (open !== -1) {
    const close = stringEnd(text, open);
    const token = text.slice(open, close + 1);
    const value = JSON.parse(token) as string;
    const hidden = redactString(value, patterns);
    if (hidden !== value) {
      parts.push(text.slice(from, open), JSON.stringify(hidden));
      from = close + 1;
    }
    open = text.indexOf('"', close + 1);
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

/** The index of the quote that closes the JSON string opened at `open` (a quote after an odd run of backslashes is escaped). */
function stringEnd(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  for (;;) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
}

/** A name that says its value is a secret: `apiKey`, `--api-key`, `GITHUB_TOKEN`, `client_secret`, `Authorization`. */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.some((w) => SECRET_WORDS.has(w) || /(token|secret|apikey|password|passwd)$/.test(w));
}

const SECRET_WORDS = new Set([
  'key',
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'pass',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'bearer',
  'cookie',
  'sig',
  'signature',
]);

/** Tokens recognisable by their shape alone: OpenAI and Anthropic keys, GitHub, GitLab and Slack tokens, AWS access key ids. */
const TOKEN_SHAPES =
  /\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16})\b/g;
/** `name=value` inside an argument (an environment assignment, a URL's query): the value, when the name is a secret's. */
const ASSIGNMENT = /(^|[?&;,\s])([A-Za-z0-9_.-]+)=([^&;#,\s]+)/g;
/** A URL's `user:password@`. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi;
/** A header given as one argument: `Authorization: Bearer x`, `X-Api-Key: x`. */
const HEADER = /^(\s*)([A-Za-z0-9-]+)(\s*:\s*)(.+)$/s;
/** A bearer token, wherever it stands. */
const BEARER = /\b(Bearer|Basic)\s+[^\s"']+/gi;

/** One argument with the secrets it holds itself replaced (not those a flag before it announces). */
function redactArgument(arg: string): string {
  const header = HEADER.exec(arg);
  if (header && !header[4]!.startsWith('//') && isSecretName(header[2]!))
    return `${header[1]}${header[2]}${header[3]}${REDACTED}`;
  return arg
    .replace(USERINFO, `$1${REDACTED}@`)
    .replace(ASSIGNMENT, (whole, before: string, name: string) =>
      isSecretName(name) ? `${before}${name}=${REDACTED}` : whole,
    )
    .replace(BEARER, (_, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(TOKEN_SHAPES, REDACTED);
}

/**
 * The command line as a trace may hold it: `--api-key X` and `--api-key=X` lose their
 * value (a flag whose name is a secret's takes the next argument when it is no flag),
 * and each argument its own secrets, then the user's patterns. Hiding too much is the
 * safe side: a boolean `--no-auth` before a path hides the path.
 */
export function redactCommand(argv: readonly string[], patterns: readonly RegExp[]): string[] {
  const out: string[] = [];
  let hideNext = false;
  for (const arg of argv) {
    if (hideNext && !arg.startsWith('-')) {
      out.push(REDACTED);
      hideNext = false;
      continue;
    }
    hideNext = false;
    const flag = /^--?([A-Za-z][A-Za-z0-9_.-]*)(=(.*))?$/s.exec(arg);
    if (flag && isSecretName(flag[1]!)) {
      if (flag[2] === undefined) hideNext = true;
      const shown = flag[2] === undefined ? arg : `${arg.slice(0, arg.indexOf('=') + 1)}${REDACTED}`;
      out.push(redactString(shown, patterns));
      continue;
    }
    out.push(redactString(redactArgument(arg), patterns));
  }
  return out;
}
