import { type PricesSpec, passOver, type RunJob, type RunResult } from '../ingest/read-run.js';
import { readRuns } from '../ingest/read-runs.js';
import { oneLine } from '../kit/text.js';
import { counted, fmtInt } from '../kit/units.js';
import { boundOf, checkZone, localZone, ZoneClock } from '../kit/zone-time.js';
import { ReportRows, reportDoc, reportText, totalsOf } from '../report/usage-report.js';
import { agentHomes, findAgentSessions } from '../sources/agent-homes.js';
import { relaxOldGeneration } from '../sources/heap.js';
import { findRecordings, pairRuns, type Run } from '../sources/recordings.js';
import type { Dim } from '../store/run-figures.js';
import type { PriceTable } from '../trace/prices.js';
import { pricesNote } from '../trace/prices-note.js';
import { complain, note, print, printJson, stdoutColumns } from './output.js';
import { notePassedOver, type PassedOver } from './passed-over.js';
import type { ReportOptions } from './program.js';

/** How many skipped-line files the note names. */
const SHOWN_SKIPPED = 5;

/** The runs' jobs, or a usage error's message. */
export function reportJobs(
  runs: readonly Run[],
  options: Pick<ReportOptions, 'by' | 'since' | 'until' | 'tz' | 'timeout'>,
  isFifo: (file: string) => boolean,
): { jobs: RunJob[]; zone: string; by: Dim[] } | string {
  const zone = options.tz === undefined ? localZone() : checkZone(options.tz);
  if (zone === null) return `--tz ${options.tz}: not a time zone Intl knows (an IANA name, e.g. Europe/Paris or UTC)`;
  const clock = new ZoneClock(zone);
  const bound = (text: string | undefined, which: 'since' | 'until') =>
    text === undefined ? null : boundOf(text, clock, which);
  const since = bound(options.since, 'since');
  const until = bound(options.until, 'until');
  for (const [flag, text, value] of [
    ['--since', options.since, since],
    ['--until', options.until, until],
  ] as const)
    if (text !== undefined && value === null)
      return `${flag} ${text}: expected a day (YYYY-MM-DD) or a time (YYYY-MM-DDTHH:MM[:SS], Z or ±HH:MM for UTC or an offset)`;
  const by = options.by?.length ? options.by : (['day'] as Dim[]);
  const jobs = runs.map((r) => ({
    run: r.id,
    files: r.files,
    by,
    zone,
    since,
    until,
    timeoutS: options.timeout,
    bytes: r.bytes,
    // A FIFO (only ever named alone) is read on this thread, which says while it waits for its writer.
    ...(r.files.some(isFifo) ? { here: true } : {}),
  }));
  return { jobs, zone, by };
}

/**
 * `report PATH…`: every run the paths hold, read in parallel, folded into rows in the
 * order the runs were found. Each file that cannot be read is named with why (exit 1);
 * the report of the rest is printed all the same.
 */
export async function reportCommand(
  paths: string[],
  options: ReportOptions,
  prices: PriceTable,
  pricesSpec: PricesSpec | null,
): Promise<number> {
  if (paths.includes('-')) {
    complain('report reads files, directories and globs, not stdin (-): use summary for a trace on stdin');
    return 2;
  }
  relaxOldGeneration();
  // No path: every agent session this machine has, and where they were looked for.
  const discovered = paths.length ? null : await findAgentSessions(agentHomes());
  const found = discovered ? { ...discovered, missing: [] } : await findRecordings(paths);
  if (discovered && discovered.files.length === 0) note(noAgentSessions(discovered.looked));
  const runs = pairRuns(found.files);
  // The FIFOs as the stats that found the files saw them: no second stat of each file.
  const fifos = new Set(found.files.filter((f) => f.fifo).map((f) => f.path));
  const plan = reportJobs(runs, options, (file) => fifos.has(file));
  if (typeof plan === 'string') {
    complain(plan);
    return 2;
  }
  let failed = false;
  // What could not be read, each named above: the notes say how many, beside what was found.
  let unread = found.missing.length;
  for (const m of found.missing) {
    complain(`cannot read ${m.path}: ${m.reason}`);
    failed = true;
  }
  const listed = new Set(found.files.filter((f) => f.listed).map((f) => f.path));
  const passed: PassedOver[] = [];
  const rows = new ReportRows(plan.by);
  // Folded in the order found, whatever order the readings end in: the same bytes each time.
  const waiting = new Map<number, RunResult>();
  let next = 0;
  const skipped: RunResult['skipped'] = [];
  const bytes = runs.reduce((n, r) => n + r.bytes, 0);
  const reading = readRuns(plan.jobs, { prices, pricesSpec, bytes, onWaiting: complain }, (index, result) => {
    waiting.set(index, result);
    for (let r = waiting.get(next); r; r = waiting.get(next)) {
      waiting.delete(next++);
      // A file found in a directory or by a glob that is no recording: passed over, not "could not be read".
      const { passed: passes, problems } = passOver(r, (file) => listed.has(file));
      passed.push(...passes);
      for (const p of problems) complain(p);
      if (problems.length) failed = true;
      unread += problems.length;
      skipped.push(...r.skipped);
      rows.add(r);
    }
  });
  try {
    await reading.done;
  } catch (error) {
    reading.close();
    complain(`report failed: ${(error as Error).message}`);
    return 1;
  }
  if (skipped.length) {
    const lines = skipped.reduce((n, s) => n + s.lines, 0);
    // One line each: a newline in a file name would forge a line of its own.
    const named = skipped.slice(0, SHOWN_SKIPPED).map((s) => `${oneLine(s.file)} (${fmtInt(s.lines)})`);
    note(
      `skipped ${counted(lines, 'malformed line')} in ${counted(skipped.length, 'file')}: ${named.join(', ')}${skipped.length > SHOWN_SKIPPED ? ', …' : ''} (summary FILE lists them)`,
    );
  }
  notePassedOver(passed, options.verbose ?? false);
  const sorted = rows.sorted(options.order);
  const totals = totalsOf(sorted);
  if (options.json) printJson(reportDoc(plan.by, sorted, totals, prices.origin));
  else {
    // Runs and files as read: those passed over are said apart (above).
    const passedFiles = new Set(passed.map((p) => p.file));
    const runsRead = runs.filter((r) => r.files.some((f) => !passedFiles.has(f))).length;
    const notes = [`${counted(runsRead, 'run')}, ${counted(found.files.length - passedFiles.size, 'file')}`];
    if (unread) notes.push(`${unread.toLocaleString('en-US')} could not be read (named above)`);
    const timed = plan.by.some((d) => d === 'day' || d === 'week' || d === 'month');
    if (timed || options.since !== undefined || options.until !== undefined) notes.push(`times in ${plan.zone}`);
    if (plan.by.includes('week')) notes.push('weeks are ISO 8601 weeks, from Monday');
    print(reportText(plan.by, sorted, totals, stdoutColumns(), [notes.join(' · '), pricesNote(prices.origin)]));
  }
  return failed ? 1 : 0;
}

/** Why a report with no path has no row: no agent kept a session where it was looked for. */
export function noAgentSessions(looked: readonly string[]): string {
  return looked.length
    ? `no agent sessions found in ${looked.join(', ')}`
    : 'no agent sessions found: none of ~/.claude/projects, ~/.config/claude/projects, ~/.codex or ~/.gemini/tmp is here (CLAUDE_CONFIG_DIR and CODEX_HOME name others)';
}
