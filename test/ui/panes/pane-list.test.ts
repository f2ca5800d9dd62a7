import { describe, expect, it } from 'vitest';
import { headerLine } from '../../../src/ui/format/chrome.js';
import { lineText } from '../../../src/ui/format/segments.js';
import { KEYMAP } from '../../../src/ui/keymap.js';
import { keysTable } from '../../../src/ui/keymap-doc.js';
import { PANE_PARTS } from '../../../src/ui/panes/index.js';
import { PANE_LIST, PANE_OWN_KEYS, PANES, RECORD_PANES } from '../../../src/ui/panes/list.js';
import { initialState, reduce } from '../../../src/ui/state/ui-state.js';
import { APP_VIEWS } from '../../../src/ui/views/index.js';

describe('the list of panes is the one place a pane is named', () => {
  it('gives each pane, in its order, its number key and that key its help', () => {
    PANE_LIST.forEach((p, i) => {
      const binding = KEYMAP[`pane.${p.id}`];
      expect(binding.keys).toEqual([String(i + 1)]);
      expect(binding.description).toBe(`${p.title}: ${p.about}`);
    });
  });

  it('gives each pane its tab, in its order', () => {
    const header = lineText(headerLine({ pane: 'calls', files: [], labels: [], records: 0, skipped: 0 }, 125));
    const tabs = PANE_LIST.map((p) => header.indexOf(` ${p.title}`));
    expect(tabs.every((at) => at >= 0)).toBe(true);
    expect([...tabs].sort((a, b) => a - b)).toEqual(tabs);
  });

  it('gives each pane its view, found by its id, first among the app views and in tab order', () => {
    for (const pane of PANES) expect(PANE_PARTS[pane].view.id).toBe(pane);
    expect(APP_VIEWS.slice(0, PANES.length).map((v) => v.id)).toEqual([...PANES]);
    expect(Object.keys(PANE_PARTS).sort()).toEqual([...PANES].sort());
  });

  it("names the panes in the README's key table", () => {
    const row = keysTable()
      .split('\n')
      .find((l) => l.includes('next / previous pane'))!;
    expect(row).toContain(`${PANE_LIST.map((p) => p.title).join(', ')}; next / previous pane`);
  });

  it('starts a selection for every pane, and keeps records panes apart from Usage', () => {
    expect(Object.keys(initialState().lists)).toEqual([...PANES]);
    expect(RECORD_PANES).toEqual(['calls', 'turns', 'events', 'timeline']);
  });

  it('takes the panes’ own keys into the one keymap (the Timeline’s zoom and pan)', () => {
    expect(Object.keys(PANE_OWN_KEYS)).toEqual([
      'timeline.zoomIn',
      'timeline.zoomOut',
      'timeline.fit',
      'timeline.panLeft',
      'timeline.panRight',
    ]);
    for (const command of Object.keys(PANE_OWN_KEYS)) expect(KEYMAP).toHaveProperty([command]);
  });
});

describe("a pane's own state", () => {
  it('is set whole by pane.state, for that pane only, and clears the notice', () => {
    let s = reduce(initialState(), { type: 'notice', notice: { kind: 'info', text: 'x' } });
    s = reduce(s, { type: 'pane.state', pane: 'calls', value: { zoom: 2 } });
    expect(s.paneState).toEqual({ calls: { zoom: 2 } });
    expect(s.notice).toBeNull();
    s = reduce(s, { type: 'pane.state', pane: 'turns', value: 1 });
    s = reduce(s, { type: 'pane.state', pane: 'calls', value: { zoom: 4 } });
    expect(s.paneState).toEqual({ calls: { zoom: 4 }, turns: 1 });
  });
});
