import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inEnglish } from '../../../../shared/i18n/words.ts';
import type { Wording } from '../../../../shared/i18n/words.ts';
import { teamProfileKey } from '../../team-journal/team-profile-key.ts';
import { openJournalDatabase } from '../database.ts';
import { createJournal } from '../journal.ts';
import type { Outcome, PendingInput } from '../journal.ts';
import { LATEST_JOURNAL_VERSION } from '../schema/journal-schema.ts';
import type { JournalStore } from '../store.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { openTeamJournal } from './team-journal.ts';
import type { TeamJournal } from './team-journal.ts';
import { uploadLocalHistory, uploadMessage, waitingCount } from './upload-history.ts';
import type { UploadSelection } from './upload-history.ts';
import { freePort } from '../../testing/free-port.ts';

/**
 * A desktop's SQLite journal uploaded into a team journal on the run's real PostgreSQL server:
 * everything an entry was is kept, nothing is copied twice (not even after a failure between the
 * team journal's commit and the local mark), nothing is lost (an entry whose foreign id the team
 * already holds stays local, and is said so), and a team journal that cannot take it takes nothing.
 */

const ORIGIN = 'https://app.cryptoprocessing.com';
const TEAM_KEY = teamProfileKey(ORIGIN, 'merchant-key-1');
const ANA = { name: 'Ana Ruiz', computer: 'FINANCE-01', desktopId: 'desktop-ana' };
const BEN = { name: 'Ben Okafor', computer: 'FINANCE-02', desktopId: 'desktop-ben' };

let team: TeamDatabase;
let pool: pg.Pool;
let bens: TeamJournal;
let dir: string;
let db: DatabaseSync;
let anas: JournalStore;
let clock = Date.parse('2026-04-01T08:00:00.000Z');
const WHERE = 'the test server';

beforeAll(async () => {
  team = await teamDatabaseForTest('upload-history');
  pool = team.pool();
  bens = await openTeamJournal(pool, { author: () => BEN });
});
afterAll(async () => {
  await pool?.end();
  await team?.drop();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'upload-history-'));
  db = openJournalDatabase(join(dir, 'journal.sqlite'));
  anas = createJournal(db, { author: () => ANA, now: () => new Date((clock += 60_000)) });
  return () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
});

/** A unique foreign id per test: every test shares the one team database. */
let serial = 0;
const fresh = (prefix: string) => `${prefix}-${(serial += 1)}-${Date.now()}`;

const invoice = (foreignId: string, profileId = 'ana-shop'): PendingInput => ({
  profileId,
  profileName: 'Ana’s shop',
  origin: ORIGIN,
  operation: 'invoices.create',
  foreignId,
  title: `Order ${foreignId}`,
  endUserReference: 'cust-7',
  currency: 'EUR',
  amount: '100.10',
  request: { foreign_id: foreignId, amount: '100.10' },
});

async function submitted(input: PendingInput, outcome: Outcome): Promise<number> {
  const id = await anas.begin(input);
  await anas.markSent(id);
  await anas.finish(id, outcome);
  return id;
}

const UNKNOWN_WORDS: Wording = { id: 'main.platform.journal.unknown', values: { what: 'exchange', foreignId: 'exch', why: { id: 'main.platform.journal.why.beforeRead' } } };

const selection = (overrides: Partial<UploadSelection> = {}): UploadSelection => ({ localProfileId: 'ana-shop', teamKey: TEAM_KEY, at: new Date(clock).toISOString(), ...overrides });

const localRows = (ids: readonly number[]) =>
  db.prepare(`SELECT id, entry_uid, uploaded_at FROM entries WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`).all(...ids) as Array<{ id: number; entry_uid: string; uploaded_at: string | null }>;

async function teamRowsWith(uids: readonly string[]) {
  const { rows } = await pool.query<{ entry_uid: string; n: string }>('SELECT entry_uid, count(*) AS n FROM entries WHERE entry_uid = ANY($1::text[]) GROUP BY entry_uid', [uids]);
  return new Map(rows.map((row) => [row.entry_uid, Number(row.n)]));
}

describe('uploading a desktop’s history into its team journal', () => {
  it('copies every settled entry with all it was, under the team key; pending and other profiles’ entries stay; a second upload copies nothing', async () => {
    const [inv, exch] = [fresh('inv'), fresh('exch')];
    const ids = [
      await submitted(invoice(inv), { state: 'succeeded', serviceId: 826900, serviceStatus: 'created', httpStatus: 201, durationMs: 40, response: '{"id":826900}' }),
      await submitted({ ...invoice(exch), operation: 'exchange.place', currency: 'BTC', amount: '0.00012345' }, { state: 'unknown', message: inEnglish(UNKNOWN_WORDS), messageWording: UNKNOWN_WORDS }),
      (await anas.record({ profileId: 'ana-shop', profileName: 'Ana’s shop', origin: ORIGIN, operation: 'transactions.lookup', request: { txid: 'aa11' }, txids: ['aa11'] }, { state: 'succeeded', serviceStatus: 'confirmed', txids: ['aa11', 'bb22'] })).id,
    ];
    const stillPending = await anas.begin(invoice(fresh('inv-pending')));
    const otherProfile = await submitted(invoice(fresh('inv-other'), 'other-shop'), { state: 'failed', httpStatus: 400, message: 'Refused.' });

    expect(waitingCount(db, selection())).toBe(3);
    expect(await uploadLocalHistory(db, pool, WHERE, selection())).toEqual({ moved: 3, alreadyThere: 0, conflicts: 0, conflictIds: [] });

    const uploaded = localRows(ids);
    expect(uploaded.every((row) => row.uploaded_at === new Date(clock).toISOString())).toBe(true);
    expect(localRows([stillPending, otherProfile]).map((row) => row.uploaded_at)).toEqual([null, null]);
    for (const row of uploaded) {
      const local = await anas.get(row.id);
      const [listed] = ((await bens.search(TEAM_KEY, { text: local?.foreignId ?? 'bb22' })).entries).filter((e) => e.uid === row.entry_uid);
      // Whole, request and answer included, as the local one is read by its id.
      const there = listed && (await bens.get(listed.id));
      // The same entry in every field but its number and the profile id it is filed under.
      const { id: _localId, profileId: _local, madeLogin: none, ...kept } = local ?? ({} as never);
      const { id: _teamId, profileId, uid: _uid, madeLogin, ...copied } = there ?? ({} as never);
      // The login that uploaded it, stamped by the team journal; the desktop's own journal has none.
      expect(none).toBeNull();
      expect(madeLogin).toBe(team.user);
      expect(profileId).toBe(TEAM_KEY);
      expect(copied).toEqual(kept);
      expect(copied).toMatchObject({ madeBy: 'Ana Ruiz', madeOn: 'FINANCE-01', profileName: 'Ana’s shop' });
    }
    // The unknown outcome is now on every desktop's attention list, its message's words with it (schema version 11).
    expect(((await bens.search(TEAM_KEY, { state: 'unknown' })).entries).filter((e) => e.foreignId === exch).map((e) => e.messageWording)).toEqual([UNKNOWN_WORDS]);

    expect(await uploadLocalHistory(db, pool, WHERE, selection())).toEqual({ moved: 0, alreadyThere: 0, conflicts: 0, conflictIds: [] });
    expect([...(await teamRowsWith(uploaded.map((row) => row.entry_uid))).values()]).toEqual([1, 1, 1]);
  });

  it('a failure between the team journal’s commit and the local mark: the next upload finds them there, marks them, and copies none twice', async () => {
    const ids = [await submitted(invoice(fresh('inv')), { state: 'succeeded', serviceId: 1 }), await submitted(invoice(fresh('inv')), { state: 'succeeded', serviceId: 2 })];
    // SQLite refuses the local mark, as a full disk or a lost file would: after PostgreSQL committed.
    db.exec("CREATE TRIGGER no_mark BEFORE UPDATE OF uploaded_at ON entries BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;");
    await expect(uploadLocalHistory(db, pool, WHERE, selection())).rejects.toThrow('disk I/O error');
    const uids = localRows(ids).map((row) => row.entry_uid);
    expect([...(await teamRowsWith(uids)).values()]).toEqual([1, 1]);
    expect(localRows(ids).map((row) => row.uploaded_at)).toEqual([null, null]);

    db.exec('DROP TRIGGER no_mark');
    expect(await uploadLocalHistory(db, pool, WHERE, selection())).toEqual({ moved: 0, alreadyThere: 2, conflicts: 0, conflictIds: [] });
    expect(localRows(ids).every((row) => row.uploaded_at !== null)).toBe(true);
    expect([...(await teamRowsWith(uids)).values()]).toEqual([1, 1]);
    expect(await uploadLocalHistory(db, pool, WHERE, selection())).toMatchObject({ moved: 0, alreadyThere: 0 });
  });

  it('an entry whose foreign id another desktop already holds in the team journal stays on this desktop, unmarked, and is said so', async () => {
    const shared = fresh('inv-shared');
    const bensId = await bens.begin({ ...invoice(shared), profileId: TEAM_KEY, profileName: 'Ben’s shop' });
    await bens.markSent(bensId);
    await bens.finish(bensId, { state: 'succeeded', serviceId: 5 });
    const mine = await submitted(invoice(shared), { state: 'succeeded', serviceId: 6 });
    const other = await submitted(invoice(fresh('inv')), { state: 'succeeded', serviceId: 7 });

    const count = await uploadLocalHistory(db, pool, WHERE, selection());
    expect(count).toEqual({ moved: 1, alreadyThere: 0, conflicts: 1, conflictIds: [shared] });
    expect(localRows([mine, other]).map((row) => row.uploaded_at === null)).toEqual([true, false]);
    expect((await bens.triesOf(TEAM_KEY, 'invoices.create', shared)).map((e) => e.id)).toEqual([bensId]);
    expect(uploadMessage(count)).toBe(
      `1 entry moved to the team journal. 1 entry stayed on this computer only: the team journal already holds its foreign id (${shared}) for another entry, made on another desktop. ` +
        "Look it up in the team journal's History; nothing was lost or changed.",
    );
    // Not lost on the next try either.
    expect(await uploadLocalHistory(db, pool, WHERE, selection())).toMatchObject({ moved: 0, conflicts: 1 });
    expect(waitingCount(db, selection())).toBe(1);
  });

  it('with `since`, only what was made from then on: the lookups kept while the team journal was away, not the history before joining', async () => {
    const before = await submitted(invoice(fresh('inv-before')), { state: 'succeeded', serviceId: 8 });
    const joinedAt = new Date((clock += 1000)).toISOString();
    const after = (await anas.record({ profileId: 'ana-shop', profileName: 'Ana’s shop', operation: 'transactions.lookup', request: { foreign_id: '164' } }, { state: 'succeeded' })).id;
    expect(await uploadLocalHistory(db, pool, WHERE, selection({ since: joinedAt }))).toMatchObject({ moved: 1 });
    expect(localRows([before, after]).map((row) => row.uploaded_at === null)).toEqual([true, false]);
  });

  it('words the counts in the plural too, and names at most five conflicting foreign ids', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(uploadMessage({ moved: 0, alreadyThere: 2, conflicts: 7, conflictIds: ids })).toBe(
      '0 entries moved to the team journal. 2 entries were there already (an earlier upload), and are not copied twice. ' +
        "7 entries stayed on this computer only: the team journal already holds their foreign ids (a, b, c, d, e and 2 more) for another entry, made on another desktop. Look them up in the team journal's History; nothing was lost or changed.",
    );
  });
});

describe('a team journal that cannot take the upload takes nothing, and nothing is marked', () => {
  it('a team journal a newer app upgraded (read-only) refuses it, saying so', async () => {
    const newer = await teamDatabaseForTest('upload-newer');
    const newerPool = newer.pool();
    try {
      await openTeamJournal(newerPool, { author: () => BEN });
      await newerPool.query('UPDATE journal_schema SET version = $1', [LATEST_JOURNAL_VERSION + 1]);
      const id = await submitted(invoice(fresh('inv')), { state: 'succeeded', serviceId: 9 });
      await expect(uploadLocalHistory(db, newerPool, WHERE, selection())).rejects.toMatchObject({
        error: { kind: 'configuration', message: expect.stringMatching(new RegExp(`^The team journal was upgraded by a newer version of Merchant Console \\(schema ${LATEST_JOURNAL_VERSION + 1}; this console knows ${LATEST_JOURNAL_VERSION}\\)\\. It is open read-only`)) },
      });
      expect(localRows([id])[0]?.uploaded_at).toBeNull();
      expect((await newerPool.query('SELECT count(*)::int AS n FROM entries')).rows[0]).toEqual({ n: 0 });
    } finally {
      await newerPool.end();
      await newer.drop();
    }
  });

  it('a team journal that cannot be reached: a network failure naming it', async () => {
    const port = await freePort();
    const nowhere = new pg.Pool({ host: '127.0.0.1', port, user: 'x', password: 'x', database: 'x', connectionTimeoutMillis: 5_000 });
    nowhere.on('error', () => {});
    const id = await submitted(invoice(fresh('inv')), { state: 'succeeded', serviceId: 10 });
    await expect(uploadLocalHistory(db, nowhere, `127.0.0.1:${port}/x`, selection())).rejects.toMatchObject({
      error: { kind: 'network', message: `The team journal at 127.0.0.1:${port}/x cannot be reached (ECONNREFUSED).` },
    });
    expect(localRows([id])[0]?.uploaded_at).toBeNull();
    await nowhere.end();
  });
});
