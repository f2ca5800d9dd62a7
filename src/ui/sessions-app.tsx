import { Box, useApp } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import type { SessionList } from '../store/session-list.js';
import type { TraceStore } from '../store/trace-store.js';
import { App, type AppProps } from './app.js';
import { Lines } from './components/lines.js';
import { sessionMatches, sessionOrder } from './data/sessions.js';
import { footerLine, inputLine } from './format/chrome.js';
import { helpLines } from './format/help-lines.js';
import { searchCounter } from './format/matches.js';
import { type ScreenLine, seg } from './format/segments.js';
import { sessionHeads, sessionRow, sessionsHeader, shortestStart } from './format/session-lines.js';
import { textBlock } from './format/text-block.js';
import { useCommands } from './hooks/use-commands.js';
import { useOutcome } from './hooks/use-outcome.js';
import { useStoreVersion } from './hooks/use-store-version.js';
import { type Size, useTerminalSize } from './hooks/use-terminal-size.js';
import { type UiStore, useUiState } from './hooks/use-ui-state.js';
import { initialState, type UiState } from './state/ui-state.js';
import { sessionsViewOf } from './views/index.js';
import { type SessionsContext, sessionsHelpView, sessionsView } from './views/sessions.js';
import { footerHints, pressKey } from './views/view.js';

/** A run opened from the list: its store (filling as its files are read), and how to stop reading them. */
export interface OpenedRun {
  store: TraceStore;
  close(): void;
}

export interface SessionsAppProps {
  sessions: SessionList;
  /** Opens run `index` (of `sessions.entries`) as the app opens files named on the command line. */
  openRun(index: number): OpenedRun;
  /** Pins the size (tests); otherwise the terminal's. */
  size?: Size;
  /** What the app showing a run is given besides its store. */
  appProps?: Omit<AppProps, 'store' | 'size' | 'onBack'>;
  /** What the list says when it holds no run (default: that the folder has no recordings). */
  empty?: readonly string[];
}

/**
 * A directory in the app: the Sessions list, one row per run, filled in as runs are
 * read; Enter shows a run in the app, Esc there comes back to the list as it was.
 */
export function SessionsApp({ sessions, openRun, size: fixed, appProps, empty }: SessionsAppProps) {
  // Kept here, not in the list: the list is left while a run is open, and found again as it was.
  const [state, ui] = useUiState(() => initialState());
  const [opened, setOpened] = useState<(OpenedRun & { agent: boolean }) | null>(null);
  useEffect(() => () => opened?.close(), [opened]);
  // An agent's session is its conversation: it opens on Turns.
  if (opened)
    return (
      <App
        {...appProps}
        store={opened.store}
        size={fixed}
        initialPane={opened.agent ? 'turns' : appProps?.initialPane}
        onBack={() => setOpened(null)}
      />
    );
  return (
    <SessionsList
      sessions={sessions}
      state={state}
      ui={ui}
      size={fixed}
      empty={empty ?? ['no .jsonl or .json recordings here']}
      open={(i) => setOpened({ ...openRun(i), agent: Boolean(sessions.entries[i]?.info?.agent) })}
    />
  );
}

interface ListProps {
  sessions: SessionList;
  state: UiState;
  ui: UiStore;
  size?: Size;
  empty: readonly string[];
  open(index: number): void;
}

function SessionsList({ sessions, state, ui, size: fixed, empty, open }: ListProps) {
  const { exit } = useApp();
  const version = useStoreVersion(sessions);
  const size = useTerminalSize(fixed);
  const width = size.columns;
  // Below the header: the column heads, then the rows.
  const height = Math.max(1, size.rows - 3);
  const { entries } = sessions;
  const order = useMemo(() => sessionOrder(entries, state.sessionSort), [version, state.sessionSort, entries]);
  // Narrow, the starts shorten as far as they can and still say which day.
  const shortest = useMemo(() => shortestStart(entries), [version, entries]);
  const query = state.search?.query ?? '';
  const matches = useMemo(
    () => (state.search ? sessionMatches(entries, order, query) : null),
    [state.search !== null, query, order, entries],
  );
  const help = useMemo<ScreenLine[]>(
    () => (state.overlay ? helpLines(width - 1, sessionsView, sessionsHelpView) : []),
    [state.overlay !== null, width],
  );
  const bounds = { count: state.overlay ? help.length : order.length, height: state.overlay ? height + 1 : height };
  const list = state.lists.calls;
  // Typing a search goes to its first match at or after the selection.
  useEffect(() => {
    if (state.input?.kind !== 'search' || !matches?.length) return;
    const next = matches.find((m) => m >= list.selected) ?? matches[0]!;
    if (next !== list.selected) ui.dispatch({ type: 'search.goto', index: next, bounds });
  }, [query]);

  const view = sessionsViewOf(state);
  const context: SessionsContext = { state, bounds, entries, order, matches };
  const perform = useOutcome(ui, { quit: exit, openRun: open });
  useCommands(
    view,
    (key) => {
      const now = ui.get();
      perform(pressKey(sessionsViewOf(now), key, { ...context, state: now }));
    },
    (text) => ui.dispatch({ type: 'input.text', text }),
  );

  let body: ScreenLine[];
  let position = '';
  if (state.overlay) body = help.slice(state.overlay.scroll, state.overlay.scroll + height + 1);
  else {
    const matched = new Set(matches ?? []);
    body = [sessionHeads(width, state.sessionSort, shortest)];
    for (let i = list.windowStart; i < Math.min(order.length, list.windowStart + height); i++)
      body.push(sessionRow(entries[order[i]!]!, width, i === list.selected, matched.has(i), shortest));
    if (order.length === 0)
      for (const text of empty)
        for (const line of textBlock(text, Math.max(1, width - 1), height).lines) body.push([seg(` ${line}`, 'dim')]);
    position = order.length
      ? `${(list.selected + 1).toLocaleString('en-US')} of ${order.length.toLocaleString('en-US')}`
      : '';
    if (matches) position = `${searchCounter({ query, positions: matches }, list.selected)} · ${position}`;
  }
  const hints = (room: number) => footerHints(view, context, state.input ? ' · ' : '  ', room);
  return (
    <Box flexDirection="column" width={width} height={size.rows}>
      <Lines lines={[sessionsHeader(entries, sessions.read, state.sessionSort, width)]} width={width} height={1} />
      <Lines lines={body} width={width} height={size.rows - 2} />
      <Lines
        lines={[
          state.input
            ? inputLine(state.input, matches ? { positions: matches } : null, hints, state.notice, width)
            : footerLine(hints, position, state.notice, width),
        ]}
        width={width}
        height={1}
      />
    </Box>
  );
}
