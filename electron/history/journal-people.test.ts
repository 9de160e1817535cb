import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleMessage } from '../../shared/i18n/rule-message.ts';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';
import { sampleInvoiceRequest } from '../app/testing/invoice-request.ts';
import { routerCalls } from '../app/testing/router-calls.ts';

// Who made each entry, as a team journal needs to tell, through router.handle, over what the app really journaled: the
// local sandbox, the signed client, a real SQLite file, real CSV and PDF files. The display name
// is set halfway, through identity.set, as a person does once.

let dataDir: string;
let services: MainServices;
const { call, value } = routerCalls(() => services);
const search = async (query: Record<string, unknown> = {}) => (await value<{ entries: JournalEntry[] }>('journal.search', query)).entries;
const invoice = (foreignId: string) => sampleInvoiceRequest({ foreign_id: foreignId, amount: '19.90' });

const COMPUTER = hostname();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-journal-people-'));
  services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), log: () => {} });
  await value('invoices.create', invoice('before-name'));
  await value('identity.set', { displayName: 'Ana Ruiz' });
  await value('invoices.create', invoice('after-name'));
});
afterAll(async () => {
  await services?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('who made each entry, through the history channels', () => {
  it('names the person and the computer of each new entry; one made before the name was set has the computer only', async () => {
    const entries = await search({ operation: 'invoices.create' });
    expect(entries.map((e) => [e.foreignId, e.madeBy, e.madeOn])).toEqual([
      ['after-name', 'Ana Ruiz', COMPUTER],
      ['before-name', null, COMPUTER],
    ]);
  });

  it('lists the people who made the profile’s entries, and filters History by one of them', async () => {
    expect(await value('journal.people', {})).toEqual({ people: ['Ana Ruiz'] });
    expect((await search({ madeBy: 'Ana Ruiz' })).map((e) => e.foreignId)).toEqual(['after-name']);
    expect(await search({ madeBy: 'Ben Okafor' })).toEqual([]);
    // A name no person could have is refused at the boundary, with the name's own rule.
    expect(await call('journal.search', { madeBy: 'x'.repeat(101) })).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: { madeBy: ruleMessage('rules.identity.nameMax', { max: 100 }) } } });
    expect(await call('journal.people', { profileId: 'another' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
  });

  it('another profile has its own people: none here', async () => {
    const other = await value<{ id: string }>('profiles.save', { name: 'Other shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2', apiKey: 'other-key-0001', secret: 'other-secret' });
    await value('profiles.select', { id: other.id });
    try {
      expect(await value('journal.people', {})).toEqual({ people: [] });
    } finally {
      await value('profiles.select', { id: 'local-sandbox' });
    }
  });

  it('exports who made each entry and who resolved it in the CSV', async () => {
    (await services.sandbox.ensure()).setFault('invoices/create', { kind: 'reset', after: true, once: true });
    expect(await call('invoices.create', invoice('lost-answer'))).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
    const [lost] = (await value<{ entries: JournalEntry[] }>('journal.attention', {})).entries;
    expect(lost).toMatchObject({ foreignId: 'lost-answer', madeBy: 'Ana Ruiz', madeOn: COMPUTER, resolvedBy: null });
    const { entry } = await value<{ entry: JournalEntry }>('journal.resolve', { id: lost?.id, state: 'succeeded', note: 'In the back office' });
    expect(entry).toMatchObject({ resolvedBy: 'Ana Ruiz', resolvedOn: COMPUTER, resolvedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });

    const saved = await value<{ path: string; rows: number }>('journal.exportCsv', { operation: 'invoices.create' });
    const rows = parse(await readFile(saved.path, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.foreign_id, r.made_by, r.made_on, r.resolved_by, r.resolved_on, r.resolved_at === '' ? '' : 'a time'])).toEqual([
      ['lost-answer', 'Ana Ruiz', COMPUTER, 'Ana Ruiz', COMPUTER, 'a time'],
      ['after-name', 'Ana Ruiz', COMPUTER, '', '', ''],
      ['before-name', '', COMPUTER, '', '', ''],
    ]);
    expect(rows[0]?.resolved_at).toBe(entry.resolvedAt);
  });

  it('the dispute report names who recorded the invoice it cites, and who ran the lookup', async () => {
    // The customer pays an invoice Ana made; the lookup of that payment cites it. The sandbox's
    // callback is delivered first, so the report names the invoice from it every time, never by
    // the guess that stands in when no callback has arrived yet.
    const made = await value<{ invoice: { id: number } }>('invoices.create', { ...invoice('disputed'), currency: 'BTC', amount: '0.01' });
    const sandbox = await services.sandbox.ensure();
    const paid = sandbox.payInvoice(made.invoice.id, { amount: '0.01' });
    await sandbox.flushCallbacks();
    const looked = await value<{ journalId: number }>('transactions.lookup', { id: paid.transactionId });
    const { path } = await value<{ path: string }>('reports.disputePdf', { id: looked.journalId });
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    // This desktop's own journal: every entry was seen here, and there is no login to name.
    expect(text).toContain(`Seen by this desktop (${COMPUTER}): looked up by Ana Ruiz.`);
    expect(text).toContain('Invoice disputed (named by the service)');
    expect(text).toContain(`Seen by this desktop (${COMPUTER}): recorded by Ana Ruiz.`);
    expect(text).not.toContain('team journal');
    expect(text).not.toContain('Resolved by');
  });
});
