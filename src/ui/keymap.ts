/**
 * THE key table. Shortcuts are defined only in this file: the input dispatcher,
 * the footer hints, the `?` overlay and docs/keybindings.md are all derived from it.
 */

/** A key as a name: a printable character, or one of the named keys below. */
export type KeyName =
  | 'up'
  | 'down'
  | 'pageUp'
  | 'pageDown'
  | 'home'
  | 'end'
  | 'enter'
  | 'escape'
  | 'tab'
  | 'shift-tab'
  | 'ctrl-c'
  | 'ctrl-d'
  | 'ctrl-u'
  | 'backspace'
  | (string & {});

export type Scope = 'global' | 'list' | 'calls' | 'turns' | 'detail' | 'input' | 'search';

export interface Binding {
  keys: readonly KeyName[];
  description: string;
  /** Short label for the footer; no label = not shown there. */
  hint?: string;
  scope: Scope;
  category: 'Move' | 'Panes' | 'View' | 'Find' | 'App';
}

export const KEYMAP = {
  'list.down': { keys: ['j', 'down'], description: 'Next row', scope: 'list', category: 'Move' },
  'list.up': { keys: ['k', 'up'], description: 'Previous row', scope: 'list', category: 'Move' },
  'list.halfDown': { keys: ['ctrl-d'], description: 'Half a page down', scope: 'list', category: 'Move' },
  'list.halfUp': { keys: ['ctrl-u'], description: 'Half a page up', scope: 'list', category: 'Move' },
  'list.pageDown': { keys: ['pageDown'], description: 'A page down', scope: 'list', category: 'Move' },
  'list.pageUp': { keys: ['pageUp'], description: 'A page up', scope: 'list', category: 'Move' },
  'list.top': { keys: ['g', 'home'], description: 'First row', scope: 'list', category: 'Move' },
  'list.bottom': {
    keys: ['G', 'end'],
    description: 'Last row (and follow new rows)',
    hint: 'end',
    scope: 'list',
    category: 'Move',
  },
  'list.goto': {
    keys: [':'],
    description: 'Go to a line of the trace file: its record, or the next one the pane lists (a response: its call)',
    scope: 'list',
    category: 'Move',
  },
  'list.nextProblem': {
    keys: [']'],
    description: 'Next problem: a failed call, a turn with a failed tool result, an llm.error, a skipped line',
    scope: 'list',
    category: 'Move',
  },
  'list.prevProblem': { keys: ['['], description: 'Previous problem', scope: 'list', category: 'Move' },
  'list.open': {
    keys: ['enter'],
    description: 'Open the detail view of the selected row',
    hint: 'detail',
    scope: 'list',
    category: 'View',
  },
  'calls.sort': {
    keys: ['s'],
    description: 'Sort calls by latency, slowest first; again: back to time order',
    hint: 'sort',
    scope: 'calls',
    category: 'View',
  },
  'view.clock': {
    keys: ['T'],
    description: 'Show times as UTC clock times (14:00:05.920) instead of offsets from the start, and back',
    scope: 'global',
    category: 'View',
  },
  'turns.thinking': {
    keys: ['t'],
    description: 'Expand or collapse thinking blocks',
    hint: 'thinking',
    scope: 'turns',
    category: 'View',
  },
  'turns.echoed': {
    keys: ['e'],
    description: 'Show or hide echoed resends (kept in the trace, hidden by default)',
    hint: 'echoed',
    scope: 'turns',
    category: 'View',
  },
  'link.jump': {
    keys: ['l'],
    description: 'Jump between a tool_use (Turns) and its tools/call (Calls): same tool and arguments, nearest in time',
    hint: 'link',
    scope: 'global',
    category: 'View',
  },
  'record.write': {
    keys: ['w'],
    description: 'Write the selected record (with a filter: every filtered record) to a JSONL file and show its path',
    hint: 'write',
    scope: 'global',
    category: 'View',
  },
  'record.copy': {
    keys: ['y'],
    description: 'Copy the selected record to the clipboard (OSC 52: works over SSH and in tmux)',
    hint: 'copy',
    scope: 'global',
    category: 'View',
  },
  'detail.close': {
    keys: ['escape', 'backspace'],
    description: 'Close the detail view or help',
    hint: 'back',
    scope: 'detail',
    category: 'View',
  },
  'pane.calls': {
    keys: ['1'],
    description: 'Calls: every RPC call, both directions',
    scope: 'global',
    category: 'Panes',
  },
  'pane.turns': { keys: ['2'], description: 'Turns: the LLM conversation', scope: 'global', category: 'Panes' },
  'pane.usage': {
    keys: ['3'],
    description: 'Usage: tokens, cost and latency per model, tool and method',
    scope: 'global',
    category: 'Panes',
  },
  'pane.events': {
    keys: ['4'],
    description: 'Events: every record in file order, skipped lines included',
    scope: 'global',
    category: 'Panes',
  },
  'pane.next': { keys: ['tab'], description: 'Next pane', hint: 'pane', scope: 'global', category: 'Panes' },
  'pane.prev': { keys: ['shift-tab'], description: 'Previous pane', scope: 'global', category: 'Panes' },
  'search.open': {
    keys: ['/'],
    description: 'Search this pane (method, tool, model, role, error text): type, Enter keeps the match',
    hint: 'search',
    scope: 'list',
    category: 'Find',
  },
  'detail.search': {
    keys: ['/'],
    description: 'Search the text of the detail view or help (smart case); n and N step through the matches',
    hint: 'search',
    scope: 'detail',
    category: 'Find',
  },
  'search.next': { keys: ['n'], description: 'Next search match', hint: 'next', scope: 'search', category: 'Find' },
  'search.prev': { keys: ['N'], description: 'Previous search match', scope: 'search', category: 'Find' },
  'filter.open': {
    keys: ['f'],
    description: 'Filter every pane and the usage numbers (e.g. status:error tool:read_*)',
    hint: 'filter',
    scope: 'global',
    category: 'Find',
  },
  'filter.clear': { keys: ['F'], description: 'Clear the filter', scope: 'global', category: 'Find' },
  'input.submit': {
    keys: ['enter'],
    description: 'Search: keep the match; filter: apply',
    hint: 'ok',
    scope: 'input',
    category: 'Find',
  },
  'input.cancel': {
    keys: ['escape'],
    description: 'Leave the search (keeping the position) or the filter bar (keeping the old filter)',
    hint: 'cancel',
    scope: 'input',
    category: 'Find',
  },
  'input.delete': { keys: ['backspace'], description: 'Delete the last character', scope: 'input', category: 'Find' },
  'app.help': { keys: ['?'], description: 'Show or hide this help', hint: 'help', scope: 'global', category: 'App' },
  'app.quit': {
    keys: ['q', 'ctrl-c'],
    description: 'Quit and restore the terminal',
    hint: 'quit',
    scope: 'global',
    category: 'App',
  },
} as const satisfies Record<string, Binding>;

export type Command = keyof typeof KEYMAP;

/** How a key reads in help and hints. */
export function keyLabel(key: KeyName): string {
  const names: Record<string, string> = {
    up: '↑',
    down: '↓',
    pageUp: 'PgUp',
    pageDown: 'PgDn',
    home: 'Home',
    end: 'End',
    enter: 'Enter',
    escape: 'Esc',
    tab: 'Tab',
    'shift-tab': 'S-Tab',
    'ctrl-c': 'C-c',
    'ctrl-d': 'C-d',
    'ctrl-u': 'C-u',
    backspace: 'Bksp',
  };
  return names[key] ?? key;
}

/** Every binding, grouped by category (in the order categories first appear), for help and docs. */
export function bindings(): [Command, Binding][] {
  const all = Object.entries(KEYMAP) as [Command, Binding][];
  const order = [...new Set(all.map(([, b]) => b.category))];
  return order.flatMap((c) => all.filter(([, b]) => b.category === c));
}
