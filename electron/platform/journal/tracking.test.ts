import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceCreateRequest } from '../../../shared/api/index.ts';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { startSandbox } from '../../sandbox/index.ts';
import { createProcessingClient } from '../api/client.ts';
import type { ProcessingClient } from '../api/client.ts';
import { openJournalDatabase } from './index.ts';
import type { JournalStore } from './index.ts';
import { failureOf } from '../api/test-fixtures.ts';
import { testJournal } from './test-journal.ts';
import { createTracker } from './tracking.ts';
import type { Tracker } from './tracking.ts';

/** The tracker with a real SQLite file, the real client and the real sandbox behind it. */

const MERCHANT = { key: 'tracking-key', secret: 'tracking-secret' };
let dir: string;
let sb: SandboxHandle;
let client: ProcessingClient;
let journal: JournalStore;
let tracker: Tracker;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tracking-'));
  sb = await startSandbox({ merchants: [MERCHANT], seed: 3 });
  client = createProcessingClient({ baseUrl: sb.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
  journal = testJournal(openJournalDatabase(join(dir, 'journal.sqlite')));
  tracker = createTracker(journal);
});
afterAll(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

const invoice = (foreignId: string): InvoiceCreateRequest => ({
  timer: false,
  title: 'Tracked invoice',
  foreign_id: foreignId,
  currency: 'EUR',
  amount: '12.34',
  url_success: 'https://shop.example.com/ok',
  url_failed: 'https://shop.example.com/failed',
  email_user: 'buyer@example.com',
  end_user_reference: 'customer-1',
  sender_type: 'natural',
  sender_data: { first_name: 'Adalind', last_name: 'Quenby', date_of_birth: '1985-12-10' },
});

const create = (request: InvoiceCreateRequest) =>
  tracker.submission(
    { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: request.foreign_id, title: request.title, currency: request.currency, amount: request.amount, request },
    (receipt) => client.createInvoice(request, receipt),
    (value) => ({ serviceId: value.id, serviceStatus: value.status }),
  );

describe('tracked submissions', () => {
  it('writes pending before the request leaves, then succeeded with the service id, status, HTTP status and time', async () => {
    let seenWhileSending: string | undefined;
    const tracked = await tracker.submission(
      { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'track-1', request: invoice('track-1') },
      async (receipt) => {
        seenWhileSending = (await journal.findByForeignId('p1', 'invoices.create', 'track-1'))?.state;
        return client.createInvoice(invoice('track-1'), receipt);
      },
      (value) => ({ serviceId: value.id, serviceStatus: value.status }),
    );
    expect(seenWhileSending).toBe('pending');
    const entry = await journal.get(tracked.journalId);
    expect(entry).toMatchObject({ state: 'succeeded', serviceId: String(tracked.value.id), serviceStatus: 'created', httpStatus: 201 });
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);
    expect(entry?.response).toContain('"track-1"');
    // No personal data on disk: the sender's names and the e-mail are not kept.
    expect(JSON.stringify(entry)).not.toMatch(/Adalind|Quenby|buyer@example\.com/);
  });

  it("the service's refusal is failed with its message and HTTP status", async () => {
    const error = await failureOf(create({ ...invoice('track-2'), currency: 'ZZZ' }));
    expect(error).toMatchObject({ kind: 'validation', decision: 'not_carried_out' });
    const entry = await journal.findByForeignId('p1', 'invoices.create', 'track-2');
    expect(entry).toMatchObject({ state: 'failed', httpStatus: 400, message: error.message });
  });

  it('a request refused inside the app before sending is failed, with no HTTP status', async () => {
    // The router refuses a bad request before any handler (router.test.ts), so nothing is tracked;
    // a refusal inside a tracked call, before its bytes leave, is what this rule is about.
    const request = { ...invoice('track-2b'), url_success: 'https://10.0.0.1/ok' };
    const refused = new AppFailure({ kind: 'invalid_request', message: 'Some fields are not valid.', fields: { url_success: 'Use an https:// address with a domain name, not an IP address' } });
    const error = await failureOf(
      tracker.submission(
        { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: request.foreign_id, request },
        async () => {
          throw refused;
        },
        () => ({ serviceId: null, serviceStatus: null }),
      ),
    );
    expect(error).toMatchObject({ kind: 'invalid_request', decision: 'not_carried_out' });
    expect(await journal.findByForeignId('p1', 'invoices.create', 'track-2b')).toMatchObject({ state: 'failed', httpStatus: null });
  });

  it('a lost answer is unknown; the retry with the same foreign id is refused and explained, and nothing is created twice', async () => {
    sb.setFault('/api/v2/invoices/create', { kind: 'reset', once: true, after: true });
    const lost = await failureOf(create(invoice('track-3')));
    expect(lost).toMatchObject({ kind: 'outcome_unknown', foreignId: 'track-3', decision: 'outcome_unknown' });
    expect((await journal.findByForeignId('p1', 'invoices.create', 'track-3'))?.state).toBe('unknown');

    const retried = await failureOf(create(invoice('track-3')));
    expect(retried).toMatchObject({ kind: 'validation', decision: 'duplicate' });
    expect(retried.message).toMatch(/already has an invoice with the foreign id track-3, so no second one was made/);
    expect(retried.message).toMatch(/it did/);
    expect(retried.kind === 'validation' && retried.fields.foreign_id).toMatch(/has already been taken/);
    expect(sb.state(MERCHANT.key).invoices.filter((i) => i.foreign_id === 'track-3')).toHaveLength(1);
  });

  // One rule for the journal and for what the caller hears.
  it('an internal error after the request left is unknown in the journal and outcome_unknown for the caller', async () => {
    const request = invoice('track-4');
    const error = await failureOf(
      tracker.submission(
        { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'track-4', request },
        (receipt) => client.createInvoice(request, receipt),
        () => {
          throw new TypeError('a bug while reading the answer');
        },
      ),
    );
    expect(error).toMatchObject({ kind: 'outcome_unknown', foreignId: 'track-4', decision: 'outcome_unknown', message: expect.stringMatching(/may or may not have reached the service/) });
    expect(await journal.findByForeignId('p1', 'invoices.create', 'track-4')).toMatchObject({ state: 'unknown', httpStatus: 201, sentAt: expect.any(String), message: error.message });
    expect(sb.state(MERCHANT.key).invoices.filter((i) => i.foreign_id === 'track-4')).toHaveLength(1);
  });

  it('an internal error before the request left is failed, and the caller hears that nothing was sent', async () => {
    const error = await failureOf(
      tracker.submission(
        { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'track-5', request: invoice('track-5') },
        async () => {
          throw new TypeError('a bug before sending');
        },
        () => ({ serviceId: null, serviceStatus: null }),
      ),
    );
    expect(error).toEqual({ kind: 'internal', sent: false, decision: 'not_carried_out', message: 'The app failed before the request was sent: nothing reached the service.' });
    expect(await journal.findByForeignId('p1', 'invoices.create', 'track-5')).toMatchObject({ state: 'failed', sentAt: null, httpStatus: null });
    expect(sb.state(MERCHANT.key).invoices.filter((i) => i.foreign_id === 'track-5')).toHaveLength(0);
  });

  // Main decides once, knowing the sent mark; the screens show its decision and never work it out again.
  it('puts its decision on the failure: a server error on a try that never left was not carried out', async () => {
    const request = invoice('track-5b');
    const error = await failureOf(
      tracker.submission(
        { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'track-5b', request },
        async () => {
          // A company proxy's own 502, before the request's bytes were handed over: no sent mark.
          throw new AppFailure({ kind: 'service', status: 502, message: 'The proxy answered with a server error (HTTP 502).' });
        },
        () => ({ serviceId: null, serviceStatus: null }),
      ),
    );
    // Seen without the sent mark, a 502 may have come after the work was done: only main knows better.
    expect(error).toMatchObject({ kind: 'service', decision: 'not_carried_out' });
    expect(await journal.findByForeignId('p1', 'invoices.create', 'track-5b')).toMatchObject({ state: 'failed', sentAt: null });
  });

  it('puts its decision on a refusal before anything was written: a foreign id sent before is a duplicate', async () => {
    const request = invoice('track-5c');
    const admitNone = () => {
      throw new AppFailure({ kind: 'already_sent', foreignId: 'track-5c', message: 'Sent before.' });
    };
    const error = await failureOf(
      tracker.submission(
        { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'track-5c', request },
        (receipt) => client.createInvoice(request, receipt),
        () => ({ serviceId: null, serviceStatus: null }),
        admitNone,
      ),
    );
    expect(error).toEqual({ kind: 'already_sent', foreignId: 'track-5c', message: 'Sent before.', decision: 'duplicate' });
    expect(sb.state(MERCHANT.key).invoices.filter((i) => i.foreign_id === 'track-5c')).toHaveLength(0);
  });

  it('a duplicate whose earlier tries from this console never left is explained as made elsewhere', async () => {
    const request = invoice('track-6');
    await failureOf(
      tracker.submission(
        { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'track-6', request },
        async () => {
          throw new TypeError('a bug before sending');
        },
        () => ({ serviceId: null, serviceStatus: null }),
      ),
    );
    // Someone else (another console, the merchant's shop) creates it with the same foreign id.
    await client.createInvoice(request);
    const duplicate = await failureOf(create(request));
    expect(duplicate).toMatchObject({ kind: 'validation', decision: 'duplicate' });
    expect(duplicate.message).toMatch(/no second one was made\. No earlier try from this console ever left this machine, so it was made elsewhere/);
  });

  it('a lookup is recorded once, settled, with the status it saw', async () => {
    const id = sb.state(MERCHANT.key).transactions[0]!.id;
    const tracked = await tracker.lookup(
      { profileId: 'p1', profileName: 'Shop', operation: 'transactions.lookup', request: { id } },
      (receipt) => client.lookupTransaction({ id }, receipt),
      (value) => ({ serviceId: value.transaction.id, serviceStatus: value.transaction.status }),
    );
    // In this desktop's own journal: where History reads, so its id is given.
    expect(tracked.journalId).not.toBeNull();
    expect(await journal.get(tracked.journalId!)).toMatchObject({ operation: 'transactions.lookup', state: 'succeeded', serviceId: String(id), httpStatus: 200 });
    await failureOf(
      tracker.lookup(
        { profileId: 'p1', profileName: 'Shop', operation: 'transactions.lookup', request: { id: 999 } },
        (receipt) => client.lookupTransaction({ id: 999 }, receipt),
        (value) => ({ serviceId: value.transaction.id, serviceStatus: value.transaction.status }),
      ),
    );
    expect((await journal.search('p1', { operation: 'transactions.lookup', state: 'failed' })).entries).toHaveLength(1);
  });
});
