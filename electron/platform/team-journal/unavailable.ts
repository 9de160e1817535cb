import { inEnglish } from '../../../shared/i18n/index.ts';
import type { Wording } from '../../../shared/i18n/index.ts';
import { isAppFailure, worded } from '../../../shared/ipc/errors.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';

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

/** The failure's own words: its wording, said again in the window's language, or its text as it is. */
const whyOf = (error: AppFailure): Wording | string => error.wording ?? error.error.message.replace(/\s*$/, '');

const LOOKUPS_STILL_WORK: Wording = { id: 'main.platform.teamJournal.unusable.lookups' };

/** An invoice, an exchange or a deposit address: refused before anything is sent. */
export function submissionRefused(error: AppFailure): AppFailure {
  if (error.error.message.includes(inEnglish(LOOKUPS_STILL_WORK))) return error;
  // A journal_unavailable of the team journal's own (read-only) already says that nothing is sent.
  const id = error.error.kind === 'journal_unavailable' ? 'main.platform.teamJournal.unusable.submissionReadOnly' : 'main.platform.teamJournal.unusable.submission';
  return worded({ kind: 'journal_unavailable' }, { id, values: { why: whyOf(error), lookups: LOOKUPS_STILL_WORK } });
}

/** History, search, the attention list, a dispute report: they read the team journal, so they wait for it. */
export function readingRefused(error: AppFailure, waiting: number): AppFailure {
  if (error.error.kind === 'journal_unavailable') return error;
  const values = { why: whyOf(error), lookups: LOOKUPS_STILL_WORK };
  return worded(
    { kind: 'journal_unavailable' },
    waiting === 0 ? { id: 'main.platform.teamJournal.unusable.reading', values } : { id: 'main.platform.teamJournal.unusable.readingWaiting', values: { ...values, waiting } },
  );
}

/** An upload of local history: nothing was copied or marked, so it can simply run again. */
export function uploadRefused(error: AppFailure): AppFailure {
  if (error.error.kind === 'journal_unavailable') return error;
  return worded({ kind: 'journal_unavailable' }, { id: 'main.platform.teamJournal.unusable.upload', values: { why: whyOf(error) } });
}
