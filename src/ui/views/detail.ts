/*
 * The detail view: one record (a call: its request and response) as a JSON tree with
 * a node cursor. Keys move node by node, fold and unfold, copy a value or its path,
 * open a string holding JSON; `/` finds keys and values, n and N go from match to match,
 * unfolding what hides them. The tree's functions are pure (ui/tree/).
 */

import { inertJson } from '../../kit/text.js';
import { detailRows } from '../data/detail.js';
import { type Command, keyOf } from '../keymap.js';
import { indexOf, ROOT } from '../tree/forest.js';
import { NodeKind } from '../tree/json-tree.js';
import {
  foldOrParent,
  foldToDepth,
  goTo,
  initialTree,
  move,
  scroll,
  type TreeFrame,
  type TreeState,
  toEnd,
  toggle,
  toggleJson,
  toggleRaw,
  toStart,
  unfold,
  whyNotJson,
  whyNotRaw,
  whyNotToggle,
  whyNotUnfold,
} from '../tree/tree-state.js';
import type { AppContext, DetailTree } from './app-context.js';
import { close, help, quit } from './common.js';
import { filter, panes, search } from './list-commands.js';
import { link, write } from './record-commands.js';
import { act, type CommandSpec, outcome, say, type ViewSpec } from './view.js';

/**
 * The tree as the command sees it: the forest of the frame drawn, the tree state of the
 * latest state (keys typed faster than a frame each see the one before them).
 */
function treeOf(ctx: AppContext): DetailTree {
  const o = ctx.state.overlay;
  return { ...ctx.tree!, state: (o?.type === 'detail' ? o.tree : undefined) ?? initialTree() };
}

/** A command that changes the tree: `next` from the tree as it is. */
function treeCommand(
  command: Command,
  next: (t: DetailTree, key: string) => TreeState,
  disabled?: (t: DetailTree) => string | null,
  hint?: string | null,
): CommandSpec<AppContext> {
  return {
    command,
    run: (ctx, key) => act(ctx, { type: 'tree', tree: next(treeOf(ctx), key) }),
    disabled: (ctx: AppContext) => (ctx.tree ? (disabled?.(treeOf(ctx)) ?? null) : 'the record is still being read'),
    ...(hint !== undefined ? { hint } : {}),
  };
}

/** A command that is one of the tree's functions, with the function that says why it cannot act. */
const on = (
  command: Command,
  next: (f: TreeFrame, t: TreeState) => TreeState,
  why?: (f: TreeFrame, t: TreeState) => string | null,
  hint?: string | null,
) => treeCommand(command, (t) => next(t.frame, t.state), why && ((t) => why(t.frame, t.state)), hint);

const page = (f: TreeFrame) => Math.max(1, f.height);
const alone = (f: TreeFrame, t: TreeState) =>
  f.forest.nextVisible(ROOT, t.flags) < 0 ? 'there is nothing else to move to' : null;

const moves: CommandSpec<AppContext>[] = [
  on('list.down', (f, t) => move(f, t, 1), alone, null),
  on('list.up', (f, t) => move(f, t, -1), alone, null),
  on('list.halfDown', (f, t) => scroll(f, t, Math.max(1, page(f) >> 1)), alone, null),
  on('list.halfUp', (f, t) => scroll(f, t, -Math.max(1, page(f) >> 1)), alone, null),
  on('list.pageDown', (f, t) => scroll(f, t, page(f)), alone, null),
  on('list.pageUp', (f, t) => scroll(f, t, -page(f)), alone, null),
  on('list.top', toStart, alone, null),
  on('list.bottom', toEnd, alone, null),
];

const folds: CommandSpec<AppContext>[] = [
  on('tree.toggle', toggle, whyNotToggle),
  on('tree.fold', foldOrParent, (_, t) => (t.cursor === ROOT ? 'the top has no parent and stays open' : null)),
  on('tree.unfold', unfold, whyNotUnfold),
  on('tree.foldAll', (f, t) => foldToDepth(f, t, 1)),
  on('tree.unfoldAll', (f, t) => foldToDepth(f, t, null)),
  treeCommand('tree.depth', (t, key) => foldToDepth(t.frame, t.state, Number(key))),
  on('tree.raw', toggleRaw, whyNotRaw),
  on('tree.json', toggleJson, whyNotJson),
];

/** y: the value under the cursor as JSON (its text as written; a J-opened string's JSON); at the top, the records. */
const copyValue: CommandSpec<AppContext> = {
  command: 'tree.copy',
  disabled: (ctx) => (ctx.tree ? null : 'the record is still being read'),
  run: (ctx) => {
    const { frame, state } = treeOf(ctx);
    const forest = frame.forest;
    const r = state.cursor;
    const o = ctx.state.overlay;
    if (r === ROOT)
      return o?.type === 'detail'
        ? outcome(ctx.state, { type: 'copy', rows: detailRows(ctx.store, o.row) })
        : say(ctx, 'no record open', 'error');
    const table = forest.table(r);
    const i = indexOf(r);
    const text = table.kind[i] === NodeKind.text ? table.text : table.text.slice(table.start[i]!, table.end[i]!);
    return outcome(ctx.state, {
      type: 'copy-text',
      text: inertJson(text),
      what: `the value at ${shortPath(inertJson(forest.path(r)))}`,
    });
  },
};

/** Y: the node's path in jq syntax. */
const copyPath: CommandSpec<AppContext> = {
  command: 'tree.copyPath',
  disabled: (ctx) => (ctx.tree ? null : 'the record is still being read'),
  run: (ctx) => {
    const path = inertJson(treeOf(ctx).frame.forest.path(treeOf(ctx).state.cursor));
    return outcome(ctx.state, { type: 'copy-text', text: path, what: `the path ${shortPath(path)}` });
  },
};

const shortPath = (path: string) => (path.length > 40 ? `…${path.slice(-39)}` : path);

const noMatch = (ctx: AppContext): string | null =>
  !ctx.tree || ctx.tree.matches === null
    ? `no search (${keyOf('detail.search')} searches)`
    : ctx.tree.matches.length === 0
      ? 'no match'
      : null;

/** n and N: the next or previous node that holds the search, unfolded to. */
const step = (command: Command, direction: 1 | -1): CommandSpec<AppContext> => ({
  command,
  disabled: noMatch,
  run: (ctx) => {
    const t = treeOf(ctx);
    const m = t.matches!;
    const at = m.indexOf(t.state.cursor);
    const next = at < 0 ? (direction > 0 ? 0 : m.length - 1) : (at + direction + m.length) % m.length;
    return act(ctx, { type: 'tree', tree: goTo(t.frame, t.state, m[next]!) });
  },
});

/** Tab and S-Tab switch panes here; 1–9 fold to a depth. */
const paneCycle = panes.filter((p) => p.command === 'pane.next' || p.command === 'pane.prev');

export const detailView: ViewSpec<AppContext> = {
  id: 'detail',
  title: 'the detail view',
  commands: [
    ...moves,
    ...folds,
    close,
    link,
    write,
    copyValue,
    copyPath,
    ...paneCycle,
    search.text,
    step('search.next', 1),
    step('search.prev', -1),
    ...filter,
    help,
    quit,
  ],
};
