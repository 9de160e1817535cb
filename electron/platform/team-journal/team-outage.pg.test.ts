import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../shared/ipc/errors.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { startPostgresServer } from '../journal/testing/postgres-server.ts';
import type { PostgresServer } from '../journal/testing/postgres-server.ts';
import { createTeamDatabase } from '../journal/testing/team-database.ts';
import type { TeamDatabase } from '../journal/testing/team-database.ts';
import { startCountingRelay } from '../../app/testing/counting-relay.ts';
import type { CountingRelay } from '../../app/testing/counting-relay.ts';
import { sampleInvoiceRequest } from '../../app/testing/invoice-request.ts';
import { openTeamPool } from '../team-access/index.ts';
import { openDesktop, teamSettingsOf } from './testing/team-desktops.ts';
import type { Desktop } from './testing/team-desktops.ts';

/**
 * The team journal's database goes away and comes back. A PostgreSQL server of this file's
 * own (the run's shared one must not be stopped), stopped and started again on its data folder and
 * port, under two desktops of one merchant account.
 */

const MERCHANT = { key: `outage-key-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex') };

let server: PostgresServer;
let team: TeamDatabase;
let sandbox: SandboxHandle;
let relay: CountingRelay;
let ana: Desktop;
let ben: Desktop;

beforeAll(async () => {
  server = await startPostgresServer();
  team = await createTeamDatabase(server, 'outage');
  sandbox = await startSandbox({ merchants: [MERCHANT], seed: 16, rateLimit: false });
  relay = await startCountingRelay(sandbox.baseUrl);
  // Ana's desktop retries a team journal that went away every 100 ms, so that a test can see it catch up by itself.
  ana = await openDesktop({ person: 'Ana Ruiz', baseUrl: relay.baseUrl, merchant: MERCHANT, team, services: { teamJournalRetryMs: 100 } });
  ben = await openDesktop({ person: 'Ben Okafor', baseUrl: relay.baseUrl, merchant: MERCHANT, team });
}, 60_000);
afterAll(async () => {
  await ana?.close();
  await ben?.close();
  await relay?.close();
  await sandbox?.close();
  await server?.dispose();
});

const refusal = (answer: Envelope<unknown>) => (answer.ok ? null : answer.error);
const attention = async (desktop: Desktop) => (await desktop.value<{ entries: JournalEntry[] }>('journal.attention', {})).entries;

describe('the team journal goes away', () => {
  it('killed mid-submission: the caller hears the outcome is unknown; once it is back the entry is unknown on both desktops until one resolves it', async () => {
    const request = sampleInvoiceRequest();
    // The service carries the invoice out; its answer is held while the database is killed.
    const held = relay.holdAnswer(request.foreign_id);
    const submitted = ana.call('invoices.create', request);
    await held.answered;
    await server.stop('immediate');
    held.release();
    expect(refusal(await submitted)).toMatchObject({ kind: 'outcome_unknown', foreignId: request.foreign_id });
    expect(refusal(await ben.call('journal.attention', {}))).toMatchObject({ kind: 'journal_unavailable' });

    await server.start();
    // Ana's desktop settles its own cut-off submission by the sent mark: unknown, not lost, not failed.
    const [unknown] = (await attention(ana)).filter((entry) => entry.foreignId === request.foreign_id);
    expect(unknown).toMatchObject({ state: 'unknown', madeBy: 'Ana Ruiz', sentAt: expect.any(String) });
    expect((await attention(ben)).map((entry) => entry.id)).toContain(unknown?.id);

    const { entry } = await ben.value<{ entry: JournalEntry }>('journal.resolve', { id: unknown?.id, state: 'succeeded', note: 'In the back office.' });
    expect(entry).toMatchObject({ state: 'succeeded', resolvedBy: 'Ben Okafor' });
    expect((await ana.value<{ entry: JournalEntry }>('journal.get', { id: unknown?.id })).entry).toMatchObject({ state: 'succeeded', resolvedBy: 'Ben Okafor', resolvedAt: expect.any(String) });
    expect((await attention(ana)).map((e) => e.id)).not.toContain(unknown?.id);
    expect(relay.sends(request.foreign_id)).toBe(1);
  });

  it('while it is down nothing is sent: an invoice and an exchange are refused saying why and where; a lookup works, is kept, and is in the team journal once it is back, once', async () => {
    await server.stop('fast');
    const request = sampleInvoiceRequest();
    const refused = refusal(await ana.call('invoices.create', request));
    expect(refused).toMatchObject({ kind: 'journal_unavailable' });
    expect(refused?.message).toMatch(new RegExp(`^The team journal at 127\\.0\\.0\\.1:${server.port}/${team.database} cannot be reached \\(ECONNREFUSED\\)\\. Nothing was sent.*Lookups still work`));
    const { quoteId } = await ana.value<{ quoteId: string }>('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' });
    const exchangeId = `exchange-${randomBytes(4).toString('hex')}`;
    expect(refusal(await ana.call('exchange.place', { quoteId, foreignId: exchangeId }))).toMatchObject({ kind: 'journal_unavailable' });
    expect([relay.sends(request.foreign_id), relay.sends(exchangeId)]).toEqual([0, 0]);

    // Kept here, it has no id History (reading the team journal) knows: the screen is given none.
    await expect(ana.value('transactions.lookup', { foreign_id: '164' })).resolves.toMatchObject({ transaction: expect.any(Object), journalId: null });
    expect(await ana.services.journals.waiting(ana.profileId)).toBe(1);
    expect(refusal(await ana.call('journal.search', {}))?.message).toMatch(/History, search and the list of unknown outcomes read the team journal.*1 lookup made meanwhile waits on this computer/);

    await server.start();
    // Nobody calls: Ana's desktop finds the team journal back by itself, and uploads what waited.
    await vi.waitFor(async () => expect(await ana.services.journals.waiting(ana.profileId)).toBe(0), { timeout: 15_000, interval: 100 });
    const lookups = async () => (await ben.value<{ entries: JournalEntry[] }>('journal.search', { operation: 'transactions.lookup', madeBy: 'Ana Ruiz' })).entries;
    expect(await lookups()).toHaveLength(1);
    await ana.value('journal.search', {});
    expect(await lookups()).toHaveLength(1);
  });

  it('a catch-up this desktop cannot finish (its own file refuses the upload mark) holds up no submission; the lookup goes up once all the same', async () => {
    const anasLookups = async () => (await ben.value<{ entries: JournalEntry[] }>('journal.search', { operation: 'transactions.lookup', madeBy: 'Ana Ruiz' })).entries.length;
    const before = await anasLookups();
    await server.stop('fast');
    await ana.value('transactions.lookup', { foreign_id: '164' });
    const file = new DatabaseSync(join(ana.dataDir, 'journal.sqlite'));
    file.exec("CREATE TRIGGER no_mark BEFORE UPDATE OF uploaded_at ON entries BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;");
    try {
      await server.start();
      const request = sampleInvoiceRequest();
      await expect(ana.value('invoices.create', request)).resolves.toMatchObject({ invoice: expect.any(Object) });
      expect(relay.sends(request.foreign_id)).toBe(1);
      // Copied, but not marked here: it still waits, and is not copied again.
      expect(await ana.services.journals.waiting(ana.profileId)).toBe(1);
      expect(await anasLookups()).toBe(before + 1);
    } finally {
      file.exec('DROP TRIGGER no_mark');
      file.close();
    }
    await vi.waitFor(async () => expect(await ana.services.journals.waiting(ana.profileId)).toBe(0), { timeout: 15_000, interval: 100 });
    expect(await anasLookups()).toBe(before + 1);
  });

  it('a pool whose server restarts while it is idle does not end the process, and serves again', async () => {
    const dropped: string[] = [];
    const pool = openTeamPool(teamSettingsOf(team), team.password, (message) => dropped.push(message));
    try {
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(pool.idleCount).toBe(1);
      await server.stop('fast');
      await server.start();
      // The idle client's 'error' reached the pool's listener, and nothing else: this process is still here.
      await vi.waitFor(() => expect(dropped).toContain('the team journal dropped an idle connection'));
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
