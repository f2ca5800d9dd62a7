/**
 * THE key table. Shortcuts are defined only in this file: the input dispatcher,
 * the footer hints, the `?` overlay and docs/keybindings.md are all derived from it.
 * Which views handle a command is not said here: each view declares its commands
 * (`views/`), so no key is listed where it does nothing. The panes' number keys come from
 * the list of panes (`panes/list.ts`).
 */
import type { Binding, KeyName } from './binding.js';
import { PANE_LIST, PANE_OWN_KEYS, type PaneId } from './panes/list.js';

export { type Binding, isCtrlLetter, type KeyName, NAMED_KEYS } from './binding.js';

/** `1` shows the first pane, `2` the second…: `pane.calls`, its help from the pane's `about`. */
const PANE_KEYS = Object.fromEntries(
  PANE_LIST.map((p, i): [string, Binding] => [
    `pane.${p.id}`,
    { keys: [String(i + 1)], description: `${p.title}: ${p.about}`, category: 'Panes' },
  ]),
) as Record<`pane.${PaneId}`, Binding>;

export const KEYMAP = {
  'list.down': { keys: ['j', 'down'], description: 'Next row', category: 'Move' },
  'list.up': { keys: ['k', 'up'], description: 'Previous row', category: 'Move' },
  'list.halfDown': { keys: ['ctrl-d'], description: 'Half a page down', category: 'Move' },
  'list.halfUp': { keys: ['ctrl-u'], description: 'Half a page up', category: 'Move' },
  'list.pageDown': { keys: ['pageDown'], description: 'A page down', category: 'Move' },
  'list.pageUp': { keys: ['pageUp'], description: 'A page up', category: 'Move' },
  'list.top': { keys: ['g', 'home'], description: 'First row', category: 'Move' },
  'list.bottom': {
    keys: ['G', 'end'],
    description: 'Last row',
    hint: 'end',
    category: 'Move',
  },
  'list.goto': {
    keys: [':'],
    description: 'Go to a line (llm 27: of the file so marked) or a time (+6m10s, ISO): its record, or the next listed',
    category: 'Move',
  },
  'list.nextProblem': {
    keys: [']'],
    description: 'Next problem: a failed call, a turn with a failed tool result, an llm.error, a skipped line',
    category: 'Move',
  },
  'list.prevProblem': { keys: ['['], description: 'Previous problem', category: 'Move' },
  'diff.next': {
    keys: [']'],
    description: 'Next difference: in the diff list a call that is not the same, side by side a changed line',
    hint: 'next diff',
    category: 'Move',
  },
  'diff.prev': { keys: ['['], description: 'Previous difference', category: 'Move' },
  'list.open': {
    keys: ['enter'],
    description: 'Open the detail view of the selected row',
    hint: 'detail',
    category: 'View',
  },
  'calls.sort': {
    keys: ['s'],
    description: 'Sort calls slowest first (selects the slowest); again: time order, same call',
    hint: 'sort',
    category: 'View',
  },
  'usage.apply': {
    keys: ['enter'],
    description: 'Filter by the selected model (then Turns), tool or method (then Calls)',
    hint: 'show',
    category: 'View',
  },
  'usage.sort': {
    keys: ['o'],
    description: 'Sort the usage tables by the next column: calls, cost, errors, p95',
    hint: 'sort',
    category: 'View',
  },
  'sessions.open': {
    keys: ['enter'],
    description: 'Open the selected run: its agent and mcp planes together, as if both files were named',
    hint: 'open',
    category: 'View',
  },
  'sessions.sort': {
    keys: ['s'],
    description: 'Sort the sessions by the next column: start, label, model, duration, calls, errors, tokens, cost',
    hint: 'sort',
    category: 'View',
  },
  'view.clock': {
    keys: ['T'],
    description: 'Show times as UTC clock times (14:00:05.920) instead of offsets from the start, and back',
    category: 'View',
  },
  'turns.thinking': {
    keys: ['t'],
    description: 'Expand or collapse thinking blocks',
    hint: 'thinking',
    category: 'View',
  },
  'turns.echoed': {
    keys: ['e'],
    description: 'Show or hide echoed resends (kept in the trace, hidden by default)',
    hint: 'echoed',
    category: 'View',
  },
  'marks.toggle': {
    keys: ['m'],
    description: 'Mark or unmark the selected row (◆; kept for this file while it is unchanged)',
    hint: 'mark',
    category: 'View',
  },
  'marks.next': {
    keys: ['u'],
    description: 'Next marked record (in record order, going round), in the pane that lists it',
    category: 'Move',
  },
  'marks.prev': { keys: ['U'], description: 'Previous marked record', category: 'Move' },
  'link.jump': {
    keys: ['l'],
    description: 'Jump between a tool_use (Turns) and the tools/call it became (Calls), and back',
    hint: 'link',
    category: 'View',
  },
  'record.write': {
    keys: ['w'],
    description: 'Write the record to a JSONL file (in a list: the marked ones, else with a filter every match)',
    hint: 'write',
    category: 'View',
  },
  'record.copy': {
    keys: ['y'],
    description: 'Copy the selected record to the clipboard (OSC 52: works over SSH and in tmux)',
    hint: 'copy',
    category: 'View',
  },
  'tree.toggle': {
    keys: [' '],
    description:
      'In the detail view: fold or unfold the node under the cursor (a long string: show it whole, or its first 20 lines)',
    hint: 'fold',
    category: 'View',
  },
  'tree.fold': {
    keys: ['h', 'left'],
    description: 'Fold the node under the cursor; when it is folded, go to its parent',
    category: 'View',
  },
  'tree.unfold': { keys: ['right'], description: 'Unfold the node under the cursor', category: 'View' },
  'tree.foldAll': { keys: ['z'], description: 'Fold everything below the top level (as 1 does)', category: 'View' },
  'tree.unfoldAll': { keys: ['Z'], description: 'Unfold everything', category: 'View' },
  'tree.depth': {
    keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
    description:
      'In the detail view: fold to that depth (1: the parts, 2: their fields…); the panes are Tab and S-Tab there',
    category: 'View',
  },
  'tree.raw': {
    keys: ['r'],
    description: 'Show the string under the cursor as its raw JSON line, or as text again',
    hint: 'raw',
    category: 'View',
  },
  'tree.json': {
    keys: ['J'],
    description: 'Open a string that holds JSON (marked JSON) as a tree in place, or close it again',
    hint: 'JSON',
    category: 'View',
  },
  'tree.copy': {
    keys: ['y'],
    description:
      'In the detail view: copy the value under the cursor as JSON (at the top: the whole record) with OSC 52',
    hint: 'copy',
    category: 'View',
  },
  'tree.copyPath': {
    keys: ['Y'],
    description: 'Copy the path of the node under the cursor, in jq syntax (.response.raw.result), with OSC 52',
    hint: 'path',
    category: 'View',
  },
  'turns.open': {
    keys: [' '],
    description: "Show the selected turn's long texts whole, or fold them again; at a tall turn's end, the next turn",
    hint: 'more',
    category: 'View',
  },
  'detail.close': {
    keys: ['escape', 'backspace'],
    description: 'Close the detail view or help',
    hint: 'back',
    category: 'View',
  },
  ...PANE_KEYS,
  'pane.next': { keys: ['tab'], description: 'Next pane', hint: 'pane', category: 'Panes' },
  'pane.prev': { keys: ['shift-tab'], description: 'Previous pane', category: 'Panes' },
  'sessions.back': {
    keys: ['escape'],
    description: 'Leave a search kept after Enter; else back to the Sessions list, from a run opened from it',
    hint: 'sessions',
    category: 'Panes',
  },
  'search.open': {
    keys: ['/'],
    description: 'Search this pane (method, tool, model, role, error text): type, Enter keeps the match',
    hint: 'search',
    category: 'Find',
  },
  'detail.search': {
    keys: ['/'],
    description: 'Search the text of the detail view or help (smart case); n and N step through the matches',
    hint: 'search',
    category: 'Find',
  },
  'sessions.search': {
    keys: ['/'],
    description: 'Search the runs by name or label (smart case): type, Enter keeps the match',
    hint: 'search',
    category: 'Find',
  },
  'search.next': { keys: ['n'], description: 'Next search match', hint: 'next', category: 'Find' },
  'search.prev': { keys: ['N'], description: 'Previous search match', category: 'Find' },
  'filter.open': {
    keys: ['f'],
    description: 'Filter every pane and the usage numbers (e.g. status:error tool:read_*)',
    hint: 'filter',
    category: 'Find',
  },
  'filter.clear': { keys: ['F'], description: 'Clear the filter', category: 'Find' },
  'input.submit': {
    keys: ['enter'],
    description: 'Search: keep the match; filter: apply; line: go there',
    hint: 'ok',
    category: 'Find',
  },
  'input.cancel': {
    keys: ['escape'],
    description: 'Leave the search (keeping the position) or the filter bar (keeping the old filter)',
    hint: 'cancel',
    category: 'Find',
  },
  'input.complete': {
    keys: ['tab'],
    description: 'In the filter bar: complete a field name, or a tool, model, method, status or dir of this trace',
    hint: 'complete',
    category: 'Find',
  },
  'input.older': {
    keys: ['up'],
    description: 'In the filter bar: the filter applied before this one (the last 100 are kept)',
    category: 'Find',
  },
  'input.newer': { keys: ['down'], description: 'In the filter bar: the filter applied after it', category: 'Find' },
  'input.delete': { keys: ['backspace'], description: 'Delete the last character', category: 'Find' },
  'input.clear': { keys: ['ctrl-u'], description: 'Clear the bar, as a shell does', category: 'Find' },
  'app.help': { keys: ['?'], description: 'Show or hide this help', hint: 'help', category: 'App' },
  'app.quit': {
    keys: ['q', 'ctrl-c'],
    description: 'Quit and restore the terminal',
    hint: 'quit',
    category: 'App',
  },
  // A pane's own keys (its about.ts), listed in help and docs after the rest of their category.
  ...PANE_OWN_KEYS,
} as const satisfies Record<string, Binding>;

export type Command = keyof typeof KEYMAP;

/** Keys a config file puts in place of a command's defaults (`keys` in config.json, cli/config.ts). */
let overrides: Partial<Record<Command, readonly KeyName[]>> = {};
let generation = 0;

/**
 * Rebinds commands for this run: each named command gets exactly the keys given, the
 * others keep their defaults. Set once at start, before the first frame; the
 * dispatcher, the footer and `?` all read the table through `keysFor` and `bindings`.
 */
export function setKeyOverrides(keys: Partial<Record<Command, readonly KeyName[]>>): void {
  overrides = { ...keys };
  generation++;
}

/** The keys that run `command` now: the config's, else the defaults. */
export function keysFor(command: Command): readonly KeyName[] {
  return overrides[command] ?? KEYMAP[command].keys;
}

/** How the first key of `command` reads now (`?`, or the config's): for messages that name a key. */
export const keyOf = (command: Command): string => keyLabel(keysFor(command)[0]!);

/** Counts the rebinds, so what is worked out from the keys (a view's key map) can tell it is stale. */
export const keymapGeneration = (): number => generation;

/** How a key reads in help and hints. */
export function keyLabel(key: KeyName): string {
  const names: Record<string, string> = {
    ' ': 'Space',
    up: '↑',
    down: '↓',
    left: '←',
    right: '→',
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
  return names[key] ?? key.replace(/^ctrl-(?=.)/, 'C-').replace(/^meta-(?=.)/, 'M-');
}

/** A key as a message names it before a colon: `:` itself quoted (`':': not in help`, not `::`). */
export function keyNamed(key: KeyName): string {
  const label = keyLabel(key);
  return label === ':' ? `'${label}'` : label;
}

/** Every binding as in effect (config keys in place), grouped by category (in the order categories first appear), for help and docs. */
export function bindings(): [Command, Binding][] {
  const all = (Object.entries(KEYMAP) as [Command, Binding][]).map(([command, b]): [Command, Binding] => [
    command,
    overrides[command] ? { ...b, keys: overrides[command] } : b,
  ]);
  const order = [...new Set(all.map(([, b]) => b.category))];
  return order.flatMap((c) => all.filter(([, b]) => b.category === c));
}
