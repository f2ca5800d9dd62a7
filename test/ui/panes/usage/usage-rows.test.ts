import { describe, expect, it } from 'vitest';
import { lineText } from '../../../../src/ui/format/segments.js';
import { usageData } from '../../../../src/ui/panes/usage/usage-data.js';
import { usageTable } from '../../../../src/ui/panes/usage/usage-lines.js';
import { filterValue } from '../../../../src/ui/panes/usage/usage-view.js';
import { initialState, type UiState } from '../../../../src/ui/state/ui-state.js';
import { appView } from '../../../../src/ui/views/index.js';
import { pressKey } from '../../../../src/ui/views/view.js';
import { appContext } from '../../../helpers/contexts.js';
import { demoStore } from '../../../helpers/demo.js';

const store = demoStore();
const press = (state: UiState, key: string) => pressKey(appView(state), key, appContext(store, state, 10));
const usageAt = (selected: number, extra: Partial<UiState> = {}): UiState => ({
  ...initialState(),
  ...extra,
  pane: 'usage',
  lists: { ...initialState().lists, usage: { selected, windowStart: 0 } },
});
const targets = (state: UiState) => appContext(store, state, 10).usage;

describe('Usage rows you can act on', () => {
  const all = targets(usageAt(0));
  it('has a row for every model, tool and method, on the line that names it', () => {
    const { lines } = usageTable(usageData(store), 99);
    expect(new Set(all.map((t) => t.kind))).toEqual(new Set(['model', 'tool', 'method']));
    for (const t of all)
      expect(lineText(lines[t.line]!).trimStart().startsWith(t.name.slice(0, 10)), t.name).toBe(true);
  });

  it.each(all.map((t, i) => [`${t.kind} ${t.name}`, i] as const))(
    'Enter on %s filters by it and shows the pane that lists its records',
    (_, i) => {
      const t = all[i]!;
      const out = press(usageAt(i), 'enter');
      expect(out.state.filter).toBe(`${t.kind}:${filterValue(t.name)}`);
      expect(out.state.pane).toBe(t.kind === 'model' ? 'turns' : 'calls');
      expect(out.effects).toEqual([{ type: 'chose-pane' }]);
      // The pane it shows lists the records of that row (F clears the filter as usual).
      const shown = appContext(store, out.state, 10);
      expect(shown.views[out.state.pane as 'turns' | 'calls'].length, t.name).toBeGreaterThan(0);
      expect(press(out.state, 'F').state.filter).toBeNull();
    },
  );

  it('o sorts every table by the next column: cost, errors, p95, then calls again', () => {
    let state = usageAt(3);
    const orders: string[][] = [];
    for (let i = 0; i < 4; i++) {
      state = press(state, 'o').state;
      expect(state.lists.usage.selected).toBe(0);
      orders.push(targets(state).map((t) => `${t.kind}:${t.name}`));
    }
    expect(orders[3]).toEqual(all.map((t) => `${t.kind}:${t.name}`));
    // By errors, the tools with errors come first.
    const d = usageData(store);
    const byErrors = orders[1]!.filter((n) => n.startsWith('tool:')).map((n) => n.slice(5));
    const errors = byErrors.map((name) => d.tools.find((t) => t.name === name)!.errors);
    expect(errors).toEqual([...errors].sort((a, b) => b - a));
    expect(errors[0]).toBeGreaterThan(0);
  });

  it('/ finds Usage rows by name; n steps through them', () => {
    const state = usageAt(0, { search: { query: 'read', inOverlay: false } });
    const ctx = appContext(store, state, 10);
    const found = ctx.matches!.map((i) => ctx.usage[i]!.name);
    expect(found.length).toBeGreaterThan(0);
    for (const name of found) expect(name.toLowerCase()).toContain('read');
    const next = press(state, 'n').state;
    expect(ctx.usage[next.lists.usage.selected]!.name.toLowerCase()).toContain('read');
  });

  it('quotes a name with a space as a filter value', () => {
    expect(filterValue('read_file')).toBe('read_file');
    expect(filterValue('my tool')).toBe('"my tool"');
  });
});
