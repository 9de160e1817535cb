import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inEnglish } from '../../../../shared/i18n/words.ts';
import type { Wording } from '../../../../shared/i18n/words.ts';
import type { JournalEntry, JournalQuery } from '../../../../shared/ipc/journal.ts';
import { SILENT_PENDING_AFTER_MS } from '../../../../shared/submission/silent-pending.ts';
import { openJournalDatabase } from '../database.ts';
import type { Outcome, PendingInput } from '../journal.ts';
import type { JournalStore } from '../store.ts';
import { TEST_AUTHOR, testJournal } from '../test-journal.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { openTeamJournal } from './team-journal.ts';
import type { TeamJournal } from './team-journal.ts';

/**
 * The same entries written, at the same times, to the SQLite journal and to the team journal: every
 * search answers the same, entry for entry and field for field, who made each one included
 * (History, CSV, the dispute report and the attention banner read through these).
 */

let dir: string;
let team: TeamDatabase;
let pool: pg.Pool;
let local: JournalStore;
let shared: TeamJournal;

/** One clock for both journals, moved by hand between entries. */
let clock = Date.parse('2026-03-01T09:00:00.000Z');
const now = () => new Date(clock);

const UNKNOWN_WORDS: Wording = { id: 'main.platform.journal.unknown', values: { what: 'exchange', foreignId: 'exch-7', why: { id: 'main.platform.journal.why.beforeRead' } } };

const write: Array<[PendingInput, Outcome]> = [
  [
    { profileId: 'shop', profileName: 'Shop', origin: 'https://app.cryptoprocessing.com', operation: 'invoices.create', foreignId: 'INV-100%', title: 'Order_1', endUserReference: 'cust-42', currency: 'EUR', amount: '100.10', request: { foreign_id: 'INV-100%', amount: '100.10' } },
    { state: 'succeeded', serviceId: 826900, serviceStatus: 'created', httpStatus: 201, durationMs: 40, response: '{"id":826900,"amount":100.10}' },
  ],
  [
    { profileId: 'shop', profileName: 'Shop', operation: 'exchange.place', foreignId: 'exch-7', currency: 'BTC', amount: '0.00012345', request: { foreign_id: 'exch-7', amount: '0.00012345' } },
    // Main's own words, kept beside their English (schema version 11): both engines keep and read them alike.
    { state: 'unknown', message: inEnglish(UNKNOWN_WORDS), messageWording: UNKNOWN_WORDS },
  ],
  [
    { profileId: 'shop', profileName: 'Shop', operation: 'transactions.lookup', request: { txid: 'aa11' }, txids: ['aa11'] },
    { state: 'succeeded', serviceStatus: 'confirmed', txids: ['aa11', 'bb22', 'aa11'], response: '{"transactions":[{"txid":"aa11"}]}' },
  ],
  [
    { profileId: 'shop', profileName: 'Shop', operation: 'addresses.take', foreignId: 'addr-1', currency: 'USDTTRC20', request: { foreign_id: 'addr-1' } },
    { state: 'succeeded', serviceId: 99, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
  ],
  [
    { profileId: 'other', profileName: 'Other shop', operation: 'invoices.create', foreignId: 'inv-other', request: {} },
    { state: 'failed', httpStatus: 400, message: 'amount: The amount must be at least 1.' },
  ],
  [
    { profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-late', title: 'ORDER_1 again', amount: '5', request: {} },
    { state: 'failed', httpStatus: 422, serviceStatus: 'created', message: 'Refused.' },
  ],
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'journal-parity-'));
  team = await teamDatabaseForTest('parity');
  pool = team.pool();
  local = testJournal(openJournalDatabase(join(dir, 'journal.sqlite')), now);
  shared = await openTeamJournal(pool, { author: () => TEST_AUTHOR, now });
  for (const [input, outcome] of write) {
    const localId = await local.begin(input);
    const sharedId = await shared.begin(input);
    if (input.operation !== 'transactions.lookup') {
      await local.markSent(localId);
      await shared.markSent(sharedId);
    }
    clock += 1500;
    await local.finish(localId, outcome);
    await shared.finish(sharedId, outcome);
    // Half a day between entries: the date filters have something to cut.
    clock += 12 * 3600 * 1000;
  }
});
afterAll(async () => {
  await pool?.end();
  await team?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const QUERIES: Array<[string, JournalQuery]> = [
  ['everything', {}],
  ['a foreign id, in another case', { text: 'inv-100' }],
  ['a % that is text, not a wildcard', { text: '100%' }],
  ['an _ that is text, not a wildcard', { text: 'Order_1' }],
  ['a txid a lookup saw', { text: 'bb22' }],
  ['a deposit address', { text: 'TQn9Y2kh' }],
  ['an operation', { operation: 'exchange.place' }],
  ["History's default view, the payments", { kind: 'payments' }],
  ['the lookups', { kind: 'lookups' }],
  ['lookups with a text', { kind: 'lookups', text: 'aa11' }],
  ['payments with a text', { kind: 'payments', text: 'order_1' }],
  ['a state', { state: 'unknown' }],
  ['a service status', { serviceStatus: 'created' }],
  ['from a day', { from: '2026-03-02' }],
  ['up to a day', { to: '2026-03-02' }],
  ['between two instants', { from: '2026-03-01T21:00:01.500Z', to: '2026-03-02T21:00:01.500Z' }],
  ['a page', { limit: 2, offset: 1 }],
  ['nothing found', { text: 'no such thing' }],
];

/**
 * A team entry as the SQLite journal has it: without its uid, and without the logins only a team
 * journal's database stamps (schema/team-rules.ts), which must be the login that wrote it.
 */
function asLocal<T extends JournalEntry & { uid?: unknown }>({ uid: _uid, ...entry }: T): Omit<T, 'uid'> {
  expect(entry.madeLogin).toBe(team.user);
  expect(entry.resolvedLogin).toBe(entry.resolvedBy === null ? null : team.user);
  return { ...entry, madeLogin: null, resolvedLogin: null };
}

describe('the team journal answers as the SQLite journal does', () => {
  it.each(QUERIES)('%s', async (_name, query) => {
    const fromTeam = ((await shared.search('shop', query)).entries).map(asLocal);
    expect(fromTeam).toEqual((await local.search('shop', query)).entries);
  });

  it('finds entries for every query above but the last, so that the comparison compares something', async () => {
    for (const [name, query] of QUERIES.slice(0, -1)) expect(((await shared.search('shop', query)).entries).length, name).toBeGreaterThan(0);
    expect((await shared.search('shop', { operation: 'exchange.place' })).entries.map((entry) => entry.messageWording)).toEqual([UNKNOWN_WORDS]);
  });

  it('writes a lookup by `record` as the SQLite journal does: settled at once, its answer kept the same way', async () => {
    const input: PendingInput = {
      profileId: 'recorded',
      profileName: 'Shop',
      operation: 'transactions.lookup',
      foreignId: '164',
      request: { foreign_id: '164', sender_data: { first_name: 'Adalind' } },
      txids: ['cc33'],
      entryUid: 'c0ffee00-0000-4000-8000-000000000164',
    };
    const outcome: Outcome = { state: 'succeeded', serviceId: 164, serviceStatus: 'confirmed', httpStatus: 200, durationMs: 12.4, txids: ['cc33', 'dd44'], response: '{"id":164,"note":"for Adalind"}' };
    const recorded = await shared.record(input, outcome);
    const { id: _teamId, ...fromTeam } = asLocal(recorded);
    const { uid } = recorded;
    const { id: _fileId, ...fromFile } = await local.record(input, outcome);
    expect(fromTeam).toEqual(fromFile);
    expect(fromTeam).toMatchObject({ state: 'succeeded', serviceId: '164', txids: ['cc33', 'dd44'], durationMs: 12, sentAt: null, madeBy: 'Ana Ruiz' });
    expect(fromTeam.response).not.toContain('Adalind');
    expect(uid).toBe(input.entryUid);
  });

  it('gives the same entry by id, and the same tries under a foreign id', async () => {
    const found = await shared.get(2);
    const entry = found ? asLocal(found) : null;
    expect(entry).toEqual(await local.get(2));
    expect(entry).toMatchObject({ madeBy: 'Ana Ruiz', madeOn: 'FINANCE-01' });
    expect((await shared.triesOf('shop', 'exchange.place', 'exch-7')).map((e) => e.id)).toEqual((await local.triesOf('shop', 'exchange.place', 'exch-7')).map((e) => e.id));
    for (const profileId of ['shop', 'other', 'nobody']) expect(await shared.lastId(profileId)).toBe(await local.lastId(profileId));
    expect(await local.lastId('other')).toBeLessThan(await local.lastId('shop'));
    expect(await shared.people('shop')).toEqual(await local.people('shop'));
    expect(await local.people('shop')).toEqual(['Ana Ruiz']);
  });

  it('records a resolution alike: who, on which computer, when, and refuses a second one alike', async () => {
    clock += 60_000;
    const resolved = asLocal(await shared.resolve(2, 'succeeded', 'Found in the back office.'));
    expect(resolved).toEqual(await local.resolve(2, 'succeeded', 'Found in the back office.'));
    expect(resolved).toMatchObject({ state: 'succeeded', resolvedBy: 'Ana Ruiz', resolvedOn: 'FINANCE-01', resolvedAt: new Date(clock).toISOString() });
    const again = { error: { kind: 'invalid_request', message: `Ana Ruiz on FINANCE-01 already recorded it as succeeded at ${new Date(clock).toISOString()}.` } };
    await expect(shared.resolve(2, 'failed', 'Me too.')).rejects.toMatchObject(again);
    await expect(local.resolve(2, 'failed', 'Me too.')).rejects.toMatchObject(again);
  });

  it('lists what a person must check alike, a sent submission only once silent too long, and keeps its resolution alike against a late answer', async () => {
    const input: PendingInput = { profileId: 'silent', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-silent', request: {} };
    const ids = { local: await local.begin(input), shared: await shared.begin(input) };
    await local.markSent(ids.local);
    await shared.markSent(ids.shared);
    const alike = (entries: JournalEntry[]) => entries.map((entry) => (entry.madeLogin === null ? entry : asLocal(entry))).map(({ id: _id, ...entry }) => entry);

    clock += SILENT_PENDING_AFTER_MS;
    expect((await shared.attention('silent')).entries).toEqual([]);
    expect((await local.attention('silent')).entries).toEqual([]);
    clock += 1;
    expect(alike((await shared.attention('silent')).entries)).toEqual(alike((await local.attention('silent')).entries));
    expect((await local.attention('silent')).entries).toMatchObject([{ id: ids.local, state: 'pending', foreignId: 'inv-silent' }]);
    expect(alike((await shared.attention('shop')).entries)).toEqual(alike((await local.attention('shop')).entries));

    const resolved = alike([await shared.resolve(ids.shared, 'failed', 'Not there.')]);
    expect(resolved).toEqual(alike([await local.resolve(ids.local, 'failed', 'Not there.')]));
    expect(alike([await shared.finish(ids.shared, { state: 'unknown', message: 'Late.' })])).toEqual(resolved);
    expect(alike([await local.finish(ids.local, { state: 'unknown', message: 'Late.' })])).toEqual(resolved);
  });
});
