import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/ipc/errors.ts';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';

// The history channels through router.handle, over what the app really journaled: the local
// sandbox, the signed client, a real SQLite file, real CSV and PDF files.

let dataDir: string;
let services: MainServices;

async function call<T>(channel: string, payload: unknown): Promise<Envelope<T>> {
  return (await services.router.handle(channel, payload, { via: 'test' })) as Envelope<T>;
}
async function value<T>(channel: string, payload: unknown): Promise<T> {
  const answer = await call<T>(channel, payload);
  if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
  return answer.value;
}
const search = async (query: Record<string, unknown> = {}) => (await value<{ entries: JournalEntry[] }>('journal.search', query)).entries;

const invoice = (foreignId: string, title = 'History invoice') => ({
  timer: false,
  title,
  foreign_id: foreignId,
  currency: 'EUR',
  amount: '19.90',
  url_success: 'https://shop.example.com/ok',
  url_failed: 'https://shop.example.com/failed',
  email_user: 'buyer@example.com',
  end_user_reference: 'customer-77',
  sender_type: 'natural',
  sender_data: { first_name: 'Adalind', last_name: 'Quenby', date_of_birth: '1985-12-10' },
});

let lookupEntryId: number;
let txid: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-journal-'));
  services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), log: () => {} });
  await value('invoices.create', invoice('hist-1', 'First order'));
  await value('invoices.create', invoice('hist-2', 'Second order'));
  // The in-app sandbox has no HTTP control endpoints: its handle shows what it holds.
  const deposit = (await services.sandbox.ensure()).state().transactions.find((t) => t.type === 'deposit');
  const looked = await value<{ journalId: number; transaction: { transactions: Array<{ txid?: string }> } }>('transactions.lookup', { id: deposit?.id });
  lookupEntryId = looked.journalId;
  txid = looked.transaction.transactions[0]?.txid ?? '';
});
afterAll(async () => {
  await services?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('history channels', () => {
  it('lists the active profile’s operations newest first, without personal data', async () => {
    const entries = await search();
    expect(entries.map((e) => e.operation)).toEqual(['transactions.lookup', 'invoices.create', 'invoices.create']);
    expect(entries[1]).toMatchObject({ state: 'succeeded', foreignId: 'hist-2', title: 'Second order', amount: '19.90', serviceStatus: 'created', httpStatus: 201 });
    expect(JSON.stringify(entries)).not.toMatch(/Adalind|Quenby|1985-12-10|buyer@example\.com/);
  });

  it('searches by text, state, operation and date, and checks the query', async () => {
    expect((await search({ text: 'hist-1' })).map((e) => e.foreignId)).toEqual(['hist-1']);
    expect(await search({ text: 'Second' })).toHaveLength(1);
    expect(await search({ operation: 'transactions.lookup' })).toHaveLength(1);
    expect(await search({ state: 'unknown' })).toHaveLength(0);
    expect(await search({ from: '2000-01-01', to: '2000-01-02' })).toHaveLength(0);
    const bad = await call('journal.search', { limit: 0 });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
  });

  it('gets one entry; another profile sees neither it nor the list', async () => {
    const [newest] = await search();
    expect((await value<{ entry: JournalEntry }>('journal.get', { id: newest?.id })).entry.id).toBe(newest?.id);
    const other = await value<{ id: string }>('profiles.save', { name: 'Other shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2', apiKey: 'other-key-0001', secret: 'other-secret' });
    await value('profiles.select', { id: other.id });
    try {
      expect(await search()).toEqual([]);
      expect(await call('journal.get', { id: newest?.id })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    } finally {
      await value('profiles.select', { id: 'local-sandbox' });
    }
  });

  it('exports the search as CSV that parses back to the same values', async () => {
    const saved = await value<{ path: string; rows: number }>('journal.exportCsv', { operation: 'invoices.create' });
    expect(saved.rows).toBe(2);
    expect(saved.path.startsWith(join(dataDir, 'exports'))).toBe(true);
    const rows = parse(await readFile(saved.path, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.foreign_id, r.amount, r.state, r.http_status])).toEqual([
      ['hist-2', '19.90', 'succeeded', '201'],
      ['hist-1', '19.90', 'succeeded', '201'],
    ]);
    expect(rows[0]?.created_at_utc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('exports the spreadsheet form in the window\'s regional formats and this computer\'s time zone when asked', async () => {
    await value('locale.set', { language: null, formatLocale: 'de-DE' });
    const saved = await value<{ path: string; rows: number }>('journal.exportCsv', { operation: 'invoices.create', form: 'spreadsheet' });
    const text = await readFile(saved.path, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
    const rows = parse(text.slice(1), { columns: true, delimiter: ';' }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.amount)).toEqual(['19,90', '19,90']);
    expect(rows[0]?.[`created_at (${timeZone})`]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('names the spreadsheet form\'s columns in the window\'s language and its refusals too; the machine form keeps its English columns', async () => {
    await value('locale.set', { language: 'de', formatLocale: 'de-DE' });
    try {
      const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
      const sheet = await value<{ path: string }>('journal.exportCsv', { operation: 'invoices.create', form: 'spreadsheet' });
      const [row] = parse((await readFile(sheet.path, 'utf8')).slice(1), { columns: true, delimiter: ';' }) as Array<Record<string, string>>;
      expect(row).toMatchObject({ 'Fremd-ID': 'hist-2', Betrag: '19,90', Vorgang: 'invoices.create' });
      expect(row?.[`Erstellt (${timeZone})`]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const machine = await value<{ path: string }>('journal.exportCsv', { operation: 'invoices.create', form: 'machine' });
      expect((await readFile(machine.path, 'utf8')).split('\r\n')[0]).toMatch(/^id,created_at_utc,updated_at_utc,profile,/);
      expect(await call('journal.get', { id: 999999 })).toMatchObject({ ok: false, error: { kind: 'not_found', message: 'Für dieses Profil gibt es keinen Journaleintrag 999999.' } });
    } finally {
      await value('locale.set', { language: null, formatLocale: null });
    }
  });

  it('writes a dispute report of a lookup that pdftotext can read; refuses one for an invoice', async () => {
    // The merchant is named as typed on the profile the lookup was made on.
    await value('profiles.save', { id: 'local-sandbox', name: 'Local sandbox', merchantName: 'Acme GmbH', baseUrl: 'http://127.0.0.1' });
    const saved = await value<{ path: string }>('reports.disputePdf', { id: lookupEntryId });
    const text = execFileSync('pdftotext', [saved.path, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(text).toContain(txid);
    expect(text).toContain('Localsandbox');
    expect(text).toContain('Merchant:AcmeGmbH');
    const [invoiceEntry] = await search({ operation: 'invoices.create' });
    expect(await call('reports.disputePdf', { id: invoiceEntry?.id })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
  });

  it('an unknown outcome is listed for attention until a person records what happened', async () => {
    (await services.sandbox.ensure()).setFault('invoices/create', { kind: 'reset', after: true, once: true });
    expect(await call('invoices.create', invoice('hist-lost'))).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', foreignId: 'hist-lost' } });
    const { entries } = await value<{ entries: JournalEntry[] }>('journal.attention', {});
    expect(entries.map((e) => e.foreignId)).toEqual(['hist-lost']);

    expect(await call('journal.resolve', { id: entries[0]?.id, state: 'succeeded', note: '' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    const resolved = await value<{ entry: JournalEntry }>('journal.resolve', { id: entries[0]?.id, state: 'succeeded', note: 'Seen in the back office as invoice 826905' });
    expect(resolved.entry).toMatchObject({ state: 'succeeded', message: 'Resolved by hand: Seen in the back office as invoice 826905' });
    expect((await value<{ entries: JournalEntry[] }>('journal.attention', {})).entries).toEqual([]);
    // Only an unknown outcome can be resolved by hand.
    expect(await call('journal.resolve', { id: entries[0]?.id, state: 'failed', note: 'again' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
  });
});
