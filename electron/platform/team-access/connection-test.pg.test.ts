import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sayerFor } from '../../../shared/i18n/index.ts';
import type { TeamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import { migratePostgresJournal } from '../journal/postgres/postgres-migrations.ts';
import { LATEST_JOURNAL_VERSION } from '../journal/schema/journal-schema.ts';
import { startPostgresServer } from '../journal/testing/postgres-server.ts';
import type { PostgresAddress, PostgresServer } from '../journal/testing/postgres-server.ts';
import { makeTestTls } from '../journal/testing/self-signed-tls.ts';
import { freePort, listenOnFreePort } from '../testing/free-port.ts';
import { createRowUser } from '../journal/testing/row-user.ts';
import { teamDatabaseForTest } from '../journal/testing/team-database.ts';
import type { TeamDatabase } from '../journal/testing/team-database.ts';
import { testTeamConnection } from './index.ts';

/**
 * "Test connection" against the real PostgreSQL of the test run (TLS on, its certificate made out
 * to 127.0.0.1 and localhost by the run's own CA): every failure it explains is provoked for real.
 *
 * The host 0.0.0.0: a connection to the unspecified address reaches this computer (Linux and
 * macOS), while by its text it is not this computer, so the console requires TLS and verifies the
 * certificate there, as for a remote server, and the certificate does not name it. So a test
 * reaches the local server as a remote one would be reached, with no network interface needed.
 */

const REMOTE_LOOKING = '0.0.0.0';
const log = () => undefined;

let address: PostgresAddress;
let team: TeamDatabase;
let plain: PostgresServer | null = null;
let otherCaFolder: string;
const servers: Server[] = [];

const adminQuery = async (sql: string, database = 'postgres'): Promise<void> => {
  const client = new pg.Client({ host: address.host, port: address.port, user: address.admin.user, password: address.admin.password, database });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(`The tests' PostgreSQL server could not start: ${shared.unavailable}`);
  address = shared.address;
  team = await teamDatabaseForTest('connection-test');
  otherCaFolder = await mkdtemp(join(tmpdir(), 'mc-other-ca-'));
}, 60_000);
afterAll(async () => {
  for (const server of servers) server.close();
  await plain?.dispose();
  await team?.drop();
  await rm(otherCaFolder, { recursive: true, force: true });
});

const settingsOf = (value: Partial<TeamJournalSettings> = {}): TeamJournalSettings => ({
  host: '127.0.0.1',
  port: team.port,
  database: team.database,
  user: team.user,
  caFile: null,
  ...value,
});
const where = (settings: TeamJournalSettings) => `${settings.host}:${settings.port}/${settings.database}`;
const caFile = () => {
  if (!address.tls) throw new Error('The shared test server has no TLS.');
  return address.tls.caFile;
};

/** A port on this computer that takes connections and never says a word. */
const silentPort = () => {
  const server = createServer(() => undefined);
  servers.push(server);
  return listenOnFreePort(server);
};

describe('Test connection, when it works', () => {
  it('on this computer with the CA file: over TLS, verified; no tables yet, and it leaves none behind', async () => {
    const settings = settingsOf({ caFile: caFile() });
    const result = await testTeamConnection(settings, team.password, { log });
    expect(result).toEqual({
      ok: true,
      serverVersion: expect.stringMatching(/^PostgreSQL \d+/),
      schemaVersion: null,
      readOnly: false,
      message: expect.stringMatching(new RegExp(`^Connected to PostgreSQL \\d+\\.\\d+ at ${where(settings)}, over TLS, its certificate verified\\. The journal's tables are not made yet: the first desktop that joins makes them, and this user may\\. This login owns the journal: keep it for setting the journal up and upgrading it, and give each person a login of their own with row rights for everyday work \\(README, "A login for each person"\\)\\.$`)),
    });
    const pool = team.pool();
    try {
      expect((await pool.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual([{ n: 0 }]);
      // The migrations ran (pg_trgm is made by version 6), and were rolled back with the rest.
      expect((await pool.query("SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'")).rows).toEqual([{ n: 0 }]);
    } finally {
      await pool.end();
    }
  });

  it("says the summary in the window's language: German and French", async () => {
    const settings = settingsOf({ caFile: caFile() });
    const german = await testTeamConnection(settings, team.password, { log, say: sayerFor('de') });
    expect(german).toMatchObject({ ok: true, schemaVersion: null });
    expect(german.message).toMatch(
      new RegExp(
        `^Verbunden mit PostgreSQL \\d+\\.\\d+ unter ${where(settings)}, über TLS, mit geprüftem Zertifikat\\. Die Tabellen des Journals sind noch nicht angelegt: Der erste Desktop, der beitritt, legt sie an, und dieser Benutzer darf das\\. ` +
          'Dieser Login ist Eigentümer des Journals: Verwenden Sie ihn nur, um das Journal einzurichten und zu aktualisieren, und geben Sie jeder Person für die tägliche Arbeit einen eigenen Login mit Rechten an den Zeilen \\(README, „A login for each person“\\)\\.$',
      ),
    );
    const french = await testTeamConnection(settings, team.password, { log, say: sayerFor('fr') });
    expect(french.message).toMatch(
      new RegExp(
        `^Connecté à PostgreSQL \\d+\\.\\d+ sur ${where(settings)}, via TLS, avec vérification de son certificat\\. Les tables du journal ne sont pas encore créées : le premier poste qui le rejoint les crée, et cet utilisateur en a le droit\\. ` +
          'Cet identifiant est propriétaire du journal : ',
      ),
    );
  });

  it('on this computer without a CA file: without TLS; then with the journal made, its schema version, and read-only when a newer app made it', async () => {
    const pool = team.pool();
    try {
      await migratePostgresJournal(pool);
      const settings = settingsOf();
      expect(await testTeamConnection(settings, team.password, { log })).toMatchObject({
        ok: true,
        schemaVersion: LATEST_JOURNAL_VERSION,
        readOnly: false,
        message: expect.stringContaining(`at ${where(settings)}, without TLS (it runs on this computer). The journal is at schema version ${LATEST_JOURNAL_VERSION}, the one this app writes.`),
      });
      await pool.query('UPDATE journal_schema SET version = 99');
      expect(await testTeamConnection(settings, team.password, { log })).toMatchObject({
        ok: true,
        schemaVersion: 99,
        readOnly: true,
        message: expect.stringContaining(`was upgraded by a newer version of Merchant Console (schema 99; this console knows ${LATEST_JOURNAL_VERSION})`),
      });
      expect(await testTeamConnection(settings, team.password, { log, say: sayerFor('de') })).toMatchObject({
        message: expect.stringContaining(
          `ohne TLS (es läuft auf diesem Computer). Das Team-Journal unter ${where(settings)} wurde von einer neueren Version von Merchant Console aktualisiert (Schema 99; diese Konsole kennt ${LATEST_JOURNAL_VERSION}). Es ist schreibgeschützt geöffnet:`,
        ),
      });
    } finally {
      await pool.query('UPDATE journal_schema SET version = $1', [LATEST_JOURNAL_VERSION]).catch(() => undefined);
      await pool.end();
    }
  });
});

describe('Test connection tries what joining will do, and leaves nothing behind', () => {
  /** A database of its own, its journal made by its owner at `version`, and a desktop's user with the README's row rights. */
  async function journalAt(label: string, version: number) {
    const own = await teamDatabaseForTest(label);
    const owner = own.pool();
    await migratePostgresJournal(owner, version);
    const desk = await createRowUser(address, own);
    // The rights on the tables of that version: an older journal has no withdrawal tables (version 8) yet.
    await desk.grantRows((grant) => version >= LATEST_JOURNAL_VERSION || !grant.includes('withdrawal_'));
    const settings = settingsOf({ port: own.port, database: own.database });
    /** What a test must leave as it found: the version, the columns, the entries, the next id, the extensions. */
    const state = async () => ({
      version: (await owner.query('SELECT version FROM journal_schema')).rows,
      columns: (await owner.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'entries' ORDER BY ordinal_position")).rows.length,
      entries: (await owner.query('SELECT id FROM entries ORDER BY id')).rows,
      nextId: (await owner.query("SELECT last_value, is_called FROM entries_id_seq")).rows,
      extensions: (await owner.query('SELECT extname FROM pg_extension ORDER BY extname')).rows,
    });
    const close = async () => {
      await owner.end();
      await desk.drop();
      await own.drop();
    };
    return { own, owner, desk, settings, state, close };
  }

  it('a user with rights to the rows of a journal at this version: OK, and the journal is as it was', async () => {
    const { owner, desk, settings, state, close } = await journalAt('row-user-current', LATEST_JOURNAL_VERSION);
    try {
      await owner.query(`INSERT INTO entries (profile_id, profile_name, operation, state, request, created_at, updated_at) VALUES ('shop', 'Shop', 'transactions.lookup', 'succeeded', '{}', now(), now())`);
      const before = await state();
      expect(await testTeamConnection({ ...settings, user: desk.user }, desk.password, { log })).toMatchObject({
        ok: true,
        schemaVersion: LATEST_JOURNAL_VERSION,
        readOnly: false,
        // A login of its own with row rights: nothing to warn about.
        message: expect.stringMatching(new RegExp(`The journal is at schema version ${LATEST_JOURNAL_VERSION}, the one this app writes\\.$`)),
      });
      expect(await state()).toEqual(before);
    } finally {
      await close();
    }
  });

  it('the same user on an older journal: not OK, it may not upgrade it, and whom to ask', async () => {
    const older = LATEST_JOURNAL_VERSION - 1;
    const { own, desk, settings, state, close } = await journalAt('row-user-older', older);
    try {
      const before = await state();
      const asDesk = { ...settings, user: desk.user };
      expect(await testTeamConnection(asDesk, desk.password, { log })).toEqual({
        ok: false,
        message:
          `The team journal at ${where(asDesk)} is at schema version ${older} and this console needs version ${LATEST_JOURNAL_VERSION}, an upgrade this user (${desk.user}) may not make: ` +
          "ask the database's owner to connect once with this version of Merchant Console, which upgrades it. " +
          `Or ask the database's administrator to make ${desk.user} the owner of the database and of the journal's tables ` +
          `(ALTER DATABASE "${own.database}" OWNER TO "${desk.user}"; ALTER TABLE journal_schema OWNER TO "${desk.user}"; ALTER TABLE entries OWNER TO "${desk.user}"), so that this desktop upgrades it.`,
      });
      expect(await state()).toEqual(before);
    } finally {
      await close();
    }
  });

  it("the owner on an older journal: OK, joining upgrades it; the upgrade and the entry written were tried for real and rolled back", async () => {
    const older = LATEST_JOURNAL_VERSION - 1;
    const { own, settings, state, close } = await journalAt('owner-older', older);
    try {
      const before = await state();
      expect(await testTeamConnection({ ...settings, user: own.user }, own.password, { log })).toMatchObject({
        ok: true,
        schemaVersion: older,
        readOnly: false,
        message: expect.stringContaining(`The journal is at schema version ${older}; joining upgrades it to version ${LATEST_JOURNAL_VERSION}, and this user may.`),
      });
      expect(await state()).toEqual(before);
    } finally {
      await close();
    }
  });
});

describe('Test connection explains what failed', () => {
  it('host not found', async () => {
    // .invalid never resolves (RFC 2606); where no DNS server answers at all, the lookup fails as EAI_AGAIN instead.
    const result = await testTeamConnection(settingsOf({ host: 'journal.invalid', port: 5432 }), 'pw', { log });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^The team journal at journal\.invalid:5432\/\S+ cannot be reached \((ENOTFOUND\)\. No computer of that name is known to this computer \(its DNS\): check the host name\.|EAI_AGAIN\)\. The host name could not be looked up)/,
      ),
    });
  });

  it('refused: nothing listening', async () => {
    const settings = settingsOf({ port: await freePort() });
    expect(await testTeamConnection(settings, 'pw', { log })).toEqual({
      ok: false,
      message: `The team journal at ${where(settings)} cannot be reached (ECONNREFUSED). Nothing is listening at that host and port: check both, and that PostgreSQL runs there and accepts connections from the network (listen_addresses).`,
    });
  });

  it('timeout: something takes the connection and never answers', async () => {
    const settings = settingsOf({ port: await silentPort() });
    expect(await testTeamConnection(settings, 'pw', { log, connectTimeoutMs: 300 })).toEqual({
      ok: false,
      message: `The team journal at ${where(settings)} cannot be reached (no answer in time). Nothing answered in time: the server may be down, or a firewall may be dropping the connection.`,
    });
  });

  it('TLS required by us, and the server has none', async () => {
    plain = await startPostgresServer();
    const settings = settingsOf({ host: REMOTE_LOOKING, port: plain.port, database: 'postgres', user: plain.admin.user });
    expect(await testTeamConnection(settings, plain.admin.password, { log })).toEqual({
      ok: false,
      message: `The team journal at ${where(settings)} does not offer TLS, which it must unless it runs on this computer. Ask the database's administrator to turn TLS on (ssl = on in postgresql.conf): the console does not send the password or the journal over a network in clear.`,
    });
    // A CA file named means TLS on this computer too.
    const local = settingsOf({ port: plain.port, database: 'postgres', user: plain.admin.user, caFile: caFile() });
    expect(await testTeamConnection(local, plain.admin.password, { log })).toMatchObject({ ok: false, message: expect.stringContaining('does not offer TLS') });
  }, 60_000);

  it('certificate not trusted: not by the system store, nor by a CA file of another authority; the CA file option is named', async () => {
    const advice = "If your company signs its database certificates with its own certificate authority, enter that authority's certificate (a PEM file) as the team journal's CA file, or install it in this computer's trust store.";
    const remote = settingsOf({ host: REMOTE_LOOKING });
    expect(await testTeamConnection(remote, team.password, { log })).toEqual({
      ok: false,
      message: `The team journal at ${where(remote)} presented a certificate that this computer does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE). ${advice}`,
    });
    const other = await makeTestTls(otherCaFolder);
    const wrongCa = settingsOf({ caFile: other.caFile });
    expect(await testTeamConnection(wrongCa, team.password, { log })).toEqual({
      ok: false,
      message: `The team journal at ${where(wrongCa)} presented a certificate that this computer does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE). ${advice}`,
    });
  });

  it('certificate name mismatch: trusted, but made out to other names, which it says', async () => {
    const settings = settingsOf({ host: REMOTE_LOOKING, caFile: caFile() });
    expect(await testTeamConnection(settings, team.password, { log })).toEqual({
      ok: false,
      message: `The team journal at ${where(settings)} presented a certificate made out to another name (it holds 127.0.0.1, localhost) (ERR_TLS_CERT_ALTNAME_INVALID). Enter the host as the certificate names it, or ask the database's administrator for a certificate that holds this name.`,
    });
  });

  it('wrong password, or no such role: PostgreSQL does not say which', async () => {
    for (const [user, password] of [
      [team.user, 'not-the-password'],
      [`nobody_${randomBytes(3).toString('hex')}`, team.password],
    ] as const) {
      const settings = settingsOf({ user });
      expect(await testTeamConnection(settings, password, { log })).toEqual({
        ok: false,
        message: `The team journal at ${where(settings)} refused the user name or password. The password is wrong, or no user of that name exists: PostgreSQL does not say which, on purpose. Check both with the database's administrator.`,
      });
    }
  });

  it('no such database', async () => {
    const settings = settingsOf({ database: 'no_such_journal' });
    expect(await testTeamConnection(settings, team.password, { log })).toEqual({
      ok: false,
      message: `The team journal at ${where(settings)} has no database of that name. Check the database name. Its administrator makes it, owned by the user the console connects as (CREATE DATABASE ... OWNER ...).`,
    });
  });

  it('permission denied: a user that may connect but not make the tables, or not write the entries of the journal its owner made', async () => {
    const guest = `guest_${randomBytes(4).toString('hex')}`;
    const guestPassword = randomBytes(12).toString('base64url');
    const bare = `bare_${randomBytes(4).toString('hex')}`;
    // Identifiers cannot be bound parameters; both are built from [a-z0-9_] only, the password from base64url.
    await adminQuery(`CREATE ROLE ${guest} LOGIN PASSWORD '${guestPassword}'`);
    await adminQuery(`CREATE DATABASE ${bare}`);
    try {
      // PostgreSQL 15 and later let only the owner create in schema public; older ones, anyone: take that right back.
      await adminQuery('REVOKE CREATE ON SCHEMA public FROM PUBLIC', bare);
      const empty = settingsOf({ database: bare, user: guest });
      expect(await testTeamConnection(empty, guestPassword, { log })).toEqual({
        ok: false,
        message:
          `The team journal at ${where(empty)} has no journal tables yet, and this user (${guest}) may not make them: ask the database's owner to connect once with this version of Merchant Console, which makes them. ` +
          `Or ask the database's administrator to make ${guest} the owner of the database (ALTER DATABASE "${bare}" OWNER TO "${guest}"), so that this desktop makes them.`,
      });
      // The team's database, its journal made by its owner: the guest may read the version, not write the entries.
      await adminQuery(`GRANT CONNECT ON DATABASE ${team.database} TO ${guest}`);
      const owner = team.pool();
      try {
        await migratePostgresJournal(owner);
        await owner.query(`GRANT SELECT ON journal_schema TO ${guest}`);
      } finally {
        await owner.end();
      }
      const made = settingsOf({ user: guest });
      expect(await testTeamConnection(made, guestPassword, { log })).toEqual({
        ok: false,
        message:
          `The team journal at ${where(made)} does not let this user do what the journal needs (read and write its entries, or make its tables in a database it owns). ` +
          "Ask the database's administrator to make this user the owner of the database (ALTER DATABASE ... OWNER TO ...), or, once the journal's tables are made by their owner, " +
          'to grant it the rights to their rows (GRANT SELECT ON journal_schema TO ...; GRANT SELECT, INSERT, UPDATE ON entries TO ...; ' +
          'GRANT SELECT, INSERT ON withdrawal_drafts, withdrawal_decisions, withdrawal_policies, withdrawal_sends, withdrawal_send_checks TO ...).',
      });
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS ${bare} WITH (FORCE)`);
      await adminQuery(`DROP OWNED BY ${guest}`, team.database);
      await adminQuery(`DROP ROLE IF EXISTS ${guest}`);
    }
  });

  it('a CA file that went missing since it was typed', async () => {
    const settings = settingsOf({ caFile: join(otherCaFolder, 'gone.pem') });
    expect(await testTeamConnection(settings, team.password, { log })).toEqual({
      ok: false,
      message: `The team journal's CA file ${settings.caFile ?? ''} could not be read as a PEM certificate. Edit the profile's team journal.`,
    });
  });
});
