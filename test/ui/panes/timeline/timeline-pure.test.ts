import { describe, expect, it } from 'vitest';
import { axisLine, foldLabel, TICK, tickStep } from '../../../../src/ui/panes/timeline/axis-ticks.js';
import { barText } from '../../../../src/ui/panes/timeline/bar-glyphs.js';
import {
  FOLD_SHARE,
  foldedTime,
  foldGaps,
  gapKeeper,
  KEPT_GAPS,
  unfoldedTime,
} from '../../../../src/ui/panes/timeline/idle-gaps.js';
import { colOf, fitScale, MIN_MS_PER_COL, panScale, zoomScale } from '../../../../src/ui/panes/timeline/time-scale.js';
import { firstRowShown, MIN_BAR_COLS, timelineColumns } from '../../../../src/ui/panes/timeline/timeline-layout.js';

const plain = { ascii: false, open: false };

describe('bar glyphs', () => {
  it('fills whole cells and ends to an eighth of a cell', () => {
    expect(barText(0, 3, 5, plain)).toBe('███  ');
    expect(barText(0, 2.5, 5, plain)).toBe('██▌  ');
    expect(barText(1, 1.125, 4, plain)).toBe(' ▏  ');
    expect(barText(0, 1.75, 3, plain)).toBe('█▊ ');
  });

  it('begins in a cell with a right half past its middle, from the next cell before it', () => {
    expect(barText(0.5, 3, 4, plain)).toBe('▐██ ');
    expect(barText(0.8, 3, 4, plain)).toBe(' ██ ');
  });

  it('draws a moment as an eighth, and nothing for a bar off screen', () => {
    expect(barText(2, 2, 4, plain)).toBe('  ▏ ');
    expect(barText(-5, -2, 4, plain)).toBe('    ');
    expect(barText(6, 9, 4, plain)).toBe('    ');
    expect(barText(-5, 2, 4, plain)).toBe('██  ');
    expect(barText(2, 90, 4, plain)).toBe('  ██');
  });

  it('draws an open bar lighter, and ASCII bars with # and =', () => {
    expect(barText(1, 4, 4, { ascii: false, open: true })).toBe(' ░░░');
    expect(barText(0, 2.5, 4, { ascii: true, open: false })).toBe('##= ');
    expect(barText(0.5, 2, 4, { ascii: true, open: false })).toBe('=#  ');
    expect(barText(0, 2, 3, { ascii: true, open: true })).toBe('-- ');
  });
});

describe('idle gaps', () => {
  it('keeps the longest gaps, longest first, at most KEPT_GAPS', () => {
    const k = gapKeeper();
    for (let i = 0; i < KEPT_GAPS + 10; i++) k.add({ from: i * 100, to: i * 100 + i });
    const gaps = k.gaps();
    expect(gaps).toHaveLength(KEPT_GAPS);
    expect(gaps[0]).toEqual({ from: (KEPT_GAPS + 9) * 100, to: (KEPT_GAPS + 9) * 101 });
    expect(gaps.at(-1)!.to - gaps.at(-1)!.from).toBe(10);
  });

  it('folds a gap longer than a quarter of what is left, longest first, returned in time order', () => {
    // A 100 s run: gaps of 40 s and 20 s; busy 40 s. 40 > 25 folds; 20 > 15 folds; 5 < 10 does not.
    const gaps = [
      { from: 60_000, to: 80_000 },
      { from: 10_000, to: 50_000 },
      { from: 90_000, to: 95_000 },
    ];
    expect(foldGaps(gaps, 100_000)).toEqual([
      { from: 10_000, to: 50_000 },
      { from: 60_000, to: 80_000 },
    ]);
    expect(foldGaps([{ from: 0, to: FOLD_SHARE * 100 }], 100)).toEqual([]);
  });

  it('takes folded time out of later times, and puts it back', () => {
    const folds = [
      { from: 10, to: 50 },
      { from: 60, to: 80 },
    ];
    expect([5, 10, 30, 50, 55, 70, 90].map((t) => foldedTime(folds, t))).toEqual([5, 10, 10, 10, 15, 20, 30]);
    expect([5, 9, 10, 15, 30].map((t) => unfoldedTime(folds, t))).toEqual([5, 9, 50, 55, 90]);
  });
});

describe('the scale', () => {
  it('fits the run to the columns', () => {
    expect(fitScale(1000, 5000, 40)).toEqual({ from: 1000, msPerCol: 100 });
    expect(fitScale(1000, 1000, 40).msPerCol).toBe(MIN_MS_PER_COL);
  });

  it('zooms around the anchor, keeping its column', () => {
    const s = fitScale(0, 4000, 40);
    const zoomed = zoomScale(s, 2, 1000, 40);
    expect(zoomed.msPerCol).toBe(50);
    expect(colOf(zoomed, 1000)).toBe(colOf(s, 1000));
    expect(zoomScale(zoomed, 1 / 2, 1000, 40)).toEqual(s);
    // An anchor off screen: the middle stays.
    const off = zoomScale(s, 2, 99_999, 40);
    expect(off.from + 20 * off.msPerCol).toBe(s.from + 20 * s.msPerCol);
  });

  it('pans by a quarter of the bar area, within the run', () => {
    // A run of 0 to 2,000 ms; 40 columns of 10 ms show 400 ms of it.
    expect(panScale({ from: 200, msPerCol: 10 }, 1, 40, 0, 2000)).toEqual({ from: 300, msPerCol: 10 });
    expect(panScale({ from: 200, msPerCol: 10 }, -1, 40, 0, 2000)).toEqual({ from: 100, msPerCol: 10 });
    // Never before the start, nor past the point where the end reaches the right edge.
    expect(panScale({ from: 50, msPerCol: 10 }, -1, 40, 0, 2000)).toEqual({ from: 0, msPerCol: 10 });
    expect(panScale({ from: 0, msPerCol: 10 }, -1, 40, 0, 2000)).toEqual({ from: 0, msPerCol: 10 });
    expect(panScale({ from: 1550, msPerCol: 10 }, 1, 40, 0, 2000)).toEqual({ from: 1600, msPerCol: 10 });
    // The whole run on screen (fitted): panning leaves it.
    expect(panScale({ from: 0, msPerCol: 50 }, 1, 40, 0, 2000)).toEqual({ from: 0, msPerCol: 50 });
    // Zoomed out around a point near the start, a pan right still moves in.
    expect(panScale({ from: -300, msPerCol: 10 }, 1, 40, 0, 2000)).toEqual({ from: -200, msPerCol: 10 });
  });
});

describe('the axis', () => {
  it('takes the smallest round step that leaves room for a label', () => {
    expect(tickStep(100, 9)).toBe(1000);
    expect(tickStep(340, 9)).toBe(5000);
    expect(tickStep(0.1, 9)).toBe(1);
  });

  it('labels ticks at round steps from the start', () => {
    const line = axisLine({
      scale: { from: 0, msPerCol: 50 },
      cols: 30,
      folds: [],
      start: 0,
      label: (t) => `${t / 1000}s`,
      labelWidth: 4,
    });
    expect(line).toBe(`${TICK}0s       ${TICK}0.5s     ${TICK}1s       `);
  });

  it('leaves out a tick whose label would touch the one before it or be cut at the end', () => {
    const ticks = (cols: number) =>
      axisLine({
        scale: { from: 0, msPerCol: 100 },
        cols,
        folds: [],
        start: 0,
        // Labels wider than the 3 cells the step was chosen for.
        label: (t) => `${t / 1000}s`,
        labelWidth: 3,
      });
    expect(ticks(30)).toBe(`${TICK}0s  ${TICK}0.5s     ${TICK}1.5s     ${TICK}2.5s`);
    expect(ticks(29)).toBe(`${TICK}0s  ${TICK}0.5s     ${TICK}1.5s         `);
  });

  it('says where idle time was folded, and ticks after it count it', () => {
    const folds = [{ from: 1000, to: 253_000 }];
    const line = axisLine({
      scale: { from: 0, msPerCol: 100 },
      cols: 40,
      folds,
      start: 0,
      label: (t) => `${t / 1000}s`,
      labelWidth: 4,
    });
    expect(foldLabel(folds[0]!)).toBe('⋯ 4m12s idle ⋯');
    expect(line).toContain('⋯ 4m12s idle ⋯');
    expect(line).toContain(`${TICK}254s`);
    expect(line.indexOf('⋯')).toBeLessThan(line.indexOf('254s'));
  });
});

describe('the layout', () => {
  it('keeps at least 30 columns for bars at 80, cutting the label first', () => {
    expect(timelineColumns(80).bar).toBeGreaterThanOrEqual(MIN_BAR_COLS);
    expect(timelineColumns(50)).toEqual({ label: 0, bar: 33 });
    expect(timelineColumns(200).label).toBe(24);
  });

  it('moves the window only to keep the selection on the lines under the axis', () => {
    expect(firstRowShown(0, 5, 10)).toBe(0);
    expect(firstRowShown(0, 10, 10)).toBe(1);
    expect(firstRowShown(8, 3, 10)).toBe(3);
  });
});
