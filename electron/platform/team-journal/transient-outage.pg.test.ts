import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Envelope } from '../../../shared/ipc/errors.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import type { PostgresAddress } from '../journal/testing/postgres-server.ts';
import { teamDatabaseForTest } from '../journal/testing/team-database.ts';
import type { TeamDatabase } from '../journal/testing/team-database.ts';
import { startCountingRelay } from '../../app/testing/counting-relay.ts';
import type { CountingRelay } from '../../app/testing/counting-relay.ts';
import { sampleInvoiceRequest } from '../../app/testing/invoice-request.ts';
import { APPLICATION_NAME } from '../team-access/pool-config.ts';
import { openDesktop } from './testing/team-desktops.ts';
import type { Desktop } from './testing/team-desktops.ts';

/**
 * Team journal outages that are not a server out of reach: the server is there, but cancels this
 * desktop's statement, ends its connection, or has no connection free for it. Each is provoked for
 * real on the run's server, under a desktop (main's services) of a merchant account whose profile
 * records into a team journal. Each must be what an unreachable server is: the invoice refused
 * before anything is sent, saying why in plain words; the lookup answered, kept on this computer,
 * and in the team journal, once, when it serves again.
 */

const MERCHANT = { key: `transient-key-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex') };

let address: PostgresAddress;
let team: TeamDatabase;
/** An administrator's connections: one holds the lock, the other watches and acts (pg_stat_activity is read once per transaction). */
let holder: pg.Client;
let admin: pg.Client;
let sandbox: SandboxHandle;
let relay: CountingRelay;
let ana: Desktop;

beforeAll(async () => {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(`The tests' PostgreSQL server could not start: ${shared.unavailable}`);
  address = shared.address;
  team = await teamDatabaseForTest('transient');
  const asAdmin = () => new pg.Client({ host: address.host, port: address.port, user: address.admin.user, password: address.admin.password, database: team.database });
  [holder, admin] = [asAdmin(), asAdmin()];
  await Promise.all([holder.connect(), admin.connect()]);
  sandbox = await startSandbox({ merchants: [MERCHANT], seed: 15, rateLimit: false });
  relay = await startCountingRelay(sandbox.baseUrl);
  ana = await openDesktop({ person: 'Ana Ruiz', baseUrl: relay.baseUrl, merchant: MERCHANT, team });
}, 60_000);
afterAll(async () => {
  await ana?.close();
  await relay?.close();
  await sandbox?.close();
  await admin?.query(`ALTER DATABASE ${team.database} CONNECTION LIMIT -1`).catch(() => undefined);
  await Promise.all([holder?.end(), admin?.end()]);
  await team?.drop();
});

const refusal = (answer: Envelope<unknown>) => (answer.ok ? null : answer.error);
const where = () => `127\\.0\\.0\\.1:${team.port}/${team.database}`;
const anasLookups = async () => (await ana.value<{ entries: JournalEntry[] }>('journal.search', { operation: 'transactions.lookup' })).entries.length;

/** Another connection (an administrator's, a report's) holds the journal's table while `work` runs. */
async function whileEntriesLocked<T>(work: () => Promise<T>): Promise<T> {
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE entries IN ACCESS EXCLUSIVE MODE');
  try {
    return await work();
  } finally {
    await holder.query('ROLLBACK');
  }
}

/** Once the desktop's statement waits for that lock, the server acts on its connection: cancels the statement, or ends the connection. */
async function onceWaiting(act: 'pg_cancel_backend' | 'pg_terminate_backend'): Promise<void> {
  const waiting = async () =>
    (
      await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND wait_event_type = 'Lock'", [
        team.database,
        APPLICATION_NAME,
      ])
    ).rows;
  const [blocked] = await vi.waitFor(
    async () => {
      const rows = await waiting();
      expect(rows).toHaveLength(1);
      return rows;
    },
    { timeout: 5_000, interval: 20 },
  );
  await admin.query(`SELECT ${act}($1)`, [blocked?.pid]);
}

/**
 * The server does `act` to the desktop's statement of an invoice, then of a lookup: the invoice is
 * refused before it is sent, saying `says`; the lookup is answered and kept; both as when the server
 * cannot be reached. Once the server serves again, the next call uploads the lookup, once.
 */
async function outageOf(act: 'pg_cancel_backend' | 'pg_terminate_backend', says: string): Promise<void> {
  const before = await anasLookups();
  const request = sampleInvoiceRequest();
  await whileEntriesLocked(async () => {
    const submitted = ana.call('invoices.create', request);
    await onceWaiting(act);
    const refused = refusal(await submitted);
    expect(refused).toMatchObject({ kind: 'journal_unavailable' });
    expect(refused?.message).toMatch(new RegExp(`^The team journal at ${where()} ${says}\\. Nothing was sent: .* Lookups still work`));
    expect(relay.sends(request.foreign_id)).toBe(0);

    const looked = ana.value('transactions.lookup', { foreign_id: '164' });
    await onceWaiting(act);
    await expect(looked).resolves.toMatchObject({ transaction: expect.any(Object), journalId: null });
    expect(await ana.services.journals.waiting(ana.profileId)).toBe(1);
  });
  expect(await anasLookups()).toBe(before + 1);
  expect(await ana.services.journals.waiting(ana.profileId)).toBe(0);
  await expect(ana.value('invoices.create', request)).resolves.toMatchObject({ invoice: expect.any(Object) });
  expect(relay.sends(request.foreign_id)).toBe(1);
}

describe('the team journal does not serve a statement right now: an outage, as when it cannot be reached', () => {
  it('the statement is cancelled (57014: a statement timeout behind a lock, or an administrator)', async () => {
    await outageOf('pg_cancel_backend', 'cancelled a statement before it finished \\(it waited too long, for a busy server or a lock held elsewhere, or an administrator cancelled it\\)');
  });

  it("the desktop's connection is ended by an administrator (57P01)", async () => {
    await outageOf('pg_terminate_backend', "closed this desktop's connection \\(an administrator ended it, or the server is shutting down\\)");
  });

  it('the server has no connection free for the desktop (53300)', async () => {
    const before = await anasLookups();
    // A desktop started afresh holds no connection yet, so its first call asks for one.
    await admin.query(`ALTER DATABASE ${team.database} CONNECTION LIMIT 0`);
    try {
      await ana.restart();
      const request = sampleInvoiceRequest();
      const refused = refusal(await ana.call('invoices.create', request));
      expect(refused).toMatchObject({ kind: 'journal_unavailable' });
      expect(refused?.message).toMatch(new RegExp(`^The team journal at ${where()} has no connection free for this desktop \\(too many connections\\)\\. Nothing was sent: .* Lookups still work`));
      expect(relay.sends(request.foreign_id)).toBe(0);
      await expect(ana.value('transactions.lookup', { foreign_id: '164' })).resolves.toMatchObject({ journalId: null });
      expect(await ana.services.journals.waiting(ana.profileId)).toBe(1);
    } finally {
      await admin.query(`ALTER DATABASE ${team.database} CONNECTION LIMIT -1`);
    }
    expect(await anasLookups()).toBe(before + 1);
    expect(await ana.services.journals.waiting(ana.profileId)).toBe(0);
  });
});
