import { REDACTED } from './redact.js';

/** Programs that run the server rather than being it: the label is taken from what they run. */
const RUNNERS = new Set([
  'npx',
  'npm',
  'pnpm',
  'pnpx',
  'yarn',
  'bunx',
  'bun',
  'node',
  'deno',
  'uv',
  'uvx',
  'python',
  'python3',
  'pipx',
  'docker',
  'podman',
  'exec',
  'run',
  'dlx',
  'tsx',
  'env',
]);
/** File names that say nothing of the server (`dist/index.js`): the folder above them is asked instead. */
const BLAND_NAMES = new Set(['index', 'main', 'cli', 'server', 'app', 'dist', 'build', 'lib', 'src', 'bin', 'out']);

/** Lower case, `[a-z0-9-]` only, at most 32 characters, as mcp-tape makes its labels; `mcp` when nothing is left. */
export function cleanLabel(text: string): string {
  const clean = text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 32)
    .replace(/-$/, '');
  return clean || 'mcp';
}

/**
 * A short name for the server a command starts, for the meta line's `label` when
 * `--label` is not given: the first argument that is no flag, runner, assignment or script text
 * (`npx -y @modelcontextprotocol/server-filesystem /tmp` → `server-filesystem`), its
 * last path part without an extension, or the folder above a bland one
 * (`node pkg/dist/index.js` → `pkg`). `argv` is the redacted command.
 */
export function commandLabel(argv: readonly string[]): string {
  for (const arg of argv) {
    if (arg.startsWith('-') || /[=\s(){};'"`]/.test(arg) || arg.includes(REDACTED)) continue;
    const base = arg.replace(/^.*[\\/]/, '');
    if (RUNNERS.has(base.replace(/\.exe$/i, ''))) continue;
    const parts = arg
      .split(/[\\/]/)
      // `pkg@1.2.3` is `pkg`, `server.py` is `server` (a leading `@` is a scope's).
      .map((p) => p.replace(/(.)@[^@]*$/, '$1').replace(/\.[A-Za-z0-9]+$/, ''))
      .filter(Boolean);
    let i = parts.length - 1;
    while (i > 0 && BLAND_NAMES.has(parts[i]!.toLowerCase())) i--;
    return cleanLabel(parts[i] ?? arg);
  }
  return 'mcp';
}

/** The label of a recording through the HTTP proxy: the server's host and port (`127.0.0.1:3001` → `127-0-0-1-3001`). */
export function urlLabel(url: URL): string {
  return cleanLabel(url.port ? `${url.hostname}-${url.port}` : url.hostname);
}
