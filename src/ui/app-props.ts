import type { TraceStore } from '../store/trace-store.js';
import type { KeptMarks } from './hooks/use-kept-marks.js';
import type { MouseSource } from './hooks/use-mouse.js';
import type { Performers } from './hooks/use-outcome.js';
import type { StartAt } from './hooks/use-start.js';
import type { Size } from './hooks/use-terminal-size.js';
import type { PaneId } from './state/ui-state.js';

/** What the app is given: the store, and what the command line decided. */
export interface AppProps {
  store: TraceStore;
  /** Pins the size (tests); otherwise the terminal's, following resizes. */
  size?: Size;
  /** The first pane; by default Calls, or Turns when the trace has no calls. */
  initialPane?: PaneId;
  /** `--follow`: start at the bottom and stay there while the user is. */
  follow?: boolean;
  /** Record I/O (the `w` and `y` keys): each returns a notice for the footer. */
  records?: Performers['records'];
  /** Selects a row once it exists (`middle`: the middle of the list); used by `npm run bench`. */
  startAt?: StartAt;
  /** A problem from outside the app (the index cache could not be saved): shown in the footer, as an error, when it arrives. */
  notice?: string | null;
  /** `--filter`: an expression already validated by the command line. */
  filter?: string;
  /** Marks kept from earlier runs (`m`), and how to keep this run's. */
  marks?: KeptMarks;
  /** Mouse events (the wheel, clicks), unless `--no-mouse`. */
  mouse?: MouseSource;
  /** `--utc` (or `utc` in the config): start with clock times, as `T` shows them. */
  clock?: boolean;
  /** The filters applied before (oldest first), and how to remember one (the history file is the command line's). */
  filterHistory?: { entries: readonly string[]; remember(text: string): readonly string[] };
  /** Opened from the Sessions list: Esc in a pane calls this to go back to it. */
  onBack?: () => void;
}
