import { inertHead, truncate } from '../kit/cells.js';
// Fields are made one line first: a newline in a file name or message would forge a finding.
import { inert, oneLine } from '../kit/text.js';
import { counted, fmtInt } from '../kit/units.js';
import { OpenError, openSource } from '../sources/open-source.js';
import type { Source } from '../sources/types.js';
import { RecordingValidator } from '../trace/formats/validate-recording.js';
import type { Finding, Omitted } from '../trace/validate.js';
import { complain, print, printJson } from './output.js';
import { notePassedOver, nothingLeftText, type PassedOver } from './passed-over.js';
import { cutText, readFailure } from './read-failure.js';
import { expandTargets, filesOfTargets } from './targets.js';
import { sayWhileWaiting } from './waiting.js';

/**
 * Longest message printed, in cells: a message may quote a value of any length (an id,
 * a time); only this much of it is read and shown (`--json` has it whole).
 */
const MESSAGE_MAX = 400;

interface Report {
  file: string;
  /** The format whose rules applied (by content: mcp-replay v1, mcp-rec, mcp-recorder cassette). */
  format: string;
  findings: Finding[];
  /** Totals: every finding, listed or not. */
  errors: number;
  warnings: number;
  /** Per rule, the findings past the first 20 that are not listed (none with --all). */
  omitted: Omitted[];
}

/** `validate FILE…`: exit 0 with no error (warnings allowed), 1 with any error, 2 on trouble. */
export async function validateCommand(
  args: string[],
  options: { json: boolean; all?: boolean; timeout?: number; verbose?: boolean },
): Promise<number> {
  const expanded = expandTargets(args);
  if (!expanded) return 2;
  const found = await filesOfTargets(expanded.targets);
  if (!found) return 2;
  const reports: Report[] = [];
  const passed: PassedOver[] = [];
  for (const target of found.files) {
    let source: Source;
    try {
      source = await openSource(target, { timeoutS: options.timeout });
    } catch (error) {
      complain(error instanceof OpenError ? error.message : (error as Error).message);
      return 2;
    }
    const v = new RecordingValidator(options.all ? Infinity : undefined);
    const stopSaying = sayWhileWaiting(source);
    // A download cut mid-body reports it as an event, not a throw: its findings would be of a part.
    let cut: string | null = null;
    try {
      for await (const batch of source.lines((e) => e.type === 'error' && (cut = e.message))) {
        for (const line of batch) {
          if (line.skip !== undefined) v.unread(line.lineNo, line.skip);
          else if (line.emptyRun !== undefined) for (let k = 0; k < line.emptyRun; k++) v.push('', line.lineNo + k);
          else v.push(line.text, line.lineNo);
        }
      }
      if (cut !== null) {
        // The message names the source already.
        complain(cutText(cut, 'not validated'));
        return 2;
      }
    } catch (error) {
      complain(`${readFailure(source.name, error)}; not validated`);
      return 2;
    } finally {
      stopSaying();
      source.close();
    }
    const findings = v.finish();
    // A JSON document that is no recording, found in a directory (an `*.ops.json`, a config): not checked.
    if (v.notTrace !== null && found.listed.has(target)) {
      passed.push({ file: source.name, why: `not a trace: ${source.name} is ${v.notTrace}` });
      continue;
    }
    // The name as it may be shown: a URL's credentials and tokens are `***`.
    reports.push({
      file: source.name,
      format: v.format.name,
      findings,
      errors: v.errors,
      warnings: v.warnings,
      omitted: v.omitted(),
    });
  }
  if (!reports.length) {
    complain(nothingLeftText(expanded.targets, passed));
    return 2;
  }
  if (options.json) printJson(reports.length === 1 ? reports[0] : reports);
  else {
    for (const r of reports) {
      for (const f of r.findings)
        print(
          `${oneLine(r.file)}:${f.line}: ${f.severity} ${f.rule}: ${truncate(inertHead(f.message, MESSAGE_MAX), MESSAGE_MAX)}\n`,
        );
      for (const o of r.omitted) print(`${oneLine(r.file)}: … and ${fmtInt(o.count)} more (${inert(o.rule)})\n`);
      print(
        `${oneLine(r.file)}: ${counted(r.errors, 'error')}, ${counted(r.warnings, 'warning')}${r.errors ? '' : ` · valid ${r.format}`}\n`,
      );
    }
  }
  notePassedOver(passed, options.verbose ?? false);
  // A recording in a directory that could not be read (named above): trouble, after the rest.
  if (found.unread) return 2;
  return reports.some((r) => r.errors > 0) ? 1 : 0;
}
