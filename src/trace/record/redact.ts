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
  'passphrase',
  'creds',
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
/** A string member of JSON given as an argument (`--config '{"apiKey":"x"}'`). */
const JSON_MEMBER = /("((?:[^"\\]|\\.)*)"\s*:\s*)"(?:[^"\\]|\\.)*"/g;

/** `a=1 TOKEN=x` → `a=1 TOKEN=[REDACTED]`, a secret inside a value looked for too (`--env=API_KEY=x`). */
function redactAssignments(text: string): string {
  return text.replace(ASSIGNMENT, (whole, before: string, name: string, value: string) => {
    if (isSecretName(name)) return `${before}${name}=${REDACTED}`;
    return value.includes('=') ? `${before}${name}=${redactAssignments(value)}` : whole;
  });
}

/** One argument with the secrets it holds itself replaced (not those a flag before it announces). */
function redactArgument(arg: string): string {
  const header = HEADER.exec(arg);
  if (header && !header[4]!.startsWith('//') && isSecretName(header[2]!))
    return `${header[1]}${header[2]}${header[3]}${REDACTED}`;
  return redactAssignments(arg.replace(USERINFO, `$1${REDACTED}@`))
    .replace(JSON_MEMBER, (whole, key: string, name: string) => (isSecretName(name) ? `${key}"${REDACTED}"` : whole))
    .replace(BEARER, (_, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(TOKEN_SHAPES, REDACTED);
}

/** `-p`: the password flag of mysql and many other tools, its value glued (`-pX`, `-p=X`) or next. */
const PASSWORD_FLAG = /^-p(=?)(.*)$/s;
/** A flag with a name (`--api-key`, `-password`), and its value when glued with `=`. */
const NAMED_FLAG = /^--?([A-Za-z][A-Za-z0-9_.-]*)(=(.*))?$/s;

/**
 * The command line as a trace may hold it. The rule: a flag whose name says it holds a
 * secret (a word of it is key, token, secret, password, pass, auth, credential…:
 * `--api-key`, `--password`, `-token`) loses its value, glued (`--token=x`) or the next
 * argument when that is no flag; so does `-p` (`-pX`, `-p=X`, `-p X`), the password flag
 * of mysql and many others. Then each argument loses the secrets it holds itself:
 * `NAME=value` with a secret's name, a URL's `user:pass@` and secret query parameters,
 * `Authorization: …` and other secret headers, `Bearer x`, secret members of JSON, and
 * tokens known by their shape. Then the user's patterns. Hiding too much is the safe
 * side: a boolean `--no-auth` before a path hides the path, `-p 8080` hides a port.
 */
export function redactCommand(argv: readonly string[], patterns: readonly RegExp[]): string[] {
  const out: string[] = [];
  let hideNext = false;
  for (const arg of argv) {
    const hidden = hideNext && !arg.startsWith('-');
    hideNext = false;
    out.push(redactString(hidden ? REDACTED : redactFlag(arg, () => (hideNext = true)), patterns));
  }
  return out;
}

/** One argument of a command: a secret flag's glued value hidden, `announce()` called when its value comes next. */
function redactFlag(arg: string, announce: () => void): string {
  const password = PASSWORD_FLAG.exec(arg);
  if (password) {
    if (password[2] === '') {
      announce();
      return arg;
    }
    // `-password X` reads as `-p` with `assword` glued, and also names a secret flag whose value comes next: hide both.
    if (!arg.includes('=') && isSecretName(arg.slice(1))) announce();
    return `-p${password[1]}${REDACTED}`;
  }
  const flag = NAMED_FLAG.exec(arg);
  if (!flag) return redactArgument(arg);
  const name = flag[1]!;
  const value = flag[3];
  if (isSecretName(name)) {
    if (value === undefined) announce();
    return value === undefined ? arg : `${arg.slice(0, arg.indexOf('=') + 1)}${REDACTED}`;
  }
  return value === undefined ? arg : `${arg.slice(0, arg.indexOf('=') + 1)}${redactArgument(value)}`;
}

/**
 * `text` (an error from the system, which may quote the command) with every argument
 * that redaction changed replaced by its redacted form.
 */
export function redactQuoted(text: string, argv: readonly string[], shown: readonly string[]): string {
  let out = text;
  for (const [i, arg] of argv.entries())
    if (arg !== shown[i] && arg !== '') out = out.split(arg).join(shown[i] ?? REDACTED);
  return out;
}
