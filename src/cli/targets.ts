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
 * searched recursively, in name order, as `report` finds them) in its place; files, URLs
 * and `-` (stdin, read first) as they are. What cannot be read is named with why and left
 * out (`unread` counts it: the caller's exit status says so), never silently skipped;
 * `directory` when one was named; `listed`, the files found in one (not named by the user).
 * Null, after a message, when nothing is left to read.
 */
export async function filesOfTargets(
  targets: string[],
): Promise<{ files: string[]; unread: number; directory: boolean; listed: ReadonlySet<string> } | null> {
  if (!namesDirectory(targets)) return { files: targets, unread: 0, directory: false, listed: new Set() };
  const stdin = targets.includes('-');
  const { files, missing } = await findRecordings(targets.filter((t) => t !== '-'));
  for (const m of missing) complain(`cannot open ${m.path}: ${m.reason}`);
  const found = [...(stdin ? ['-'] : []), ...files.map((f) => f.path)];
  if (!found.length) {
    if (!missing.length) complain(`no recordings (*.jsonl, *.json) in ${targets.join(', ')}`);
    return null;
  }
  const listed = new Set(files.filter((f) => f.listed).map((f) => f.path));
  return { files: found, unread: missing.length, directory: true, listed };
}
