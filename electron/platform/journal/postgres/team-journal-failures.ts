import pg from 'pg';
import { isAppFailure, worded } from '../../../../shared/ipc/errors.ts';
import { sayerFor, sayWording, SOURCE_LANGUAGE } from '../../../../shared/i18n/index.ts';
import type { MessageId, Say, Wording } from '../../../../shared/i18n/index.ts';
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
 * ("Test connection" on the Profiles screen, where a person is setting it up). Both are catalogue
 * wordings (main.platform.teamJournal.*): the failure is said in the window's language by the router,
 * the explanation by whoever shows it (the connection test in the window's, the set-up command in English).
 */

type Reading = { kind: 'network' | 'configuration' | 'internal'; says: Wording; advice: Wording };

/** A message of the team journal's block of the catalogues, by the rest of its id (checked against them by the compiler). */
type Suffix = MessageId extends infer Id ? (Id extends `main.platform.teamJournal.${infer Rest}` ? Rest : never) : never;
const words = (suffix: Suffix, values?: Wording['values']): Wording => {
  const id: MessageId = `main.platform.teamJournal.${suffix}`;
  return values ? { id, values } : { id };
};

/**
 * SQLSTATEs of a server that is there but does not serve this statement now: it is shutting down,
 * starting or full, or it cancelled the statement (statement_timeout behind a lock or a busy
 * server, a deadlock, a serialization failure with another connection's write). The statement did
 * nothing, and the same call may work in a moment: an outage, as an unreachable server is, not a
 * fault of the app, so the same kind.
 */
const TRANSIENT: Record<string, Suffix> = {
  '57014': 'transient.cancelled',
  '40P01': 'transient.deadlock',
  '40001': 'transient.serialization',
  '53300': 'transient.tooManyConnections',
  '57P01': 'transient.ended',
  '57P02': 'transient.recovering',
  '57P03': 'transient.starting',
};

/** What a desktop's user needs when it is not the owner, said for an administrator. */
const ROW_RIGHTS = rowGrants('...').join('; ');

const PERMISSION = { says: words('permission.says'), advice: words('permission.advice', { rights: ROW_RIGHTS }) };

/**
 * A journal this user would have to make or upgrade, and may not: said with whom to ask in the one
 * sentence too, because nothing on this desktop can fix it.
 */
function upgradeRefused(error: JournalUpgradeRefused): Reading {
  const names = { user: error.user, database: pg.escapeIdentifier(error.database), role: pg.escapeIdentifier(error.user) };
  if (error.found === null) {
    return { kind: 'configuration', says: words('upgrade.noTables.says', { user: error.user }), advice: words('upgrade.noTables.advice', names) };
  }
  return {
    kind: 'configuration',
    says: words('upgrade.older.says', { found: String(error.found), needed: String(error.needed), user: error.user }),
    advice: words('upgrade.older.advice', names),
  };
}

/**
 * A schema where others than the owner may create objects: nothing on this desktop can fix it, and
 * nothing is run there until an administrator did (schema-safety.ts).
 */
function schemaUnsafe(error: JournalSchemaUnsafe): Reading {
  const creators = error.creators.length > 0 ? words('unsafe.creators', { creators: error.creators.join(', '), schema: error.schema }) : null;
  const objects = error.foreign.map((object) => words('unsafe.object', { kind: object.kind, name: object.name, owner: object.owner }));
  const foreign = objects.length > 0 ? words('unsafe.foreign', { objects: objectList(objects) }) : null;
  const problems = creators && foreign ? words('unsafe.both', { creators, foreign }) : (creators ?? foreign ?? '');
  return {
    kind: 'configuration',
    says: words('unsafe.says', { problems }),
    advice: words('unsafe.advice', { statements: error.statements().join('; ') }),
  };
}

/** Worded objects as one list ("a, b, c"), nested so that it stays data. */
function objectList(objects: Wording[]): Wording | string {
  const [first, ...rest] = objects;
  if (!first) return '';
  return rest.length === 0 ? first : words('list', { first, rest: objectList(rest) });
}

/** The team journal's own rules (schema/team-rules.ts) refused a change: their words are the app's own, so they are shown. */
const RULE_REFUSAL = /^Journal entry /;

/** SQLSTATEs of a connection refused for what it asked, with what the person should check. */
const REFUSED: Record<string, { says: Wording; advice: Wording }> = {
  '28P01': { says: words('refused.password.says'), advice: words('refused.password.advice') },
  '28000': { says: words('refused.host.says'), advice: words('refused.host.advice') },
  '3D000': { says: words('refused.database.says'), advice: words('refused.database.advice') },
  '42501': PERMISSION,
};

/**
 * The journal's search index needs pg_trgm (journal-schema.ts), one of PostgreSQL's contrib modules:
 * a server built without them says 0A000 ("extension is not available", PostgreSQL 15 and later)
 * or 58P01 (no control file, before). Only with pg_trgm in the text: those codes mean more.
 */
const MISSING_EXTENSION = new Set(['0A000', '58P01']);
const NO_TRIGRAMS = { says: words('noTrigrams.says'), advice: words('noTrigrams.advice') };

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

/** Node's and pg's words for a connection that could not be made, or broke: what to check, by code. */
const UNREACHABLE: Record<string, Suffix> = {
  ECONNREFUSED: 'unreachable.refused',
  ENOTFOUND: 'unreachable.unknownHost',
  EAI_AGAIN: 'unreachable.noDns',
  EHOSTUNREACH: 'unreachable.noRoute',
  ENETUNREACH: 'unreachable.noRoute',
  ETIMEDOUT: 'unreachable.timedOut',
  ECONNRESET: 'unreachable.closed',
  EPIPE: 'unreachable.closed',
};
const TIMED_OUT = /timeout expired|connection timeout|timeout exceeded when trying to connect|Query read timeout/i;
const BROKEN = /Connection terminated|Connection ended|Client was closed/i;

/** The names a certificate holds, from Node's error for one that does not hold the host's. */
function certificateNames(error: { cert?: { subjectaltname?: unknown } }): string {
  return typeof error.cert?.subjectaltname === 'string' ? error.cert.subjectaltname.replace(/IP Address:/g, '').replace(/DNS:/g, '') : '';
}

function readingOf(error: unknown): Reading | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (error instanceof JournalUpgradeRefused) return upgradeRefused(error);
  if (error instanceof JournalSchemaUnsafe) return schemaUnsafe(error);
  if (error instanceof pg.DatabaseError && code === '42501' && RULE_REFUSAL.test(text)) {
    return { kind: 'internal', says: words('ruleRefusal.says', { text }), advice: words('ruleRefusal.advice') };
  }
  if (error instanceof pg.DatabaseError && typeof code === 'string') {
    const transient = TRANSIENT[code];
    if (transient) return { kind: 'network', says: words(transient), advice: words('transient.advice', { code }) };
    const refused = REFUSED[code];
    if (refused) return { kind: 'configuration', ...refused };
    if (MISSING_EXTENSION.has(code) && text.includes('pg_trgm')) return { kind: 'configuration', ...NO_TRIGRAMS };
    return { kind: 'internal', says: words('statement.says', { code }), advice: words('statement.advice') };
  }
  if (typeof code === 'string' && UNTRUSTED.has(code)) {
    return { kind: 'configuration', says: words('untrusted.says', { code }), advice: words('untrusted.advice') };
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const names = certificateNames(error as { cert?: { subjectaltname?: unknown } });
    return {
      kind: 'configuration',
      says: names ? words('otherName.saysHolds', { names, code }) : words('otherName.says', { code }),
      advice: words('otherName.advice'),
    };
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return { kind: 'configuration', says: words('notValidToday.says', { code }), advice: words('notValidToday.advice') };
  }
  if (typeof code === 'string' && TLS_CODE.test(code)) {
    return { kind: 'configuration', says: words('tls.says', { code }), advice: words('tls.advice') };
  }
  if (/does not support SSL/i.test(text)) {
    return { kind: 'configuration', says: words('noTls.says'), advice: words('noTls.advice') };
  }
  const unreachable = typeof code === 'string' ? UNREACHABLE[code] : undefined;
  if (unreachable) return { kind: 'network', says: words('unreachable.says', { code: code as string }), advice: words(unreachable) };
  if (TIMED_OUT.test(text)) return { kind: 'network', says: words('unreachable.noAnswer'), advice: words('unreachable.timedOut') };
  if (BROKEN.test(text)) return { kind: 'network', says: words('unreachable.connectionClosed'), advice: words('unreachable.closed') };
  return null;
}

/**
 * The failure as the app's typed error, in one sentence (its message English, its wording for the
 * window's language); an AppFailure or an error it does not know is returned as it is.
 */
export function teamJournalFailure(error: unknown, where: string): unknown {
  if (isAppFailure(error)) return error;
  const reading = readingOf(error);
  return reading ? worded({ kind: reading.kind }, words('failure', { where, says: reading.says })) : error;
}

let english: Say | null = null;

/**
 * The same, with what to check or whom to ask, for a person setting the team journal up: said by
 * `say`, the window's language for the connection test, English (the default) for the set-up command.
 */
export function explainTeamJournalFailure(error: unknown, where: string, say: Say = (english ??= sayerFor(SOURCE_LANGUAGE))): string {
  if (isAppFailure(error)) return error.wording ? sayWording(say, error.wording) : error.error.message;
  const reading = readingOf(error);
  return sayWording(say, reading ? words('explained', { where, says: reading.says, advice: reading.advice }) : words('insideApp', { where }));
}
