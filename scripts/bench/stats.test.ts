import { describe, expect, it } from 'vitest';
import { arrivalToDisplay, medianRange, percentile, summarise } from './stats.ts';

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

  it('measures each arrival to its own display, and counts one never displayed as missing', () => {
    expect(arrivalToDisplay({ 'a pending': 1000, 'a confirmed': 2000, 'b pending': 1500 }, { 'a pending': 1400, 'a confirmed': 2100, 'c pending': 1 })).toEqual({
      latencies: [400, 100],
      missing: 1,
    });
  });

  it('gives the median of runs with their range, and one run as itself', () => {
    const whole = (value: number) => value.toFixed(0);
    expect(medianRange([900, 1100, 1000], whole)).toBe('1000 (900–1100)');
    expect(medianRange([700], whole)).toBe('700');
    expect(medianRange([], whole)).toBe('none');
  });
});
