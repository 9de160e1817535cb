import { ruleMessage } from '../../shared/i18n/index.ts';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import type { ProfileView } from '../../shared/ipc/profile.ts';
import { startLoopbackServer } from '../platform/api/loopback-server.ts';
import type { LoopbackServer, RecordedRequest } from '../platform/api/loopback-server.ts';
import { TXID_UNSUPPORTED_MESSAGE } from '../platform/api/txid-refusal.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';
import { sampleInvoiceRequest } from '../app/testing/invoice-request.ts';
import { routerCalls } from '../app/testing/router-calls.ts';

/**
 * A dispute by hash through the real router, client (loopback), journal (SQLite) and report (PDF
 * worker, read back with pdftotext): the lookup by txid, the txids the journal keeps so that History
 * finds it by any of them, a service that does not take txid, and the report naming the hash, the
 * transaction it matched and the journal's invoice of the same payment.
 */

let host: LoopbackServer;
let dataDir: string;
let services: MainServices;
const { call, value } = routerCalls(() => services);

const HASH = '3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93';
const OTHER_HASH = 'feedbeef00112233445566778899aabbccddeeff00112233445566778899aabb';

const deposit = JSON.stringify({
  id: 4711,
  type: 'deposit',
  status: 'confirmed',
  end_user_reference: 'customer-77',
  crypto_address: { id: 9, currency: 'BTC', address: 'bc1qdispute', foreign_id: 'inv-dispute-1', tag: null },
  fees: [],
  transactions: [
    { id: 1, currency: 'BTC', transaction_type: 'blockchain', type: 'deposit', address: 'bc1qdispute', tag: null, amount: '0.00300000', txid: HASH.toUpperCase(), riskscore: '0.1', confirmations: 3 },
    // Set aside (its amount cannot be read), yet its hash is one a customer may give.
    { id: 2, currency: 'BTC', transaction_type: 'blockchain', type: 'deposit', amount: '3,5', txid: OTHER_HASH },
  ],
});
const withdrawal = JSON.stringify({ id: 4712, foreign_id: 'w-77', end_user_reference: 'customer-77', type: 'withdrawal', status: 'confirmed', fees: [], transactions: [] });
const stranger = JSON.stringify({ id: 4713, foreign_id: 'w-nobody', type: 'withdrawal', status: 'confirmed', fees: [], transactions: [] });

const invoiceAnswer = JSON.stringify({
  data: { id: 826900, url: 'https://invoices.example.com/i/1', foreign_id: 'inv-dispute-1', end_user_reference: 'customer-77', address: null, title: 'Order 77', status: 'created', currency: 'EUR', amount: '25.00000000' },
});

/** The host answers by what was asked, as the service would. */
function answerFor(sent: RecordedRequest) {
  if (sent.path.endsWith('/invoices/create')) return { status: 201, body: invoiceAnswer };
  const body = JSON.parse(sent.body.toString('utf8')) as Record<string, unknown>;
  if (body.txid === HASH || body.txid === OTHER_HASH) return { status: 200, body: deposit };
  if (body.txid === 'nosuchhash') return { status: 404, body: '{"error":"Transaction not found","code":"not_found"}' };
  if (body.id === 4712) return { status: 200, body: withdrawal };
  if (body.id === 4713) return { status: 200, body: stranger };
  return { status: 400, body: '{"error":"No parameters present","code":"no_parameters"}' };
}

const pdfText = async (journalId: number) => {
  const saved = await value<{ path: string }>('reports.disputePdf', { id: journalId });
  return execFileSync('pdftotext', ['-layout', saved.path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};
const search = async (text: string) => (await value<{ entries: JournalEntry[] }>('journal.search', { text, operation: 'transactions.lookup' })).entries;

beforeAll(async () => {
  host = await startLoopbackServer();
  host.answer(answerFor);
  dataDir = await mkdtemp(join(tmpdir(), 'mc-by-hash-'));
  services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), log: () => {}, askPerson: async () => true });
  const saved = await value<ProfileView>('profiles.save', { name: 'Shop', baseUrl: host.baseUrl, apiKey: 'key-by-hash-1', secret: 'secret-by-hash-1' });
  await value('profiles.select', { id: saved.id });
  await value('invoices.create', sampleInvoiceRequest({ foreign_id: 'inv-dispute-1', end_user_reference: 'customer-77', title: 'Order 77', amount: '25' }));
});
afterAll(async () => {
  await services?.close();
  await host?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a dispute by the customer’s hash', () => {
  let journalId: number;

  it('looks the transaction up by txid, sent as the single parameter', async () => {
    const found = await value<{ transaction: { id: number }; journalId: number }>('transactions.lookup', { txid: ` ${HASH} ` });
    journalId = found.journalId;
    expect(found.transaction.id).toBe(4711);
    expect(host.requests.at(-1)?.body.toString('utf8')).toBe(`{"txid":"${HASH}"}`);
  });

  it('journals every txid the answer held, set-aside entries included, with the hash asked for', async () => {
    const { entry } = await value<{ entry: JournalEntry }>('journal.get', { id: journalId });
    expect(entry).toMatchObject({ operation: 'transactions.lookup', state: 'succeeded', serviceId: '4711' });
    expect(entry.txids).toEqual([HASH, HASH.toUpperCase(), OTHER_HASH]);
  });

  it('is found in History by any of those hashes, in either case, and a hash found nowhere is kept too', async () => {
    expect((await search(OTHER_HASH.slice(0, 20))).map((e) => e.id)).toEqual([journalId]);
    expect((await search(HASH.toUpperCase())).map((e) => e.id)).toEqual([journalId]);
    expect(await call('transactions.lookup', { txid: 'nosuchhash' })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(await search('nosuchhash')).toMatchObject([{ state: 'failed', txids: ['nosuchhash'] }]);
  });

  it('names the hash, the transaction and entry it matched, and the journal’s invoice of the same payment in the report', async () => {
    const text = await pdfText(journalId);
    expect(text).toContain(`Hash the customer gave: ${HASH}`);
    expect(text).toMatch(/It matched transaction 4711, entry #1 \(blockchain deposit 0\.00300000 BTC\)/);
    expect(text).toMatch(/Invoice inv-dispute-1 \(same foreign id\): journal entry #1, succeeded, created .* 25 EUR/);
    expect(text).toContain('Service id: 826900');
  });

  it('finds the invoice by the end user reference when the foreign id is another, and says when there is none', async () => {
    const byReference = await value<{ journalId: number }>('transactions.lookup', { id: 4712 });
    const text = await pdfText(byReference.journalId);
    expect(text).toContain('Looked up by the service’s id or the foreign id, not by a hash: transaction 4712.'.replace('’', "'"));
    expect(text).toMatch(/Invoice inv-dispute-1 \(same end user reference\)/);
    const none = await value<{ journalId: number }>('transactions.lookup', { id: 4713 });
    expect(await pdfText(none.journalId)).toContain("This console's journal has no invoice or deposit address with the foreign id w-nobody.");
  });
});

describe('a service that does not take txid', () => {
  it('is explained as "look it up in the back office", and the try is journaled with that message', async () => {
    host.answer({ status: 400, body: '{"error":"No parameters present","code":"no_parameters"}' });
    try {
      expect(await call('transactions.lookup', { txid: 'abc123' })).toEqual({ ok: false, error: { kind: 'unsupported', message: TXID_UNSUPPORTED_MESSAGE } });
      expect(await search('abc123')).toMatchObject([{ state: 'failed', message: TXID_UNSUPPORTED_MESSAGE, httpStatus: 400 }]);
    } finally {
      host.answer(answerFor);
    }
  });

  it('says it in the window’s language once the person chose German; the journal keeps what it recorded', async () => {
    host.answer({ status: 400, body: '{"error":"No parameters present","code":"no_parameters"}' });
    try {
      expect(await value('locale.set', { language: 'de', formatLocale: null })).toMatchObject({ language: 'de' });
      expect(await call('transactions.lookup', { txid: 'abc124' })).toEqual({
        ok: false,
        error: { kind: 'unsupported', message: 'Dieser Dienst unterstützt keine Suche nach Hash; suchen Sie im Backoffice.' },
      });
      expect(await search('abc124')).toMatchObject([{ state: 'failed', message: TXID_UNSUPPORTED_MESSAGE }]);
    } finally {
      await value('locale.set', { language: null, formatLocale: null });
      host.answer(answerFor);
    }
  });

  it('refuses a txid beside an id before anything is sent', async () => {
    const before = host.requests.length;
    expect(await call('transactions.lookup', { id: 4711, txid: HASH })).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: { txid: ruleMessage('rules.lookup.exactlyOne') } } });
    expect(host.requests).toHaveLength(before);
  });
});
