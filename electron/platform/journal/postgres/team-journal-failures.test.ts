import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sayerFor, sayWording } from '../../../../shared/i18n/index.ts';
import { AppFailure, worded } from '../../../../shared/ipc/errors.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { openTeamJournal } from './team-journal.ts';
import { explainTeamJournalFailure, teamJournalFailure } from './team-journal-failures.ts';
import { freePort } from '../../testing/free-port.ts';

/**
 * What a person is told when the team journal cannot be used: each failure against the real server
 * (nothing listening, a wrong password, no such database, a certificate not trusted), as a typed
 * error in plain words, never the database's text or a stack.
 */

let team: TeamDatabase;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  team = await teamDatabaseForTest('failures');
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await team?.drop();
});

const open = (config: pg.PoolConfig) => {
  const pool = new pg.Pool({ host: team.host, port: team.port, database: team.database, user: team.user, password: team.password, connectionTimeoutMillis: 5_000, ...config });
  pools.push(pool);
  // A stopped server makes idle clients emit 'error' on the pool (see testing/team-database.ts).
  pool.on('error', () => {});
  return openTeamJournal(pool, { author: () => ({ name: 'Ana Ruiz', computer: 'FINANCE-01', desktopId: 'desktop-ana' }) });
};

const tlsOf = () => {
  const shared = inject('postgres');
  if ('unavailable' in shared || !shared.address.tls) throw new Error('The shared test server has no TLS.');
  return shared.address.tls;
};

describe('the team journal, when it cannot be used', () => {
  it('cannot be reached: network, naming where', async () => {
    const port = await freePort();
    await expect(open({ port })).rejects.toMatchObject({ error: { kind: 'network', message: `The team journal at 127.0.0.1:${port}/${team.database} cannot be reached (ECONNREFUSED).` } });
  });

  it('refuses the password: configuration', async () => {
    await expect(open({ password: 'not-the-password' })).rejects.toMatchObject({ error: { kind: 'configuration', message: expect.stringMatching(/refused the user name or password\.$/) } });
  });

  it('has no such database: configuration', async () => {
    await expect(open({ database: 'no_such_journal' })).rejects.toMatchObject({ error: { kind: 'configuration', message: 'The team journal at 127.0.0.1:' + team.port + '/no_such_journal has no database of that name.' } });
  });

  it('over TLS: verified against the CA file it is given, refused when its certificate chains to nothing trusted', async () => {
    const { ca } = tlsOf();
    const journal = await open({ ssl: { ca } });
    expect(journal.schema.readOnly).toBe(false);
    const verified = pools.at(-1) as pg.Pool;
    expect((await verified.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows).toEqual([{ ssl: true }]);
    await expect(open({ ssl: true })).rejects.toMatchObject({
      error: { kind: 'configuration', message: expect.stringMatching(/presented a certificate that this computer does not trust \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\.$/) },
    });
  });

  it("turns the database's other refusals into an internal error without its text, and leaves the app's own errors alone", () => {
    const refusal = new pg.DatabaseError('relation "entries" does not exist', 0, 'error');
    refusal.code = '42P01';
    expect(teamJournalFailure(refusal, 'db:5432/j')).toMatchObject({ error: { kind: 'internal', message: 'The team journal at db:5432/j refused a statement (SQLSTATE 42P01).' } });
    const shutdown = new pg.DatabaseError('terminating connection due to administrator command', 0, 'error');
    shutdown.code = '57P01';
    expect(teamJournalFailure(shutdown, 'db:5432/j')).toMatchObject({ error: { kind: 'network' } });
    // A server without the contrib modules cannot make the search index: configuration, saying what to install.
    const noTrigrams = new pg.DatabaseError('extension "pg_trgm" is not available', 0, 'error');
    noTrigrams.code = '0A000';
    expect(teamJournalFailure(noTrigrams, 'db:5432/j')).toMatchObject({
      error: { kind: 'configuration', message: "The team journal at db:5432/j lacks the pg_trgm extension that the journal's search index needs." },
    });
    expect(explainTeamJournalFailure(noTrigrams, 'db:5432/j')).toContain('contrib modules');
    const otherFeature = new pg.DatabaseError('cannot do that', 0, 'error');
    otherFeature.code = '0A000';
    expect(teamJournalFailure(otherFeature, 'db:5432/j')).toMatchObject({ error: { kind: 'internal' } });
    const ours = new Error('Journal entry 4 is not a pending submission without a sent mark.');
    expect(teamJournalFailure(ours, 'db:5432/j')).toBe(ours);
    const typed = new AppFailure({ kind: 'already_sent', foreignId: 'x', message: 'Taken.' });
    expect(teamJournalFailure(typed, 'db:5432/j')).toBe(typed);
  });
});

/**
 * A server that is there but does not serve a statement right now (a team journal outage): the same
 * kind as one out of reach, so a submission is refused before it is sent and a lookup is kept on
 * this computer (team-journal/transient-outage.pg.test.ts follows that through a desktop).
 */
describe('the team journal, when it cannot serve a statement right now', () => {
  const at = () => `127.0.0.1:${team.port}/${team.database}`;
  const ownerPool = () => {
    const pool = team.pool();
    pools.push(pool);
    return pool;
  };

  it('cancels one that waits too long behind a lock held elsewhere (57014, statement_timeout): network, saying so', async () => {
    const journal = await open({ statement_timeout: 200 });
    const holder = await ownerPool().connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE entries IN ACCESS EXCLUSIVE MODE');
    try {
      const cancelled = {
        error: {
          kind: 'network',
          message: `The team journal at ${at()} cancelled a statement before it finished (it waited too long, for a busy server or a lock held elsewhere, or an administrator cancelled it).`,
        },
      };
      await expect(journal.begin({ profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-lock', request: {} })).rejects.toMatchObject(cancelled);
      await expect(journal.search('shop')).rejects.toMatchObject(cancelled);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // The lock gone, the same journal serves again.
    expect((await journal.search('shop')).entries).toEqual([]);
  });

  it('stops one of two connections that wait for each other (40P01, a deadlock): network, with the code for the administrator', async () => {
    const pool = ownerPool();
    const [first, second] = [await pool.connect(), await pool.connect()];
    try {
      await Promise.all([first, second].map((client) => client.query('BEGIN')));
      await first.query('SELECT pg_advisory_xact_lock(1)');
      await second.query('SELECT pg_advisory_xact_lock(2)');
      const crossed = await Promise.allSettled([first.query('SELECT pg_advisory_xact_lock(2)'), second.query('SELECT pg_advisory_xact_lock(1)')]);
      const stopped = crossed.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      expect(stopped).toHaveLength(1);
      expect(stopped[0]).toMatchObject({ code: '40P01' });
      expect(teamJournalFailure(stopped[0], at())).toMatchObject({
        error: { kind: 'network', message: `The team journal at ${at()} stopped a statement that waited for another connection while that one waited for it (a deadlock).` },
      });
      expect(explainTeamJournalFailure(stopped[0], at())).toMatch(/Nothing is lost: try again in a moment\. If it keeps happening, tell the database's administrator this code: SQLSTATE 40P01\.$/);
    } finally {
      await Promise.all([first, second].map((client) => client.query('ROLLBACK')));
      first.release();
      second.release();
    }
  });
});

/** Failures the run's server cannot be made to give (electron/platform/team-access/connection-test.pg.test.ts provokes the others). */
describe('what a person setting up the team journal is told, beyond the one sentence', () => {
  const at = 'db.example.com:5432/finance';
  const tlsError = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error('tls'), { code, ...extra });
  const databaseError = (code: string) => Object.assign(new pg.DatabaseError('words of the server', 0, 'error'), { code });

  it.each([
    [tlsError('CERT_HAS_EXPIRED'), 'configuration', 'presented a certificate that is not valid today (CERT_HAS_EXPIRED)', "Ask the database's administrator to renew it"],
    [tlsError('SELF_SIGNED_CERT_IN_CHAIN'), 'configuration', 'presented a certificate that this computer does not trust (SELF_SIGNED_CERT_IN_CHAIN)', 'CA file'],
    [tlsError('ERR_SSL_WRONG_VERSION_NUMBER'), 'configuration', 'could not be verified over TLS (ERR_SSL_WRONG_VERSION_NUMBER)', 'TLS 1.2 or newer'],
    [tlsError('ERR_TLS_CERT_ALTNAME_INVALID', { cert: { subjectaltname: 'DNS:db1.example.com, DNS:db2.example.com' } }), 'configuration', 'presented a certificate made out to another name (it holds db1.example.com, db2.example.com) (ERR_TLS_CERT_ALTNAME_INVALID)', 'Enter the host as the certificate names it'],
    [tlsError('EHOSTUNREACH'), 'network', 'cannot be reached (EHOSTUNREACH)', 'a VPN the server needs?'],
    [new Error('Connection terminated unexpectedly'), 'network', 'cannot be reached (the connection was closed)', 'the server may have restarted'],
    [databaseError('28000'), 'configuration', 'refused this user from this computer (pg_hba.conf)', '"hostssl" line in pg_hba.conf'],
    [databaseError('53300'), 'network', 'has no connection free for this desktop (too many connections)', 'try again in a moment'],
    [databaseError('57P02'), 'network', "closed this desktop's connection (the server is recovering from a crash)", 'SQLSTATE 57P02'],
    [databaseError('57P03'), 'network', 'is not accepting connections yet (it is starting up or shutting down)', 'SQLSTATE 57P03'],
    [databaseError('40001'), 'network', "could not fit this desktop's write beside another connection's made at the same moment (a serialization failure)", 'SQLSTATE 40001'],
  ] as const)('%s: %s, %s', (error, kind, says, advice) => {
    expect(teamJournalFailure(error, at)).toMatchObject({ error: { kind, message: `The team journal at ${at} ${says}.` } });
    const explained = explainTeamJournalFailure(error, at);
    expect(explained.startsWith(`The team journal at ${at} ${says}. `)).toBe(true);
    expect(explained).toContain(advice);
    expect(explained).not.toContain('words of the server');
  });

  it('a refused login and an untrusted certificate reach a German window in German, and stay English for the set-up command', () => {
    const german = sayerFor('de');
    const refusedLogin = teamJournalFailure(databaseError('28P01'), at) as AppFailure;
    expect(refusedLogin.error).toEqual({ kind: 'configuration', message: `The team journal at ${at} refused the user name or password.` });
    // What the router says to a window in German: the failure's wording in its language.
    expect(refusedLogin.wording && sayWording(german, refusedLogin.wording)).toBe(`Das Team-Journal unter ${at} hat den Benutzernamen oder das Passwort abgelehnt.`);
    const untrusted = tlsError('SELF_SIGNED_CERT_IN_CHAIN');
    const failure = teamJournalFailure(untrusted, at) as AppFailure;
    expect(failure.wording && sayWording(german, failure.wording)).toBe(
      `Das Team-Journal unter ${at} hat ein Zertifikat vorgelegt, dem dieser Computer nicht vertraut (SELF_SIGNED_CERT_IN_CHAIN).`,
    );
    // "Test connection" in a German window explains it in German; the set-up command (no language given) in English.
    expect(explainTeamJournalFailure(untrusted, at, german)).toMatch(new RegExp(`^Das Team-Journal unter ${at} hat ein Zertifikat vorgelegt, .*als CA-Datei des Team-Journals an`));
    expect(explainTeamJournalFailure(untrusted, at)).toMatch(new RegExp(`^The team journal at ${at} presented a certificate that this computer does not trust \\(SELF_SIGNED_CERT_IN_CHAIN\\)\\. If your company`));
    expect(explainTeamJournalFailure(databaseError('28P01'), at, sayerFor('fr'))).toBe(
      `Le journal d’équipe sur ${at} a refusé le nom d’utilisateur ou le mot de passe. Le mot de passe est erroné, ou aucun utilisateur de ce nom n’existe : PostgreSQL ne dit pas lequel, à dessein. Vérifiez les deux avec l’administrateur de la base de données.`,
    );
    // An app failure worded from the catalogues (a CA file gone) is explained in the window's language too.
    const caGone = worded({ kind: 'configuration' }, { id: 'main.platform.teamJournal.caFile.poolUnreadable', values: { path: '/ca.pem' } });
    expect(explainTeamJournalFailure(caGone, at, german)).toBe('Die CA-Datei /ca.pem des Team-Journals konnte nicht als PEM-Zertifikat gelesen werden. Bearbeiten Sie das Team-Journal des Profils.');
  });

  it("keeps an app failure's own words, and does not pass an unknown error's text on", () => {
    expect(explainTeamJournalFailure(new AppFailure({ kind: 'configuration', message: 'The CA file is gone.' }), at)).toBe('The CA file is gone.');
    expect(explainTeamJournalFailure(new Error('a bug with details'), at)).toBe(`The connection to the team journal at ${at} failed inside the app.`);
  });
});
