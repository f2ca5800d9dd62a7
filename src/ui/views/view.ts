/**
 * A view declares the commands it handles, each a plain function of a context (the
 * state and what the view shows) to a new state plus effects; a command that cannot
 * act now says why (lazygit's per-context bindings with a disabled reason). Keys come
 * from the keymap, so the footer, `?` and the dispatcher all read the same list.
 */

import { width as widthOf } from '../format/text.js';
import {
  bindings,
  type Command,
  type KeyName,
  keyLabel,
  keymapGeneration,
  keyNamed,
  keyOf,
  keysFor,
} from '../keymap.js';
import { type Action, type Bounds, type NoticeKind, reduce, type UiState } from '../state/ui-state.js';

export type ViewId =
  | 'calls'
  | 'turns'
  | 'usage'
  | 'events'
  | 'timeline'
  | 'detail'
  | 'help'
  | 'search-bar'
  | 'filter-bar'
  | 'goto-bar'
  | 'diff-list'
  | 'diff-detail'
  | 'diff-help'
  | 'sessions'
  | 'sessions-search-bar'
  | 'sessions-help';

/** What a command asks of the app besides its new state: what a pure function cannot do. */
export type Effect =
  | { type: 'quit' }
  /**
   * Records to write to a file (`w`) or copy (`y`): the app does the I/O and says what
   * happened; `what` says which records they are, in that sentence (`3 marks: wrote …`).
   */
  | { type: 'write' | 'copy'; rows: ArrayLike<number>; what?: string }
  /** Text to copy (a value or a path in the detail view, `y` and `Y`); `what` names it in the footer. */
  | { type: 'copy-text'; text: string; what: string }
  /** The new state's notice goes after a moment (a key's "why not"). */
  | { type: 'fade' }
  /** The user picked a pane: the app no longer moves to Turns by itself. */
  | { type: 'chose-pane' }
  /** A filter was applied from the bar: it joins the history (↑ in the bar). */
  | { type: 'remember-filter'; text: string }
  /** Open a run of the Sessions list (its index among the runs found). */
  | { type: 'open-run'; index: number }
  /** Leave the run, back to the Sessions list. */
  | { type: 'back' };

export interface Outcome {
  state: UiState;
  effects: readonly Effect[];
}

/** What every command may read: the state, and the size of what it moves in. */
export interface BaseContext {
  state: UiState;
  /** Rows in the active list (or lines in the open overlay), and the visible height. */
  bounds: Bounds;
}

export interface CommandSpec<C extends BaseContext = BaseContext> {
  command: Command;
  /** `key`: the key pressed (`1`–`9` fold to their depth). */
  run: (ctx: C, key: KeyName) => Outcome;
  /** Why the command cannot act now (said instead of acting; not in the footer meanwhile), or null. */
  disabled?: (ctx: C) => string | null;
  /**
   * The footer's label in this view, when it differs from the keymap's; `null`: not in
   * this footer. A function when the command does one thing or another by the state.
   */
  hint?: string | null | ((ctx: C) => string | null);
  /** What help says it does in this view, when more than the keymap's description. */
  description?: string;
}

export interface ViewSpec<C extends BaseContext = BaseContext> {
  id: ViewId;
  /** How messages and help name it: `s: not in Turns (? for keys)`. */
  title: string;
  /** Keys that are no command here are text (the search, filter and line bars). */
  takesText?: boolean;
  commands: readonly CommandSpec<C>[];
}

/** A view's declaration as help and the docs read it, whatever its context. */
export interface ViewInfo {
  id: ViewId;
  title: string;
  takesText?: boolean;
  commands: readonly { command: Command; description?: string }[];
}

export const outcome = (state: UiState, ...effects: Effect[]): Outcome => ({ state, effects });

/** The outcome of a reducer action. */
export const act = (ctx: BaseContext, action: Action, ...effects: Effect[]): Outcome =>
  outcome(reduce(ctx.state, action), ...effects);

/**
 * A notice that stays until the next move: `info` for what there is (the marks counted,
 * Tab's choices), `error` for what could not be done and why ("no problem below this row").
 */
export const say = (ctx: BaseContext, text: string, kind: NoticeKind): Outcome =>
  outcome({ ...ctx.state, notice: { kind, text } });

/** A notice for a moment: a key that does nothing here, and why (a refusal: an error). */
const brief = (state: UiState, text: string): Outcome =>
  outcome({ ...state, notice: { kind: 'error', text } }, { type: 'fade' });

const byKey = new WeakMap<ViewInfo, { generation: number; keys: Map<KeyName, ViewInfo['commands'][number]> }>();

/** The command a key means in a view, if it handles one. */
export function specFor<V extends ViewInfo>(view: V, name: KeyName): V['commands'][number] | undefined {
  let cached = byKey.get(view);
  if (!cached || cached.generation !== keymapGeneration()) {
    const keys = new Map<KeyName, ViewInfo['commands'][number]>();
    for (const spec of view.commands) for (const key of keysFor(spec.command)) keys.set(key, spec);
    byKey.set(view, (cached = { generation: keymapGeneration(), keys }));
  }
  return cached.keys.get(name);
}

/** Every key a view handles, in keymap order. */
export function keysOf(view: ViewInfo): KeyName[] {
  const handled = new Set(view.commands.map((c) => c.command));
  return bindings().flatMap(([command, b]) => (handled.has(command) ? [...b.keys] : []));
}

/** What pressing `name` in `view` does: its command's outcome, or a brief notice saying why nothing happens. */
export function pressKey<C extends BaseContext>(view: ViewSpec<C>, name: KeyName, ctx: C): Outcome {
  const spec = specFor(view, name);
  if (!spec) return brief(ctx.state, `${keyNamed(name)}: not in ${view.title} (${keyOf('app.help')} for keys)`);
  const why = spec.disabled?.(ctx) ?? null;
  return why === null ? spec.run(ctx, name) : brief(ctx.state, `${keyNamed(name)}: ${why}`);
}

/**
 * What running `command` in `view` does, as its key would, for a command that comes
 * from elsewhere than a key (the mouse): null when the view does not handle it or it
 * cannot act now (a wheel past the end says nothing).
 */
export function runCommand<C extends BaseContext>(view: ViewSpec<C>, command: Command, ctx: C): Outcome | null {
  const spec = view.commands.find((c) => c.command === command);
  return spec && (spec.disabled?.(ctx) ?? null) === null ? spec.run(ctx, keysFor(command)[0]!) : null;
}

/**
 * Which hints a narrow footer keeps, most needed first: `? help` (where every key is
 * listed) and `q quit` always; then the ways out of a view that do not quit; then
 * search, the most used key after those (a pager's `/`), which no one guesses as they
 * guess Enter opens; then what acts on the view. Hints not named here go first.
 */
const FOOTER_RANK: readonly Command[] = [
  'app.help',
  'app.quit',
  'detail.close',
  'sessions.back',
  'search.open',
  'sessions.search',
  'detail.search',
  'search.next',
  'input.submit',
  'input.cancel',
  'input.complete',
  'list.open',
  // What the Timeline does that no other pane does: the way to its other keys.
  'timeline.zoomIn',
  'sessions.open',
  'usage.apply',
  'filter.open',
  'tree.toggle',
  'tree.copy',
  'tree.json',
  'calls.sort',
  'usage.sort',
  'sessions.sort',
  // The key between a tool_use and its call: no one guesses it, and at 80 columns Turns
  // had no room left for it after thinking and Tab.
  'link.jump',
  'turns.thinking',
  'turns.echoed',
  'pane.next',
  'record.write',
  'record.copy',
  'list.bottom',
];
const rankOf = (command: Command): number => {
  const i = FOOTER_RANK.indexOf(command);
  return i < 0 ? FOOTER_RANK.length : i;
};

/**
 * The footer's hints: the commands of the view that can act now and have a label, in
 * keymap order, `? help` first. Wider than `room` cells, the least needed are left out
 * until the rest fit (never `? help` nor `q quit`), so a narrow terminal still says
 * where every key is listed and how to leave.
 */
export function footerHints<C extends BaseContext>(
  view: ViewSpec<C>,
  ctx: C,
  separator = '  ',
  room = Infinity,
): string {
  const parts: { hint: string; command: Command }[] = [];
  for (const [command, b] of bindings()) {
    const spec = view.commands.find((c) => c.command === command);
    const own = typeof spec?.hint === 'function' ? spec.hint(ctx) : spec?.hint;
    const label = own === undefined ? b.hint : own;
    if (!spec || !label || (spec.disabled?.(ctx) ?? null) !== null) continue;
    const hint = { hint: `${keyLabel(b.keys[0]!)} ${label}`, command };
    if (command === 'app.help') parts.unshift(hint);
    else parts.push(hint);
  }
  const cells = (list: typeof parts) =>
    list.reduce((n, p) => n + widthOf(p.hint), 0) + Math.max(0, list.length - 1) * widthOf(separator);
  const kept = [...parts];
  const byNeed = [...parts].sort((a, b) => rankOf(b.command) - rankOf(a.command));
  for (const drop of byNeed) {
    if (cells(kept) <= room || rankOf(drop.command) <= rankOf('app.quit')) break;
    kept.splice(kept.indexOf(drop), 1);
  }
  return kept.map((p) => p.hint).join(separator);
}
