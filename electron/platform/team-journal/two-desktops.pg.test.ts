import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExchangeOrder, Invoice } from '../../../shared/api/index.ts';
import type { Envelope } from '../../../shared/ipc/errors.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { SILENT_PENDING_AFTER_MS } from '../../../shared/submission/silent-pending.ts';
import { startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { openTeamJournal } from '../journal/postgres/team-journal.ts';
import { LATEST_JOURNAL_VERSION } from '../journal/schema/journal-schema.ts';
import { teamDatabaseForTest } from '../journal/testing/team-database.ts';
import type { TeamDatabase } from '../journal/testing/team-database.ts';
import { startCountingRelay } from '../../app/testing/counting-relay.ts';
import type { CountingRelay } from '../../app/testing/counting-relay.ts';
import { sampleInvoiceRequest } from '../../app/testing/invoice-request.ts';
import { teamProfileKey } from './team-profile-key.ts';
import { openDesktop, teamJournalFields } from './testing/team-desktops.ts';
import type { Desktop } from './testing/team-desktops.ts';
import { rewriteAsOwner } from '../journal/testing/owner-rewrite.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';

/**
 * The team journal, through main's real services: two desktops (two data folders, two copies of main) and
 * one team database on the run's PostgreSQL server, both with a profile for the same merchant
 * account, whose service is the local sandbox behind a relay that counts what reaches it.
 */

const MERCHANT = { key: `team-key-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex') };

let sandbox: SandboxHandle;
let relay: CountingRelay;
let team: TeamDatabase;
let ana: Desktop;
let ben: Desktop;
const opened: Desktop[] = [];
const databases: TeamDatabase[] = [];

async function desktop(person: string, database: TeamDatabase | null): Promise<Desktop> {
  const made = await openDesktop({ person, baseUrl: relay.baseUrl, merchant: MERCHANT, team: database });
  opened.push(made);
  return made;
}

beforeAll(async () => {
  sandbox = await startSandbox({ merchants: [MERCHANT], seed: 15, rateLimit: false });
  relay = await startCountingRelay(sandbox.baseUrl);
  team = await teamDatabaseForTest('two-desktops');
  databases.push(team);
  ana = await desktop('Ana Ruiz', team);
  ben = await desktop('Ben Okafor', team);
});
afterAll(async () => {
  for (const each of opened) await each.close();
  await relay?.close();
  await sandbox?.close();
  for (const database of databases) await database.drop();
});

const refusal = (answer: Envelope<unknown>) => (answer.ok ? null : answer.error);

async function placeAt(desktop: Desktop, foreignId: string): Promise<Envelope<{ order: ExchangeOrder }>> {
  const { quoteId } = await desktop.value<{ quoteId: string }>('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' });
  return desktop.call('exchange.place', { quoteId, foreignId });
}

describe('two desktops, one team journal', () => {
  it('an invoice created on one desktop is found on the other: by search, by id and by foreign id, naming who made it', async () => {
    const request = sampleInvoiceRequest();
    const { invoice, journalId } = await ana.value<{ invoice: Invoice; journalId: number }>('invoices.create', request);

    const { entries } = await ben.value<{ entries: JournalEntry[] }>('journal.search', { text: request.foreign_id });
    const made = { id: journalId, state: 'succeeded', serviceId: String(invoice.id), amount: '100', madeBy: 'Ana Ruiz', profileName: 'Ana’s shop', profileId: ben.profileId };
    expect(entries).toEqual([expect.objectContaining(made)]);
    expect((await ben.value<{ entry: JournalEntry }>('journal.get', { id: journalId })).entry).toMatchObject(made);
    const bens = await ben.services.journals.journalFor(ben.profileId);
    expect(await bens.findByForeignId(ben.profileId, 'invoices.create', request.foreign_id)).toMatchObject(made);
    expect((await ben.value<{ people: string[] }>('journal.people', {})).people).toContain('Ana Ruiz');

    // Ben sending it again is refused before anything leaves: the service saw it once.
    expect(refusal(await ben.call('invoices.create', request))).toMatchObject({
      kind: 'already_sent',
      message: expect.stringMatching(/already used in the team journal by Ana Ruiz on .+ \(invoices\.create, succeeded, /),
    });
    expect(relay.sends(request.foreign_id)).toBe(1);
  });

  it('concurrent invoices with one foreign id from both desktops: exactly one reaches the service, the other is told who holds it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const request = sampleInvoiceRequest();
      const answers = await Promise.all([ana.call('invoices.create', request), ben.call('invoices.create', request)]);
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect(answers.map(refusal).find((error) => error !== null)).toMatchObject({
        kind: 'already_sent',
        foreignId: request.foreign_id,
        message: expect.stringMatching(/already used in the team journal by (Ana Ruiz|Ben Okafor) on .+, so nothing was sent/),
      });
      expect(relay.sends(request.foreign_id)).toBe(1);
    }
  });

  it('concurrent exchanges with one foreign id from both desktops: exactly one is placed, the other is told which desktop and who holds it', async () => {
    const foreignId = newForeignId('exch');
    const answers = await Promise.all([placeAt(ana, foreignId), placeAt(ben, foreignId)]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    const [placer, other] = answers[0]?.ok ? [ana, ben] : [ben, ana];
    const placedBy = placer === ana ? 'Ana Ruiz' : 'Ben Okafor';
    // Both desktops run on this one computer: only the desktop id tells them apart, not the computer's name.
    expect(answers.map(refusal).find((error) => error !== null)).toMatchObject({
      kind: 'already_sent',
      foreignId,
      message: expect.stringMatching(new RegExp(`^The exchange with foreign id ${foreignId} was already sent from another desktop, by ${placedBy} on .+ \\((pending|succeeded), at \\d{4}-\\d{2}-\\d{2}T.+Z\\), so it is not sent again\\.`)),
    });
    expect(relay.sends(foreignId)).toBe(1);

    // The desktop that placed it is told it did, in this run: the team journal's ids, not this computer's file's, say which run.
    expect(refusal(await placeAt(placer, foreignId))?.message).toMatch(new RegExp(`was already sent in this session, by ${placedBy} on .+ \\(succeeded, at `));
    // After a restart, it was this desktop before; the other desktop still hears it was another one.
    await placer.restart();
    expect(refusal(await placeAt(placer, foreignId))?.message).toMatch(new RegExp(`was already sent by this console before, by ${placedBy} on .+ \\(succeeded, at `));
    expect(refusal(await placeAt(other, foreignId))?.message).toMatch(new RegExp(`was already sent from another desktop, by ${placedBy} on `));
    // An entry that names no desktop (uploaded from a history older than desktop ids) is said to be so, not claimed by either.
    const pool = team.pool();
    await rewriteAsOwner(pool, 'UPDATE entries SET desktop_id = NULL WHERE foreign_id = $1', [foreignId]);
    await pool.end();
    expect(refusal(await placeAt(placer, foreignId))?.message).toMatch(new RegExp(`was already sent before, from a desktop the entry does not name, by ${placedBy} on `));
    expect(relay.sends(foreignId)).toBe(1);
  });

  it('a desktop that crashed mid-submission settles its own cut-off entry when it starts again: unknown on every desktop', async () => {
    const foreignId = newForeignId('inv');
    // What a crash leaves: Ana's pending entry with its sent mark, written as her desktop writes.
    const pool = team.pool();
    const anas = await openTeamJournal(pool, { author: ana.services.identity.author });
    const teamKey = teamProfileKey(new URL(relay.baseUrl).origin, MERCHANT.key);
    const cut = await anas.begin({ profileId: teamKey, profileName: 'Ana’s shop', operation: 'invoices.create', foreignId, request: { foreign_id: foreignId } });
    await anas.markSent(cut);
    await pool.end();
    expect((await ben.value<{ entry: JournalEntry }>('journal.get', { id: cut })).entry.state).toBe('pending');

    await ana.restart();
    // Nobody calls on Ana's desktop: its start settles the entry, and Ben sees it.
    await vi.waitFor(async () => expect((await ben.value<{ entry: JournalEntry }>('journal.get', { id: cut })).entry.state).toBe('unknown'), { timeout: 15_000, interval: 100 });
    expect((await ben.value<{ entries: JournalEntry[] }>('journal.attention', {})).entries.map((e) => e.id)).toContain(cut);
  });

  it('a desktop that died after sending and never came back: its silent entry is on the other desktop’s attention list, a person resolves it there, and a restart of the dead one leaves that alone', async () => {
    const foreignId = newForeignId('inv');
    // What Ana's desktop left when it died: its pending entry with the sent mark, written longer ago
    // than the threshold (by Ana's clock, as the stores take one in tests). Ana's desktop is then not used.
    const pool = team.pool();
    const sentAt = Date.now() - SILENT_PENDING_AFTER_MS - 60_000;
    const anas = await openTeamJournal(pool, { author: ana.services.identity.author, now: () => new Date(sentAt) });
    const teamKey = teamProfileKey(new URL(relay.baseUrl).origin, MERCHANT.key);
    const silent = await anas.begin({ profileId: teamKey, profileName: 'Ana’s shop', operation: 'invoices.create', foreignId, request: { foreign_id: foreignId } });
    await anas.markSent(silent);
    await pool.end();

    const attention = async (desktop: Desktop) => (await desktop.value<{ entries: JournalEntry[] }>('journal.attention', {})).entries;
    expect(await attention(ben)).toContainEqual(expect.objectContaining({ id: silent, state: 'pending', foreignId, madeBy: 'Ana Ruiz', profileId: ben.profileId }));
    const { entry } = await ben.value<{ entry: JournalEntry }>('journal.resolve', { id: silent, state: 'failed', note: 'Not in the back office.' });
    expect(entry).toMatchObject({ id: silent, state: 'failed', resolvedBy: 'Ben Okafor', message: 'Resolved by hand: Not in the back office.' });
    expect((await attention(ben)).map((e) => e.id)).not.toContain(silent);

    // Ana's desktop starts again: its recovery (run before any call of its own) leaves Ben's record as it is.
    await ana.restart();
    expect((await attention(ana)).map((e) => e.id)).not.toContain(silent);
    expect((await ana.value<{ entry: JournalEntry }>('journal.get', { id: silent })).entry).toEqual({ ...entry, profileId: ana.profileId });
    // Resolved as failed, the foreign id is free again: Ben sends it, once.
    await ben.value('invoices.create', sampleInvoiceRequest({ foreign_id: foreignId }));
    expect(relay.sends(foreignId)).toBe(1);
  });

  it('a desktop joining uploads its history once, when asked: again copies nothing, nor does an upload cut off before its local mark', async () => {
    const cid = await desktop('Cid Park', null);
    const before = sampleInvoiceRequest();
    await cid.value('invoices.create', before);
    await cid.value('transactions.lookup', { foreign_id: '164' });
    await cid.value('profiles.save', { id: cid.profileId, name: 'Cid’s shop', baseUrl: relay.baseUrl, ...teamJournalFields(team) });
    // Joining alone uploads nothing: the person is asked first.
    expect((await ben.value<{ entries: JournalEntry[] }>('journal.search', { text: before.foreign_id })).entries).toEqual([]);

    // The local mark fails after the team journal committed (SQLite refuses it, as a full disk would).
    const file = new DatabaseSync(join(cid.dataDir, 'journal.sqlite'));
    file.exec("CREATE TRIGGER no_mark BEFORE UPDATE OF uploaded_at ON entries BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;");
    expect(refusal(await cid.call('profiles.uploadHistory', { id: cid.profileId }))).toMatchObject({ kind: 'internal' });
    file.exec('DROP TRIGGER no_mark');
    file.close();

    expect(await cid.value('profiles.uploadHistory', { id: cid.profileId })).toEqual({
      moved: 0,
      alreadyThere: 2,
      conflicts: 0,
      message: '0 entries moved to the team journal. 2 entries were there already (an earlier upload), and are not copied twice.',
    });
    expect(await cid.value('profiles.uploadHistory', { id: cid.profileId })).toMatchObject({ moved: 0, alreadyThere: 0, conflicts: 0 });
    const { entries } = await ben.value<{ entries: JournalEntry[] }>('journal.search', { text: before.foreign_id });
    expect(entries).toEqual([expect.objectContaining({ state: 'succeeded', madeBy: 'Cid Park', profileName: 'Cid’s shop' })]);
    expect((await ben.value<{ entries: JournalEntry[] }>('journal.search', { operation: 'transactions.lookup', madeBy: 'Cid Park' })).entries).toHaveLength(1);
  });

  it('a profile with no team journal has nothing to upload to, and says so', async () => {
    const dee = await desktop('Dee Lund', null);
    expect(refusal(await dee.call('profiles.uploadHistory', { id: dee.profileId }))).toEqual({
      kind: 'invalid_request',
      message: 'This profile has no team journal to upload its history to.',
      fields: {},
    });
  });

  it('a team journal a newer app upgraded is read-only: submissions are refused before anything is sent, search still works', async () => {
    const newer = await teamDatabaseForTest('newer-schema');
    databases.push(newer);
    const eve = await desktop('Eve Sato', newer);
    const made = sampleInvoiceRequest();
    await eve.value('invoices.create', made);
    const pool = newer.pool();
    await pool.query('UPDATE journal_schema SET version = $1', [LATEST_JOURNAL_VERSION + 1]);
    await pool.end();
    await eve.restart();

    const request = sampleInvoiceRequest();
    expect(refusal(await eve.call('invoices.create', request))).toEqual({
      kind: 'journal_unavailable',
      decision: 'not_carried_out',
      message: expect.stringMatching(new RegExp(`was upgraded by a newer version of Merchant Console \\(schema ${LATEST_JOURNAL_VERSION + 1}; this console knows ${LATEST_JOURNAL_VERSION}\\)\\. It is open read-only: .*nothing that needs the journal is sent\\. Update this console\\. Lookups still work`)),
    });
    expect(relay.sends(request.foreign_id)).toBe(0);
    expect((await eve.value<{ entries: JournalEntry[] }>('journal.search', { text: made.foreign_id })).entries).toEqual([expect.objectContaining({ state: 'succeeded' })]);
    // A lookup is kept on this desktop meanwhile, not lost.
    await eve.value('transactions.lookup', { foreign_id: '164' });
    expect(await eve.services.journals.waiting(eve.profileId)).toBe(1);
  });
});
