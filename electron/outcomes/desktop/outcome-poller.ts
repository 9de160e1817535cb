import { outcomeWords } from '../../../shared/api/index.ts';
import type { OutcomeSource } from '../../../shared/ipc/index.ts';
import type { ProcessingClient } from '../../platform/api/index.ts';
import type { JournalStore } from '../../platform/journal/index.ts';
import type { CallLimit } from '../../platform/limits/index.ts';
import type { OutcomeStore } from '../../platform/outcomes/index.ts';
import type { ServiceDeps } from '../../platform/services/index.ts';
import { objectKey, outcomesOf, POLLED_OPERATIONS, pollRequestOf } from './entry-outcomes.ts';
import type { OutcomeFeed } from './outcome-handlers.ts';

/**
 * Without a receiver the service's callbacks reach no one, so a desktop asks the service itself
 * what became of what it placed: for the active profile, when its outcomes cannot be read from a
 * receiver (none set, or it cannot be reached), each succeeded entry of POLLED_OPERATIONS (the
 * exchanges; withdrawals when the console makes them) whose outcome is not final yet is asked
 * about with transactions/info, through the profile's own signed client, and the answer is kept
 * in outcomes.sqlite as a `polled` event (never in the journal, whose succeeded entries do not
 * change). History then shows it as the entry's outcome, "checked with the service".
 *
 * What bounds it:
 *  - the lookups' one allowance (transactions/transaction-handlers.ts createLookupLimit), at the
 *    lowest priority: a poll takes only a spare slot, so the console never sends more lookups than
 *    the limit, and a person's own lookups keep their half of it;
 *  - at most PER_TICK questions a tick, and for each entry a wait that doubles after every answer
 *    that is not final (FIRST_WAIT_MS up to MAX_WAIT_MS), and after a failure;
 *  - an entry whose outcome is final (confirmed, cancelled, declined, failed: outcome-words.ts),
 *    by a callback or a poll, is never asked about again;
 *  - with a receiver that can be read, nothing is asked at all: the callbacks tell.
 */

/** How many of each operation's newest succeeded entries are looked at each tick. */
export const CANDIDATES = 100;
/** Questions to the service in one tick at most. */
export const PER_TICK = 5;
export const FIRST_WAIT_MS = 15_000;
export const MAX_WAIT_MS = 15 * 60_000;
/** How often main polls by default. */
export const POLL_EVERY_MS = 15_000;
/** Entries' waits remembered at most; past it the memory starts afresh (each is then asked once more). */
const WAITS_MAX = 10_000;

export type PollerDeps = {
  /** The active profile's id, or null. */
  activeProfile(): string | null;
  /** Where the profile's outcomes come from now (the feed's refresh: it reads the receiver first). */
  source(profileId: string): Promise<OutcomeSource>;
  journalFor(profileId: string): Promise<Pick<JournalStore, 'search'>>;
  /** The profile's signed client, the one its lookups use. */
  clientFor(profileId: string): Promise<Pick<ProcessingClient, 'lookupTransaction'>>;
  store: OutcomeStore;
  lookups: Pick<CallLimit, 'takeSpare'>;
  now(): number;
  log?(message: string, details?: Record<string, unknown>): void;
};

/** What one tick did, for the tests and the log. */
export type PollTick = {
  /** Why nothing was asked, when nothing could be. */
  skipped: 'busy' | 'no-profile' | 'receiver' | 'journal' | null;
  /** Entries not final yet and due a question. */
  due: number;
  asked: number;
  /** New statuses kept. */
  kept: number;
  /** The tick stopped because the lookups' spare slots were spent. */
  outOfBudget: boolean;
};

export interface OutcomePoller {
  tick(): Promise<PollTick>;
  /** Ticks every `everyMs` until the returned function is called; it resolves once a tick in hand has ended. */
  start(everyMs?: number): () => Promise<void>;
}

const nothing = (skipped: PollTick['skipped']): PollTick => ({ skipped, due: 0, asked: 0, kept: 0, outOfBudget: false });

export function createOutcomePoller(deps: PollerDeps): OutcomePoller {
  /** Per profile and object: when it may be asked again, and the wait that led there. */
  const waits = new Map<string, { next: number; wait: number }>();
  /** The tick in hand: one at a time, and the one `stop` waits for. */
  let running: Promise<PollTick> | null = null;

  const later = (key: string) => {
    const wait = Math.min(MAX_WAIT_MS, (waits.get(key)?.wait ?? FIRST_WAIT_MS / 2) * 2);
    if (waits.size >= WAITS_MAX && !waits.has(key)) waits.clear();
    waits.set(key, { next: deps.now() + wait, wait });
  };

  async function round(profileId: string): Promise<PollTick> {
    const source = await deps.source(profileId);
    if (source.kind === 'receiver') return nothing('receiver');
    let journal: Pick<JournalStore, 'search'>;
    const entries = [];
    try {
      journal = await deps.journalFor(profileId);
      for (const operation of POLLED_OPERATIONS) {
        entries.push(...(await journal.search(profileId, { operation, state: 'succeeded', limit: CANDIDATES })).entries);
      }
    } catch (error) {
      deps.log?.('outcomes: the journal could not be read for polling', { error: String(error) });
      return nothing('journal');
    }
    const asks = entries.flatMap((entry) => pollRequestOf(entry) ?? []);
    const outcomes = outcomesOf(deps.store.eventsOf(profileId, asks.map((a) => a.object)));
    const at = deps.now();
    const keyOf = (key: string) => `${profileId}\n${key}`;
    const due = asks
      .filter((a) => outcomes.get(objectKey(a.object))?.final !== true)
      .filter((a) => (waits.get(keyOf(objectKey(a.object)))?.next ?? 0) <= at)
      .sort((a, b) => (waits.get(keyOf(objectKey(a.object)))?.next ?? 0) - (waits.get(keyOf(objectKey(b.object)))?.next ?? 0));
    const tick: PollTick = { skipped: null, due: due.length, asked: 0, kept: 0, outOfBudget: false };
    if (due.length === 0) return tick;
    const client = await deps.clientFor(profileId);
    for (const { object, request } of due.slice(0, PER_TICK)) {
      if (!deps.lookups.takeSpare()) {
        tick.outOfBudget = true;
        break;
      }
      tick.asked += 1;
      const key = keyOf(objectKey(object));
      try {
        const found = await client.lookupTransaction(request);
        const status = String(found.transaction.status);
        // The answer must be about the object asked for: anything else is not its outcome.
        if (String(found.transaction.id) !== object.id) {
          deps.log?.('outcomes: the service answered about another transaction; not kept', { asked: object.id, answered: String(found.transaction.id) });
          later(key);
          continue;
        }
        const checkedAt = new Date(deps.now()).toISOString();
        if (deps.store.addPolled(profileId, { type: object.type, objectId: object.id, status, body: found.raw, checkedAt })) tick.kept += 1;
        if (outcomeWords(object.type, status, null).final) waits.delete(key);
        else later(key);
      } catch (error) {
        deps.log?.('outcomes: a poll of the service failed; it is tried again later', { object: object.id, error: error instanceof Error ? error.message : String(error) });
        later(key);
      }
    }
    return tick;
  }

  const tick = async (): Promise<PollTick> => {
    if (running !== null) return nothing('busy');
    const profileId = deps.activeProfile();
    if (profileId === null) return nothing('no-profile');
    running = round(profileId).catch((error: unknown) => {
      deps.log?.('outcomes: polling stopped for this tick', { error: error instanceof Error ? error.message : String(error) });
      return nothing(null);
    });
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  return {
    tick,
    start(everyMs = POLL_EVERY_MS) {
      const timer = setInterval(() => void tick(), everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}

/** The poller of main's services: the active profile, its journal, its client, its feed, the lookups' allowance. */
export function outcomePoller(deps: ServiceDeps, feed: OutcomeFeed, lookups: CallLimit, log?: PollerDeps['log']): OutcomePoller {
  return createOutcomePoller({
    activeProfile: () => deps.book.active()?.id ?? null,
    source: (profileId) => feed.refresh(profileId),
    journalFor: deps.journalFor,
    clientFor: async (profileId) => {
      const record = deps.book.active();
      if (record === null || record.id !== profileId) throw new Error('The active profile changed.');
      return (await deps.connection.of(record)).client;
    },
    store: feed.store,
    lookups,
    now: deps.now,
    ...(log ? { log } : {}),
  });
}
