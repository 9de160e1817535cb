import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import type { ProfileView } from '../../shared/ipc/profile.ts';
import { ANSWER_LIMITS } from '../platform/api/answer-limits.ts';
import { startLoopbackServer } from '../platform/api/loopback-server.ts';
import type { LoopbackServer } from '../platform/api/loopback-server.ts';
import { KEPT_ANSWER_CHARS } from '../platform/journal/tracking.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import { createMainServices } from './main-services.ts';
import type { MainServices } from './main-services.ts';
import { sampleInvoiceRequest } from './testing/invoice-request.ts';
import { routerCalls } from './testing/router-calls.ts';
import { LOOKUPS_PER_MINUTE } from '../transactions/transaction-handlers.ts';

/**
 * A hostile answer must not freeze main nor leave personal data at rest (docs/security.md, "Bounded
 * answers" and "No personal data at rest"): through the real
 * router and client, with a recording HTTP server on loopback standing in for a hostile (or
 * compromised) host that answers what it likes.
 */

let host: LoopbackServer;
let dataDir: string;
let services: MainServices;
let clock = Date.UTC(2026, 0, 2, 3);

beforeEach(async () => {
  host = await startLoopbackServer();
  dataDir = await mkdtemp(join(tmpdir(), 'mc-hostile-'));
  services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), now: () => clock, log: () => {}, askPerson: async () => true });
  const saved = await value<ProfileView>('profiles.save', { name: 'Hostile', baseUrl: host.baseUrl, apiKey: 'key-hostile-1', secret: 'secret-hostile-1' });
  await value('profiles.select', { id: saved.id });
});
afterEach(async () => {
  await services.close();
  await host.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { call, value } = routerCalls(() => services);
const lastEntry = async () => (await value<{ entries: JournalEntry[] }>('journal.search', {})).entries[0];

const transactionJson = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: 4711, status: 'confirmed', type: 'deposit', fees: [], transactions: [], ...extra });
/** Padding of about `bytes` as a list of 1 KiB texts: no one text value is long enough to be refused on its own. */
const paddingOf = (bytes: number) => Array.from({ length: Math.floor(bytes / 1027) }, () => 'x'.repeat(1024));

describe('a padded answer', () => {
  it('over the lookup cap is refused, journaled as failed, and main keeps answering', async () => {
    host.answer({ status: 200, body: transactionJson({ padding: 'x'.repeat(15 * 1024 * 1024) }) });
    const [lookup, info] = await Promise.all([call('transactions.lookup', { id: 4711 }), call('app.info', {})]);
    expect(lookup).toMatchObject({ ok: false, error: { kind: 'unexpected_response', message: expect.stringMatching(/far too large/) } });
    expect(info).toMatchObject({ ok: true });
    expect(await lastEntry()).toMatchObject({ operation: 'transactions.lookup', state: 'failed', response: null });
  });

  it('under the cap is read, but the raw text over IPC and in the journal is cut and says so; no PDF is made of it', async () => {
    host.answer({ status: 200, body: transactionJson({ padding: paddingOf(ANSWER_LIMITS.lookup - 1000) }) });
    const looked = await value<{ raw: string; journalId: number }>('transactions.lookup', { id: 4711 });
    expect(looked.raw.length).toBeLessThan(KEPT_ANSWER_CHARS + 200);
    expect(looked.raw).toMatch(/\[cut by Merchant Console: \d+ characters arrived, the first 65536 are kept\]$/);
    const entry = (await value<{ entry: JournalEntry }>('journal.get', { id: looked.journalId })).entry;
    expect(entry.response?.length).toBeLessThan(KEPT_ANSWER_CHARS + 200);
    expect(await call('reports.disputePdf', { id: looked.journalId })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request', message: expect.stringMatching(/larger than the journal keeps/) },
    });
  });

  it('of a normal size is printed into a dispute report (built in a worker)', async () => {
    host.answer({ status: 200, body: transactionJson({ additional_details: { note: 'n'.repeat(40_000) } }) });
    const looked = await value<{ raw: string; journalId: number }>('transactions.lookup', { id: 4711 });
    const saved = await value<{ path: string }>('reports.disputePdf', { id: looked.journalId });
    expect((await readFile(saved.path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('lookups', () => {
  it(`are limited to ${LOOKUPS_PER_MINUTE} a minute: the next is refused before anything is sent`, async () => {
    host.answer({ status: 200, body: transactionJson() });
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i += 1) await value('transactions.lookup', { id: 4711 });
    const refused = await call('transactions.lookup', { id: 4711 });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAt: clock + 60_000 } });
    expect(host.requests.filter((r) => r.path.endsWith('/transactions/info'))).toHaveLength(LOOKUPS_PER_MINUTE);
    clock += 60_000;
    expect(await call('transactions.lookup', { id: 4711 })).toMatchObject({ ok: true });
  });
});

describe('personal data in answers', () => {
  const PERSONAL = /Adalind|Quenby|1985-12-10|adalind@example\.com|buyer@example\.com/;
  const SENDER = { first_name: 'Adalind', last_name: 'Quenby', date_of_birth: '1985-12-10', email: 'adalind@example.com' };

  it('never reaches journal.sqlite, whatever an invoice answer echoes and wherever', async () => {
    const request = sampleInvoiceRequest({ foreign_id: 'inv-pii', email_user: 'buyer@example.com', sender_type: 'natural', sender_data: SENDER });
    host.answer({
      status: 201,
      body: JSON.stringify({
        data: {
          id: 826900,
          url: `${host.baseUrl.replace(/\/api\/v2$/, '')}/pay/inv`,
          foreign_id: 'inv-pii',
          title: 'T',
          status: 'created',
          currency: 'EUR',
          amount: '19.90',
          email_user: 'buyer@example.com',
          sender_data: SENDER,
          echo: { of: [{ customer: 'Adalind Quenby, 1985-12-10' }] },
        },
      }),
    });
    await value('invoices.create', request);
    expect(JSON.stringify(await lastEntry())).not.toMatch(PERSONAL);
    await services.close();
    expect((await readFile(join(dataDir, 'journal.sqlite'))).toString('latin1')).not.toMatch(PERSONAL);
    services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), log: () => {} });
  });

  it('never reaches journal.sqlite from a lookup answer either', async () => {
    host.answer({ status: 200, body: transactionJson({ sender_data: SENDER, transactions: [], additional_details: { receiver_data: { email: 'adalind@example.com' } } }) });
    const looked = await value<{ journalId: number }>('transactions.lookup', { id: 4711 });
    const entry = (await value<{ entry: JournalEntry }>('journal.get', { id: looked.journalId })).entry;
    expect(entry.response).not.toMatch(PERSONAL);
    expect(entry.response).toContain('"id":4711');
  });
});

describe('payment URLs in an invoice answer', () => {
  const answerWithUrl = (url: string) =>
    host.answer({ status: 201, body: JSON.stringify({ data: { id: 826901, url, foreign_id: 'inv-url', title: 'T', status: 'created', currency: 'EUR', amount: '19.90' } }) });

  it('off the service’s own origin: refused with the reason, never opened', async () => {
    for (const url of ['https://evil.example/pay/826901', `http://127.0.0.1:${Number(new URL(host.baseUrl).port) + 1}/pay/826901`]) {
      answerWithUrl(url);
      const created = await value<{ paymentPage: { allowed: boolean; reason?: string } }>('invoices.create', sampleInvoiceRequest());
      expect(created.paymentPage).toEqual({ allowed: false, reason: expect.stringMatching(/neither drawn as a QR code nor opened/) });
      expect(await call('shell.openPaymentPage', { url })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    }
    expect(services.openedUrls).toEqual([]);
  });

  it('on the local host’s own origin: accepted and opened', async () => {
    const url = `${new URL(host.baseUrl).origin}/pay/826901`;
    answerWithUrl(url);
    expect((await value<{ paymentPage: unknown }>('invoices.create', sampleInvoiceRequest())).paymentPage).toEqual({ allowed: true });
    expect(await call('shell.openPaymentPage', { url })).toMatchObject({ ok: true });
    expect(services.openedUrls).toEqual([url]);
  });
});
