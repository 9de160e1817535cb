import { JOURNAL_OPERATIONS, JOURNAL_STATES, KEPT_ANSWER_CHARS } from '../../../../shared/ipc/journal.ts';

/**
 * The team journal's own rules, kept by the database for its owner (PostgreSQL only): a team
 * journal is written by several people, each through their own login with row rights only
 * (docs/security.md), so what a desktop claims cannot be what proves who did what.
 *
 * - Every insert and update is stamped with the connection's login (`session_user`: a member's
 *   SET ROLE does not change it) and the database's clock. A new entry's maker is that login; a
 *   resolution's resolver too. A desktop's display name stays beside them, as what it claims.
 * - What made an entry never changes once written: its operation, request, foreign id, profile,
 *   times, maker and desktop. A sent mark, once written, stays.
 * - A pending entry is settled only by the login that made it; anyone else may only resolve it, as
 *   they may resolve an unknown outcome: the state (succeeded or failed) and a note, nothing that
 *   the service answered. A settled entry does not change at all, and no entry is ever deleted.
 * - States and operations are the ones this app writes, and every text column is bounded, so that
 *   one member's row cannot be a gigabyte that every desktop's History then reads.
 *
 * Only the table's owner (or a superuser) can drop these triggers or constraints; that is why the
 * owner is a role no desktop uses for everyday work. The constraints are NOT VALID: they hold for
 * every row written from now on without refusing the upgrade of a journal that already holds an
 * odd row (the desktops read rows through a schema and set such a row aside).
 *
 * The function's own search_path is pinned, so nothing a member creates can stand in for what it
 * calls.
 */

const quoted = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

/** The longest text a column may hold, in characters: far above what the app writes in each. */
const BOUNDS: Record<string, number> = {
  request: 64 * 1024,
  // An answer is kept cut at KEPT_ANSWER_CHARS, with a line at its end that says so.
  response: KEPT_ANSWER_CHARS + 256,
  message: 16 * 1024,
  txids: 64 * 1024,
  profile_id: 256,
  profile_name: 256,
  origin: 2048,
  foreign_id: 256,
  service_id: 256,
  service_status: 256,
  title: 1024,
  end_user_reference: 1024,
  currency: 64,
  amount: 128,
  address: 1024,
  made_by: 512,
  made_on: 512,
  desktop_id: 128,
  resolved_by: 512,
  resolved_on: 512,
  entry_uid: 128,
};

const bounded = Object.entries(BOUNDS)
  .map(([column, limit]) => `coalesce(pg_catalog.char_length(${column}), 0) <= ${limit}`)
  .join(' AND ');

/** What made the entry: fixed once it is written. */
const MAKING = [
  'profile_id', 'profile_name', 'origin', 'operation', 'foreign_id', 'title', 'end_user_reference', 'currency', 'amount', 'request',
  'created_at', 'made_by', 'made_on', 'desktop_id', 'entry_uid', 'made_login', 'uploaded_at',
];
/** What the service answered: a resolution by a person records a state and a note, never these. */
const ANSWER = ['service_id', 'service_status', 'response', 'http_status', 'duration_ms', 'txids', 'address', 'sent_at'];

const row = (side: 'NEW' | 'OLD', columns: readonly string[]) => `(${columns.map((c) => `${side}.${c}`).join(', ')})`;
const changed = (columns: readonly string[]) => `${row('NEW', columns)} IS DISTINCT FROM ${row('OLD', columns)}`;

/**
 * SQLSTATE of every refusal: insufficient_privilege, as a missing grant would be, so the desktop
 * reads it as "this login may not do that" (postgres/team-journal-failures.ts).
 */
const REFUSED = "USING ERRCODE = '42501'";

const GUARD = `CREATE FUNCTION entries_guard() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $guard$
DECLARE
  login text := session_user;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Journal entry % may not be deleted: the journal keeps every entry.', OLD.id ${REFUSED};
  END IF;
  NEW.written_by := login;
  NEW.written_at := pg_catalog.statement_timestamp();
  IF TG_OP = 'INSERT' THEN
    NEW.made_login := login;
    NEW.resolved_login := CASE WHEN NEW.resolved_by IS NULL AND NEW.resolved_at IS NULL THEN NULL ELSE login END;
    RETURN NEW;
  END IF;
  IF ${changed(MAKING)} THEN
    RAISE EXCEPTION 'Journal entry %: what made it (operation, request, foreign id, profile, time, maker) may not change.', OLD.id ${REFUSED};
  END IF;
  IF OLD.sent_at IS NOT NULL AND NEW.sent_at IS DISTINCT FROM OLD.sent_at THEN
    RAISE EXCEPTION 'Journal entry %: its sent mark may not change once written.', OLD.id ${REFUSED};
  END IF;
  IF OLD.state NOT IN ('pending', 'unknown') THEN
    RAISE EXCEPTION 'Journal entry % is settled (%): it may not change.', OLD.id, OLD.state ${REFUSED};
  END IF;
  IF NEW.resolved_by IS NOT NULL OR NEW.resolved_on IS NOT NULL OR NEW.resolved_at IS NOT NULL THEN
    IF OLD.state = 'pending' AND OLD.sent_at IS NULL THEN
      RAISE EXCEPTION 'Journal entry % was never sent: only its own desktop settles it.', OLD.id ${REFUSED};
    END IF;
    IF NEW.state NOT IN ('succeeded', 'failed') OR NEW.resolved_by IS NULL OR NEW.resolved_at IS NULL OR ${changed(ANSWER)} THEN
      RAISE EXCEPTION 'Journal entry %: a resolution records a state (succeeded or failed), who and when, and a note; nothing the service answered.', OLD.id ${REFUSED};
    END IF;
    NEW.resolved_login := login;
    RETURN NEW;
  END IF;
  IF NEW.resolved_login IS DISTINCT FROM OLD.resolved_login THEN
    RAISE EXCEPTION 'Journal entry %: who resolved it is recorded by the database.', OLD.id ${REFUSED};
  END IF;
  IF OLD.state = 'unknown' THEN
    RAISE EXCEPTION 'Journal entry %: an unknown outcome changes only by a person''s resolution.', OLD.id ${REFUSED};
  END IF;
  -- A pending entry written before logins were recorded has no maker to compare: its desktop still settles it.
  IF OLD.made_login IS NOT NULL AND OLD.made_login <> login THEN
    RAISE EXCEPTION 'Journal entry % is pending under login %: only that login settles it.', OLD.id, OLD.made_login ${REFUSED};
  END IF;
  RETURN NEW;
END
$guard$`;

const OPERATION_CHECK = `ALTER TABLE entries ADD CONSTRAINT entries_operation_known CHECK (operation IN (${quoted(JOURNAL_OPERATIONS)})) NOT VALID`;

/**
 * Schema version 9 adds an operation (a withdrawal's send): a journal made at version 7 before it
 * knows the operations of then, so the check is made again with the operations of now.
 */
export const OPERATIONS_KNOWN: readonly string[] = ['ALTER TABLE entries DROP CONSTRAINT entries_operation_known', OPERATION_CHECK];

/**
 * Schema version 11: a message's words as data (`message_wording`, JSON), bounded as the message is.
 * It is neither what made the entry nor what the service answered: like `message`, the entry's own
 * desktop writes it when it settles the entry, and a person's resolution may replace it, while the
 * entry is pending or unknown (the guard above covers every column it does not name).
 */
export const MESSAGE_WORDING_BOUNDED =
  `ALTER TABLE entries ADD CONSTRAINT entries_message_wording_bounded CHECK (coalesce(pg_catalog.char_length(message_wording), 0) <= ${BOUNDS.message}) NOT VALID`;

/** The statements of schema version 7 that only PostgreSQL has, run by the journal's owner. */
export const TEAM_RULES: readonly string[] = [
  GUARD,
  'CREATE TRIGGER entries_guard BEFORE INSERT OR UPDATE OR DELETE ON entries FOR EACH ROW EXECUTE FUNCTION entries_guard()',
  `ALTER TABLE entries ADD CONSTRAINT entries_state_known CHECK (state IN (${quoted(JOURNAL_STATES)})) NOT VALID`,
  OPERATION_CHECK,
  `ALTER TABLE entries ADD CONSTRAINT entries_bounded CHECK (${bounded}) NOT VALID`,
];
