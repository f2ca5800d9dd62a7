const BARS = '▁▂▃▄▅▆▇█';

/** Values as a one-line bar chart; NaN (no data) is a blank. */
export function sparkline(values: readonly number[]): string {
  const max = Math.max(0, ...values.filter((v) => !Number.isNaN(v)));
  return values
    .map((v) =>
      Number.isNaN(v)
        ? ' '
        : max === 0
          ? BARS[0]
          : BARS[Math.min(BARS.length - 1, Math.floor((v / max) * (BARS.length - 1) + 0.5))],
    )
    .join('');
}

/** Merges per-minute buckets into at most `cells` (summing, or averaging with `mean`). */
export function fitBuckets(
  values: readonly number[],
  counts: readonly number[],
  cells: number,
  mean: boolean,
): { values: number[]; minutesPerCell: number } {
  const per = Math.max(1, Math.ceil(values.length / Math.max(1, cells)));
  const out: number[] = [];
  for (let i = 0; i < values.length; i += per) {
    let sum = 0;
    let n = 0;
    for (let j = i; j < Math.min(values.length, i + per); j++) {
      if (Number.isNaN(values[j]!)) continue;
      sum += mean ? values[j]! * counts[j]! : values[j]!;
      n += mean ? counts[j]! : 1;
    }
    out.push(n === 0 ? NaN : mean ? sum / n : sum);
  }
  return { values: out, minutesPerCell: per };
}
