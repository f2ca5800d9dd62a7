// npm run bench: each figure is a ratio against a baseline measured in the same run,
// so the numbers mean the same on a fast laptop and a loaded CI box.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canTimeStartup, firstFrameRow, startupRows, wholeIndexRow } from './startup.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const data = join(here, '.data');
const generator = fileURLToPath(new URL('../scripts/gen-trace.mjs', import.meta.url));
const MB = Number(process.env.BENCH_MB ?? 200);
mkdirSync(data, { recursive: true });

function generate(name, args) {
  const path = join(data, name);
  if (existsSync(path) && statSync(path).size > 0) return path;
  process.stderr.write(`generating ${name} …\n`);
  const fd = openSync(path, 'w');
  execFileSync(process.execPath, [generator, ...args], { stdio: ['ignore', fd, 'inherit'], maxBuffer: 1 << 30 });
  closeSync(fd);
  return path;
}

/** Runs a bench child and parses its last stdout line; its stderr is passed on without the cursor-show code Ink's exit hook writes. */
const child = (script, ...args) => {
  const r = spawnSync(process.execPath, [join(here, script), ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  process.stderr.write(r.stderr.replaceAll('\x1b[?25h', ''));
  if (r.status !== 0) throw new Error(`${script} ${args.join(' ')} exited ${r.status}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};
const median = (runs) => runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)];
const rows = [];
const row = (figure, value, goal, ok) => rows.push({ figure, value, goal, ok: ok ? 'yes' : 'NO' });
/** The figures so far, as a Markdown table. */
function printRows() {
  const w = [Math.max(...rows.map((r) => r.figure.length)), Math.max(...rows.map((r) => r.value.length)), 8];
  console.log(`| ${'figure'.padEnd(w[0])} | ${'measured'.padEnd(w[1])} | ${'goal'.padEnd(w[2])} | met |`);
  console.log(`| ${'-'.repeat(w[0])} | ${'-'.repeat(w[1])} | ${'-'.repeat(w[2])} | --- |`);
  for (const r of rows)
    console.log(`| ${r.figure.padEnd(w[0])} | ${r.value.padEnd(w[1])} | ${r.goal.padEnd(w[2])} | ${r.ok} |`);
}
/*
 * Ours against a baseline, run as back-to-back pairs: the figure is the median of the
 * pairs' ratios. On a shared machine speed drifts by tens of percent over a minute; the
 * two runs of a pair see the same machine, so the drift cancels out of each ratio.
 */
const PAIRS = 5;
const paired = (runBase, runOurs) => {
  const base = [];
  const ours = [];
  const ratios = [];
  for (let i = 0; i < PAIRS; i++) {
    const b = runBase();
    const o = runOurs();
    base.push(b);
    ours.push(o);
    ratios.push(o.ms / b.ms);
  }
  return {
    ratio: median(ratios),
    oursMs: median(ours.map((o) => o.ms)),
    baseMs: median(base.map((b) => b.ms)),
    base,
    ours,
  };
};
const timed = (r) =>
  `${r.ratio.toFixed(2)}x (${(r.oursMs / 1000).toFixed(2)}s / ${(r.baseMs / 1000).toFixed(2)}s, medians of ${PAIRS} pairs)`;

/**
 * `count` small traces of about `kib` KiB each (seeds 1…count, so each differs), in a
 * directory of their own, and one file of all of them (`cat`): the same bytes in one.
 */
function generateMany(count, kib) {
  const dir = join(data, `many-${count}x${kib}k`);
  const combined = `${dir}.jsonl`;
  if (existsSync(combined) && statSync(combined).size > 0) return { dir, combined };
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`generating ${count} traces of ~${kib} KiB …\n`);
  for (let i = 1; i <= count; i++) {
    const path = join(dir, `run-${String(i).padStart(4, '0')}.jsonl`);
    if (existsSync(path) && statSync(path).size > 0) continue;
    const fd = openSync(path, 'w');
    execFileSync(process.execPath, [generator, '--mb', String(kib / 1024), '--seed', String(i)], {
      stdio: ['ignore', fd, 'inherit'],
    });
    closeSync(fd);
  }
  const fd = openSync(combined, 'w');
  for (const name of readdirSync(dir).sort()) writeSync(fd, readFileSync(join(dir, name)));
  closeSync(fd);
  return { dir, combined };
}

/** #3 of issue 20: `report` over 1,000 small traces against `summary` on one file of them all. */
function reportRow() {
  const many = generateMany(1000, 60);
  const r = paired(
    () => child('summary-child.mjs', many.combined),
    () => child('report-child.mjs', many.dir),
  );
  const mib = (statSync(many.combined).size / 2 ** 20).toFixed(0);
  row(`report, 1,000 traces of 60 KiB / summary of them in one file (${mib} MiB)`, timed(r), '≤ 2x', r.ratio <= 2);
  const rss = Math.max(...r.ours.map((o) => o.maxRssBytes));
  row('(report peak RSS over them)', `${(rss / 2 ** 20).toFixed(0)} MiB`, '—', true);
}
/** `BENCH_ONLY=name npm run bench`: these rows alone, then exit (0 when each is met). */
function only(name, rowsOf) {
  if (process.env.BENCH_ONLY !== name) return;
  rowsOf();
  printRows();
  process.exit(rows.every((r) => r.ok === 'yes') ? 0 : 1);
}
only('report', reportRow);

/**
 * #7 of issue 33: `report` over a tree of Claude Code sessions laid out as Claude Code
 * lays them out (bench/gen-claude-tree.mjs; BENCH_AGENT_MB, 1024 by default), found as
 * `report` with no path finds them (CLAUDE_CONFIG_DIR), against ccusage 20.0.24's
 * `session --json --offline` on the same tree: whole processes, pairs taken in turn.
 */
const CCUSAGE = 'ccusage@20.0.24';
const ccusagePrefix = join(data, 'ccusage');
/** ccusage's command: BENCH_CCUSAGE, one installed under bench/.data, else installed there now; null when it cannot be had. */
function findCcusage() {
  const installed = join(ccusagePrefix, 'node_modules', '.bin', 'ccusage');
  for (const c of [process.env.BENCH_CCUSAGE, installed]) if (c && existsSync(c)) return c;
  process.stderr.write(`installing ${CCUSAGE} into ${ccusagePrefix} …\n`);
  const r = spawnSync('npm', ['install', '--prefix', ccusagePrefix, '--no-save', '--no-audit', '--no-fund', CCUSAGE], {
    encoding: 'utf8',
    timeout: 180_000,
  });
  return r.status === 0 && existsSync(installed) ? installed : null;
}
/** A whole process, timed with its peak RSS (bench/whole-process.py). */
const whole = (args, env) => {
  const r = spawnSync('python3', [join(here, 'whole-process.py'), ...args], { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`whole-process.py ${args.join(' ')}: ${r.stderr}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  if (out.code !== 0) throw new Error(`${args.join(' ')} exited ${out.code}: ${out.stderr}`);
  return out;
};
function agentTreeRows() {
  const mb = Number(process.env.BENCH_AGENT_MB ?? 1024);
  const tree = join(data, `claude-tree-${mb}mb`);
  if (!existsSync(join(tree, 'projects'))) {
    process.stderr.write(`generating ${mb} MiB of Claude Code sessions …\n`);
    execFileSync(process.execPath, [join(here, 'gen-claude-tree.mjs'), '--mb', String(mb), '--out', tree], {
      stdio: 'inherit',
    });
  }
  const figure = `report, ${mb >= 1024 ? `${(mb / 1024).toFixed(2)} GiB` : `${mb} MiB`} of Claude Code sessions / ccusage session`;
  if (spawnSync('python3', ['-c', 'import os; os.wait4']).status !== 0) {
    row(`${figure} (python3 is not here: not measured)`, '—', '—', true);
    return;
  }
  const ccusage = findCcusage();
  if (ccusage === null) {
    row(`${figure} (${CCUSAGE} could not be installed from npm: not measured)`, '—', '—', true);
    return;
  }
  // A home of its own: neither finds this machine's own sessions (Codex, Gemini CLI).
  const home = join(data, 'empty-home');
  mkdirSync(home, { recursive: true });
  const env = { PATH: process.env.PATH, HOME: home, CLAUDE_CONFIG_DIR: tree, NO_COLOR: '1' };
  const bin = join(here, '..', 'bin', 'mcp-replay-tui.js');
  const r = paired(
    () => whole([ccusage, 'session', '--json', '--offline'], env),
    () => whole([process.execPath, bin, 'report', '--json'], env),
  );
  row(`${figure} --json --offline (whole processes)`, timed(r), '≤ 1x', r.ratio <= 1);
  const rss = median(r.ours.map((o, i) => o.maxRssBytes / r.base[i].maxRssBytes));
  const mib = (runs) => (median(runs.map((x) => x.maxRssBytes)) / 2 ** 20).toFixed(0);
  row(
    "(the same) peak RSS / ccusage's",
    `${rss.toFixed(2)}x (${mib(r.ours)} MiB / ${mib(r.base)} MiB, medians of ${PAIRS} pairs)`,
    '≤ 1x',
    rss <= 1,
  );
}
only('agents', agentTreeRows);

/**
 * #6 of issue 34: `record` side by side with a direct connection. The echo calls go to
 * the reference server through the SDK client, alternating direct and recorded; the
 * throughput and memory run sends 1 GiB of 1 KiB notifications (bench/burst-server.mjs).
 */
function recordRows() {
  const r = child('record-child.mjs');
  row(
    'record: echo call, added latency (median of paired calls)',
    `${r.echoAddedMs.toFixed(2)} ms (direct ${r.echoDirectMs.toFixed(2)} ms)`,
    '≤ 0.3 ms',
    r.echoAddedMs <= 0.3,
  );
  row(
    'record: 64 KiB echo / direct (median of paired ratios)',
    `${r.echo64kRatio.toFixed(2)}x (direct ${r.echo64kDirectMs.toFixed(2)} ms)`,
    '≤ 1.2x',
    r.echo64kRatio <= 1.2,
  );
  row(
    '(the same through a bare pipe relay, no recording / direct; recorder / relay)',
    `${r.echo64kRelayRatio.toFixed(2)}x; ${r.echo64kRecordedOverRelay.toFixed(2)}x`,
    '—',
    true,
  );
  row(
    `record: 1 KiB messages per second (${r.messages.toLocaleString('en')} of them)`,
    `${Math.round(r.recordedPerSecond).toLocaleString('en')}/s (direct ${Math.round(r.directPerSecond).toLocaleString('en')}/s)`,
    '≥ 20,000/s',
    r.recordedPerSecond >= 20_000,
  );
  const mib = (b) => (b / 2 ** 20).toFixed(0);
  row(
    'record: peak RSS after a tenth of 1 GiB / after all of it',
    `${mib(r.earlyRssBytes)} MiB / ${mib(r.lateRssBytes)} MiB`,
    'flat (≤ 1.25x)',
    r.lateRssBytes <= 1.25 * r.earlyRssBytes,
  );
}
only('record', recordRows);

/** Issue 35: the start as a person sees it, in a pseudo-terminal, against node's own start. */
const STARTUP_PAIRS = Number(process.env.BENCH_STARTUP_PAIRS ?? 9);
function startupOnly() {
  if (canTimeStartup()) startupRows(row, STARTUP_PAIRS);
  else row('startup (python3 with its pty module is not here)', '—', '—', true);
}
only('startup', startupOnly);

const big = generate(`trace-${MB}mb.jsonl`, ['--mb', String(MB), '--bad', '0.0005']);
const small = generate('trace-1mb.jsonl', ['--mb', '1']);
const size = statSync(big).size;

/**
 * Issue 37: indexing an OTLP/JSON file (JSON Lines of our own export's spans) against
 * `summary` of the v1 trace of the same size. Both on one thread (the v1 trace is under
 * the parallel index's 256 MiB); each OTLP line is parsed, converted and its records
 * parsed again.
 */
function otlpRow() {
  const otlp = join(data, `otlp-${MB}mb.jsonl`);
  if (!existsSync(otlp) || statSync(otlp).size < size)
    execFileSync(process.execPath, [join(here, 'otlp-data.mjs'), small, otlp, String(size)], { stdio: 'inherit' });
  const r = paired(
    () => child('summary-child.mjs', big),
    () => child('summary-child.mjs', otlp),
  );
  row(
    `summary --json of ${(statSync(otlp).size / 2 ** 20).toFixed(0)} MiB of OTLP/JSON / of as much v1`,
    timed(r),
    '≤ 1.5x',
    r.ratio <= 1.5,
  );
}
only('otlp', otlpRow);
process.stderr.write(`big trace: ${(size / 2 ** 20).toFixed(0)} MiB\n`);
startupOnly();

/** Prints rows of cells as a Markdown table, columns padded to their widest cell. */
const table = (head, body) => {
  const w = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(w[i])).join(' | ')} |`;
  console.log([line(head), line(w.map((n) => '-'.repeat(n))), ...body.map(line)].join('\n'));
};

// #7: every key of every pane at 80x24 on the big trace, key event → frame, p50/p95/max.
const keys = child('keys-child.mjs', big, process.env.BENCH_KEY_ROUNDS ?? '5');
const keysMax = Math.max(...keys.keys.map((k) => k.max ?? Infinity));
const ms = (x) => (x === null ? 'no frame' : x.toFixed(1));
const printKeys = () => {
  console.log(`\nKeys at 80x24, ${keys.turns.toLocaleString('en-US')} turns: key event → frame, ms\n`);
  table(
    ['pane', 'key', 'presses', 'p50', 'p95', 'max'],
    keys.keys.map((k) => [k.pane, k.key, String(k.n), ms(k.p50), ms(k.p95), ms(k.max)]),
  );
};
if (process.env.BENCH_ONLY === 'keys') {
  printKeys();
  process.exit(keysMax <= 100 ? 0 : 1);
}

// Issue 18 #4: the detail view's tree on a 20 MB tool result at 80x24: open, fold, scroll.
const tree = child('tree-child.mjs', process.env.BENCH_TREE_ROUNDS ?? '5');
const treeKeys = tree.keys.filter((k) => !k.key.startsWith('Enter → '));
const treeFirst = tree.keys.find((k) => k.key === 'Enter → its first screen')?.max ?? null;
const treeMax = Math.max(...treeKeys.map((k) => k.max ?? Infinity));
const treeShown = tree.keys.find((k) => k.key === 'Enter → the tree shown')?.max ?? null;
const printTree = () => {
  console.log(
    `\nThe detail view's tree on a ${(tree.bytes / 2 ** 20).toFixed(0)} MiB result at 80x24: key event → frame, ms\n`,
  );
  table(
    ['key', 'presses', 'p50', 'p95', 'max'],
    tree.keys.map((k) => [k.key, String(k.n), ms(k.p50), ms(k.p95), ms(k.max)]),
  );
};
if (process.env.BENCH_ONLY === 'tree') {
  printTree();
  process.exit(treeMax <= 100 ? 0 : 1);
}

// #2: summary --json vs a bare line-split + JSON.parse loop, and peak RSS / file size:
// run as a user's first open, which indexes and then saves the index.
const first = paired(
  () => child('baseline.mjs', big),
  () => child('summary-child.mjs', big, 'fresh'),
);
const rss = Math.max(...first.ours.map((o) => o.maxRssBytes));
const baseRss = Math.max(...first.base.map((b) => b.maxRssBytes));
row('summary --json time / bare split+JSON.parse loop', timed(first), '≤ 1.3x', first.ratio <= 1.3);
row(
  'summary --json peak RSS / file size',
  `${(rss / size).toFixed(2)}x (${(rss / 2 ** 20).toFixed(0)} MiB)`,
  '≤ 0.5x',
  rss / size <= 0.5,
);
row('(baseline loop peak RSS / file size)', `${(baseRss / size).toFixed(2)}x`, '—', true);

// #3: first frame with rows on the big trace / on a 1 MiB trace, and one keypress mid-trace.
if (canTimeStartup()) firstFrameRow(row, { label: `${MB} MiB`, path: big, small, goal: 2 });
const key = child('frame-child.mjs', big, 'key');
row(
  `j keypress mid-trace → onRender (p50 of 20, max)`,
  `${key.keyP50Ms.toFixed(1)} ms (max ${key.keyMaxMs.toFixed(1)} ms)`,
  '≤ 16 ms',
  key.keyP50Ms <= 16,
);
row('Enter: detail of a record mid-trace → onRender', `${key.detailMs.toFixed(1)} ms`, '≤ 50 ms', key.detailMs <= 50);

// #4: search keystrokes, a field filter, a full-text word filter vs a bare substring scan.
const fl = child('filter-child.mjs', big);
row('search keystroke (26 typed, p95)', `${fl.searchP95Ms.toFixed(1)} ms`, '≤ 50 ms', fl.searchP95Ms <= 50);
row('search: text of records, once typing pauses', `${fl.searchTextMs.toFixed(0)} ms`, '—', true);
row('field filter (status:error tool:read_*) applied', `${fl.fieldMs.toFixed(0)} ms`, '≤ 300 ms', fl.fieldMs <= 300);
row(
  'word filter, case-sensitive / bare substring scan',
  `${(fl.wordMs / fl.bareMs).toFixed(2)}x (${fl.wordMs.toFixed(0)} ms / ${fl.bareMs.toFixed(0)} ms)`,
  '≤ 1.5x',
  fl.wordMs / fl.bareMs <= 1.5,
);
row(
  'word filter, smart case / its byte search (case-sensitive)',
  `${(fl.wordFoldMs / fl.byteSearchMs).toFixed(2)}x (${fl.wordFoldMs.toFixed(0)} ms / ${fl.byteSearchMs.toFixed(0)} ms)`,
  '≤ 1.5x',
  fl.wordFoldMs / fl.byteSearchMs <= 1.5,
);
// Another word (one that is nowhere): for comparison with the case-sensitive row, no goal.
row('(word filter, smart case / bare substring scan)', `${(fl.wordFoldMs / fl.bareMs).toFixed(2)}x`, '—', true);
row(
  '(the same / a bare case-insensitive scan for the word)',
  `${(fl.wordFoldMs / fl.bareFoldMs).toFixed(2)}x (${fl.bareFoldMs.toFixed(0)} ms)`,
  '—',
  true,
);

// #5: --follow at 1,000 lines/s, and an idle followed file.
const fo = child('follow-child.mjs');
row(
  '--follow write → on screen at 1,000 lines/s (p95)',
  `${fo.p95Ms.toFixed(0)} ms (p50 ${fo.p50Ms.toFixed(0)} ms)`,
  '≤ 250 ms',
  fo.p95Ms <= 250,
);
row('--follow CPU while the file is idle', `${fo.idleCpuPct.toFixed(2)} %`, '≈ 0', fo.idleCpuPct < 1);

// #6 (welcome): jq computing the same per-model sums, where jq is installed; the sums must agree.
try {
  const filter =
    'reduce (inputs | fromjson? | select(type == "object" and .type == "turn" and .role == "assistant" and (.echoed != true))) as $t ({}; ($t.model // "(no model)") as $m | .[$m].calls += 1 | .[$m].input += (($t.usage.input_tokens | numbers) // 0) | .[$m].output += (($t.usage.output_tokens | numbers) // 0))';
  const t0 = performance.now();
  const jq = JSON.parse(execFileSync('jq', ['-ncR', filter, big], { encoding: 'utf8', maxBuffer: 1 << 26 }));
  const jqMs = performance.now() - t0;
  const doc = JSON.parse(
    execFileSync(
      process.execPath,
      [join(here, '..', 'bin', 'mcp-replay-tui.js'), 'summary', '--json', '--no-cache', big],
      { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'ignore'] },
    ),
  );
  const agree = doc.models.perModel.every(
    (m) =>
      jq[m.model]?.calls === m.calls && jq[m.model]?.input === m.inputTokens && jq[m.model]?.output === m.outputTokens,
  );
  row(
    'summary time / jq computing the same per-model sums',
    `${(first.oursMs / jqMs).toFixed(2)}x (${(jqMs / 1000).toFixed(2)}s for jq; sums ${agree ? 'agree' : 'DIFFER'})`,
    '< 1x',
    first.oursMs / jqMs < 1 && agree,
  );
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
  row('summary time / jq (jq not installed)', '—', '< 1x', true);
}

/*
 * Reopening an unchanged file from its saved index, against its first open (which
 * saves it): pairs as `paired` runs them, each first open into an emptied cache. One
 * pair was a coin toss on this VM: the same summary code gave 0.22x on 1 GiB in a whole
 * run, and 0.14x (540 ms / 3807 ms) alone the next day.
 */
const REOPEN_PAIRS = 3;
function reopenRow(label, path) {
  const env = { ...process.env, MCP_REPLAY_TUI_CACHE_DIR: join(data, 'cache') };
  const run = () =>
    JSON.parse(
      execFileSync(process.execPath, [join(here, 'summary-child.mjs'), path, 'cache'], { encoding: 'utf8', env })
        .trim()
        .split('\n')
        .pop(),
    );
  const pairs = [];
  for (let i = 0; i < REOPEN_PAIRS; i++) {
    execFileSync('rm', ['-rf', env.MCP_REPLAY_TUI_CACHE_DIR]);
    const cold = run();
    const warm = run();
    pairs.push({ ratio: warm.ms / cold.ms, warm: warm.ms, cold: cold.ms });
  }
  const ratio = median(pairs.map((p) => p.ratio));
  const ms = (key) => median(pairs.map((p) => p[key])).toFixed(0);
  row(
    label,
    `${ratio.toFixed(2)}x (${ms('warm')} ms / ${ms('cold')} ms, medians of ${REOPEN_PAIRS} pairs)`,
    '≤ 0.2x',
    ratio <= 0.2,
  );
}

// #6: reopening an unchanged file from its saved index.
reopenRow('reopen with the saved index / first open (summary)', big);

// #6: a 1 GiB trace (BENCH_SCALE_MB; 0 skips it): the full index against a streaming
// split+parse loop (the whole-file loop cannot hold 1 GiB in one string), the app on it
// (first frame, keys while indexing, jumps, a detail, peak RSS) and the saved index.
const SCALE_MB = Number(process.env.BENCH_SCALE_MB ?? 1024);
if (SCALE_MB > 0) {
  const huge = generate(`trace-${SCALE_MB}mb.jsonl`, ['--mb', String(SCALE_MB), '--bad', '0.0005']);
  const hugeSize = statSync(huge).size;
  const gib = `${(hugeSize / 2 ** 30).toFixed(2)} GiB`;
  const full = paired(
    () => child('baseline.mjs', huge, 'stream'),
    () => child('summary-child.mjs', huge),
  );
  row(`full index (summary --json), ${gib} / streaming split+parse loop`, timed(full), '≤ 0.8x', full.ratio <= 0.8);
  // The app indexing it as a person watches, against summary --json --no-cache (item 6):
  // `ms` is until the header's loading gives way to the trace's state.
  const app = paired(
    () => child('summary-child.mjs', huge),
    () => {
      const r = child('index-child.mjs', huge);
      return { ...r, ms: r.indexedMs };
    },
  );
  row(`the app's full index, ${gib} / summary --json --no-cache`, timed(app), '≤ 1.3x', app.ratio <= 1.3);
  if (canTimeStartup()) wholeIndexRow(row, { label: gib, path: huge, goal: 1.2 });
  const appKeys = (p) => median(app.ours.map((o) => o[p]));
  row(
    'j/k every 50 ms while the app indexes → onRender (p50, p95; medians)',
    `${appKeys('keyP50Ms').toFixed(1)} ms, ${appKeys('keyP95Ms').toFixed(1)} ms`,
    '≤ 16, 50',
    appKeys('keyP50Ms') <= 16 && appKeys('keyP95Ms') <= 50,
  );
  const indexRss = Math.max(...app.ours.map((o) => o.maxRssBytes));
  row(
    'the app indexing, peak RSS / file size',
    `${(indexRss / hugeSize).toFixed(2)}x (${(indexRss / 2 ** 20).toFixed(0)} MiB)`,
    '≤ 0.25x',
    indexRss / hugeSize <= 0.25,
  );
  const runs = [0, 1, 2].map(() => child('frame-child.mjs', huge, 'scale'));
  if (canTimeStartup()) firstFrameRow(row, { label: gib, path: huge, small, goal: 1.5 });
  const mid = median(runs.map((x) => x.midIndexP50Ms ?? 0));
  row(
    'j/k while indexing → onRender (p50 of 10; worst run max)',
    `${mid.toFixed(1)} ms (max ${Math.max(...runs.map((x) => x.midIndexMaxMs ?? 0)).toFixed(0)} ms)`,
    '≤ 16 ms',
    mid <= 16,
  );
  const jump = median(runs.map((x) => Math.max(x.gMs, x.pgdnMs)));
  row('G, g, PgDn across the whole trace → onRender (max of 15)', `${jump.toFixed(1)} ms`, '≤ 16 ms', jump <= 16);
  const det = median(runs.map((x) => x.detailEndMs));
  row('Enter: detail of the last record → onRender', `${det.toFixed(1)} ms`, '≤ 50 ms', det <= 50);
  const appRss = Math.max(...runs.map((x) => x.maxRssBytes));
  row(
    'app peak RSS, indexed and jumped to the end / file size',
    `${(appRss / hugeSize).toFixed(2)}x (${(appRss / 2 ** 20).toFixed(0)} MiB)`,
    '≤ 0.25x',
    appRss / hugeSize <= 0.25,
  );
  reopenRow(`reopen ${gib} with the saved index / first open`, huge);
}

reportRow();
agentTreeRows();
recordRows();
otlpRow();
row('every key of every pane at 80x24 → frame (worst max)', `${keysMax.toFixed(1)} ms`, '≤ 100 ms', keysMax <= 100);
row(
  'detail tree, 20 MiB result: open, fold, scroll → frame (worst max)',
  `${treeMax.toFixed(1)} ms`,
  '≤ 100 ms',
  treeMax <= 100,
);
row(
  'detail tree, 20 MiB result: Enter → its first screen (the head of the record)',
  treeFirst === null ? 'never' : `${treeFirst.toFixed(0)} ms`,
  '—',
  treeFirst !== null,
);
row(
  'detail tree, 20 MiB result: Enter → the tree shown (read and scanned)',
  treeShown === null ? 'never' : `${treeShown.toFixed(0)} ms`,
  '—',
  treeShown !== null,
);
printRows();
printKeys();
printTree();
