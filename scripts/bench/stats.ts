/** Order statistics over repeated runs: the bench reports medians and tails, never a single run. */

export type Summary = { runs: number; p50: number; p95: number; p99: number; min: number; max: number };

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  // Nearest-rank: the smallest value with at least p% of the runs at or below it.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 3 : 1)} ms`;

/** Times one async call in milliseconds with the monotonic clock. */
export async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * From each arrival to its display, by key (the receiver bench: a callback's arrival, and when the
 * page first showed it). A key with no display is counted missing, never as a latency.
 */
export function arrivalToDisplay(arrivals: Readonly<Record<string, number>>, displays: Readonly<Record<string, number>>): { latencies: number[]; missing: number } {
  const latencies: number[] = [];
  let missing = 0;
  for (const [key, arrived] of Object.entries(arrivals)) {
    const shown = displays[key];
    if (shown === undefined) missing += 1;
    else latencies.push(shown - arrived);
  }
  return { latencies, missing };
}

/** The median of repeated runs and their range, as "4,210 (3,900–4,400)"; one run alone, as itself. */
export function medianRange(values: readonly number[], format: (value: number) => string): string {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 'none';
  const median = percentile(sorted, 50);
  return sorted.length > 1 ? `${format(median)} (${format(sorted[0] as number)}–${format(sorted[sorted.length - 1] as number)})` : format(median);
}
