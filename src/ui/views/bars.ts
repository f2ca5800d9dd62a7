/** The one-line bars at the bottom: search, filter and line. Keys that are no command are their text. */

import { inert } from '../../kit/text.js';
import { fmtOffset } from '../../kit/units.js';
import { completeFilter, valuesIn } from '../data/filter-complete.js';
import { momentTyped, readsAsTimeOfDay } from '../data/goto-time.js';
import { fileLabel, fileLineTyped, indexAtLine, indexAtTime, traceStart } from '../data/views.js';
import { keyOf } from '../keymap.js';
import { type AppContext, activeList } from './app-context.js';
import { checkedFilter, setFilter } from './filter-set.js';
import { act, type CommandSpec, outcome, say, type ViewSpec } from './view.js';

/** Esc, Backspace, Ctrl-U and Enter: what every bar does with them (the Sessions list's search bar too). */
export const cancel: CommandSpec = { command: 'input.cancel', run: (ctx) => act(ctx, { type: 'input.cancel' }) };
export const erase: CommandSpec = {
  command: 'input.delete',
  disabled: (ctx) => (ctx.state.input?.text ? null : 'nothing to delete'),
  run: (ctx) => act(ctx, { type: 'input.delete' }),
};
export const clear: CommandSpec = {
  command: 'input.clear',
  disabled: (ctx) => (ctx.state.input?.text ? null : 'nothing to clear'),
  run: (ctx) => act(ctx, { type: 'input.clear' }),
};
export const submit: CommandSpec = { command: 'input.submit', run: (ctx) => act(ctx, { type: 'input.submit' }) };

export const searchBar: ViewSpec<AppContext> = {
  id: 'search-bar',
  title: 'the search bar',
  takesText: true,
  commands: [submit, cancel, erase, clear],
};

const completion = (ctx: AppContext) => completeFilter(ctx.state.input?.text ?? '', valuesIn(ctx.store));

/** The candidates left, shown when more than one is (`tool:` then Tab: every tool of the trace). */
const CHOICES_SHOWN = 12;
/** Each choice listed in at most this many characters, so one long name hides no other. */
const CHOICE_CHARS = 32;
const choicesNotice = (choices: string[]): string =>
  `${choices.length} choices: ${choices
    .slice(0, CHOICES_SHOWN)
    .map((c) => ([...c].length > CHOICE_CHARS ? `${[...c].slice(0, CHOICE_CHARS - 1).join('')}…` : c))
    .join('  ')}${choices.length > CHOICES_SHOWN ? '  …' : ''}`;

/**
 * Tab: the last word completed, as far as what it can be agrees; when several remain
 * they are listed in the footer (as a shell does), so an empty value shows what it can be.
 */
const complete: CommandSpec<AppContext> = {
  command: 'input.complete',
  disabled: (ctx) => {
    const { text, choices } = completion(ctx);
    return text === (ctx.state.input?.text ?? '') && choices.length === 0 ? 'nothing to complete' : null;
  },
  run: (ctx) => {
    const { text, choices } = completion(ctx);
    const opened = act(ctx, { type: 'input.open', kind: 'filter', text });
    // What there is to choose from: no error.
    return choices.length > 1 ? say({ ...ctx, state: opened.state }, choicesNotice(choices), 'info') : opened;
  },
};

/** Enter: the filter applied (each list's selection kept on its record), and remembered. */
const apply: CommandSpec<AppContext> = {
  command: 'input.submit',
  hint: 'apply',
  run: (ctx) => {
    const checked = checkedFilter(ctx.state.input?.text ?? '');
    // No filter: the reducer says what is wrong, and the bar stays open to fix it.
    if ('error' in checked) return act(ctx, { type: 'input.submit' });
    const { filter } = checked;
    const out = act(ctx, setFilter(ctx, filter));
    return filter === null ? out : outcome(out.state, { type: 'remember-filter', text: filter });
  },
};

const recalled = (ctx: AppContext) => ctx.state.input?.recalled;

/** ↑: the filter applied before the one shown. */
const older: CommandSpec<AppContext> = {
  command: 'input.older',
  disabled: (ctx) => ((recalled(ctx) ?? ctx.history.length) > 0 ? null : 'no older filter'),
  run: (ctx) => {
    const at = (recalled(ctx) ?? ctx.history.length) - 1;
    return act(ctx, { type: 'input.recall', text: ctx.history[at]!, at });
  },
};

/** ↓: the one applied after it; past the newest, an empty bar. */
const newer: CommandSpec<AppContext> = {
  command: 'input.newer',
  disabled: (ctx) => (recalled(ctx) === undefined ? 'no newer filter' : null),
  run: (ctx) => {
    const at = recalled(ctx)! + 1;
    return at < ctx.history.length
      ? act(ctx, { type: 'input.recall', text: ctx.history[at]!, at })
      : act(ctx, { type: 'input.recall', text: '', at: undefined });
  },
};

export const filterBar: ViewSpec<AppContext> = {
  id: 'filter-bar',
  title: 'the filter bar',
  takesText: true,
  commands: [apply, cancel, erase, clear, complete, older, newer],
};

/**
 * Enter in the line bar: a line number (its record in this pane, or the next one
 * listed) or a time (`+6m10s`, `01:30`, an ISO time; with clock times shown, `14:00:05`):
 * the first record at or after it (data/goto-time.ts).
 */
const go: CommandSpec<AppContext> = {
  command: 'input.submit',
  hint: 'go',
  run: (ctx) => {
    const text = ctx.state.input?.text ?? '';
    const closed = { ...ctx, state: { ...ctx.state, input: null } };
    const error = (said: string) => outcome({ ...closed.state, notice: { kind: 'error', text: said } });
    const typed = text.trim();
    // `llm 27`: line 27 of the file whose rows say `llm`, with several files open.
    const ofFile = fileLineTyped(ctx.store, typed);
    // Digits only, after the `L` the rows show lines with (`L33`): Number() also takes
    // `1e308`, `0x10` and `1.0` as whole numbers.
    const digits = /^[Ll]?(\d+)$/.exec(typed)?.[1];
    const lineNo = ofFile ? ofFile.lineNo : digits !== undefined ? Number(digits) : Number.NaN;
    const from = lineNo >= 1 ? null : momentTyped(typed, traceStart(ctx.store), ctx.state.clock);
    const list = activeList(ctx);
    if (!list || !(lineNo >= 1 || from !== null))
      return error(`not a line number or a time: ${text} (a line: 33 or L33; a time: +6m10s, 01:30, ISO)`);
    const { index, files } =
      from !== null
        ? { index: indexAtTime(ctx.store, list, from), files: [] }
        : indexAtLine(ctx.store, list, lineNo, ofFile?.file);
    const start = traceStart(ctx.store);
    if (index < 0 && from !== null && start !== null && readsAsTimeOfDay(typed, ctx.state.clock))
      return error(
        `nothing at or after ${typed} (read as ${fmtOffset(from - start)}): for a time of day, ${keyOf('view.clock')} first`,
      );
    // As typed: past 2^53 the number itself prints as 1e+23.
    if (index < 0) return error(`nothing at or after ${from !== null ? typed : `line ${typed}`} in this pane`);
    const jumped = act(closed, { type: 'jump', pane: ctx.state.pane, index, bounds: ctx.bounds });
    // Several files have this line: the first listed is shown, and the footer says how to reach the others.
    if (files.length < 2) return jumped;
    const name = (file: number) => inert(fileLabel(ctx.store, file) ?? `#${file + 1}`);
    const others = files.slice(1).map((f) => `${keyOf('list.goto')}${name(f)} ${lineNo}`);
    return outcome(
      {
        ...jumped.state,
        notice: { kind: 'info', text: `line ${lineNo} of ${name(files[0]!)}; also ${others.join(', ')}` },
      },
      ...jumped.effects,
    );
  },
};

export const gotoBar: ViewSpec<AppContext> = {
  id: 'goto-bar',
  title: 'the line bar',
  takesText: true,
  commands: [go, cancel, erase, clear],
};
