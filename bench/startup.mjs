// Startup as a person at a terminal sees it: the real binary spawned in a pseudo-terminal
// of 80x24 (bench/pty-time.py), timed from the process start, against node's own start
// in the same terminal. Each figure is the median of interleaved pairs' ratios (the
// baseline, then ours): on a shared machine speed drifts within a minute, and the two
// runs of a pair see the same machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ptyTime = join(root, 'bench', 'pty-time.py');
const bin = join(root, 'bin', 'mcp-replay-tui.js');
const demo = join(root, 'examples', 'demo.jsonl');
/** What a frame with rows shows (a call row); what the baseline prints. */
const ROWS = 'tools/call';
const LINE = 'node-printed-a-line';

/**
 * Milliseconds from the process start until `until` is on the terminal (then the
 * process is ended), or until the process exits when `until` is null.
 */
function timeInPty(args, until, env) {
  const r = spawnSync('python3', [ptyTime, ...(until ? ['--until', until] : []), '--', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  if (r.error || r.status !== 0) throw new Error(`pty-time.py ${args.join(' ')}: ${r.error?.message ?? r.stderr}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  if (!out.found) throw new Error(`${args.join(' ')}: never showed ${until}`);
  if (until === null && out.code !== 0) throw new Error(`${args.join(' ')} exited ${out.code}`);
  return out.ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `pairs` interleaved pairs: { ratio (median), lo, hi (of the ratios), oursMs, baseMs (medians) }. */
function pairedInPty(pairs, base, ours) {
  const b = [];
  const o = [];
  const ratios = [];
  for (let i = 0; i < pairs; i++) {
    b.push(base());
    o.push(ours());
    ratios.push(o[i] / b[i]);
  }
  return {
    ratio: median(ratios),
    lo: Math.min(...ratios),
    hi: Math.max(...ratios),
    oursMs: median(o),
    baseMs: median(b),
  };
}

const shown = (r, pairs) =>
  `${r.ratio.toFixed(2)}x (${r.oursMs.toFixed(0)} ms / ${r.baseMs.toFixed(0)} ms; ${r.lo.toFixed(2)}–${r.hi.toFixed(2)}x over ${pairs} pairs)`;

/** Whether the pseudo-terminal can be had here (python3 with its pty module). */
export const canTimeStartup = () => spawnSync('python3', ['-c', 'import pty']).status === 0;

/** The startup rows, each through `row(figure, value, goal, ok)`. */
export function startupRows(row, pairs = 9) {
  const nodeExit = () => timeInPty(['node', '-e', '0'], null);
  const nodeLine = () => timeInPty(['node', '-e', `console.log('${LINE}')`], LINE);
  withCache((env) => {
    const app = pairedInPty(pairs, nodeLine, () => timeInPty(['node', bin, demo], ROWS, env));
    row(
      "the demo's rows on screen / `node -e` printing a line (from the process start, in a pty)",
      shown(app, pairs),
      '≤ 2.5x',
      app.ratio <= 2.5,
    );
    const summary = pairedInPty(pairs, nodeExit, () => timeInPty(['node', bin, 'summary', demo], null, env));
    row(
      '`summary examples/demo.jsonl` / `node -e 0` (whole processes, in a pty)',
      shown(summary, pairs),
      '≤ 2x',
      summary.ratio <= 2,
    );
    const version = pairedInPty(pairs, nodeExit, () => timeInPty(['node', bin, '--version'], null, env));
    row('`--version` / `node -e 0` (whole processes, in a pty)', shown(version, pairs), '≤ 1.3x', version.ratio <= 1.3);
  });
}

/**
 * The first frame with rows of the app on `path` against a 1 MiB trace (`small`), from
 * the process start: each open of `path` a first open (its index cache emptied before).
 */
export function firstFrameRow(row, { label, path, small, goal, pairs = 5 }) {
  withCache((env, cache) => {
    const fresh = () => {
      rmSync(cache, { recursive: true, force: true });
      return timeInPty(['node', bin, path], ROWS, env);
    };
    const r = pairedInPty(pairs, () => timeInPty(['node', bin, small], ROWS, env), fresh);
    row(
      `first frame with rows: ${label} / 1 MiB trace (from the process start, in a pty)`,
      shown(r, pairs),
      `≤ ${goal}x`,
      r.ratio <= goal,
    );
  });
}

/**
 * The app's full index of `path` against `summary --json --no-cache` of it, each a whole
 * process from its start, the app until its header says the trace ended (the generated
 * traces have an end line), `summary` until it exits (its JSON to /dev/null).
 */
export function wholeIndexRow(row, { label, path, goal, pairs = 5 }) {
  const summary = () =>
    timeInPty(['sh', '-c', `exec node "${bin}" summary --json --no-cache "${path}" > /dev/null`], null);
  const r = pairedInPty(pairs, summary, () => timeInPty(['node', bin, '--no-cache', path], 'ended (exit'));
  row(
    `the app's full index, ${label} / summary --json --no-cache (whole processes, in a pty)`,
    shown(r, pairs),
    `≤ ${goal}x`,
    r.ratio <= goal,
  );
}

/** Runs `measure` with an index cache of its own (MCP_REPLAY_TUI_CACHE_DIR), removed after. */
function withCache(measure) {
  const cache = mkdtempSync(join(tmpdir(), 'mrt-bench-startup-'));
  try {
    measure({ MCP_REPLAY_TUI_CACHE_DIR: cache }, cache);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}
