import { join } from 'node:path';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffStores } from '../../src/store/diff.js';
import { diffTotalsLine } from '../../src/ui/format/diff-lines.js';
import { storeOfRecording } from '../helpers/formats.js';
import { REAL_TRACES } from '../helpers/shared.js';

const text = (line: ReturnType<typeof diffTotalsLine>) => (line ?? []).map((s) => s.text).join('');

describe("the diff view's totals line, two real agent runs", () => {
  let totals: Parameters<typeof diffTotalsLine>[0];
  beforeAll(async () => {
    const run = (name: string) => storeOfRecording(join(REAL_TRACES, `huggingface-co-${name}.agent.jsonl`));
    totals = diffStores(await run('2026-08-19T22-14-12-890Z'), await run('2026-08-20T17-23-48-886Z')).totals;
  });

  it('says the tool calls too, and at 80 columns gives up only the tokens', () => {
    expect(text(diffTotalsLine(totals, 80))).toBe(
      ' calls 49 → 124 · errors 0 → 2 · turns 84 → 193 · cost $0.77 → $2.60 (+$1.83)'.padEnd(80),
    );
  });

  it('at 60 columns keeps calls and errors, and the cost without its difference', () => {
    expect(text(diffTotalsLine(totals, 60))).toBe(' calls 49 → 124 · errors 0 → 2 · cost $0.77 → $2.60'.padEnd(60));
  });

  it('at every width from 20 to 140: exactly the width, whole figures, the important ones last to go', () => {
    const order = ['tokens', '(+$1.83)', 'turns', 'cost', 'errors', 'calls'];
    const whole = ['calls 49 → 124', 'errors 0 → 2', 'turns 84 → 193', 'tokens 345k → 1.17M', 'cost $0.77 → $2.60'];
    for (let width = 20; width <= 140; width++) {
      const line = text(diffTotalsLine(totals, width));
      expect(stringWidth(line)).toBe(width);
      // Each part is shown whole or not at all (never cut: no …).
      expect(line).not.toContain('…');
      const parts = line.trim() ? line.trim().split(' · ') : [];
      for (const p of parts) expect(whole.some((w) => p === w || p === `${w} (+$1.83)`)).toBe(true);
      // What is gone gave way before everything that stays.
      const gone = order.filter((o) => !line.includes(o));
      const kept = order.filter((o) => line.includes(o));
      if (gone.length && kept.length)
        expect(Math.max(...gone.map((g) => order.indexOf(g)))).toBeLessThan(
          Math.min(...kept.map((k) => order.indexOf(k))),
        );
      if (width >= 50) expect(line).toContain('calls 49 → 124 · errors 0 → 2');
    }
  });
});
