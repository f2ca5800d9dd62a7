import { openTrace } from '../ingest/open-trace.js';
import { OpenError } from '../sources/open-source.js';
import { namesDirectory } from '../sources/recordings.js';
import { redactText, redactUrl } from '../sources/redact.js';
import type { Source } from '../sources/types.js';
import { complain } from './output.js';
import { expandTargets, filesOfTargets } from './targets.js';

/** Opens every argument's sources, or says why one cannot be opened (null: exit 1, nothing printed yet). */
export async function openAll(args: string[], timeoutS?: number): Promise<Source[] | null> {
  const expanded = expandTargets(args);
  if (!expanded) return null;
  const sources: Source[] = [];
  for (const file of expanded.targets) {
    try {
      sources.push(await openTrace(file, { timeoutS }));
    } catch (error) {
      complain(whyNot(file, error));
      for (const s of sources) s.close();
      return null;
    }
  }
  return sources;
}

/**
 * `openAll` where a directory stands for the recordings in it (`summary DIR`): a file of
 * it that cannot be opened is named with why and left out, the rest opened, as `report`
 * does; `skipped` counts those (exit 1), and `directory` says files came from one (the
 * caller goes on past a file that turns out to be no trace). Null as `openAll`.
 */
export async function openFound(
  args: string[],
  timeoutS?: number,
): Promise<{ sources: Source[]; skipped: number; directory: boolean } | null> {
  const expanded = expandTargets(args);
  if (!expanded) return null;
  if (!namesDirectory(expanded.targets)) {
    const sources = await openAll(args, timeoutS);
    return sources && { sources, skipped: 0, directory: false };
  }
  const found = await filesOfTargets(expanded.targets);
  if (!found) return null;
  const sources: Source[] = [];
  let skipped = found.unread;
  for (const file of found.files) {
    try {
      sources.push(await openTrace(file, { timeoutS }));
    } catch (error) {
      complain(whyNot(file, error));
      skipped++;
    }
  }
  return { sources, skipped, directory: true };
}

const whyNot = (file: string, error: unknown): string =>
  error instanceof OpenError
    ? error.message
    : `cannot open ${redactUrl(file)}: ${redactText((error as Error).message)}`;
