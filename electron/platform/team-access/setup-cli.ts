import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkJournalSchema, explainTeamJournalFailure, migratePostgresJournal, rowGrants } from '../journal/index.ts';
import { teamJournalPlace } from './pool-config.ts';
import { openTeamPool } from './team-pool.ts';

/**
 * The team journal's set-up, run by its administrator as the journal's owner, so that no desktop
 * needs the owner's login for everyday work (docs/security.md):
 *   npm run team-journal-setup -- --host HOST [--port 5432] --database DB --owner OWNER [--ca-file PEM] [--member LOGIN ...]
 * The owner's password comes from PGPASSWORD or --password-file, never from the command line (a
 * command line is visible to every user of the computer). It connects as the app does (TLS
 * verified unless on this computer), refuses a schema others may create objects in, makes or
 * upgrades the journal to this version, and grants each member login the rights to the journal's
 * rows: read and write them, nothing more. Run it again after updating the console, and for each
 * new person.
 */

const USAGE =
  'Usage: npm run team-journal-setup -- --host HOST [--port 5432] --database DB --owner OWNER [--ca-file PEM] [--member LOGIN ...] [--password-file FILE]\n' +
  "The owner's password: PGPASSWORD, or the first line of --password-file.";

function fail(message: string, code = 2): never {
  console.error(code === 2 ? `${message}\n${USAGE}` : message);
  process.exit(code);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        host: { type: 'string' },
        port: { type: 'string', default: '5432' },
        database: { type: 'string' },
        owner: { type: 'string' },
        'ca-file': { type: 'string' },
        member: { type: 'string', multiple: true, default: [] },
        'password-file': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const { host, database, owner } = values;
if (!host || !database || !owner) fail('--host, --database and --owner are needed.');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`Not a port: ${values.port}`);

function ownerPassword(): string {
  const file = values['password-file'];
  if (file) {
    try {
      return readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
    } catch {
      return fail(`The password file ${file} could not be read.`, 1);
    }
  }
  return process.env.PGPASSWORD ?? fail("No password: set PGPASSWORD to the owner's password, or give --password-file.");
}

const settings = { host, port, database, user: owner, caFile: values['ca-file'] ?? null };
const where = teamJournalPlace(settings);
const password = ownerPassword();
// The password is not needed past the pool: nothing this process starts inherits it.
delete process.env.PGPASSWORD;

let pool: pg.Pool | null = null;
try {
  pool = openTeamPool(settings, password, () => undefined);
  await checkJournalSchema(pool);
  const status = await migratePostgresJournal(pool);
  if (status.readOnly) fail(`The team journal at ${where} is at schema version ${status.found}, newer than this console's ${status.known}: update the console first.`, 1);
  for (const member of values.member) {
    for (const grant of rowGrants(pg.escapeIdentifier(member))) await pool.query(grant);
  }
  const members = values.member.length > 0 ? ` Row rights granted to ${values.member.join(', ')}.` : '';
  console.log(`The team journal at ${where} is at schema version ${status.known}, owned by ${owner}.${members}`);
} catch (error) {
  fail(explainTeamJournalFailure(error, where), 1);
} finally {
  await pool?.end();
}
