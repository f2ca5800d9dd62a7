/** The views of a directory opened in the app: the Sessions list, its search bar, its help. */
import type { SessionEntry } from '../../store/session-list.js';
import { sessionOrder } from '../data/sessions.js';
import { SESSION_SORTS } from '../state/ui-state.js';
import type { AppContext } from './app-context.js';
import { cancel, clear, erase, submit } from './bars.js';
import { close, help, moves, quit } from './common.js';
import { type MatchContext, search, steps } from './list-commands.js';
import { act, type CommandSpec, outcome, type ViewSpec } from './view.js';

export interface SessionsContext extends MatchContext {
  entries: readonly SessionEntry[];
  /** The entries' indices in the order shown. */
  order: readonly number[];
}

const open: CommandSpec<SessionsContext> = {
  command: 'sessions.open',
  disabled: (ctx) => (ctx.order.length === 0 ? 'no runs in this directory' : null),
  run: (ctx) => {
    const at = Math.min(ctx.state.lists.calls.selected, ctx.order.length - 1);
    return outcome({ ...ctx.state, notice: null }, { type: 'open-run', index: ctx.order[at]! });
  },
};

/** `s`: the next column; the run selected stays selected. */
const sort: CommandSpec<SessionsContext> = {
  command: 'sessions.sort',
  run: (ctx) => {
    const next = SESSION_SORTS[(SESSION_SORTS.indexOf(ctx.state.sessionSort) + 1) % SESSION_SORTS.length]!;
    const order = sessionOrder(ctx.entries, next);
    const selected = ctx.order[ctx.state.lists.calls.selected];
    const index = selected === undefined ? 0 : Math.max(0, order.indexOf(selected));
    return act(ctx, { type: 'sessions.sort', sort: next, index, bounds: ctx.bounds });
  },
};

/**
 * Esc in the list: leaves a search kept after Enter (its counter and `•` marks), the
 * position kept, as Esc does in a run's panes. Esc's command there, which in the list
 * has nothing to go back to.
 */
const leaveSearch: CommandSpec<SessionsContext> = {
  command: 'sessions.back',
  description: 'Leave a search kept after Enter',
  // The footer shows the search's `n next` meanwhile; help lists Esc.
  hint: null,
  disabled: (ctx) => (ctx.state.search === null ? 'no search to leave' : null),
  run: (ctx) => act(ctx, { type: 'search.clear' }),
};

export const sessionsView: ViewSpec<SessionsContext> = {
  id: 'sessions',
  title: 'Sessions',
  commands: [
    ...moves({ empty: 'no runs in this directory' }),
    open,
    sort,
    search.sessions,
    ...steps,
    leaveSearch,
    help,
    quit,
  ],
};

export const sessionsSearchBar: ViewSpec<SessionsContext> = {
  id: 'sessions-search-bar',
  title: 'the search bar',
  takesText: true,
  commands: [submit, cancel, erase, clear],
};

export const sessionsHelpView: ViewSpec<SessionsContext> = {
  id: 'sessions-help',
  title: 'help',
  commands: [...moves({ footer: false }), close, help, quit],
};

export const SESSIONS_VIEWS: readonly ViewSpec<SessionsContext>[] = [sessionsView, sessionsSearchBar, sessionsHelpView];

/**
 * Esc in a pane: a search kept after Enter (its counter and `•` marks) is left first, as
 * the bar's Esc leaves it, keeping the position; then, in a run opened from the Sessions
 * list, back to the list. One command: a key means one command in a view.
 */
export const back: CommandSpec<AppContext> = {
  command: 'sessions.back',
  disabled: (ctx) =>
    ctx.state.search !== null || ctx.fromSessions ? null : 'no Sessions list (open a directory for one)',
  // A kept search's footer has `n next` to show in that room (help lists Esc).
  hint: (ctx) => (ctx.state.search !== null ? null : 'sessions'),
  run: (ctx) => (ctx.state.search !== null ? act(ctx, { type: 'search.clear' }) : outcome(ctx.state, { type: 'back' })),
};
