import { AppFailure, isAppFailure } from '../../../shared/ipc/errors.ts';

/**
 * When a profile's team journal cannot be used: it cannot be reached, or cannot serve
 * right now (a statement cancelled, the connection ended, no connection free, a deadlock: `network`
 * as well), it refuses this desktop (password, certificate, database, an upgrade this user may not
 * make), or a newer app upgraded it and it is read-only. The team journal's own failures
 * (journal/postgres/team-journal-failures.ts) say why and which server; these words add what it
 * means for the person, as the one failure kind the screens know for it.
 */

/** A failure of the team journal itself, as opposed to one of the call it was part of (a refusal by the placement rule, say). */
export function teamJournalUnusable(error: unknown): error is AppFailure {
  return isAppFailure(error) && (error.error.kind === 'network' || error.error.kind === 'configuration' || error.error.kind === 'journal_unavailable');
}

const whyOf = (error: AppFailure): string => error.error.message.replace(/\s*$/, '');

const LOOKUPS_STILL_WORK = 'Lookups still work: they are kept on this computer and added to the team journal as soon as it can take them.';

/** An invoice, an exchange or a deposit address: refused before anything is sent. */
export function submissionRefused(error: AppFailure): AppFailure {
  const why = whyOf(error);
  if (why.includes(LOOKUPS_STILL_WORK)) return error;
  // A journal_unavailable of the team journal's own (read-only) already says that nothing is sent.
  const nothingSent =
    error.error.kind === 'journal_unavailable'
      ? ''
      : ' Nothing was sent: an invoice, an exchange or a deposit address is sent only once the team journal has recorded it, so that no two desktops can send the same one.';
  return new AppFailure({ kind: 'journal_unavailable', message: `${why}${nothingSent} ${LOOKUPS_STILL_WORK}` });
}

/** History, search, the attention list, a dispute report: they read the team journal, so they wait for it. */
export function readingRefused(error: AppFailure, waiting: number): AppFailure {
  if (error.error.kind === 'journal_unavailable') return error;
  const kept =
    waiting === 0
      ? ''
      : ` ${waiting === 1 ? '1 lookup made' : `${waiting} lookups made`} meanwhile ${waiting === 1 ? 'waits' : 'wait'} on this computer, to be added when it is back.`;
  return new AppFailure({
    kind: 'journal_unavailable',
    message: `${whyOf(error)} History, search and the list of unknown outcomes read the team journal, as CSV exports and dispute reports do, so none of them can be shown or made until it is back. ${LOOKUPS_STILL_WORK}${kept}`,
  });
}

/** An upload of local history: nothing was copied or marked, so it can simply run again. */
export function uploadRefused(error: AppFailure): AppFailure {
  if (error.error.kind === 'journal_unavailable') return error;
  return new AppFailure({
    kind: 'journal_unavailable',
    message: `${whyOf(error)} Nothing was uploaded: this computer's history stays here, whole, and can be uploaded once the team journal is back.`,
  });
}
