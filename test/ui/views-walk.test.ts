import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../src/store/session-list.js';
import { sessionMatches, sessionOrder } from '../../src/ui/data/sessions.js';
import { KEYMAP, type KeyName, keyLabel, keyNamed } from '../../src/ui/keymap.js';
import { initialState, type PaneId, type UiState } from '../../src/ui/state/ui-state.js';
import type { AppContext } from '../../src/ui/views/app-context.js';
import type { DiffContext } from '../../src/ui/views/diff.js';
import { APP_VIEWS, appView, DIFF_VIEWS, diffView, sessionsViewOf } from '../../src/ui/views/index.js';
import { SESSIONS_VIEWS, type SessionsContext, sessionsView } from '../../src/ui/views/sessions.js';
import {
  type BaseContext,
  footerHints,
  keysOf,
  type Outcome,
  pressKey,
  type ViewSpec,
} from '../../src/ui/views/view.js';
import { appContext } from '../helpers/contexts.js';
import { demoStore } from '../helpers/demo.js';
import { storeOf } from '../helpers/store.js';

/*
 * Every view, every key it advertises (in help: all it handles; in the footer: those
 * with a label), pressed: the state changes, an effect is asked for, or a message
 * names why not. Commands are plain functions of a context, so no Ink is needed.
 */

const HEIGHT = 4;
/** Keeps every row: the filter is on, so F has something to clear. */
const KEEP_ALL = '-tool:no_such_tool';

/** What a key press did, or null for nothing at all. */
function whatHappened(out: Outcome, before: UiState): string | null {
  const effects = out.effects.filter((e) => e.type !== 'fade');
  if (effects.length) return effects.map((e) => e.type).join(' ');
  if (!isDeepStrictEqual({ ...out.state, notice: null }, { ...before, notice: null })) return 'state';
  if (out.state.notice && !out.state.notice.text.includes(': not in ')) return `said: ${out.state.notice.text}`;
  return null;
}

/** The keys the footer advertises, as key names of the view. */
function footerKeys<C extends BaseContext>(view: ViewSpec<C>, ctx: C, separator = '  '): KeyName[] {
  const hints = footerHints(view, ctx, separator);
  return hints
    ? hints.split(separator).map((hint) => {
        const label = hint.split(' ')[0]!;
        const key = keysOf(view).find((k) => keyLabel(k) === label);
        expect(key, `${view.id} advertises ${hint}, a key it does not handle`).toBeDefined();
        return key!;
      })
    : [];
}

function walk<C extends BaseContext>(view: ViewSpec<C>, ctx: C, separator = '  '): Record<string, string | null> {
  const result: Record<string, string | null> = {};
  for (const key of new Set([...keysOf(view), ...footerKeys(view, ctx, separator)]))
    result[key] = whatHappened(pressKey(view, key, ctx), ctx.state);
  return result;
}

const nothing = (r: Record<string, string | null>) => Object.keys(r).filter((k) => r[k] === null);

describe('every view, every key it advertises', () => {
  const store = demoStore();
  const withFilter = initialState({ filter: KEEP_ALL });

  /** A list's state in the middle of its rows, a search with matches in effect. */
  function inList(pane: PaneId, query: string): UiState {
    const n = appContext(store, { ...withFilter, pane }, HEIGHT).bounds.count;
    const lists = { ...withFilter.lists, [pane]: { selected: Math.floor(n / 2), windowStart: Math.floor(n / 2) - 1 } };
    return { ...withFilter, pane, lists, search: { query, inOverlay: false } };
  }
  const calls = appContext(store, withFilter, HEIGHT).views.calls;
  const states: Record<string, UiState> = {
    calls: inList('calls', 'read'),
    turns: inList('turns', 'assistant'),
    events: inList('events', 'tools'),
    timeline: inList('timeline', 'read'),
    usage: { ...withFilter, pane: 'usage', lists: { ...withFilter.lists, usage: { selected: 2, windowStart: 2 } } },
    detail: {
      ...withFilter,
      overlay: { type: 'detail', pane: 'calls', row: calls.at(5), scroll: 2, found: -1 },
      search: { query: 'e', inOverlay: true },
    },
    help: {
      ...withFilter,
      overlay: { type: 'help', over: 'calls', scroll: 2, found: -1 },
      search: { query: 'e', inOverlay: true },
    },
    'search-bar': {
      ...withFilter,
      input: { kind: 'search', text: 'read' },
      search: { query: 'read', inOverlay: false },
    },
    'filter-bar': { ...withFilter, input: { kind: 'filter', text: 'status:error' } },
    'goto-bar': { ...withFilter, input: { kind: 'goto', text: '19' } },
  };

  it('has a state for each view of the app', () => {
    expect(Object.keys(states).sort()).toEqual(APP_VIEWS.map((v) => v.id).sort());
    for (const [id, state] of Object.entries(states)) expect(appView(state).id).toBe(id);
  });

  it.each(APP_VIEWS.map((v) => [v.id, v] as const))('%s: every key acts', (id, view) => {
    const ctx = appContext(store, states[id]!, HEIGHT);
    if (!view.takesText && id !== 'usage') expect(ctx.matches?.length, `${id} has search matches`).toBeGreaterThan(0);
    expect(nothing(walk(view, ctx, view.takesText ? ' · ' : '  '))).toEqual([]);
  });

  // detail has no record to open when there are no rows.
  it.each(APP_VIEWS.filter((v) => v.id !== 'detail').map((v) => [v.id, v] as const))(
    '%s, with no rows at all: every key acts or says why',
    (id, view) => {
      const empty = storeOf([]);
      const state = { ...states[id]!, lists: initialState().lists };
      const ctx: AppContext = appContext(empty, state, HEIGHT);
      const result = walk(view, ctx, view.takesText ? ' · ' : '  ');
      expect(nothing(result)).toEqual([]);
      if (['calls', 'turns', 'events'].includes(id)) {
        expect(result.j).toBe('said: j: no rows');
        expect(result.enter).toBe('said: Enter: no rows');
      }
    },
  );

  it.each(APP_VIEWS.filter((v) => !v.takesText).map((v) => [v.id, v] as const))(
    '%s: a narrow footer keeps ? help and q quit, and leaves out the least needed first',
    (id, view) => {
      const ctx = appContext(store, states[id]!, HEIGHT);
      const all = footerHints(view, ctx).split('  ');
      expect(all).toContain('q quit');
      for (let room = 14; room <= 130; room++) {
        const shown = footerHints(view, ctx, '  ', room);
        const hints = shown.split('  ');
        expect(hints[0], `${id} at ${room}`).toBe('? help');
        expect(hints, `${id} at ${room}`).toContain('q quit');
        expect(shown.length, `${id} at ${room}: ${shown}`).toBeLessThanOrEqual(room);
        // What is shown keeps its order, and a hint left out at this width stays out when narrower.
        expect(all.filter((h) => hints.includes(h))).toEqual(hints);
        if (room > 14)
          expect(
            footerHints(view, ctx, '  ', room - 1)
              .split('  ')
              .every((h) => hints.includes(h)),
          ).toBe(true);
      }
    },
  );

  it.each(APP_VIEWS.filter((v) => !v.takesText).map((v) => [v.id, v] as const))(
    '%s: short of room, / search is the last to go after ? help, q quit and Esc back',
    (id, view) => {
      const ctx = appContext(store, states[id]!, HEIGHT);
      expect(footerHints(view, ctx).split('  ')).toContain('/ search');
      for (let room = 14; room <= 130; room++) {
        const hints = footerHints(view, ctx, '  ', room).split('  ');
        const others = hints.filter((h) => !['? help', 'q quit', 'Esc back', '/ search'].includes(h));
        if (others.length) expect(hints, `${id} at ${room}`).toContain('/ search');
      }
    },
  );

  it('says for a moment that a key does nothing in a view, changing nothing else', () => {
    for (const view of APP_VIEWS) {
      if (view.takesText) continue;
      const ctx = appContext(store, states[view.id]!, HEIGHT);
      const others = Object.values(KEYMAP)
        .flatMap((b) => b.keys)
        .filter((k) => !keysOf(view).includes(k));
      for (const key of [...new Set(others), 'x']) {
        const out = pressKey(view, key, ctx);
        expect(out.state).toEqual({
          ...ctx.state,
          notice: { kind: 'error', text: `${keyNamed(key)}: not in ${view.title} (? for keys)` },
        });
        expect(out.effects).toEqual([{ type: 'fade' }]);
      }
    }
  });

  it('no longer advertises the dead keys (issue 16, item 7)', () => {
    const usage = appContext(store, states.usage!, HEIGHT);
    const view = appView(usage.state);
    for (const key of ['l', 'w', 'y', ':', ']', '[']) expect(keysOf(view), key).not.toContain(key);
    const help = appView(states.help!);
    for (const key of ['l', 'w', 'y', 'enter']) expect(keysOf(help), key).not.toContain(key);
  });

  it('e in Turns keeps the selected turn selected, or the next one shown when it is hidden', () => {
    const ctx = appContext(store, { ...initialState(), pane: 'turns' }, HEIGHT);
    const turns = ctx.views.turns;
    const shown = pressKey(appView(ctx.state), 'e', {
      ...ctx,
      state: { ...ctx.state, lists: { ...ctx.state.lists, turns: { selected: 3, windowStart: 0 } } },
    });
    const all = appContext(store, shown.state, HEIGHT).views.turns;
    expect(all.length).toBe(turns.length + 1);
    expect(all.at(shown.state.lists.turns.selected)).toBe(turns.at(3));
    // Back: on the echoed turn, which is hidden again, the selection goes to the turn after it.
    const echoed = [...Array(all.length).keys()].find(
      (i) => !Array.from({ length: turns.length }, (_, j) => turns.at(j)).includes(all.at(i)),
    );
    expect(echoed).toBeDefined();
    expect(echoed! + 1).toBeLessThan(all.length);
    const onEchoed = { ...shown.state, lists: { ...shown.state.lists, turns: { selected: echoed!, windowStart: 0 } } };
    const hidden = pressKey(appView(onEchoed), 'e', appContext(store, onEchoed, HEIGHT));
    expect(turns.at(hidden.state.lists.turns.selected)).toBe(all.at(echoed! + 1));
  });
});

describe('the diff views, every key they advertise', () => {
  const list = { length: 5, at: (i: number) => i };
  const base = initialState();
  const states: Record<string, UiState> = {
    'diff-list': { ...base, lists: { ...base.lists, calls: { selected: 2, windowStart: 1 } } },
    'diff-detail': { ...base, overlay: { type: 'detail', pane: 'calls', row: 2, scroll: 2, found: -1 } },
    'diff-help': { ...base, overlay: { type: 'help', over: 'calls', scroll: 2, found: -1 } },
  };
  const ctxOf = (state: UiState, count: number): DiffContext => ({
    state,
    list: { ...list, length: count },
    bounds: { count: state.overlay ? 40 : count, height: HEIGHT },
    // The list: rows 0 and 4 differ (the selection is between them); side by side: stretches at lines 1 and 30.
    changes: count === 0 ? [] : state.overlay ? [1, 30] : [0, 4],
  });

  it.each(DIFF_VIEWS.map((v) => [v.id, v] as const))('%s: every key acts, or says why with no calls', (id, view) => {
    expect(diffView(states[id]!).id).toBe(id);
    expect(nothing(walk(view, ctxOf(states[id]!, 5)))).toEqual([]);
    if (id === 'diff-list') {
      const result = walk(view, ctxOf(base, 0));
      expect(nothing(result)).toEqual([]);
      expect(result.enter).toBe('said: Enter: no calls');
    }
  });

  it('advertises only what it handles: no l, w, y, Tab, /, s, T or f', () => {
    const view = diffView(states['diff-list']!);
    for (const key of ['l', 'w', 'y', 'tab', '/', 's', 'T', 'f']) expect(keysOf(view), key).not.toContain(key);
    expect(footerHints(view, ctxOf(states['diff-list']!, 5))).toBe('? help  G end  ] next diff  Enter detail  q quit');
    expect(footerHints(diffView(states['diff-detail']!), ctxOf(states['diff-detail']!, 5))).toBe(
      '? help  ] next diff  Esc back  q quit',
    );
    // Nothing differs: ] and [ say so, and ] leaves the footer.
    const same = { ...ctxOf(states['diff-list']!, 5), changes: [] };
    expect(footerHints(view, same)).toBe('? help  G end  Enter detail  q quit');
    expect(pressKey(view, ']', same).state.notice).toEqual({ kind: 'error', text: ']: no call differs' });
  });

  it('] and [ step through the differing calls, and the changed stretches side by side', () => {
    const list = diffView(states['diff-list']!);
    const ctx = ctxOf(states['diff-list']!, 5);
    expect(pressKey(list, ']', ctx).state.lists.calls.selected).toBe(4);
    expect(pressKey(list, '[', ctx).state.lists.calls.selected).toBe(0);
    const last = {
      ...ctx,
      state: { ...ctx.state, lists: { ...ctx.state.lists, calls: { selected: 4, windowStart: 1 } } },
    };
    expect(pressKey(list, ']', last).state.notice).toEqual({ kind: 'error', text: 'no difference below this call' });
    const detail = diffView(states['diff-detail']!);
    // From the top line shown (2), ] goes to the stretch at 30, scrolled into view and current; [ to the one at 1.
    const next = pressKey(detail, ']', ctxOf(states['diff-detail']!, 5)).state.overlay!;
    expect([next.found, next.scroll]).toEqual([30, 29]);
    const back = pressKey(detail, '[', {
      ...ctxOf(states['diff-detail']!, 5),
      state: { ...states['diff-detail']!, overlay: next },
    });
    expect(back.state.overlay!.found).toBe(1);
    expect(pressKey(detail, '[', ctxOf(states['diff-detail']!, 5)).state.overlay!.found).toBe(1);
  });
});

describe('the Sessions list views, every key they advertise', () => {
  const entries: SessionEntry[] = ['b-run', 'a-run', 'c-run', 'd-run', 'e-run'].map((id, i) => ({
    run: { id: `dir/${id}`, files: [`dir/${id}.agent.jsonl`, `dir/${id}.mcp.jsonl`], mtimeMs: 1000 - i },
    info: null,
    figures: null,
    problems: [],
  }));
  const base = initialState();
  const order = sessionOrder(entries, base.sessionSort);
  const ctxOf = (state: UiState, shown = entries): SessionsContext => {
    const o = sessionOrder(shown, state.sessionSort);
    const matches = state.search ? sessionMatches(shown, o, state.search.query) : null;
    return {
      state,
      entries: shown,
      order: o,
      matches,
      bounds: { count: state.overlay ? 40 : o.length, height: HEIGHT },
    };
  };
  const states: Record<string, UiState> = {
    sessions: {
      ...base,
      lists: { ...base.lists, calls: { selected: 2, windowStart: 1 } },
      search: { query: 'run', inOverlay: false },
    },
    'sessions-search-bar': {
      ...base,
      input: { kind: 'search', text: 'a-r' },
      search: { query: 'a-r', inOverlay: false },
    },
    'sessions-help': { ...base, overlay: { type: 'help', over: 'calls', scroll: 2, found: -1 } },
  };

  it('has a state for each view', () => {
    expect(Object.keys(states).sort()).toEqual(SESSIONS_VIEWS.map((v) => v.id).sort());
    for (const [id, state] of Object.entries(states)) expect(sessionsViewOf(state).id).toBe(id);
  });

  it.each(SESSIONS_VIEWS.map((v) => [v.id, v] as const))('%s: every key acts, or says why with no runs', (id, view) => {
    const ctx = ctxOf(states[id]!);
    if (id === 'sessions') expect(ctx.matches?.length).toBe(5);
    expect(nothing(walk(view, ctx, view.takesText ? ' · ' : '  '))).toEqual([]);
    const empty = walk(view, ctxOf({ ...states[id]!, lists: base.lists }, []), view.takesText ? ' · ' : '  ');
    expect(nothing(empty)).toEqual([]);
    if (id === 'sessions') {
      expect(empty.enter).toBe('said: Enter: no runs in this directory');
      expect(empty.j).toBe('said: j: no runs in this directory');
    }
  });

  it('Enter opens the selected run; s sorts by the next column, the selected run still selected', () => {
    const ctx = ctxOf(states.sessions!);
    expect(pressKey(sessionsView, 'enter', ctx).effects).toEqual([{ type: 'open-run', index: order[2]! }]);
    const sorted = pressKey(sessionsView, 's', ctx).state;
    expect(sorted.sessionSort).toBe('label');
    const byLabel = sessionOrder(entries, 'label');
    expect(byLabel[sorted.lists.calls.selected]).toBe(order[2]);
  });

  it('Esc in a pane goes back to the list only when the run came from one', () => {
    const store = demoStore();
    const from = appContext(store, initialState(), HEIGHT, 100, [], true);
    expect(pressKey(appView(from.state), 'escape', from).effects).toEqual([{ type: 'back' }]);
    expect(footerHints(appView(from.state), from)).toContain('Esc sessions');
    const alone = appContext(store, initialState(), HEIGHT);
    expect(pressKey(appView(alone.state), 'escape', alone).state.notice?.text).toBe(
      'Esc: no Sessions list (open a directory for one)',
    );
    expect(footerHints(appView(alone.state), alone)).not.toContain('Esc');
  });
});
