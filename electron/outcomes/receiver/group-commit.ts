/**
 * Group commit: the events that arrive while the store is busy wait for the next commit together,
 * so one flush to disk (an fsync on SQLite, a WAL flush on PostgreSQL) makes many events durable
 * at once instead of one. Each caller still hears of its event only after the commit that holds it
 * (so the receiver still answers 200 only for what is on disk), and with its own result: one
 * event's failure is its own.
 *
 * A batch starts on the next turn of the event loop after the first event queued (so that every
 * request read in the same turn joins it), or as soon as a batch in flight is committed; at most
 * `maxBatch` events go in one, and at most `inFlight` batches are committing at once (1 unless
 * given: each batch waits for the one before it). A store whose commits can overlap (PostgreSQL,
 * which shares one WAL flush among the commits that reach it together) takes several.
 */

/** What the store's commit answers for one event: its result, or why that event alone was not stored. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: Error };

/**
 * `commit` stores the batch in one transaction and answers each event's outcome in the batch's
 * order; it throws when the transaction as a whole failed, and then every event in it is refused.
 */
export type CommitBatch<T, R> = (batch: readonly T[]) => Promise<Array<Settled<R>>>;

export function groupCommit<T, R>(commit: CommitBatch<T, R>, options: { maxBatch: number; inFlight?: number }): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve(value: R): void; reject(error: Error): void };
  const queue: Waiting[] = [];
  const inFlight = options.inFlight ?? 1;
  /** Batches committing now, and those scheduled for the next turn. */
  let busy = 0;
  let scheduled = false;

  const flush = async (): Promise<void> => {
    const batch = queue.splice(0, options.maxBatch);
    let results: Array<Settled<R>>;
    try {
      results = await commit(batch.map((waiting) => waiting.item));
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      results = batch.map(() => ({ ok: false, error: failure }));
    }
    batch.forEach((waiting, index) => {
      const result = results[index] ?? { ok: false, error: new Error('The store gave no result for this event') };
      if (result.ok) waiting.resolve(result.value);
      else waiting.reject(result.error);
    });
  };

  const run = (): void => {
    if (queue.length === 0) {
      // An earlier batch took this one's events.
      busy -= 1;
      return;
    }
    void flush().finally(() => {
      if (queue.length > 0) setImmediate(run);
      else busy -= 1;
    });
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // A batch scheduled for the next turn and not yet started takes this event too.
      if (busy >= inFlight || (scheduled && queue.length <= options.maxBatch)) return;
      busy += 1;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        run();
      });
    });
}
