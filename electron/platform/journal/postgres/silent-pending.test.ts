import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SILENT_PENDING_AFTER_MS } from '../../../../shared/submission/silent-pending.ts';
import type { PendingInput } from '../journal.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { openTeamJournal } from './team-journal.ts';

/**
 * A desktop that died mid-submission and never comes back (shared/submission/silent-pending.ts):
 * its pending entry, sent, is on every desktop's attention list once silent for longer than the
 * threshold, a person on another desktop may resolve it (which frees its foreign id), and the dead
 * desktop's late answer or recovery, should it return, never overwrites that resolution. On the run's
 * real PostgreSQL server; each desktop's clock is given, as the stores take `now` in tests.
 */

let team: TeamDatabase;
const pools: pg.Pool[] = [];
const SENT_AT = Date.parse('2026-05-04T10:00:00.000Z');

beforeAll(async () => {
  team = await teamDatabaseForTest('silent-pending');
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await team?.drop();
});

type Person = { name: string; computer: string; desktopId: string };
const ANA: Person = { name: 'Ana Ruiz', computer: 'FINANCE-01', desktopId: 'desktop-ana' };
const BEN: Person = { name: 'Ben Okafor', computer: 'FINANCE-02', desktopId: 'desktop-ben' };

/** A desktop's journal whose clock reads `at`; `pool` may be one the test watches. */
function desktop(person: Person, at: number, pool: pg.Pool = team.pool()) {
  pools.push(pool);
  return openTeamJournal(pool, { author: () => person, now: () => new Date(at) });
}

const invoice = (foreignId: string, profileId = 'shop'): PendingInput => ({ profileId, profileName: 'Shop', operation: 'invoices.create', foreignId, request: { foreign_id: foreignId } });

/** Ana's desktop begins an invoice and marks it sent, then is never used again: it died. */
async function sentByAnaAndDead(foreignId: string): Promise<number> {
  const ana = await desktop(ANA, SENT_AT);
  const id = await ana.begin(invoice(foreignId));
  await ana.markSent(id);
  return id;
}

/** A pool that runs `meanwhile` right after a query holding `marker` has answered, before its caller goes on. */
function pausingAfter(pool: pg.Pool, marker: string, meanwhile: () => Promise<unknown>): pg.Pool {
  return new Proxy(pool, {
    get(target, key) {
      if (key !== 'query') {
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return async (...args: unknown[]) => {
        const result: unknown = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
        if (typeof args[0] === 'string' && args[0].includes(marker)) await meanwhile();
        return result;
      };
    },
  });
}

describe('a submission whose desktop died after sending it', () => {
  it('another desktop sees it for attention only once it is silent for longer than the threshold, and may resolve it only then', async () => {
    const id = await sentByAnaAndDead('inv-silent');
    const early = await desktop(BEN, SENT_AT + SILENT_PENDING_AFTER_MS);
    expect(((await early.attention('shop')).entries).map((entry) => entry.id)).not.toContain(id);
    await expect(early.resolve(id, 'failed', 'Not in the back office.')).rejects.toMatchObject({
      error: { kind: 'invalid_request', message: expect.stringMatching(/^Its desktop may still be waiting for the service’s answer/) },
    });

    const ben = await desktop(BEN, SENT_AT + SILENT_PENDING_AFTER_MS + 1000);
    expect((await ben.attention('shop')).entries).toEqual([expect.objectContaining({ id, state: 'pending', madeBy: 'Ana Ruiz', madeOn: 'FINANCE-01', sentAt: new Date(SENT_AT).toISOString() })]);
    expect((await ben.attention('other-shop')).entries).toEqual([]);
    // Its foreign id is held while it may have been sent...
    await expect(ben.begin(invoice('inv-silent'))).rejects.toMatchObject({ error: { kind: 'already_sent' } });
    const resolved = await ben.resolve(id, 'failed', 'Not in the back office.');
    expect(resolved).toMatchObject({ state: 'failed', message: 'Resolved by hand: Not in the back office.', resolvedBy: 'Ben Okafor', resolvedOn: 'FINANCE-02' });
    expect((await ben.attention('shop')).entries).toEqual([]);
    // ...and free once a person recorded that it failed.
    await expect(ben.begin(invoice('inv-silent'))).resolves.toBeGreaterThan(id);
  });

  it('the dead desktop, back after all, keeps the resolution: its late answer and its recovery on restart touch a pending entry only', async () => {
    const late = await sentByAnaAndDead('inv-late');
    const cut = await sentByAnaAndDead('inv-cut');
    const later = SENT_AT + SILENT_PENDING_AFTER_MS + 1000;
    const ben = await desktop(BEN, later);
    const lateResolved = await ben.resolve(late, 'succeeded', 'Invoice 826900 is in the back office.');

    // Ana's desktop restarts; its recovery reads its pending entries, and Ben resolves `cut` right then.
    let cutResolved: unknown;
    const watched = pausingAfter(team.pool(), "WHERE state = 'pending' AND desktop_id", async () => (cutResolved = await ben.resolve(cut, 'failed', 'Not there.')));
    const anaAgain = await desktop(ANA, later + 60_000, watched);
    expect(await anaAgain.recoverInterrupted()).toEqual([]);
    expect(cutResolved).toMatchObject({ id: cut, state: 'failed', resolvedBy: 'Ben Okafor' });
    expect(await ben.get(cut)).toEqual(cutResolved);

    // The answer of the first arrives at last: the person's record stands, and is what the desktop is given.
    expect(await anaAgain.finish(late, { state: 'unknown', message: 'No answer came within 30 s.' })).toEqual(lateResolved);
    expect(await ben.get(late)).toEqual(lateResolved);
  });

  it('an unsent try is never listed nor resolvable, however old: it provably never left, and its desktop settles it as failed', async () => {
    const ana = await desktop(ANA, SENT_AT);
    const unsent = await ana.begin(invoice('inv-unsent'));
    const ben = await desktop(BEN, SENT_AT + 24 * 3600_000);
    expect(((await ben.attention('shop')).entries).map((entry) => entry.id)).not.toContain(unsent);
    await expect(ben.resolve(unsent, 'failed', 'No.')).rejects.toMatchObject({ error: { kind: 'invalid_request' } });
  });
});

describe('the newest id', () => {
  it('is the profile’s own: ids are the whole database’s, and another account’s later entries say nothing of this one', async () => {
    const ben = await desktop(BEN, SENT_AT);
    const mine = await ben.begin(invoice('inv-newest', 'account-a'));
    const theirs = await ben.begin(invoice('inv-newest', 'account-b'));
    expect(await ben.lastId('account-a')).toBe(mine);
    expect(await ben.lastId('account-b')).toBe(theirs);
    expect(await ben.lastId('account-none')).toBe(0);
  });
});
