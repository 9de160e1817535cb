import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../shared/ipc/journal.ts';
import { foreignIdReusable } from '../../../../shared/submission/outcome.ts';
import { AppFailure } from '../../../../shared/ipc/errors.ts';
import type { EarlierTry, PendingInput } from '../journal.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { openTeamJournal } from './team-journal.ts';
import type { TeamJournal } from './team-journal.ts';
import { rewriteAsOwner } from '../testing/owner-rewrite.ts';

/**
 * Two desktops on one team journal: two pools and two stores, as two copies of main would hold
 * them, on a real PostgreSQL server (started by this run: testing/postgres-global-setup.ts).
 */

let team: TeamDatabase;
const pools: pg.Pool[] = [];
let ana: TeamJournal;
let ben: TeamJournal;

const desktop = (name: string, computer: string, desktopId: string) => {
  const pool = team.pool();
  pools.push(pool);
  return openTeamJournal(pool, { author: () => ({ name, computer, desktopId }) });
};

beforeAll(async () => {
  team = await teamDatabaseForTest('team-journal');
  ana = await desktop('Ana Ruiz', 'FINANCE-01', 'desktop-ana');
  ben = await desktop('Ben Okafor', 'FINANCE-02', 'desktop-ben');
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await team?.drop();
});

const invoice = (foreignId: string, profileId = 'shop'): PendingInput => ({
  profileId,
  profileName: 'Shop',
  origin: 'https://app.cryptoprocessing.com',
  operation: 'invoices.create',
  foreignId,
  title: `Order ${foreignId}`,
  currency: 'EUR',
  amount: '100.10',
  request: { foreign_id: foreignId, amount: '100.10', email_user: 'buyer@example.com', sender_data: { first_name: 'Adalind', last_name: 'Quenby' } },
});

const exchange = (foreignId: string): PendingInput => ({ profileId: 'shop', profileName: 'Shop', operation: 'exchange.place', foreignId, request: { foreign_id: foreignId } });

/** The exchange handler's rule: a foreign id is placed again only if every earlier try provably never left. */
const exchangeAdmit = (tries: JournalEntry[]) => {
  if (!foreignIdReusable(tries)) throw new AppFailure({ kind: 'already_sent', foreignId: tries[0]?.foreignId ?? '', message: 'Placed before.' });
};

/** Settles both promises and says which kept its word. */
async function race<T>(a: Promise<T>, b: Promise<T>) {
  const results = await Promise.allSettled([a, b]);
  return { won: results.filter((r) => r.status === 'fulfilled'), lost: results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : [])) };
}

describe('the team journal, two desktops on one database', () => {
  it('an invoice made on one desktop is found on the other, with who made it and where', async () => {
    const id = await ana.begin(invoice('inv-shared'));
    await ana.markSent(id);
    await ana.finish(id, { state: 'succeeded', serviceId: 826900, serviceStatus: 'created', httpStatus: 201, durationMs: 41.6, response: '{"id":826900,"email_user":"buyer@example.com"}' });
    const [found] = (await ben.search('shop', { text: 'INV-SHARED' })).entries;
    expect(found).toMatchObject({ id, state: 'succeeded', serviceId: '826900', amount: '100.10', durationMs: 42, madeBy: 'Ana Ruiz', madeOn: 'FINANCE-01', uid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // The database's clock, read back as the SQLite journal keeps times.
    expect(found?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(found?.sentAt).not.toBeNull();
    // No personal data reaches the shared database, in the request or in an answer that echoes it.
    const whole = await ben.get(id);
    expect(whole?.request).toEqual({ foreign_id: 'inv-shared', amount: '100.10' });
    expect(whole?.response).toBe('{"id":826900}');
    expect((await ben.search('shop', { madeBy: 'Ana Ruiz' })).entries).toHaveLength(1);
    expect((await ben.search('shop', { madeBy: 'Ben Okafor' })).entries).toHaveLength(0);
  });

  it('concurrent invoices with one foreign id: exactly one pending row is written, the other desktop is told who holds it', async () => {
    // Many rounds, so that either desktop gets to be first, and neither order lets both through.
    for (let round = 0; round < 20; round += 1) {
      const { won, lost } = await race(ana.begin(invoice(`inv-round-${round}`)), ben.begin(invoice(`inv-round-${round}`)));
      expect([won.length, lost.length]).toEqual([1, 1]);
    }
    const { won, lost } = await race(ana.begin(invoice('inv-race')), ben.begin(invoice('inv-race')));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(AppFailure);
    expect((lost[0] as AppFailure).error).toMatchObject({ kind: 'already_sent', foreignId: 'inv-race' });
    expect((lost[0] as AppFailure).error.message).toMatch(/already used in the team journal by (Ana Ruiz on FINANCE-01|Ben Okafor on FINANCE-02) \(invoices\.create, pending, .*\), so nothing was sent/);
    expect(await ben.triesOf('shop', 'invoices.create', 'inv-race')).toHaveLength(1);
  });

  it('concurrent exchanges with one foreign id under the placement rule: exactly one may be sent', async () => {
    for (let round = 0; round < 20; round += 1) {
      const { won } = await race(ana.begin(exchange(`exch-round-${round}`), exchangeAdmit), ben.begin(exchange(`exch-round-${round}`), exchangeAdmit));
      expect(won).toHaveLength(1);
    }
    const { won, lost } = await race(ana.begin(exchange('exch-race'), exchangeAdmit), ben.begin(exchange('exch-race'), exchangeAdmit));
    expect(won).toHaveLength(1);
    expect((lost[0] as AppFailure).error.kind).toBe('already_sent');
    expect(await ana.triesOf('shop', 'exchange.place', 'exch-race')).toHaveLength(1);
  });

  it('the database itself refuses a second holder of a foreign id, whatever code wrote it', async () => {
    await ana.begin(invoice('inv-raw'));
    const insert = `INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, created_at, updated_at)
      VALUES ('shop', 'Shop', $1, $2, 'inv-raw', '{}', now(), now())`;
    await expect(pools[1]?.query(insert, ['addresses.take', 'succeeded'])).rejects.toMatchObject({ code: '23505', constraint: 'entries_foreign_id_claim' });
    // A lookup, a failed try and another profile hold nothing.
    await pools[1]?.query(insert, ['transactions.lookup', 'succeeded']);
    await pools[1]?.query(insert, ['invoices.create', 'failed']);
    await ben.begin(invoice('inv-raw', 'other-shop'));
  });

  it('a try that failed frees its foreign id; an unknown one holds it until a person resolves it as failed', async () => {
    const refused = await ana.begin(invoice('inv-retry'));
    await ana.markSent(refused);
    await ana.finish(refused, { state: 'failed', httpStatus: 400, message: 'amount: too small' });
    const unknown = await ben.begin(invoice('inv-retry'));
    await ben.markSent(unknown);
    await ben.finish(unknown, { state: 'unknown', message: 'No answer came within 30 s.' });
    await expect(ana.begin(invoice('inv-retry'))).rejects.toMatchObject({ error: { kind: 'already_sent', message: expect.stringMatching(/by Ben Okafor on FINANCE-02 \(invoices\.create, unknown/) } });
    await ana.resolve(unknown, 'failed', 'Not in the back office.');
    await expect(ana.begin(invoice('inv-retry'))).resolves.toBeGreaterThan(unknown);
  });

  it('an unknown outcome is on every desktop until someone resolves it, and who did is recorded', async () => {
    const id = await ana.begin(invoice('inv-unknown'));
    await ana.markSent(id);
    await ana.finish(id, { state: 'unknown', message: 'The connection broke after sending.' });
    const attention = async (journal: TeamJournal) => (await journal.search('shop', { state: 'unknown', limit: 100 })).entries;
    expect((await attention(ben)).map((e) => e.id)).toContain(id);
    const resolved = await ben.resolve(id, 'succeeded', 'Found it in the back office.');
    expect(resolved).toMatchObject({ state: 'succeeded', message: 'Resolved by hand: Found it in the back office.', resolvedBy: 'Ben Okafor', resolvedOn: 'FINANCE-02', resolvedAt: expect.any(String) });
    expect((await attention(ana)).map((e) => e.id)).not.toContain(id);
    await expect(ana.resolve(id, 'failed', 'Me too.')).rejects.toMatchObject({
      error: { kind: 'invalid_request', message: expect.stringMatching(/^Ben Okafor on FINANCE-02 already recorded it as succeeded at /) },
    });
  });

  it('after a restart a desktop settles only its own interrupted entries: the other desktop may still be sending', async () => {
    const cid = await desktop('Cid Park', 'FINANCE-03', 'desktop-cid');
    const cidsSent = await cid.begin(invoice('inv-cut-sent'));
    await cid.markSent(cidsSent);
    const cidsUnsent = await cid.begin(invoice('inv-cut-unsent'));
    const bensInFlight = await ben.begin(invoice('inv-in-flight'));
    const restarted = await desktop('Cid Park', 'FINANCE-03', 'desktop-cid');
    const settled = await restarted.recoverInterrupted();
    expect(settled.map((e) => [e.id, e.state])).toEqual([[cidsSent, 'unknown'], [cidsUnsent, 'failed']]);
    expect((await ben.get(bensInFlight))?.state).toBe('pending');
    // Nor may a desktop mark or settle another's entry.
    await expect(ana.markSent(bensInFlight)).rejects.toThrow(`Journal entry ${bensInFlight} is not a pending submission without a sent mark.`);
    await expect(ana.finish(bensInFlight, { state: 'failed' })).rejects.toThrow(`Journal entry ${bensInFlight} is not one this desktop wrote.`);
  });

  it('writes the sent mark once, and only on a pending entry', async () => {
    const id = await ben.begin(invoice('inv-mark'));
    await ben.markSent(id);
    await expect(ben.markSent(id)).rejects.toThrow(/not a pending submission without a sent mark/);
    await expect(ben.markSent(999_999)).rejects.toThrow(/not a pending submission/);
  });

  it('a refusal by the placement rule writes nothing', async () => {
    const first = await ana.begin(exchange('exch-once'), exchangeAdmit);
    await ana.markSent(first);
    await ana.finish(first, { state: 'failed', httpStatus: 400, message: 'Refused.' });
    await expect(ben.begin(exchange('exch-once'), exchangeAdmit)).rejects.toMatchObject({ error: { kind: 'already_sent' } });
    expect((await ben.triesOf('shop', 'exchange.place', 'exch-once')).map((e) => e.id)).toEqual([first]);
  });

  it("the placement rule sees which earlier tries this desktop made, by its desktop id: not by the person's or the computer's name", async () => {
    // A second data folder of Ana's, on the same computer: the same name and computer, another desktop.
    const anasOther = await desktop('Ana Ruiz', 'FINANCE-01', 'desktop-ana-2');
    // Each try sent and refused by the service: it no longer holds the foreign id, but it left.
    const refused = async (journal: TeamJournal) => {
      const id = await journal.begin(exchange('exch-whose'));
      await journal.markSent(id);
      await journal.finish(id, { state: 'failed', httpStatus: 400, message: 'Refused.' });
      return id;
    };
    const mine = await refused(ana);
    const theirs = await refused(anasOther);
    // An entry uploaded from a history older than desktop ids names none.
    const unnamed = await refused(ben);
    const pool = team.pool();
    await rewriteAsOwner(pool, 'UPDATE entries SET desktop_id = NULL WHERE id = $1', [unnamed]);
    await pool.end();

    const seen: { id: number; madeHere: boolean | null }[] = [];
    const admitNone = (tries: EarlierTry[]) => {
      seen.push(...tries.map(({ id, madeHere }) => ({ id, madeHere })));
      throw new AppFailure({ kind: 'already_sent', foreignId: 'exch-whose', message: 'Placed before.' });
    };
    await expect(ana.begin(exchange('exch-whose'), admitNone)).rejects.toMatchObject({ error: { kind: 'already_sent' } });
    expect(seen).toEqual([
      { id: mine, madeHere: true },
      { id: theirs, madeHere: false },
      { id: unnamed, madeHere: null },
    ]);
  });
});
