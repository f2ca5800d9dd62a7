import { redactEntry, redactUrl } from './redact.js';
import { rawQueryParam, traceListEntries } from './trace-list.js';

/** What a command-line argument names: local paths, URLs, or an mcpreplay.dev link that names several. */
export interface Expanded {
  targets: string[];
  /** `#view=…` of a viewer link: the pane to open first. */
  view: string | null;
}

const VIEWER = /^https?:\/\/(www\.)?(mcpreplay\.dev|mcp-replay\.pages\.dev)(\/|$)/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Thrown for an argument that cannot be opened as it is; the message says what it needs. */
export class LinkError extends Error {}

/**
 * Expands mcpreplay.dev links (`?trace=a;b`, `?diff=a;b`, `#view=calls`) into the
 * trace URLs they name; anything else is a single target as given.
 */
export function expandArg(arg: string): Expanded {
  if (!VIEWER.test(arg)) return { targets: [arg], view: null };
  const url = new URL(arg);
  // Messages quote the link and what it names as they may be shown: tokens as `***`.
  const shown = redactUrl(arg);
  const list = rawQueryParam(url.search, 'trace') ?? rawQueryParam(url.search, 'diff');
  if (list === null) throw new LinkError(`${shown}: a viewer link needs ?trace=URL (or ?diff=A;B)`);
  const view = new URLSearchParams(url.hash.replace(/^#/, '')).get('view');
  const targets = traceListEntries(list)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((decoded) => {
      if (/^https?:\/\//i.test(decoded)) return decoded;
      if (UUID.test(decoded))
        throw new LinkError(
          `${redactEntry(decoded)} (from ${shown}): an mcp-tape share id, whose download address is not public; pass the trace's own https:// URL, or download it and open the file`,
        );
      throw new LinkError(
        `${redactEntry(decoded)} (from ${shown}): a path relative to the viewer; pass ${url.origin}/${redactEntry(decoded.replace(/^\/+/, ''))} to fetch it from there`,
      );
    });
  if (targets.length === 0) throw new LinkError(`${shown}: ?trace= names no trace`);
  return { targets, view };
}

/** `#view=` names → our panes. */
export function paneForView(view: string | null): 'calls' | 'turns' | 'usage' | 'events' | undefined {
  switch (view) {
    case 'calls':
    case 'timeline':
    case 'raw':
      return 'calls';
    case 'turns':
      return 'turns';
    case 'tools':
    case 'usage':
    case 'insights':
      return 'usage';
    case 'events':
      return 'events';
    default:
      return undefined;
  }
}
