import pg from 'pg';
import { AppFailure, isAppFailure } from '../../../../shared/ipc/errors.ts';
import { JournalUpgradeRefused, rowGrants } from './postgres-migrations.ts';
import { JournalSchemaUnsafe } from './schema-safety.ts';

/**
 * What the team journal's failures mean to a person, as the typed errors the screens already know
 * (shared/ipc/errors.ts): a journal that cannot be reached, or cannot serve right now, is `network`
 * (nothing that needs it is sent: a pending entry must be written first), a connection it refuses is
 * `configuration` (what to fix in its settings, or whom to ask), anything else `internal`, without
 * the database's own text. team-journal/unavailable.ts reads both of the first two as "cannot be
 * used": a submission is refused before it is sent, a lookup is kept on this computer.
 *
 * One reading of each failure, said two ways: `teamJournalFailure` in one sentence (what the app
 * says wherever the journal is used), `explainTeamJournalFailure` with what to check or whom to ask
 * ("Test connection" on the Profiles screen, where a person is setting it up).
 */

type Reading = { kind: 'network' | 'configuration' | 'internal'; says: string; advice: string };

/**
 * SQLSTATEs of a server that is there but does not serve this statement now: it is shutting down,
 * starting or full, or it cancelled the statement (statement_timeout behind a lock or a busy
 * server, a deadlock, a serialization failure with another connection's write). The statement did
 * nothing, and the same call may work in a moment: an outage, as an unreachable server is, not a
 * fault of the app, so the same kind.
 */
const TRANSIENT: Record<string, string> = {
  '57014': 'cancelled a statement before it finished (it waited too long, for a busy server or a lock held elsewhere, or an administrator cancelled it)',
  '40P01': 'stopped a statement that waited for another connection while that one waited for it (a deadlock)',
  '40001': "could not fit this desktop's write beside another connection's made at the same moment (a serialization failure)",
  '53300': 'has no connection free for this desktop (too many connections)',
  '57P01': "closed this desktop's connection (an administrator ended it, or the server is shutting down)",
  '57P02': "closed this desktop's connection (the server is recovering from a crash)",
  '57P03': 'is not accepting connections yet (it is starting up or shutting down)',
};
const transientAdvice = (code: string) => `Nothing is lost: try again in a moment. If it keeps happening, tell the database's administrator this code: SQLSTATE ${code}.`;

/** What a desktop's user needs when it is not the owner, said for an administrator. */
const ROW_RIGHTS = rowGrants('...').join('; ');

const PERMISSION = {
  says: "does not let this user do what the journal needs (read and write its entries, or make its tables in a database it owns)",
  advice: `Ask the database's administrator to make this user the owner of the database (ALTER DATABASE ... OWNER TO ...), or, once the journal's tables are made by their owner, to grant it the rights to their rows (${ROW_RIGHTS}).`,
};

/**
 * A journal this user would have to make or upgrade, and may not: said with whom to ask in the one
 * sentence too, because nothing on this desktop can fix it.
 */
function upgradeRefused(error: JournalUpgradeRefused): Reading {
  const user = pg.escapeIdentifier(error.user);
  const database = pg.escapeIdentifier(error.database);
  if (error.found === null) {
    return {
      kind: 'configuration',
      says: `has no journal tables yet, and this user (${error.user}) may not make them: ask the database's owner to connect once with this version of Merchant Console, which makes them`,
      advice: `Or ask the database's administrator to make ${error.user} the owner of the database (ALTER DATABASE ${database} OWNER TO ${user}), so that this desktop makes them.`,
    };
  }
  return {
    kind: 'configuration',
    says:
      `is at schema version ${error.found} and this console needs version ${error.needed}, an upgrade this user (${error.user}) may not make: ` +
      "ask the database's owner to connect once with this version of Merchant Console, which upgrades it",
    advice:
      `Or ask the database's administrator to make ${error.user} the owner of the database and of the journal's tables ` +
      `(ALTER DATABASE ${database} OWNER TO ${user}; ALTER TABLE journal_schema OWNER TO ${user}; ALTER TABLE entries OWNER TO ${user}), so that this desktop upgrades it.`,
  };
}

/**
 * A schema where others than the owner may create objects: nothing on this desktop can fix it, and
 * nothing is run there until an administrator did (schema-safety.ts).
 */
function schemaUnsafe(error: JournalSchemaUnsafe): Reading {
  const creators = error.creators.length > 0 ? `${error.creators.join(', ')} may create objects in its schema ${error.schema}` : '';
  const foreign = error.foreign.map((object) => `${object.kind} ${object.name} of ${object.owner}`).join(', ');
  const owned = foreign ? `${creators ? '; ' : ''}objects there belong to other roles than the journal's owner (${foreign})` : '';
  return {
    kind: 'configuration',
    says: `is not safe to use: ${creators}${owned}, and what a desktop calls there could run someone else's code as this desktop's login`,
    advice: `Ask the database's administrator to run, as the owner or a superuser: ${error.statements().join('; ')}. Then connect again.`,
  };
}

/** The team journal's own rules (schema/team-rules.ts) refused a change: their words are the app's own, so they are shown. */
const RULE_REFUSAL = /^Journal entry /;

/** SQLSTATEs of a connection refused for what it asked, with what the person should check. */
const REFUSED: Record<string, { says: string; advice: string }> = {
  '28P01': {
    says: 'refused the user name or password',
    advice: 'The password is wrong, or no user of that name exists: PostgreSQL does not say which, on purpose. Check both with the database\'s administrator.',
  },
  '28000': {
    says: 'refused this user from this computer (pg_hba.conf)',
    advice: 'Ask the database\'s administrator to let this user connect from this computer over TLS (a "hostssl" line in pg_hba.conf).',
  },
  '3D000': { says: 'has no database of that name', advice: 'Check the database name. Its administrator makes it, owned by the user the console connects as (CREATE DATABASE ... OWNER ...).' },
  '42501': PERMISSION,
};

/**
 * The journal's search index needs pg_trgm (journal-schema.ts), one of PostgreSQL's contrib modules:
 * a server built without them says 0A000 ("extension is not available", PostgreSQL 15 and later)
 * or 58P01 (no control file, before). Only with pg_trgm in the text: those codes mean more.
 */
const MISSING_EXTENSION = new Set(['0A000', '58P01']);
const NO_TRIGRAMS = {
  says: "lacks the pg_trgm extension that the journal's search index needs",
  advice: "Ask the database's administrator to install PostgreSQL's contrib modules on the server (on Debian and Ubuntu they come with the postgresql package; elsewhere often postgresql-contrib), then connect again: the console creates the extension itself.",
};

/** Node's words for a certificate no trusted authority signed. */
const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/;

/** Node's and pg's words for a connection that could not be made, or broke. */
const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'Nothing is listening at that host and port: check both, and that PostgreSQL runs there and accepts connections from the network (listen_addresses).',
  ENOTFOUND: 'No computer of that name is known to this computer (its DNS): check the host name.',
  EAI_AGAIN: 'The host name could not be looked up (no DNS server answered): check this computer\'s network.',
  EHOSTUNREACH: 'There is no route to that host from this network: check the network (a VPN the server needs?).',
  ENETUNREACH: 'There is no route to that host from this network: check the network (a VPN the server needs?).',
  ETIMEDOUT: 'Nothing answered in time: the server may be down, or a firewall may be dropping the connection.',
  ECONNRESET: 'The connection was closed from the other side: the server may have restarted. Try again.',
  EPIPE: 'The connection was closed from the other side: the server may have restarted. Try again.',
};
const TIMED_OUT = /timeout expired|connection timeout|timeout exceeded when trying to connect|Query read timeout/i;
const BROKEN = /Connection terminated|Connection ended|Client was closed/i;

/** The names a certificate holds, from Node's error for one that does not hold the host's. */
function certificateNames(error: { cert?: { subjectaltname?: unknown } }): string {
  const names = typeof error.cert?.subjectaltname === 'string' ? error.cert.subjectaltname.replace(/IP Address:/g, '').replace(/DNS:/g, '') : '';
  return names ? ` (it holds ${names})` : '';
}

function readingOf(error: unknown): Reading | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (error instanceof JournalUpgradeRefused) return upgradeRefused(error);
  if (error instanceof JournalSchemaUnsafe) return schemaUnsafe(error);
  if (error instanceof pg.DatabaseError && code === '42501' && RULE_REFUSAL.test(text)) {
    return { kind: 'internal', says: `refused a change that its rules forbid: ${text}`, advice: 'Nothing was changed. Tell the database\'s administrator if it keeps happening.' };
  }
  if (error instanceof pg.DatabaseError && typeof code === 'string') {
    const transient = TRANSIENT[code];
    if (transient) return { kind: 'network', says: transient, advice: transientAdvice(code) };
    const refused = REFUSED[code];
    if (refused) return { kind: 'configuration', ...refused };
    if (MISSING_EXTENSION.has(code) && text.includes('pg_trgm')) return { kind: 'configuration', ...NO_TRIGRAMS };
    return { kind: 'internal', says: `refused a statement (SQLSTATE ${code})`, advice: "Tell the database's administrator this code." };
  }
  if (typeof code === 'string' && UNTRUSTED.has(code)) {
    return {
      kind: 'configuration',
      says: `presented a certificate that this computer does not trust (${code})`,
      advice:
        "If your company signs its database certificates with its own certificate authority, enter that authority's certificate (a PEM file) as the team journal's CA file, or install it in this computer's trust store.",
    };
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return {
      kind: 'configuration',
      says: `presented a certificate made out to another name${certificateNames(error as { cert?: { subjectaltname?: unknown } })} (${code})`,
      advice: 'Enter the host as the certificate names it, or ask the database\'s administrator for a certificate that holds this name.',
    };
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return { kind: 'configuration', says: `presented a certificate that is not valid today (${code})`, advice: "Ask the database's administrator to renew it; check this computer's clock too." };
  }
  if (typeof code === 'string' && TLS_CODE.test(code)) {
    return { kind: 'configuration', says: `could not be verified over TLS (${code})`, advice: 'Check the CA file, and that the server offers TLS 1.2 or newer.' };
  }
  if (/does not support SSL/i.test(text)) {
    return {
      kind: 'configuration',
      says: 'does not offer TLS, which it must unless it runs on this computer',
      advice: "Ask the database's administrator to turn TLS on (ssl = on in postgresql.conf): the console does not send the password or the journal over a network in clear.",
    };
  }
  const unreachable = typeof code === 'string' ? UNREACHABLE[code] : undefined;
  if (unreachable) return { kind: 'network', says: `cannot be reached (${code as string})`, advice: unreachable };
  if (TIMED_OUT.test(text)) return { kind: 'network', says: 'cannot be reached (no answer in time)', advice: UNREACHABLE['ETIMEDOUT'] ?? '' };
  if (BROKEN.test(text)) return { kind: 'network', says: 'cannot be reached (the connection was closed)', advice: UNREACHABLE['ECONNRESET'] ?? '' };
  return null;
}

/** The failure as the app's typed error, in one sentence; an AppFailure or an error it does not know is returned as it is. */
export function teamJournalFailure(error: unknown, where: string): unknown {
  if (isAppFailure(error)) return error;
  const reading = readingOf(error);
  return reading ? new AppFailure({ kind: reading.kind, message: `The team journal at ${where} ${reading.says}.` }) : error;
}

/** The same, with what to check or whom to ask, for a person setting the team journal up. */
export function explainTeamJournalFailure(error: unknown, where: string): string {
  if (isAppFailure(error)) return error.error.message;
  const reading = readingOf(error);
  return reading ? `The team journal at ${where} ${reading.says}. ${reading.advice}` : `The connection to the team journal at ${where} failed inside the app.`;
}
