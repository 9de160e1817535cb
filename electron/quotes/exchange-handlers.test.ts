import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExchangeOrder, FixedExchangeRequest, QuoteRequest } from '../../shared/api/index.ts';
import type { CallReceipt } from '../platform/api/service-call.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import type { AppError } from '../../shared/ipc/errors.ts';
import { createTracker, openJournalDatabase } from '../platform/journal/index.ts';
import type { JournalStore } from '../platform/journal/index.ts';
import { testJournal } from '../platform/journal/test-journal.ts';
import { createHeldQuotes } from './held-quotes.ts';
import { createRouter } from '../platform/router/router.ts';
import type { Handlers } from '../platform/router/router.ts';
import type { ServiceDeps } from '../platform/services/deps.ts';
import { fixedExchangePlacer, PLACEMENTS_PER_MINUTE } from './exchange-handlers.ts';
import { placeAtHeldQuote } from './placement-guard.ts';
import type { MessageId, WordValues } from '../../shared/i18n/index.ts';
import { say, SOURCE_LANGUAGE } from '../../shared/i18n/index.ts';

// A foreign_id goes to the service at most once per run, whatever happens to its answer.

type Deferred = { resolve(order: ExchangeOrder): void; reject(error: unknown): void };

/** A client whose placements wait until the test answers them, and a record of what it was sent. */
const dir = mkdtempSync(join(tmpdir(), 'exchange-handlers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let journals = 0;
/** A real journal in its own SQLite file; pass one to model the next run of the app. */
const newJournal = (): JournalStore => testJournal(openJournalDatabase(join(dir, `journal-${(journals += 1)}.sqlite`)));

function fakeService(options: { noProfile?: () => boolean; journal?: JournalStore; now?: () => number } = {}) {
  const journal = options.journal ?? newJournal();
  const sentIds: string[] = [];
  const waiting: Deferred[] = [];
  const deps = {
    connection: {
      active: async () => {
        if (options.noProfile?.()) {
          throw new AppFailure({ kind: 'configuration', message: 'No profile is selected. Choose or add a profile first.' });
        }
        return {
          profileId: 'p1',
          profileName: 'Shop',
          kind: 'local-sandbox',
          baseUrl: 'http://127.0.0.1:1',
          journal,
          tracker: createTracker(journal),
          client: {
            placeFixedExchange: async (request: FixedExchangeRequest, receipt?: CallReceipt) => {
              // As the transport does: the journal's sent mark, committed, just before the bytes leave.
              await receipt?.onSend?.();
              sentIds.push(request.foreign_id);
              return new Promise<ExchangeOrder>((resolve, reject) => waiting.push({ resolve, reject }));
            },
          },
        };
      },
    },
    now: options.now ?? Date.now,
    // Main's own words in English, as the window's language on an English desktop.
    locale: { say: (id: MessageId, values?: WordValues) => say(SOURCE_LANGUAGE, id, values) },
  } as unknown as ServiceDeps;
  // Only the channel under test is called; the router needs an object of every handler's type.
  const handlers = { 'exchange.place': placeAtHeldQuote(deps, heldQuotes, fixedExchangePlacer(deps)) };
  const router = createRouter(handlers as Handlers, { log: () => {} });
  return { router, sentIds, waiting, journal };
}

/** Every placement names a quote main holds: each call here gets a fresh one, so only the foreign id's rules are at work. */
const heldQuotes = createHeldQuotes(Date.now);
const SENDING: QuoteRequest = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' };
const request = (foreignId: string, asked: QuoteRequest = SENDING) => {
  const quote = { sender_currency: 'BTC', sender_amount: '0.01', receiver_currency: 'EUR', receiver_amount: '600.00123456', fee_currency: 'BTC', fee_amount: '0.0001', price: '60000.12345678', ts_fixed: 1, ts_release: 61, fix_period: 60 };
  return { quoteId: heldQuotes.hold('p1', quote, asked, Date.now()).quoteId, foreignId };
};

const order = (foreignId: string): ExchangeOrder => ({
  id: 7,
  foreign_id: foreignId,
  type: 'exchange',
  sender_amount: '0.01000000',
  sender_currency: 'BTC',
  receiver_amount: '600.00123456',
  receiver_currency: 'EUR',
  fee_amount: '0.00010000',
  fee_currency: 'BTC',
  price: '60000.12345678',
  status: 'processing',
});

/** Lets the handler run up to its first real wait (the fake client's promise). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function refusal(answer: unknown): AppError {
  expect(answer).toMatchObject({ ok: false });
  return (answer as { error: AppError }).error;
}

describe('exchange.place never sends a foreign_id twice in a run', () => {
  it('refuses the second of two concurrent calls with the same foreign_id, in plain words', async () => {
    const { router, sentIds, waiting } = fakeService();
    const first = router.handle('exchange.place', request('exch-a'));
    const second = router.handle('exchange.place', request('exch-a'));
    const refused = refusal(await second);
    expect(refused.kind).toBe('already_sent');
    // This desktop's own try, in this run: who made it, on which computer, its state and when.
    expect(refused.message).toMatch(/exch-a was already sent in this session, by Ana Ruiz on FINANCE-01 \(pending, at \d{4}-\d{2}-\d{2}T[\d:.]+Z\), so it is not sent again\./);
    expect(refused.message).toContain('still waiting for the service to answer');
    // Its own kind, naming the foreign id to look up: the request itself was valid.
    expect(refused).toEqual({ kind: 'already_sent', decision: 'duplicate', foreignId: 'exch-a', message: refused.message });
    await settle();
    expect(sentIds).toEqual(['exch-a']);

    waiting[0]?.resolve(order('exch-a'));
    expect(await first).toMatchObject({ ok: true, value: { order: { foreign_id: 'exch-a', status: 'processing' } } });
  });

  it('refuses it after a placement that succeeded', async () => {
    const { router, sentIds, waiting } = fakeService();
    const first = router.handle('exchange.place', request('exch-b'));
    await settle();
    waiting[0]?.resolve(order('exch-b'));
    expect(await first).toMatchObject({ ok: true });

    const again = refusal(await router.handle('exchange.place', request('exch-b')));
    expect(again.message).toContain('has already been asked once');
    expect(sentIds).toEqual(['exch-b']);
  });

  it('refuses it after a lost answer, and after a clear refusal by the service', async () => {
    const { router, sentIds, waiting } = fakeService();
    const lost = router.handle('exchange.place', request('exch-lost'));
    await settle();
    waiting[0]?.reject(new AppFailure({ kind: 'outcome_unknown', foreignId: 'exch-lost', message: 'The answer was lost.' }));
    expect(refusal(await lost).kind).toBe('outcome_unknown');
    expect(refusal(await router.handle('exchange.place', request('exch-lost'))).kind).toBe('already_sent');

    const refused = router.handle('exchange.place', request('exch-refused'));
    await settle();
    waiting[1]?.reject(new AppFailure({ kind: 'validation', message: 'Refused.', fields: { price: 'The quote was released.' } }));
    expect(refusal(await refused).kind).toBe('validation');
    expect(refusal(await router.handle('exchange.place', request('exch-refused'))).kind).toBe('already_sent');
    expect(sentIds).toEqual(['exch-lost', 'exch-refused']);
  });

  it('takes the foreign_id after trimming, as the contract reads it', async () => {
    const { router, sentIds } = fakeService();
    void router.handle('exchange.place', request('exch-c'));
    expect(refusal(await router.handle('exchange.place', request('  exch-c ')))).toMatchObject({ kind: 'already_sent', foreignId: 'exch-c' });
    await settle();
    expect(sentIds).toEqual(['exch-c']);
  });

  it('lets other foreign_ids through while one is waiting', async () => {
    const { router, sentIds, waiting } = fakeService();
    const a = router.handle('exchange.place', request('exch-d'));
    const b = router.handle('exchange.place', request('exch-e'));
    await settle();
    expect(sentIds).toEqual(['exch-d', 'exch-e']);
    waiting[0]?.resolve(order('exch-d'));
    waiting[1]?.resolve(order('exch-e'));
    expect(await a).toMatchObject({ ok: true });
    expect(await b).toMatchObject({ ok: true });
  });

  it('gives the foreign_id back when nothing was sent (no profile selected)', async () => {
    let noProfile = true;
    const { router, sentIds, waiting } = fakeService({ noProfile: () => noProfile });
    expect(refusal(await router.handle('exchange.place', request('exch-f'))).kind).toBe('configuration');
    expect(sentIds).toEqual([]);

    noProfile = false;
    const placed = router.handle('exchange.place', request('exch-f'));
    await settle();
    waiting[0]?.resolve(order('exch-f'));
    expect(await placed).toMatchObject({ ok: true });
    expect(sentIds).toEqual(['exch-f']);
  });
});

describe('exchange.place across runs of the app (the journal)', () => {
  it('refuses a foreign_id that an earlier run sent, whatever became of it, and records each placement', async () => {
    const first = fakeService();
    const placed = first.router.handle('exchange.place', request('exch-run-1'));
    await settle();
    expect((await first.journal.findByForeignId('p1', 'exchange.place', 'exch-run-1'))?.state).toBe('pending');
    first.waiting[0]?.resolve(order('exch-run-1'));
    expect(await placed).toMatchObject({ ok: true, value: { journalId: expect.any(Number) } });
    expect(await first.journal.findByForeignId('p1', 'exchange.place', 'exch-run-1')).toMatchObject({ state: 'succeeded', serviceId: '7' });

    const lost = first.router.handle('exchange.place', request('exch-run-2'));
    await settle();
    first.waiting[1]?.reject(new AppFailure({ kind: 'outcome_unknown', foreignId: 'exch-run-2', message: 'The answer was lost.' }));
    await lost;

    // The next run has a fresh memory but the same journal.
    const next = fakeService({ journal: first.journal });
    for (const foreignId of ['exch-run-1', 'exch-run-2']) {
      const refused = refusal(await next.router.handle('exchange.place', request(foreignId)));
      expect(refused).toMatchObject({ kind: 'already_sent', foreignId });
      expect(refused.message).toContain(`${foreignId} was already sent by this console before, by Ana Ruiz on FINANCE-01 (`);
    }
    expect(next.sentIds).toEqual([]);
  });

  it('lets a foreign_id through again when the earlier try never left this machine', async () => {
    const journal = newJournal();
    const id = await journal.begin({ profileId: 'p1', profileName: 'Shop', operation: 'exchange.place', foreignId: 'exch-unsent', request: {} });
    await journal.finish(id, { state: 'failed', message: 'Could not connect.' });
    const { router, sentIds, waiting } = fakeService({ journal });
    const placed = router.handle('exchange.place', request('exch-unsent'));
    await settle();
    waiting[0]?.resolve(order('exch-unsent'));
    expect(await placed).toMatchObject({ ok: true });
    expect(sentIds).toEqual(['exch-unsent']);
  });
});

describe('exchange.place from a runaway renderer', () => {
  it(`places at most ${PLACEMENTS_PER_MINUTE} a minute; the next is refused before anything is sent, and allowed again a minute later`, async () => {
    let clock = Date.UTC(2026, 10, 22, 12);
    const { router, sentIds, waiting } = fakeService({ now: () => clock });
    const placed = Array.from({ length: PLACEMENTS_PER_MINUTE }, (_, i) => router.handle('exchange.place', request(`exch-run-away-${i}`)));
    await settle();
    const refused = refusal(await router.handle('exchange.place', request('exch-run-away-over')));
    expect(refused).toMatchObject({ kind: 'rate_limited', retryAt: clock + 60_000 });
    expect(refused.message).toMatch(/at most 6 exchanges a minute.*Nothing was sent.*60 s/);
    expect(sentIds).toHaveLength(PLACEMENTS_PER_MINUTE);
    expect(sentIds).not.toContain('exch-run-away-over');
    for (const [i, deferred] of waiting.entries()) deferred.resolve(order(`exch-run-away-${i}`));
    await Promise.all(placed);

    clock += 60_000;
    const later = router.handle('exchange.place', request('exch-run-away-over'));
    await settle();
    waiting.at(-1)?.resolve(order('exch-run-away-over'));
    expect(await later).toMatchObject({ ok: true });
  });
});

describe('what the journal records of a placement', () => {
  it('the amount the person fixed, in its own currency: the receiving side records the receiving currency', async () => {
    const { router, waiting, journal } = fakeService();
    const placed = router.handle('exchange.place', request('exch-receive-side', { sender_currency: 'BTC', receiver_currency: 'EUR', receiver_amount: '600' }));
    await settle();
    waiting[0]?.resolve(order('exch-receive-side'));
    expect(await placed).toMatchObject({ ok: true });
    expect(await journal.findByForeignId('p1', 'exchange.place', 'exch-receive-side')).toMatchObject({ currency: 'EUR', amount: '600.00123456' });

    const sent = fakeService({ journal });
    const other = sent.router.handle('exchange.place', request('exch-send-side'));
    await settle();
    sent.waiting[0]?.resolve(order('exch-send-side'));
    await other;
    expect(await journal.findByForeignId('p1', 'exchange.place', 'exch-send-side')).toMatchObject({ currency: 'BTC', amount: '0.01' });
  });
});
