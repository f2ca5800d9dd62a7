import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { usageData } from '../../src/ui/data/usage.js';
import { lineText } from '../../src/ui/format/segments.js';
import { usageLines } from '../../src/ui/format/usage-lines.js';
import { demoStore } from '../helpers/demo.js';
import { at, storeOf } from '../helpers/store.js';

const turn = (ms: number, timing?: object) => ({
  t: at(ms),
  type: 'turn',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  blocks: [{ type: 'text', text: 'x' }],
  usage: { input_tokens: 10, output_tokens: 5 },
  ...(timing ? { timing } : {}),
});

describe('usage timeline', () => {
  it('averages turn latency per minute over the turns that report one (a turn without timing is not a 0)', () => {
    const s = storeOf([turn(0, { duration_ms: 1000 }), turn(1000), turn(2000, { duration_ms: 3000 }), turn(61_000)]);
    const t = usageData(s).timeline!;
    expect(t.latency[0]).toBe(2000);
    expect(Number.isNaN(t.latency[1]!)).toBe(true);
    expect(t.tokens.slice(0, 2)).toEqual([45, 15]);
  });
});

describe('Usage pane lines', () => {
  it('fit every width from 40 to 140 columns (the notes line too: Ink would cut it with its own …)', () => {
    const store = demoStore();
    for (let width = 40; width <= 140; width++) {
      for (const line of usageLines(usageData(store), width))
        expect(stringWidth(lineText(line)), `${width}: ${lineText(line)}`).toBeLessThanOrEqual(width);
    }
  });
});
