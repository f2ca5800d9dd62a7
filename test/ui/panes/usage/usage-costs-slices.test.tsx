import { describe, expect, it, vi } from 'vitest';
import { fmtToolCost } from '../../../../src/kit/units.js';
import { toolCosts } from '../../../../src/store/tool-costs.js';
import { renderApp, waitForFrame } from '../../../helpers/ink.js';
import { at, storeOf } from '../../../helpers/store.js';

/**
 * A person moving through the app for as long as a test says, whatever the machine's
 * speed: while `moving`, work that waits for quiet keys waits; when they stop, it goes on
 * as the app would have it (keys-quiet.test.ts holds the timing itself).
 */
const person = vi.hoisted(() => ({ moving: false, held: new Set<() => void>() }));
vi.mock('../../../../src/ui/hooks/keys-quiet.js', async (actual) => {
  const real = await actual<typeof import('../../../../src/ui/hooks/keys-quiet.js')>();
  return {
    ...real,
    whenKeysQuiet: (run: () => void, afterMs = 0, due?: number) => {
      if (!person.moving) return real.whenKeysQuiet(run, afterMs, due);
      let cancel = (): void => {
        person.held.delete(go);
      };
      const go = (): void => {
        cancel = real.whenKeysQuiet(run, afterMs, due);
      };
      person.held.add(go);
      return () => cancel();
    },
  };
});

/** The person stops: what waited for quiet keys is asked for again, as the app asked for it. */
function stopMoving(): void {
  person.moving = false;
  for (const go of person.held) go();
  person.held.clear();
}

/** A run with `n` turns, each asking for one call that reaches the server: too many for one slice of costs. */
function manyCalls(n: number) {
  const lines: object[] = [];
  for (let i = 0; i < n; i++) {
    const name = i % 2 ? 'read_file' : 'write_file';
    lines.push({
      t: at(i * 10),
      type: 'turn',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      blocks: [{ type: 'tool_use', id: `u${i}`, name, input: { i } }],
      usage: { input_tokens: 100, output_tokens: 20 },
    });
    lines.push({
      t: at(i * 10 + 1),
      dir: 'in',
      raw: { id: i, method: 'tools/call', params: { name, arguments: { i } } },
    });
    lines.push({ t: at(i * 10 + 2), dir: 'out', raw: { id: i, result: { content: [] } } });
  }
  return storeOf(lines);
}

describe('the Usage pane on a trace with many calls', () => {
  it('shows the tools at once, and their TOKENS and COST once worked out, as toolCosts has them', async () => {
    const store = manyCalls(15_000);
    const app = await renderApp({ store, columns: 100, rows: 30 });
    await app.press('pane.usage');
    const want = toolCosts(store, {}).find((c) => c.name === 'read_file')!;
    const frame = await waitForFrame(app.frame, (f) => f.includes(fmtToolCost(want)), 20_000);
    const row = frame.split('\n').find((l) => l.includes('read_file'))!;
    expect(row).toContain((7_500 * 20).toLocaleString('en-US'));
    expect(frame).toContain('TOKENS, COST: share of the turn');
    // Worked out in slices (15,000 charges take longer than the first 8 ms): … came first.
    expect(app.frames.some((f) => /read_file.*…\s+…/.test(f))).toBe(true);
    app.unmount();
  }, 60_000);

  it('works the costs out only while no key comes: moving through the pane comes first', async () => {
    const store = manyCalls(15_000);
    const app = await renderApp({ store, columns: 100, rows: 30 });
    person.moving = true;
    await app.press('pane.usage');
    const want = fmtToolCost(toolCosts(store, {}).find((c) => c.name === 'read_file')!);
    for (let i = 0; i < 16; i++) await app.press(i % 2 ? 'list.up' : 'list.down');
    expect(app.frame()).toMatch(/read_file.*…\s+…/);
    expect(app.frames.some((f) => f.includes(want))).toBe(false);
    // Keys quiet: they come.
    stopMoving();
    await waitForFrame(app.frame, (f) => f.includes(want), 20_000);
    app.unmount();
  }, 60_000);
});
