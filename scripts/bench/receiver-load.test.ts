import { describe, expect, it } from 'vitest';
import { receiverLoadMarkdown } from './receiver-load.ts';
import type { LoadResult, ReceiverLoadBench } from './receiver-load.ts';

/** A round's result at `perSecond`, its answers all taking 1 ms. */
const at = (perSecond: number): LoadResult => ({ callbacks: perSecond * 10, refused: 0, seconds: 10, perSecond, answer: { runs: 1, p50: 1, p95: 1, p99: 1, min: 1, max: 1 } });

/** Three rounds at `clients` senders: the bare handler, then the receiver on each store, at these rates. */
const bench = (clients: number, bare: number, sqlite: number, postgres: number): ReceiverLoadBench => ({
  clients,
  seconds: 10,
  runs: 3,
  bodyBytes: [750, 785],
  targets: [0, 1, 2].map(() => [
    { name: 'bare node:http + HMAC', result: at(bare) },
    { name: 'receiver on SQLite', result: at(sqlite) },
    { name: 'receiver on PostgreSQL', result: at(postgres) },
  ]),
});

describe('the receiver bench judges the sustained rate', () => {
  it("takes each server's best median over the sender counts: a receiver bound by its flush at 16 senders still meets the target at 64", () => {
    const text = receiverLoadMarkdown([bench(16, 10_000, 5_000, 4_000), bench(64, 10_500, 8_500, 6_300)]);
    expect(text).toContain("receiver on SQLite: **81%** of the bare handler's sustained rate (met)");
    expect(text).toContain("receiver on PostgreSQL: **60%** of the bare handler's sustained rate (met)");
    expect(text).toContain('receiver on PostgreSQL, 16 senders: 40%');
  });

  it('says missed when no sender count brings the receiver to half the bare rate', () => {
    const text = receiverLoadMarkdown([bench(16, 10_000, 3_000, 2_000), bench(64, 10_500, 5_000, 4_900)]);
    expect(text).toContain("receiver on SQLite: **48%** of the bare handler's sustained rate (missed)");
    expect(text).toContain("receiver on PostgreSQL: **47%** of the bare handler's sustained rate (missed)");
  });

  it('says not measured when a store could not be started', () => {
    const without = bench(64, 10_000, 6_000, 0);
    for (const round of without.targets) round[2] = { name: 'receiver on PostgreSQL', why: 'no PostgreSQL here' };
    expect(receiverLoadMarkdown([without])).toContain('receiver on PostgreSQL: not measured.');
  });
});
