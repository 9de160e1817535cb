import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../shared/i18n/testing/in-english.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import type { OutcomeSource } from '../../../shared/ipc/index.ts';
import type { TransactionLookupRequest } from '../../../shared/api/index.ts';
import type { ProcessingClient } from '../../platform/api/index.ts';
import { createCallLimit } from '../../platform/limits/index.ts';
import { openOutcomeStore } from '../../platform/outcomes/index.ts';
import type { OutcomeStore } from '../../platform/outcomes/index.ts';
import { outcomesOf, objectKey, pollRequestOf } from './entry-outcomes.ts';
import { createOutcomePoller, FIRST_WAIT_MS, PER_TICK } from './outcome-poller.ts';

/**
 * The poller's rules, each with a test that fails without it: it asks only without a readable
 * receiver, only about succeeded exchanges whose outcome is not final, within the lookups' spare
 * allowance and PER_TICK, waits longer after each answer that is not final, and keeps an answer
 * only when it is about the transaction asked for. The whole loop against the sandbox over HTTP is
 * in electron/app/outcome-polling.test.ts.
 */

const T0 = Date.UTC(2026, 10, 27, 3);

function exchangeEntry(id: number, serviceId: string | null, foreignId = `exch-${id}`): JournalEntry {
  return { id, operation: 'exchange.place', state: 'succeeded', serviceId, foreignId } as JournalEntry;
}

type World = {
  store: OutcomeStore;
  asked: TransactionLookupRequest[];
  statuses: Map<string, string>;
  setTime(ms: number): void;
  source: OutcomeSource;
  entries: JournalEntry[];
  poller: ReturnType<typeof createOutcomePoller>;
  answerId?: (asked: string) => string;
  fail?: boolean;
  /** Holds every answer until it resolves. */
  hold?: Promise<void>;
  spare: () => boolean;
};

function world(options: { entries?: JournalEntry[]; limit?: number } = {}): World {
  let time = T0;
  const lookups = createCallLimit({ limit: options.limit ?? 60, now: () => time, words: () => 'wait' });
  const w: World = {
    store: openOutcomeStore(':memory:'),
    asked: [],
    statuses: new Map(),
    setTime: (ms) => (time = ms),
    source: { kind: 'no-receiver' },
    entries: options.entries ?? [exchangeEntry(1, '9001')],
    poller: undefined as unknown as World['poller'],
    spare: () => lookups.takeSpare(),
  };
  w.poller = createOutcomePoller({
    activeProfile: () => 'p',
    source: async () => w.source,
    journalFor: async () => ({
      search: async (_profile, query) => ({ entries: w.entries.filter((e) => e.operation === query?.operation && e.state === query?.state), unreadable: [] }),
    }),
    clientFor: async () => ({
      lookupTransaction: async (request) => {
        w.asked.push(request);
        await w.hold;
        if (w.fail) throw new Error('no answer');
        const id = String(request.id ?? '');
        const status = w.statuses.get(id) ?? 'not_confirmed';
        const answered = w.answerId ? w.answerId(id) : id;
        const raw = `{"id":${answered},"type":"exchange","status":"${status}","transactions":[],"fees":[]}`;
        return { transaction: { id: Number(answered), status, transactions: [], fees: [] }, unreadable: { transactions: [], fees: [] }, numericTxids: [], raw } as unknown as Awaited<ReturnType<ProcessingClient['lookupTransaction']>>;
      },
    }),
    store: w.store,
    lookups: { takeSpare: () => w.spare() },
    now: () => time,
  });
  return w;
}

const outcomeOf = (w: World, id: string) => outcomesOf(w.store.eventsOf('p', [{ type: 'exchange', id }])).get(objectKey({ type: 'exchange', id }));

describe('the outcome poller', () => {
  it('asks about a succeeded exchange and keeps the answer as a polled outcome', async () => {
    const w = world();
    expect(await w.poller.tick()).toMatchObject({ skipped: null, due: 1, asked: 1, kept: 1 });
    expect(w.asked).toEqual([{ id: 9001 }]);
    expect(outcomeOf(w, '9001')).toMatchObject({ final: false, current: { status: 'not_confirmed', origin: 'polled', at: new Date(T0).toISOString() } });
    expect(inEnglish(outcomeOf(w, '9001')?.current.words)).toBe('Being processed');
    // The receiver's cursor is the receiver's alone.
    expect(w.store.cursorOf('p')).toBe('0');
  });

  it('asks nothing while a receiver can be read, and asks when it cannot', async () => {
    const w = world();
    w.source = { kind: 'receiver', url: 'https://callbacks.example.com' };
    expect(await w.poller.tick()).toMatchObject({ skipped: 'receiver', asked: 0 });
    expect(w.asked).toEqual([]);
    w.source = { kind: 'unreachable', url: 'https://callbacks.example.com', problem: 'did not answer' };
    expect(await w.poller.tick()).toMatchObject({ skipped: null, asked: 1 });
  });

  it('never asks again about an entry once its outcome is final, by its own poll or by a callback', async () => {
    const w = world({ entries: [exchangeEntry(1, '9001'), exchangeEntry(2, '9002')] });
    w.statuses.set('9001', 'confirmed');
    w.store.add('p', [{ cursor: '1', type: 'exchange', objectId: '9002', status: 'cancelled', body: '{"id":9002,"status":"cancelled"}', receivedAt: new Date(T0).toISOString() }]);
    expect(await w.poller.tick()).toMatchObject({ due: 1, asked: 1 });
    expect(outcomeOf(w, '9001')).toMatchObject({ final: true, current: { status: 'confirmed', origin: 'polled' } });
    w.setTime(T0 + 24 * 60 * 60_000);
    expect(await w.poller.tick()).toMatchObject({ due: 0, asked: 0 });
    expect(w.asked).toEqual([{ id: 9001 }]);
  });

  it('asks about no other operation, and no entry that did not succeed', async () => {
    const lookup = { ...exchangeEntry(3, '9003'), operation: 'transactions.lookup' } as JournalEntry;
    const unknown = { ...exchangeEntry(4, null), state: 'unknown' } as JournalEntry;
    const w = world({ entries: [lookup, unknown] });
    expect(await w.poller.tick()).toMatchObject({ due: 0, asked: 0 });
  });

  it('waits after an answer that is not final, twice as long each time, and after a failure', async () => {
    const w = world();
    await w.poller.tick();
    w.setTime(T0 + FIRST_WAIT_MS - 1);
    expect((await w.poller.tick()).asked).toBe(0);
    w.setTime(T0 + FIRST_WAIT_MS);
    expect((await w.poller.tick()).asked).toBe(1);
    // The same status heard again is kept once.
    expect(w.store.eventsOf('p', [{ type: 'exchange', id: '9001' }])).toHaveLength(1);
    w.setTime(T0 + FIRST_WAIT_MS + 2 * FIRST_WAIT_MS - 1);
    expect((await w.poller.tick()).asked).toBe(0);
    w.setTime(T0 + 3 * FIRST_WAIT_MS);
    w.fail = true;
    expect(await w.poller.tick()).toMatchObject({ asked: 1, kept: 0 });
    w.fail = false;
    w.setTime(T0 + 3 * FIRST_WAIT_MS + 4 * FIRST_WAIT_MS - 1);
    expect((await w.poller.tick()).asked).toBe(0);
    w.setTime(T0 + 7 * FIRST_WAIT_MS);
    expect((await w.poller.tick()).asked).toBe(1);
  });

  it('asks only with spare slots of the lookups’ allowance, and at most PER_TICK a tick', async () => {
    const entries = Array.from({ length: PER_TICK + 3 }, (_, i) => exchangeEntry(i + 1, String(9001 + i)));
    const w = world({ entries, limit: 60 });
    expect(await w.poller.tick()).toMatchObject({ due: PER_TICK + 3, asked: PER_TICK, outOfBudget: false });
    const small = world({ entries, limit: 4 });
    // Half of 4 is kept for people: two polls, then the tick stops.
    expect(await small.poller.tick()).toMatchObject({ asked: 2, outOfBudget: true });
    expect(small.asked).toHaveLength(2);
  });

  it('runs one tick at a time, and once stopped has ended the tick in hand', async () => {
    const w = world();
    let answer = () => {};
    w.hold = new Promise((resolve) => (answer = resolve));
    const stop = w.poller.start(60 * 60_000);
    const first = w.poller.tick();
    expect(await w.poller.tick()).toMatchObject({ skipped: 'busy', asked: 0 });
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    answer();
    await stopping;
    expect(await first).toMatchObject({ asked: 1, kept: 1 });
    expect(w.asked).toHaveLength(1);
  });

  it('keeps no answer about another transaction than the one asked for', async () => {
    const w = world();
    w.answerId = () => '777';
    expect(await w.poller.tick()).toMatchObject({ asked: 1, kept: 0 });
    expect(w.store.eventsOf('p', [{ type: 'exchange', id: '9001' }, { type: 'exchange', id: '777' }])).toEqual([]);
  });
});

describe('what the poller asks by', () => {
  it('the service id when it is one, else the foreign id; nothing for what transactions/info cannot find', () => {
    expect(pollRequestOf(exchangeEntry(1, '9001'))?.request).toEqual({ id: 9001 });
    expect(pollRequestOf(exchangeEntry(1, '99999999999', 'exch-a'))?.request).toEqual({ foreign_id: 'exch-a' });
    expect(pollRequestOf({ operation: 'invoices.create', serviceId: '5', foreignId: 'inv-1' })).toBeNull();
    expect(pollRequestOf({ operation: 'exchange.place', serviceId: null, foreignId: 'exch-b' })).toBeNull();
  });
});

describe('polled events in the outcome store', () => {
  it('come after the callbacks, so that at an equal stage the callback is shown', () => {
    const store = openOutcomeStore(':memory:');
    const at = new Date(T0).toISOString();
    expect(store.addPolled('p', { type: 'exchange', objectId: '9', status: 'confirmed', body: '{"id":9,"status":"confirmed"}', checkedAt: at })).toBe(true);
    expect(store.addPolled('p', { type: 'exchange', objectId: '9', status: 'confirmed', body: '{"id":9,"status":"confirmed"}', checkedAt: at })).toBe(false);
    store.add('p', [{ cursor: '5', type: 'exchange', objectId: '9', status: 'confirmed', body: '{"id":9,"status":"confirmed"}', receivedAt: at }]);
    const events = store.eventsOf('p', [{ type: 'exchange', id: '9' }]);
    expect(events.map((e) => e.origin)).toEqual(['callback', 'polled']);
    expect(outcomesOf(events).get(objectKey({ type: 'exchange', id: '9' }))?.current.origin).toBe('callback');
    expect(store.cursorOf('p')).toBe('5');
    expect(store.eventsOf('other', [{ type: 'exchange', id: '9' }])).toEqual([]);
  });
});
