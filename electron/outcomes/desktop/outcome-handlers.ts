import type { Handlers } from '../../platform/router/index.ts';
import type { ServiceDeps } from '../../platform/services/index.ts';
import { OUTCOMES_PULL_EVERY_MS } from '../../../shared/ipc/index.ts';
import type { OutcomeSource } from '../../../shared/ipc/index.ts';
import { ADDRESS, addressOutcomeOf, failedInvoiceOf, objectKey, outcomeObjectOf, outcomesOf } from './entry-outcomes.ts';
import type { OutcomeObject } from './entry-outcomes.ts';
import type { JournalStore } from '../../platform/journal/index.ts';
import type { OutcomeStore, ReportedOutcomes } from '../../platform/outcomes/index.ts';
import { pullOutcomes } from './receiver-feed.ts';
import type { ReceiverAccess } from './receiver-feed.ts';

/**
 * Where a profile's events are read: its receiver and the credentials it signs reads with; null when
 * it has none; `refused` (with why) when it names one its credentials may not be sent to.
 */
export type ReceiverFor = (profileId: string) => Promise<ReceiverAccess | { url: string; refused: string } | null>;

/** A profile's receiver is asked at most this often, however many screens ask (half of History's ask). */
const PULL_EVERY_MS = OUTCOMES_PULL_EVERY_MS;

export type OutcomeFeed = {
  store: OutcomeStore;
  /** Reads what is new from the profile's receiver (at most every PULL_EVERY_MS) and says where outcomes stand. */
  refresh(profileId: string): Promise<OutcomeSource>;
  /** For the other capabilities: the objects callbacks name for a payment, read after a refresh. */
  reported: ReportedOutcomes;
};

export function createOutcomeFeed(store: OutcomeStore, receiverFor: ReceiverFor, now: () => number): OutcomeFeed {
  const lastPull = new Map<string, { at: number; source: OutcomeSource }>();
  const refresh = async (profileId: string): Promise<OutcomeSource> => {
    const held = lastPull.get(profileId);
    if (held && now() - held.at < PULL_EVERY_MS) return held.source;
    const access = await receiverFor(profileId);
    let source: OutcomeSource;
    if (access === null) source = { kind: 'no-receiver' };
    else if ('refused' in access) source = { kind: 'unreachable', url: access.url, problem: access.refused };
    else {
      try {
        await pullOutcomes(store, profileId, access);
        source = { kind: 'receiver', url: access.url };
      } catch (error) {
        source = { kind: 'unreachable', url: access.url, problem: error instanceof Error ? error.message : String(error) };
      }
    }
    lastPull.set(profileId, { at: now(), source });
    return source;
  };
  return {
    store,
    refresh,
    reported: {
      paidBy: async (profileId, txids) => {
        await refresh(profileId);
        return store.paidBy(profileId, txids);
      },
    },
  };
}

/**
 * outcomes.forEntries: the entries' outcomes (an invoice's, an exchange's, the deposits into a
 * deposit address), from the events read from the active profile's receiver. Each ask first reads
 * what is new (at most every PULL_EVERY_MS), so a screen that asks while it is open (every
 * OUTCOMES_ASK_EVERY_MS) shows a callback within a second of its arrival at the receiver.
 */
/** How many entries' objects are remembered before the memory starts afresh: far more than History shows. */
const KNOWN_OBJECTS_MAX = 10_000;

export function outcomeHandlers(deps: ServiceDeps, feed: OutcomeFeed): Pick<Handlers, 'outcomes.forEntries' | 'outcomes.forPayment' | 'outcomes.attention' | 'outcomes.markSeen'> {
  /**
   * What a settled entry reports on (its operation and service id never change once it is settled:
   * the team journal's trigger refuses it), by profile and entry id. History asks twice a second for the
   * same page; without this each ask would read each of its entries from the journal again.
   */
  const known = new Map<string, OutcomeObject | null>();
  const objectOf = async (journal: JournalStore, profileId: string, id: number): Promise<OutcomeObject | null> => {
    const key = `${profileId}\n${id}`;
    if (known.has(key)) return known.get(key) ?? null;
    const entry = await journal.get(id).catch(() => null);
    if (entry === null || entry.profileId !== profileId) return null;
    const object = outcomeObjectOf(entry);
    if (entry.state === 'succeeded' || entry.state === 'failed') {
      if (known.size >= KNOWN_OBJECTS_MAX) known.clear();
      known.set(key, object);
    }
    return object;
  };

  return {
    'outcomes.forPayment': async ({ txids }) => {
      const profile = deps.book.active();
      if (profile === null) return { source: { kind: 'no-receiver' }, owners: [] };
      const source = await feed.refresh(profile.id);
      return { source, owners: feed.store.paidBy(profile.id, txids) };
    },
    'outcomes.attention': async () => {
      const profile = deps.book.active();
      if (profile === null) return { failed: [] };
      await feed.refresh(profile.id);
      return { failed: feed.store.failedNotSeen(profile.id).map(failedInvoiceOf) };
    },
    'outcomes.markSeen': async ({ invoiceId }) => {
      const profile = deps.book.active();
      if (profile === null) return { marked: false };
      return { marked: feed.store.markSeen(profile.id, 'invoice', invoiceId, new Date(deps.now()).toISOString()) };
    },
    'outcomes.forEntries': async ({ ids }) => {
      const profile = deps.book.active();
      if (profile === null) return { source: { kind: 'no-receiver' }, outcomes: [] };
      const source = await feed.refresh(profile.id);
      const journal = await deps.journalFor(profile.id);
      const wanted = (await Promise.all(ids.map(async (entryId) => ({ entryId, object: await objectOf(journal, profile.id, entryId) })))).flatMap(
        ({ entryId, object }) => (object === null ? [] : [{ entryId, object }]),
      );
      // A deposit address's deposits are found by the address they name, each object else by its own events.
      const outcomes = outcomesOf(feed.store.eventsOf(profile.id, wanted.flatMap((w) => (w.object.type === ADDRESS ? [] : [w.object]))));
      for (const { object } of wanted) {
        if (object.type !== ADDRESS || outcomes.has(objectKey(object))) continue;
        const outcome = addressOutcomeOf(feed.store.depositsInto(profile.id, object.id));
        if (outcome !== null) outcomes.set(objectKey(object), outcome);
      }
      return {
        source,
        outcomes: wanted.flatMap(({ entryId, object }) => {
          const outcome = outcomes.get(objectKey(object));
          return outcome ? [{ entryId, outcome }] : [];
        }),
      };
    },
  };
}
