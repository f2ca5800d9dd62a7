import { openTrace } from '../ingest/open-trace.js';
import { OpenError } from '../sources/open-source.js';
import { redactText, redactUrl } from '../sources/redact.js';
import type { Source } from '../sources/types.js';
import { complain } from './output.js';
import { expandTargets, filesOfTargets } from './targets.js';

/** Opens every argument's sources, or says why one cannot be opened (null: exit 1, nothing printed yet). */
export async function openAll(args: string[], timeoutS?: number): Promise<Source[] | null> {
  const expanded = expandTargets(args);
  if (!expanded) return null;
  return (await openEach(expanded.targets, timeoutS, false))?.sources ?? null;
}

/**
 * `openAll` where a directory stands for the recordings in it (`summary DIR`): a file of
 * it that cannot be opened is named with why and left out, the rest opened, as `report`
 * does; `skipped` counts those (exit 1), and `directory` says files came from one (the
 * caller goes on past a file that turns out to be no trace); `listed`, the files found
 * in one (a file there of no known format is passed over). Null as `openAll`.
 */
export async function openFound(
  args: string[],
  timeoutS?: number,
): Promise<{ sources: Source[]; skipped: number; directory: boolean; listed: ReadonlySet<string> } | null> {
  const expanded = expandTargets(args);
  if (!expanded) return null;
  const found = await filesOfTargets(expanded.targets);
  if (!found) return null;
  const opened = await openEach(found.files, timeoutS, found.directory);
  return (
    opened && { ...opened, skipped: opened.skipped + found.unread, directory: found.directory, listed: found.listed }
  );
}

/**
 * Each file opened. One that cannot be is named with why; then, `leaveOut` (it was found
 * in a directory), the rest are opened all the same; else nothing is (null).
 */
async function openEach(
  files: string[],
  timeoutS: number | undefined,
  leaveOut: boolean,
): Promise<{ sources: Source[]; skipped: number } | null> {
  const sources: Source[] = [];
  let skipped = 0;
  for (const file of files) {
    try {
      sources.push(await openTrace(file, { timeoutS }));
    } catch (error) {
      complain(
        error instanceof OpenError
          ? error.message
          : `cannot open ${redactUrl(file)}: ${redactText((error as Error).message)}`,
      );
      if (!leaveOut) {
        for (const s of sources) s.close();
        return null;
      }
      skipped++;
    }
  }
  return { sources, skipped };
}
