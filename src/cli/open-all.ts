import { openTrace } from '../ingest/open-trace.js';
import { OpenError } from '../sources/open-source.js';
import { redactText, redactUrl } from '../sources/redact.js';
import type { Source } from '../sources/types.js';
import { complain } from './output.js';
import { expandTargets } from './targets.js';

/** Opens every argument's sources, or says why one cannot be opened (null: exit 1, nothing printed yet). */
export async function openAll(args: string[], timeoutS?: number): Promise<Source[] | null> {
  const expanded = expandTargets(args);
  if (!expanded) return null;
  const sources: Source[] = [];
  for (const file of expanded.targets) {
    try {
      sources.push(await openTrace(file, { timeoutS }));
    } catch (error) {
      complain(
        error instanceof OpenError
          ? error.message
          : `cannot open ${redactUrl(file)}: ${redactText((error as Error).message)}`,
      );
      for (const s of sources) s.close();
      return null;
    }
  }
  return sources;
}
