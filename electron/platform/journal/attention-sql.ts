/**
 * What a person must check, in SQL both engines share: an unknown outcome, or a
 * submission sent whose pending entry no answer settled for longer than SILENT_PENDING_AFTER_MS
 * (shared/submission/silent-pending.ts: why, and how long). The attention list shows both, and a
 * person may resolve both; the test is in the resolving UPDATE's WHERE, so it holds at the moment
 * of writing, whatever a screen saw before.
 *
 * `cutoff` is the engine's expression for "now, less the threshold": a parameter holding an ISO time
 * for SQLite (whose times are ISO text), the database's clock less an interval for PostgreSQL.
 */

/** The banner names three and counts the rest; the list is read whole, as it was before (search's limit of 100). */
const ATTENTION_LIMIT = 100;

/** An entry a person may resolve. */
export const needsCheckSql = (cutoff: string): string =>
  `(state = 'unknown' OR (state = 'pending' AND sent_at IS NOT NULL AND updated_at < ${cutoff}))`;

const NEWEST_FIRST = 'ORDER BY entries.created_at DESC, entries.id DESC';

/**
 * A profile's entries to check, newest first: each kind read by the (profile_id, state, created_at,
 * id) index for its own state and joined, so neither engine walks the profile's whole history (one
 * test of both states lets SQLite, which keeps no statistics, walk the profile's newest entries
 * instead, all of them when there are few to find). `profile` and `cutoff` may each appear twice:
 * numbered parameters ($1, ?1).
 */
export const attentionSql = (columns: string, profile: string, cutoff: string): string =>
  `SELECT ${columns} FROM entries WHERE id IN (
     SELECT id FROM (SELECT id FROM entries WHERE profile_id = ${profile} AND state = 'unknown' ${NEWEST_FIRST} LIMIT ${ATTENTION_LIMIT}) AS unknown_outcomes
     UNION ALL
     SELECT id FROM (SELECT id FROM entries WHERE profile_id = ${profile} AND state = 'pending' AND sent_at IS NOT NULL AND updated_at < ${cutoff}
       ${NEWEST_FIRST} LIMIT ${ATTENTION_LIMIT}) AS silent_submissions
   ) ${NEWEST_FIRST} LIMIT ${ATTENTION_LIMIT}`;
