import pg from 'pg';
import { AppFailure, isAppFailure } from '../../../../shared/ipc/errors.ts';

/**
 * What the team journal's failures mean to a person, as the typed errors the screens already know
 * (shared/ipc/errors.ts): a journal that cannot be reached is `network` (nothing that needs it is
 * sent: a pending entry must be written first), a connection it refuses is `configuration` (what
 * to fix in its settings), anything else `internal`, without the database's own text.
 */

/** Node's and pg's words for a connection that failed or broke. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const UNREACHABLE_WORDS = /Connection terminated|timeout exceeded when trying to connect|Connection ended|Client was closed/i;

/** SQLSTATEs of a server that is there but will not serve now (shut down, starting, full). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** SQLSTATEs of a connection refused for what it asked, with what the person should check. */
const REFUSED: Record<string, string> = {
  '28P01': 'refused the user name or password',
  '28000': 'refused this user from this computer (pg_hba.conf)',
  '3D000': 'has no database of that name',
  '42501': "does not let this user do what the journal needs (the user should own the journal's database)",
};

const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;

export function teamJournalFailure(error: unknown, where: string): unknown {
  if (isAppFailure(error)) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (error instanceof pg.DatabaseError && typeof code === 'string') {
    if (UNAVAILABLE_STATES.has(code)) return new AppFailure({ kind: 'network', message: `The team journal at ${where} is not serving right now (it is shutting down, starting or full).` });
    const refused = REFUSED[code];
    if (refused) return new AppFailure({ kind: 'configuration', message: `The team journal at ${where} ${refused}.` });
    return new AppFailure({ kind: 'internal', message: `The team journal at ${where} refused a statement (SQLSTATE ${code}).` });
  }
  if (typeof code === 'string' && TLS_CODE.test(code)) {
    return new AppFailure({ kind: 'configuration', message: `The team journal at ${where} could not be verified over TLS (${code}): check its CA file.` });
  }
  if (/does not support SSL/i.test(text)) return new AppFailure({ kind: 'configuration', message: `The team journal at ${where} does not offer TLS, which it must unless it runs on this computer.` });
  if ((typeof code === 'string' && UNREACHABLE_CODES.has(code)) || UNREACHABLE_WORDS.test(text)) {
    return new AppFailure({ kind: 'network', message: `The team journal at ${where} cannot be reached${typeof code === 'string' ? ` (${code})` : ''}.` });
  }
  return error;
}
