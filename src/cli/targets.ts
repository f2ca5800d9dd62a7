import { expandArg, LinkError, paneForView } from '../sources/links.js';
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
