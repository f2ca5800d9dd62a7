import { describe, expect, it } from 'vitest';
import { FILTER_FIELDS, parseFilter } from '../../src/trace/filter.js';
import { completeFilter, valuesIn } from '../../src/ui/data/filter-complete.js';
import { initialState, type UiState } from '../../src/ui/state/ui-state.js';
import { appView } from '../../src/ui/views/index.js';
import { pressKey } from '../../src/ui/views/view.js';
import { appContext } from '../helpers/contexts.js';
import { demoStore } from '../helpers/demo.js';

const store = demoStore();
const values = valuesIn(store);

describe('Tab in the filter bar', () => {
  it('completes every field name from its first letters, negated or not', () => {
    for (const field of FILTER_FIELDS)
      for (const neg of ['', '-']) {
        const { text } = completeFilter(`status:ok ${neg}${field}`, values);
        expect(text).toBe(`status:ok ${neg}${field}:`);
      }
    expect(completeFilter('st', values).text).toBe('status:');
    // Several fields start with "s": as far as they agree.
    expect(completeFilter('s', values)).toEqual({ text: 's', choices: ['since:', 'status:'] });
  });

  it.each(['tool', 'model', 'method', 'status', 'dir'] as const)(
    'completes every %s this trace holds from its first letters, to a filter that parses',
    (field) => {
      const seen = values[field]!.filter((v) => !/\s/.test(v));
      expect(seen.length).toBeGreaterThan(0);
      for (const value of seen) {
        for (let n = 1; n < value.length; n++) {
          const { text, choices } = completeFilter(`${field}:${value.slice(0, n)}`, values);
          expect(choices, `${field}:${value.slice(0, n)}`).toContain(value);
          // The completion is a prefix of this value, no shorter than what was typed.
          expect(value.toLowerCase().startsWith(text.slice(field.length + 1).toLowerCase())).toBe(true);
          expect(text.length).toBeGreaterThanOrEqual(field.length + 1 + n);
        }
        const whole = completeFilter(`${field}:${value[0]}`, values);
        if (whole.choices.length === 1) expect(parseFilter(whole.text)).not.toBeNull();
      }
    },
  );

  it('never offers a value the filter could not hold (at most 2,000 characters)', () => {
    const long = 'L'.repeat(5000);
    const fits = 'L'.repeat(1990);
    const own = { tool: [long, fits, 'Lx'] };
    expect(completeFilter('tool:L', own).choices).toEqual([fits, 'Lx']);
    // Room left by what is typed before counts too.
    expect(completeFilter(`${'status:ok '.repeat(10)}tool:L`, own).choices).toEqual(['Lx']);
  });

  it('completes the next alternative after |, and says when there is nothing to complete', () => {
    expect(completeFilter('status:ok|pe', values).text).toBe('status:ok|pending');
    expect(completeFilter('status:error', values).choices).toEqual([]);
    const bar: UiState = { ...initialState(), input: { kind: 'filter', text: 'tool:write' } };
    const ctx = appContext(store, bar, 10);
    expect(pressKey(appView(bar), 'tab', ctx).state.input).toEqual({ kind: 'filter', text: 'tool:write_file' });
    const done: UiState = { ...bar, input: { kind: 'filter', text: 'tool:write_file' } };
    expect(pressKey(appView(done), 'tab', appContext(store, done, 10)).state.notice).toEqual({
      kind: 'error',
      text: 'Tab: nothing to complete',
    });
  });

  it('lists what an empty value can be, and what is left after completing as far as choices agree', () => {
    const tab = (text: string) => {
      const bar: UiState = { ...initialState(), input: { kind: 'filter', text } };
      return pressKey(appView(bar), 'tab', appContext(store, bar, 10)).state;
    };
    const tools = values.tool!.filter((v) => !/\s/.test(v)).sort();
    expect(tools.length).toBeGreaterThan(1);
    const empty = tab('status:ok tool:');
    expect(empty.input).toEqual({ kind: 'filter', text: 'status:ok tool:' });
    // What there is to choose from: info, not an error.
    expect(empty.notice).toEqual({
      kind: 'info',
      text: `${tools.length} choices: ${tools.slice(0, 12).join('  ')}${tools.length > 12 ? '  …' : ''}`,
    });
    // `s`: completed as far as `since:` and `status:` agree (nothing), both listed.
    expect(tab('s').notice).toEqual({ kind: 'info', text: '2 choices: since:  status:' });
    // One choice left: completed, and no list.
    expect(tab('tool:write').notice).toBeNull();
    // The list goes with the bar, and with any edit of its text (it was of the text before).
    for (const key of ['escape', 'ctrl-u', 'backspace'])
      expect(pressKey(appView(empty), key, appContext(store, empty, 10)).state.notice, key).toBeNull();
  });
});

describe('↑/↓ in the filter bar', () => {
  const history = ['tool:read_file', 'status:error', 'model:claude*'];
  const bar: UiState = { ...initialState(), input: { kind: 'filter', text: '' } };
  const press = (state: UiState, key: string) =>
    pressKey(appView(state), key, appContext(store, state, 10, 100, history));
  it('walks the filters applied before, newest first, and back to an empty bar', () => {
    const seen: string[] = [];
    let state = bar;
    for (let i = 0; i < 3; i++) {
      state = press(state, 'up').state;
      seen.push(state.input!.text);
    }
    expect(seen).toEqual(['model:claude*', 'status:error', 'tool:read_file']);
    expect(press(state, 'up').state.notice?.text).toBe('↑: no older filter');
    state = press(press(state, 'down').state, 'down').state;
    expect(state.input!.text).toBe('model:claude*');
    state = press(state, 'down').state;
    expect(state.input).toEqual({ kind: 'filter', text: '', recalled: undefined });
    expect(press(bar, 'down').state.notice?.text).toBe('↓: no newer filter');
  });
  it('Enter applies the filter and asks for it to be remembered; an invalid one is not', () => {
    const typed = { ...bar, input: { kind: 'filter' as const, text: 'status:error' } };
    const out = press(typed, 'enter');
    expect(out.state.filter).toBe('status:error');
    expect(out.effects).toEqual([{ type: 'remember-filter', text: 'status:error' }]);
    const bad = press({ ...bar, input: { kind: 'filter', text: 'status:nope' } }, 'enter');
    expect(bad.effects).toEqual([]);
  });
});

describe('Ctrl-U in a bar', () => {
  it('clears the filter, search and go-to-line bars (search then matches nothing), and says when empty', () => {
    for (const kind of ['filter', 'search', 'goto'] as const) {
      const bar: UiState = {
        ...initialState(),
        input: { kind, text: kind === 'goto' ? '42' : 'tool:read' },
        search: kind === 'search' ? { query: 'tool:read', inOverlay: false } : null,
      };
      const out = pressKey(appView(bar), 'ctrl-u', appContext(store, bar, 10)).state;
      expect(out.input, kind).toEqual({ kind, text: '' });
      if (kind === 'search') expect(out.search?.query).toBe('');
      const empty = { ...out };
      expect(pressKey(appView(empty), 'ctrl-u', appContext(store, empty, 10)).state.notice?.text).toBe(
        'C-u: nothing to clear',
      );
    }
  });
});
