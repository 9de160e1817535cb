import { describe, expect, it } from 'vitest';
import { percentile, summarise } from './stats.ts';

describe('bench statistics', () => {
  it('nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 95)).toBe(7);
  });

  it('summarises unsorted samples', () => {
    expect(summarise([5, 1, 3])).toEqual({ runs: 3, p50: 3, p95: 5, p99: 5, min: 1, max: 5 });
  });
});
