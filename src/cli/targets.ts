import { expandArg, LinkError, paneForView } from '../sources/links.js';
import { findRecordings, namesDirectory } from '../sources/recordings.js';
import { complain } from './output.js';

/** Expands viewer links into their traces; null (after a message) when an argument cannot be used. */
export function expandTargets(args: string[]): { targets: string[]; pane: ReturnType<typeof paneForView> } | null {
  const targets: string[] = [];
  let pane: ReturnType<typeof paneForView>;
  for (const arg of args) {
    try {
      const e = expandArg(arg);
      targets.push(...e.targets);
      pane ??= paneForView(e.view);
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      complain(`cannot open ${error.message}`);
      return null;
    }
  }
  return { targets, pane };
}

/**
 * `validate` and `summary` given a directory: its recordings (`*.jsonl` and `*.json`,
 * searched recursively, in name order, as `report` finds them) in its place; files and
 * URLs as they are. Null, after a message, when a path names nothing or a directory holds
 * no recording: what cannot be read is never silently skipped.
 */
export async function filesOfTargets(targets: string[]): Promise<string[] | null> {
  if (!namesDirectory(targets)) return targets;
  const { files, missing } = await findRecordings(targets);
  for (const m of missing) complain(`cannot open ${m.path}: ${m.reason}`);
  if (missing.length) return null;
  if (!files.length) {
    complain(`no recordings (*.jsonl, *.json) in ${targets.join(', ')}`);
    return null;
  }
  return files.map((f) => f.path);
}
