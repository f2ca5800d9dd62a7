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

  it('completes the next alternative after |, and says when there is nothing to complete', () => {
    expect(completeFilter('status:ok|pe', values).text).toBe('status:ok|pending');
    expect(completeFilter('status:error', values).choices).toEqual([]);
    const bar: UiState = { ...initialState(), input: { kind: 'filter', text: 'tool:write' } };
    const ctx = appContext(store, bar, 10);
    expect(pressKey(appView(bar), 'tab', ctx).state.input).toEqual({ kind: 'filter', text: 'tool:write_file' });
    const done: UiState = { ...bar, input: { kind: 'filter', text: 'tool:write_file' } };
    expect(pressKey(appView(done), 'tab', appContext(store, done, 10)).state.notice).toBe('Tab: nothing to complete');
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
    expect(press(state, 'up').state.notice).toBe('↑: no older filter');
    state = press(press(state, 'down').state, 'down').state;
    expect(state.input!.text).toBe('model:claude*');
    state = press(state, 'down').state;
    expect(state.input).toEqual({ kind: 'filter', text: '', recalled: undefined });
    expect(press(bar, 'down').state.notice).toBe('↓: no newer filter');
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
