import { describe, expect, it } from 'vitest';
import { OUTCOMES_ASK_EVERY_MS } from '../../../shared/ipc/index.ts';
import { openOutcomeStore } from '../../platform/outcomes/index.ts';
import { createOutcomeFeed } from './outcome-handlers.ts';

/**
 * How often main reads a profile's receiver: asks that come together share one read, and each of
 * History's asks (every OUTCOMES_ASK_EVERY_MS, a timer that may fire a little early) reads anew,
 * so a callback shows within one ask of its arrival. Nothing here is timed: the clock is the test's.
 */
describe('the outcome feed reads the receiver', () => {
  it('once for asks that come together, and again at each of History\'s asks, even one that comes a little early', async () => {
    let clock = 1_000_000;
    let reads = 0;
    const feed = createOutcomeFeed(
      openOutcomeStore(':memory:'),
      () => {
        reads += 1;
        return Promise.resolve(null);
      },
      () => clock,
    );
    await feed.refresh('shop');
    clock += 20; // the failed-invoices banner, asking in the same moment
    await feed.refresh('shop');
    expect(reads).toBe(1);
    for (let ask = 0; ask < 4; ask += 1) {
      clock += OUTCOMES_ASK_EVERY_MS - 30;
      await feed.refresh('shop');
    }
    expect(reads).toBe(5);
    // Another profile's asks are its own.
    await feed.refresh('other');
    expect(reads).toBe(6);
  });
});
