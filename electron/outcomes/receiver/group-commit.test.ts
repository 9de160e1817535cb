import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';
import type { Settled } from './group-commit.ts';

/**
 * Group commit (group-commit.ts): events that come together share a commit, each caller hears
 * only after that commit and only of its own event. Nothing here is timed.
 */

function recorder(answer: (item: string) => Settled<string> = (item) => ({ ok: true, value: `stored ${item}` })) {
  const batches: string[][] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const commit = async (batch: readonly string[]) => {
    batches.push([...batch]);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return batch.map(answer);
  };
  return {
    batches,
    commit,
    holdNext: () => void (hold = true),
    release: () => {
      hold = false;
      release?.();
    },
  };
}

const settledIn = async <T>(promise: Promise<T>): Promise<'pending' | 'settled'> => {
  let state: 'pending' | 'settled' = 'pending';
  void promise.then(
    () => (state = 'settled'),
    () => (state = 'settled'),
  );
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('group commit', () => {
  it('commits the events of one turn together and answers each its own result', async () => {
    const store = recorder();
    const record = groupCommit(store.commit, { maxBatch: 100 });
    expect(await Promise.all(['a', 'b', 'c'].map(record))).toEqual(['stored a', 'stored b', 'stored c']);
    expect(store.batches).toEqual([['a', 'b', 'c']]);
  });

  it('answers no one before the commit that holds their event is done; events that come meanwhile wait for the next commit', async () => {
    const store = recorder();
    const record = groupCommit(store.commit, { maxBatch: 100 });
    store.holdNext();
    const first = record('a');
    expect(await settledIn(first)).toBe('pending');
    const second = record('b');
    const third = record('c');
    expect(await settledIn(second)).toBe('pending');
    expect(store.batches).toEqual([['a']]);
    store.release();
    expect(await Promise.all([first, second, third])).toEqual(['stored a', 'stored b', 'stored c']);
    expect(store.batches).toEqual([['a'], ['b', 'c']]);
  });

  it('puts at most maxBatch events in one commit', async () => {
    const store = recorder();
    const record = groupCommit(store.commit, { maxBatch: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(record));
    expect(store.batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('refuses one event alone when the store refuses it, and every event of a commit that failed', async () => {
    const store = recorder((item) => (item === 'bad' ? { ok: false, error: new Error('refused bad') } : { ok: true, value: item }));
    const record = groupCommit(store.commit, { maxBatch: 100 });
    const answers = await Promise.allSettled(['a', 'bad', 'c'].map(record));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);

    const failing = groupCommit<string, string>(() => Promise.reject(new Error('disk full')), { maxBatch: 100 });
    const all = await Promise.allSettled(['x', 'y'].map(failing));
    expect(all).toEqual([
      { status: 'rejected', reason: new Error('disk full') },
      { status: 'rejected', reason: new Error('disk full') },
    ]);
    // A failed commit does not stop the next one.
    const again = groupCommit<string, string>(
      (batch) => (batch[0] === 'first' ? Promise.reject(new Error('once')) : Promise.resolve(batch.map((value) => ({ ok: true, value })))),
      { maxBatch: 1 },
    );
    expect(await Promise.allSettled([again('first'), again('second')])).toEqual([
      { status: 'rejected', reason: new Error('once') },
      { status: 'fulfilled', value: 'second' },
    ]);
  });

  it('with inFlight, starts the next batch while one is still committing, and no more batches than that at once', async () => {
    const batches: string[][] = [];
    const releases: Array<() => void> = [];
    const commit = async (batch: readonly string[]) => {
      batches.push([...batch]);
      await new Promise<void>((resolve) => releases.push(resolve));
      return batch.map((value): Settled<string> => ({ ok: true, value }));
    };
    const record = groupCommit(commit, { maxBatch: 100, inFlight: 2 });
    const first = record('a');
    expect(await settledIn(first)).toBe('pending');
    const second = record('b');
    expect(await settledIn(second)).toBe('pending');
    expect(batches).toEqual([['a'], ['b']]);
    const third = record('c');
    const fourth = record('d');
    expect(await settledIn(third)).toBe('pending');
    expect(batches).toEqual([['a'], ['b']]);
    // The second batch commits first: its caller hears at once, the first's still waits.
    releases[1]?.();
    expect(await settledIn(second)).toBe('settled');
    expect(await settledIn(first)).toBe('pending');
    expect(batches).toEqual([['a'], ['b'], ['c', 'd']]);
    releases[0]?.();
    releases[2]?.();
    expect(await Promise.all([first, second, third, fourth])).toEqual(['a', 'b', 'c', 'd']);
  });
});
