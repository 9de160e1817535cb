import { formatDateTime } from '../../../shared/locale/index.ts';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/api/index.ts';
import type { JournalEntry, JournalQuery } from '../../../shared/ipc/journal.ts';
import { EXAMPLE_FOREIGN_IDS, startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { teamDatabaseForTest } from '../journal/testing/team-database.ts';
import type { TeamDatabase } from '../journal/testing/team-database.ts';
import { sampleInvoiceRequest } from '../../app/testing/invoice-request.ts';
import { startCommitCutter } from './testing/commit-cutter.ts';
import { openDesktop, teamJournalFields } from './testing/team-desktops.ts';
import type { Desktop } from './testing/team-desktops.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';

/**
 * History, search, CSV, the dispute PDF and the attention banner must work the same on both
 * engines; here the two that write files, through main's real services and router: Ana's desktop
 * creates an invoice, the customer pays it and the payment is looked up by its hash; Ben's desktop
 * (another data folder, the same merchant account and team database) exports the CSV and makes the
 * dispute report, read back with csv-parse and pdftotext. The same steps on a desktop with no team
 * journal (SQLite), against a sandbox started with the same seed and a stopped clock, give the same
 * rows and the same report: only times, ids the journals number themselves and the service's
 * address may differ.
 */

const MERCHANT = { key: `team-key-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex') };
const COMPUTER = hostname();
/** Both sandboxes' time stands still: a payment's confirmations and status do not move between the two runs. */
const SANDBOX_TIME = Date.parse('2026-03-01T09:00:00.000Z');

let teamSandbox: SandboxHandle;
let soloSandbox: SandboxHandle;
let team: TeamDatabase;
let ana: Desktop;
let ben: Desktop;
let solo: Desktop;

const sandboxFor = () => startSandbox({ merchants: [MERCHANT], seed: 15, rateLimit: false, clock: () => SANDBOX_TIME });

beforeAll(async () => {
  [teamSandbox, soloSandbox] = await Promise.all([sandboxFor(), sandboxFor()]);
  team = await teamDatabaseForTest('team-reports');
  ana = await openDesktop({ person: 'Ana Ruiz', baseUrl: teamSandbox.baseUrl, merchant: MERCHANT, team });
  ben = await openDesktop({ person: 'Ben Okafor', baseUrl: teamSandbox.baseUrl, merchant: MERCHANT, team });
  // The same person and shop on a desktop of her own: the SQLite journal, as without a team journal.
  solo = await openDesktop({ person: 'Ana Ruiz', baseUrl: soloSandbox.baseUrl, merchant: MERCHANT, team: null });
});
afterAll(async () => {
  for (const desktop of [ana, ben, solo]) await desktop?.close();
  for (const sandbox of [teamSandbox, soloSandbox]) await sandbox?.close();
  await team?.drop();
});

type CsvRow = Record<string, string>;

/** journal.exportCsv through the router: the file lands in the desktop's own exports folder. */
async function exportedRows(desktop: Desktop, query: JournalQuery = {}): Promise<CsvRow[]> {
  const saved = await desktop.value<{ path: string; rows: number }>('journal.exportCsv', query);
  expect(saved.path.startsWith(join(desktop.dataDir, 'exports'))).toBe(true);
  const rows = parse(await readFile(saved.path, 'utf8'), { columns: true }) as CsvRow[];
  expect(rows).toHaveLength(saved.rows);
  return rows;
}

/** reports.disputePdf through the router, as pdftotext reads it, on one line. */
async function disputeText(desktop: Desktop, lookupId: number): Promise<string> {
  const { path } = await desktop.value<{ path: string }>('reports.disputePdf', { id: lookupId });
  expect(path.startsWith(join(desktop.dataDir, 'exports'))).toBe(true);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The customer pays the invoice from a wallet: the hash the wallet shows them. */
function paidHash(sandbox: SandboxHandle, invoiceId: number): string {
  const paid = sandbox.payInvoice(invoiceId, { amount: '0.01' });
  const hash = sandbox.state(MERCHANT.key).transactions.find((t) => t.id === paid.transactionId)?.txids[0];
  if (hash === undefined) throw new Error(`The sandbox's payment ${paid.transactionId} has no hash.`);
  return hash;
}

const lookUp = async (desktop: Desktop, by: { txid: string } | { foreign_id: string }) => (await desktop.value<{ journalId: number }>('transactions.lookup', by)).journalId;

/** A BTC invoice the customer can pay in the sandbox. */
const btcInvoice = (overrides: { foreign_id?: string; end_user_reference?: string } = {}) => sampleInvoiceRequest({ currency: 'BTC', amount: '0.01', title: 'Order 15', ...overrides });

type Dispute = { invoiceEntry: number; lookupEntry: number; rows: CsvRow[]; report: string };

/**
 * The flow a dispute takes: `maker` creates the invoice and looks its payment up by hash; `reader`
 * exports History and makes the dispute report. The rows are the flow's own two entries.
 */
async function disputeFlow(sandbox: SandboxHandle, maker: Desktop, reader: Desktop, foreignId: string): Promise<Dispute> {
  const made = await maker.value<{ invoice: Invoice; journalId: number }>('invoices.create', btcInvoice({ foreign_id: foreignId, end_user_reference: 'customer-15' }));
  const lookupEntry = await lookUp(maker, { txid: paidHash(sandbox, made.invoice.id) });
  const ids = [String(lookupEntry), String(made.journalId)];
  const rows = (await exportedRows(reader)).filter((row) => ids.includes(row.id ?? ''));
  return { invoiceEntry: made.journalId, lookupEntry, rows, report: await disputeText(reader, lookupEntry) };
}

const without = (columns: readonly string[]) => (row: CsvRow) => Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column)));
/** What must be the same on both engines: a row without the journal's own number, times, duration and the sandbox's address. */
const comparableRow = without(['id', 'created_at_utc', 'updated_at_utc', 'duration_ms', 'origin']);
/** A time as the report writes it: in UTC, to the second, the zone named (shared/locale formatDateTime). */
const REPORT_TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/g;
/** The report but for when it was made and the number the journal gave the invoice it cites. */
const sameEntriesReport = (dispute: Dispute) =>
  dispute.report.replace(/Report generated at: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/, 'Report generated at: <time>').replaceAll(`journal entry #${dispute.invoiceEntry},`, 'journal entry #<invoice>,');
/**
 * The report as the desktop that made the entries words them. A team report says another desktop's
 * entry is the team's record, not seen here, and names its login; a desktop's own journal has
 * neither: everything else must be the same.
 */
const asIfSeenThere = (report: string) =>
  report
    .replace(/ \(login [^)]+\)/g, '')
    .replace(/From the team journal, (looked up|recorded) by (.+?) on (\S+): this desktop did not see it itself\./g, 'Seen by this desktop ($3): $1 by $2.');
/** " (login ...)" when the team journal recorded the login (its schema 7 on), nothing before. */
const loginOf = (entry: JournalEntry) => (entry.madeLogin === null ? '' : ` (login ${entry.madeLogin})`);
/** The report of the same steps against another sandbox: every time and the service's address differ too. */
const sameStepsReport = (dispute: Dispute, sandbox: SandboxHandle) => sameEntriesReport(dispute).replaceAll(REPORT_TIME, '<time>').replaceAll(sandbox.origin, '<service>');

describe('CSV and the dispute report on a team journal', () => {
  it('Ben’s CSV and dispute report of Ana’s invoice name her, and are the same as on SQLite', async () => {
    const foreignId = newForeignId('inv');
    const onTeam = await disputeFlow(teamSandbox, ana, ben, foreignId);
    const onSqlite = await disputeFlow(soloSandbox, solo, solo, foreignId);

    // Ben's file holds Ana's rows, naming her and her computer.
    expect(onTeam.rows.map((row) => [row.id, row.operation, row.state, row.foreign_id, row.made_by, row.made_on, row.resolved_by])).toEqual([
      [String(onTeam.lookupEntry), 'transactions.lookup', 'succeeded', '', 'Ana Ruiz', COMPUTER, ''],
      [String(onTeam.invoiceEntry), 'invoices.create', 'succeeded', foreignId, 'Ana Ruiz', COMPUTER, ''],
    ]);
    // Ben's report cites the journal entry Ana recorded, and who looked the payment up: both the team's record, not seen on his desktop.
    const [lookup, invoice] = await Promise.all([onTeam.lookupEntry, onTeam.invoiceEntry].map(async (id) => (await ben.value<{ entry: JournalEntry }>('journal.get', { id })).entry));
    expect(onTeam.report).toContain(`From the team journal, looked up by Ana Ruiz${loginOf(lookup!)} on ${COMPUTER}: this desktop did not see it itself.`);
    expect(onTeam.report).toContain(`Invoice ${foreignId} (same foreign id): journal entry #${onTeam.invoiceEntry}, succeeded`);
    expect(onTeam.report).toContain(`From the team journal, recorded by Ana Ruiz${loginOf(invoice!)} on ${COMPUTER}: this desktop did not see it itself.`);
    // On her own desktop's journal, the same entries were seen there.
    expect(onSqlite.report).toContain(`Seen by this desktop (${COMPUTER}): looked up by Ana Ruiz.`);
    expect(onSqlite.report).toContain(`Seen by this desktop (${COMPUTER}): recorded by Ana Ruiz.`);

    // Parity: the same rows, column for column, and the same report, line for line, but for whose desktop saw the entries.
    const withoutLogins = without(['made_login', 'resolved_login']);
    expect(onTeam.rows.map((row) => comparableRow(withoutLogins(row)))).toEqual(onSqlite.rows.map((row) => comparableRow(withoutLogins(row))));
    expect(asIfSeenThere(sameStepsReport(onTeam, teamSandbox))).toBe(sameStepsReport(onSqlite, soloSandbox));
  });

  it('Ben’s own lookup of the hash Ana’s customer gives: seen by his desktop; Ana’s invoice is the team’s record, not seen by it', async () => {
    const request = btcInvoice();
    const made = await ana.value<{ invoice: Invoice; journalId: number }>('invoices.create', request);
    const hash = paidHash(teamSandbox, made.invoice.id);
    const lookupId = await lookUp(ben, { txid: hash });
    const report = await disputeText(ben, lookupId);
    const [lookup, invoice] = await Promise.all([lookupId, made.journalId].map(async (id) => (await ben.value<{ entry: JournalEntry }>('journal.get', { id })).entry));
    expect(report).toContain(`Hash the customer gave: ${hash}`);
    // One computer runs both desktops here: only the desktop id, which main passes to the report, tells them apart.
    expect(report).toContain(`Seen by this desktop (${COMPUTER}): looked up by Ben Okafor${loginOf(lookup!)}.`);
    expect(report).toContain(`Invoice ${request.foreign_id} (same foreign id): journal entry #${made.journalId}, succeeded`);
    expect(report).toContain(`From the team journal, recorded by Ana Ruiz${loginOf(invoice!)} on ${COMPUTER}: this desktop did not see it itself.`);
    expect(report).not.toContain('From the team journal, looked up');
    // Ana's report of the same lookup says the opposite of each.
    const anas = await disputeText(ana, lookupId);
    expect(anas).toContain(`From the team journal, looked up by Ben Okafor${loginOf(lookup!)} on ${COMPUTER}: this desktop did not see it itself.`);
    expect(anas).toContain(`Seen by this desktop (${COMPUTER}): recorded by Ana Ruiz${loginOf(invoice!)}.`);
    expect(report).toContain(`Service id: ${made.invoice.id}`);
    expect(report).not.toContain('Resolved by');
  });

  it('an invoice whose outcome Ana never heard and Ben resolved: who did is in the CSV and in the report', async () => {
    const request = btcInvoice();
    // The service makes the invoice, and the answer is lost on the way back to Ana.
    teamSandbox.setFault('invoices/create', { kind: 'reset', after: true, once: true });
    expect(await ana.call('invoices.create', request)).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
    const [lost] = (await ben.value<{ entries: JournalEntry[] }>('journal.attention', {})).entries.filter((e) => e.foreignId === request.foreign_id);
    if (lost === undefined) throw new Error('Ana’s unknown outcome is not on Ben’s attention list.');
    const { entry } = await ben.value<{ entry: JournalEntry }>('journal.resolve', { id: lost.id, state: 'succeeded', note: 'In the back office' });
    expect(entry).toMatchObject({ madeBy: 'Ana Ruiz', resolvedBy: 'Ben Okafor', resolvedOn: COMPUTER, resolvedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });

    // Ana exports it: Ben's resolution is in her file too.
    const [row] = (await exportedRows(ana, { text: request.foreign_id })).filter((r) => r.operation === 'invoices.create');
    expect(row).toMatchObject({ id: String(lost.id), state: 'succeeded', made_by: 'Ana Ruiz', made_on: COMPUTER, resolved_by: 'Ben Okafor', resolved_on: COMPUTER, resolved_at: entry.resolvedAt });

    // The customer pays the invoice the service did make; Ben's report cites Ana's entry and his own resolution.
    const invoiceId = teamSandbox.state(MERCHANT.key).invoices.find((i) => i.foreign_id === request.foreign_id)?.id;
    if (invoiceId === undefined) throw new Error('The sandbox made no invoice for the lost answer.');
    const report = await disputeText(ben, await lookUp(ben, { txid: paidHash(teamSandbox, invoiceId) }));
    expect(report).toContain(`Invoice ${request.foreign_id} (same foreign id): journal entry #${lost.id}, succeeded`);
    expect(report).toContain(`From the team journal, recorded by Ana Ruiz${loginOf(entry)} on ${COMPUTER}: this desktop did not see it itself.`);
    const resolvedLogin = entry.resolvedLogin === null ? '' : ` (login ${entry.resolvedLogin})`;
    expect(report).toContain(`Resolved by Ben Okafor${resolvedLogin} on ${COMPUTER} at ${formatDateTime(entry.resolvedAt ?? '', 'en-US')?.utc}`);
  });

  it('of two desktops’ tries of one foreign id, the report cites the one that succeeded, and who made it', async () => {
    const request = btcInvoice();
    // The service fails Ana's try with a server error before making anything; she cannot know that.
    teamSandbox.setFault('invoices/create', { kind: 'status-500', once: true });
    expect(await ana.call('invoices.create', request)).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
    // Ben finds no such invoice in the back office, records that, and sends it again: the service makes it.
    const [tried] = (await ben.value<{ entries: JournalEntry[] }>('journal.search', { text: request.foreign_id })).entries;
    await ben.value('journal.resolve', { id: tried?.id, state: 'failed', note: 'Not in the back office' });
    const made = await ben.value<{ invoice: Invoice; journalId: number }>('invoices.create', request);

    const report = await disputeText(ana, await lookUp(ana, { txid: paidHash(teamSandbox, made.invoice.id) }));
    expect(report).toMatch(new RegExp(`Seen by this desktop \\(${COMPUTER}\\): looked up by Ana Ruiz( \\(login [^)]+\\))?\\.`));
    expect(report).toContain(`Invoice ${request.foreign_id} (same foreign id): journal entry #${made.journalId}, succeeded`);
    expect(report).toMatch(new RegExp(`From the team journal, recorded by Ben Okafor( \\(login [^)]+\\))? on ${COMPUTER}: this desktop did not see it itself\\.`));
    expect(report).not.toContain('Resolved by');
  });

  it('a transaction of Ana’s customer with another foreign id is matched by its end user reference through the team’s search', async () => {
    // The sandbox's cancelled withdrawal belongs to customer-7731; Ana invoiced the same customer.
    const request = btcInvoice({ end_user_reference: 'customer-7731' });
    const made = await ana.value<{ journalId: number }>('invoices.create', request);
    const report = await disputeText(ben, await lookUp(ben, { foreign_id: EXAMPLE_FOREIGN_IDS.withdrawalCancelled }));
    expect(report).toContain(`Invoice ${request.foreign_id} (same end user reference): journal entry #${made.journalId}, succeeded`);
    expect(report).toMatch(new RegExp(`From the team journal, recorded by Ana Ruiz( \\(login [^)]+\\))? on ${COMPUTER}: this desktop did not see it itself\\.`));
  });

  it('a history uploaded on joining: Ben’s CSV rows and dispute report are the ones Cid made on his own desktop before', async () => {
    const cid = await openDesktop({ person: 'Cid Park', baseUrl: teamSandbox.baseUrl, merchant: MERCHANT, team: null });
    try {
      const local = await disputeFlow(teamSandbox, cid, cid, `joined-${randomBytes(4).toString('hex')}`);
      await cid.value('profiles.save', { id: cid.profileId, name: 'Cid’s shop', baseUrl: teamSandbox.baseUrl, ...teamJournalFields(team) });
      expect(await cid.value('profiles.uploadHistory', { id: cid.profileId })).toMatchObject({ moved: 2, alreadyThere: 0, conflicts: 0 });

      const rows = await exportedRows(ben, { madeBy: 'Cid Park' });
      // The same entry's row in another journal: all but the number that journal gave it, and the logins only a team journal records.
      const withoutLogins = without(['id', 'made_login', 'resolved_login']);
      expect(rows.map(withoutLogins)).toEqual(local.rows.map(withoutLogins));
      const [lookup, invoice] = rows.map((row) => Number(row.id));
      if (lookup === undefined || invoice === undefined) throw new Error('Cid’s entries are not in the team journal.');
      const uploaded = { invoiceEntry: invoice, lookupEntry: lookup, rows, report: await disputeText(ben, lookup) };
      expect(uploaded.report).toContain(`journal entry #${invoice}, succeeded`);
      // On Ben's desktop, Cid's entries are the team's record: Cid's desktop saw them, Ben's did not.
      expect(uploaded.report).toContain(`From the team journal, looked up by Cid Park`);
      expect(asIfSeenThere(sameEntriesReport(uploaded))).toBe(sameEntriesReport(local));
    } finally {
      await cid.close();
    }
  });

  it('while the team journal cannot be reached, neither the CSV nor a dispute report is made: the person is told why, and no file is written', async () => {
    // Dee reaches the database through a relay of her own, closed below: her team journal goes away, nobody else's.
    const relay = await startCommitCutter(team);
    let dee: Desktop | undefined;
    try {
      dee = await openDesktop({ person: 'Dee Lund', baseUrl: teamSandbox.baseUrl, merchant: MERCHANT, team: { ...team, port: relay.port } });
      const lookup = await lookUp(dee, { foreign_id: EXAMPLE_FOREIGN_IDS.withdrawalCancelled });
      await relay.close();
      for (const [channel, payload] of [['journal.exportCsv', {}], ['reports.disputePdf', { id: lookup }]] as const) {
        expect(await dee.call(channel, payload)).toMatchObject({
          ok: false,
          error: { kind: 'journal_unavailable', message: expect.stringMatching(new RegExp(`team journal at 127\\.0\\.0\\.1:${relay.port}/.+ cannot be reached .+ CSV exports and dispute reports`)) },
        });
      }
      expect(await readdir(join(dee.dataDir, 'exports')).catch(() => [])).toEqual([]);
    } finally {
      await dee?.close();
      await relay.close();
    }
  });

  it('Ben’s CSV filtered by a person holds that person’s entries only, his own or Ana’s', async () => {
    const anas = btcInvoice();
    await ana.value('invoices.create', anas);
    const bens = await lookUp(ben, { foreign_id: EXAMPLE_FOREIGN_IDS.withdrawalCancelled });
    const byAna = await exportedRows(ben, { madeBy: 'Ana Ruiz' });
    const byBen = await exportedRows(ben, { madeBy: 'Ben Okafor' });
    expect(byAna.map((row) => row.foreign_id)).toContain(anas.foreign_id);
    expect(byBen.map((row) => row.id)).toContain(String(bens));
    expect(new Set(byAna.map((row) => row.made_by))).toEqual(new Set(['Ana Ruiz']));
    expect(new Set(byBen.map((row) => row.made_by))).toEqual(new Set(['Ben Okafor']));
  });
});
