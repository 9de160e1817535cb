import { JOURNAL_SCHEMA } from '../postgres/schema-safety.ts';
import { DEFAULT_DRAFT_LIFETIME_MS } from '../../../../shared/withdrawals/index.ts';

/**
 * Four eyes on withdrawals, kept by a team journal's database for its owner (PostgreSQL only;
 * docs/security.md, "Withdrawals under four eyes"). A withdrawal is first a draft: its exact request
 * text, fixed when it is drafted. It is sent only once enough other logins approved it, and the
 * desktop that sends it first takes the draft's one send claim, in the transaction that records its
 * approval; the database takes that claim only when the approvals suffice.
 *
 * - Who drafted, who decided, who proposed a policy and who claimed a send is the connection's
 *   login (`session_user`), stamped by these triggers; a display name stays beside it as a claim.
 *   Times are the database's clock.
 * - A draft, a decision, a policy and a send claim are written once: none is ever updated or
 *   deleted (the members have no UPDATE or DELETE on them either: postgres-migrations.ts). What a
 *   draft is (pending, sent, rejected, expired) follows from its decisions, its claim and the clock.
 * - An approval is refused to the draft's own login, to a login the merchant account's policy does
 *   not list, and on a draft that is expired, rejected or already claimed. A decision and a claim on
 *   one draft take the same lock, so two approvers at once are one after the other: one claims, the
 *   other finds the draft claimed.
 * - A policy (approvals needed, more of them over a threshold in one currency, who may approve) is
 *   a proposal until another login approves it; the policy in force is the one approved last.
 *   Without one: one approval, by any login but the drafter's.
 *
 * Tables are named with their schema (JOURNAL_SCHEMA), as the functions' search path is pinned to
 * pg_catalog: nothing a member makes can stand in for them.
 */

/** SQLSTATE of every refusal, as the entries' rules (team-rules.ts): "this login may not do that". */
const REFUSED = "USING ERRCODE = '42501'";

const t = (table: string) => `${JOURNAL_SCHEMA}.${table}`;

/** A decimal as the service takes amounts: digits, and a point followed by digits. */
const DECIMAL = "'^[0-9]{1,30}(\\.[0-9]{1,18})?$'";

/** How long a draft may wait for its approvals, at most. */
export const LONGEST_DRAFT_LIFETIME = '7 days';

/** The lock a decision and a send claim on one draft (or one policy proposal) take, until their transaction ends. */
const lock = (subject: string, id: string) =>
  `PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('merchant-console withdrawal ' || ${subject}), ${id});`;

const WRITTEN_ONCE = (what: string) => `IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION '${what} is written once: it may not be changed or deleted.' ${REFUSED};
  END IF;`;

/** The policy in force for a merchant account: the one approved last; null (every field) when none is. */
const POLICY_OF = `CREATE FUNCTION withdrawal_policy_of(account text) RETURNS ${t('withdrawal_policies')}
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $policy$
  SELECT p.* FROM ${t('withdrawal_policies')} p
    JOIN ${t('withdrawal_decisions')} d ON d.subject = 'policy' AND d.subject_id = p.id AND d.decision = 'approve'
   WHERE p.profile_id = account
   ORDER BY d.id DESC LIMIT 1
$policy$`;

/** Whether a login may approve under a policy: any login when the policy names none. */
const MAY_APPROVE = (policy: string, login: string) => `(${policy}.approvers IS NULL OR (${policy}.approvers::jsonb ? ${login}))`;

/**
 * A table's guard: written once (no update, no delete), its `variables` declared, then `body`,
 * which stamps and checks NEW and ends by letting it through.
 */
const guard = (table: string, what: string, variables: readonly string[], body: string, create = 'CREATE') =>
  `${create} FUNCTION ${table}_guard() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $guard$
DECLARE
  ${variables.join('\n  ')}
BEGIN
  ${WRITTEN_ONCE(what)}
  ${body}
  RETURN NEW;
END
$guard$`;

/** Reads the draft a decision or claim is on into `draft`; there must be one. */
const DRAFT_FOUND = (id: string) => `SELECT * INTO draft FROM ${t('withdrawal_drafts')} WHERE id = ${id};
  IF NOT FOUND THEN
    RAISE EXCEPTION 'There is no withdrawal draft %.', ${id} ${REFUSED};
  END IF;`;

/** `draft` was neither rejected nor has it expired (by the database's clock). */
const DRAFT_STILL_OPEN = `IF EXISTS (SELECT 1 FROM ${t('withdrawal_decisions')} d WHERE d.subject = 'draft' AND d.subject_id = draft.id AND d.decision = 'reject') THEN
    RAISE EXCEPTION 'Withdrawal draft % was rejected.', draft.id ${REFUSED};
  END IF;
  IF statement_timestamp() >= draft.expires_at THEN
    RAISE EXCEPTION 'Withdrawal draft % expired at %.', draft.id, draft.expires_at ${REFUSED};
  END IF;`;

/** The login `me` may approve under the account's policy in force (read into `in_force`). */
const LISTED_APPROVER = (account: string) => `in_force := ${t('withdrawal_policy_of')}(${account});
      IF NOT ${MAY_APPROVE('in_force', 'me')} THEN
        RAISE EXCEPTION 'Login % is not among the approvers of this merchant account''s withdrawals.', me ${REFUSED};
      END IF;`;

/** `me` approves `row` (a draft or a policy proposal): not the login that made it, and one the account's policy lists. */
const ANOTHER_LISTED_LOGIN = (what: string, row: 'draft' | 'proposal', made: 'drafted' | 'proposed') => `IF me = ${row}.${made}_login THEN
        RAISE EXCEPTION '${what} % was ${made} by login %: another login approves it.', ${row}.id, me ${REFUSED};
      END IF;
      ${LISTED_APPROVER(`${row}.profile_id`)}`;

/**
 * The drafts' guard. `lifetime`: statements that set `longest` (an interval), the longest a draft
 * may wait for its approvals, and `within`, its words; version 9 had one for all, version 10 the
 * account's policy's.
 */
const draftsGuard = (lifetime: string, create = 'CREATE') =>
  guard(
    'withdrawal_drafts',
    'A withdrawal draft',
    ['body jsonb;', 'longest interval;', 'within text;'],
    `NEW.drafted_login := session_user;
  NEW.drafted_at := statement_timestamp();
  ${lifetime}
  IF NEW.expires_at IS NULL OR NEW.expires_at <= NEW.drafted_at OR NEW.expires_at > NEW.drafted_at + longest THEN
    RAISE EXCEPTION 'A withdrawal draft expires after its drafting, within %.', within ${REFUSED};
  END IF;
  IF NEW.request_sha256 IS DISTINCT FROM encode(sha256(convert_to(NEW.request, 'UTF8')), 'hex') THEN
    RAISE EXCEPTION 'A withdrawal draft''s sha256 is the one of its request text.' ${REFUSED};
  END IF;
  body := NEW.request::jsonb;
  IF jsonb_typeof(body) <> 'object' OR body->>'foreign_id' IS DISTINCT FROM NEW.foreign_id
     OR body->>'currency' IS DISTINCT FROM NEW.currency OR body->>'amount' IS DISTINCT FROM NEW.amount
     OR jsonb_typeof(body->'amount') <> 'string' OR NEW.amount !~ ${DECIMAL} THEN
    RAISE EXCEPTION 'A withdrawal draft''s foreign id, currency and amount (decimal text) are the ones its request sends.' ${REFUSED};
  END IF;`,
    create,
  );

const DRAFTS_GUARD = draftsGuard(`longest := interval '${LONGEST_DRAFT_LIFETIME}';
  within := '${LONGEST_DRAFT_LIFETIME}';`);

const DECISIONS_GUARD = guard('withdrawal_decisions', 'A decision', ['me text := session_user;', `draft ${t('withdrawal_drafts')};`, `proposal ${t('withdrawal_policies')};`, `in_force ${t('withdrawal_policies')};`], `NEW.login := me;
  NEW.decided_at := statement_timestamp();
  IF NEW.decision IS NULL OR NEW.decision NOT IN ('approve', 'reject') THEN
    RAISE EXCEPTION 'A decision approves or rejects.' ${REFUSED};
  END IF;
  IF NEW.decision = 'reject' AND coalesce(btrim(NEW.reason), '') = '' THEN
    RAISE EXCEPTION 'A rejection says why.' ${REFUSED};
  END IF;
  ${lock('NEW.subject', 'NEW.subject_id')}
  IF NEW.subject = 'draft' THEN
    ${DRAFT_FOUND('NEW.subject_id')}
    IF EXISTS (SELECT 1 FROM ${t('withdrawal_sends')} s WHERE s.draft_id = draft.id) THEN
      RAISE EXCEPTION 'Withdrawal draft % is already approved and sent: nothing more is decided on it.', draft.id ${REFUSED};
    END IF;
    ${DRAFT_STILL_OPEN}
    IF NEW.decision = 'approve' THEN
      ${ANOTHER_LISTED_LOGIN('Withdrawal draft', 'draft', 'drafted')}
    END IF;
  ELSIF NEW.subject = 'policy' THEN
    SELECT * INTO proposal FROM ${t('withdrawal_policies')} WHERE id = NEW.subject_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'There is no withdrawal policy %.', NEW.subject_id ${REFUSED};
    END IF;
    IF EXISTS (SELECT 1 FROM ${t('withdrawal_decisions')} d WHERE d.subject = 'policy' AND d.subject_id = proposal.id) THEN
      RAISE EXCEPTION 'Withdrawal policy % is already decided.', proposal.id ${REFUSED};
    END IF;
    IF NEW.decision = 'approve' THEN
      ${ANOTHER_LISTED_LOGIN('Withdrawal policy', 'proposal', 'proposed')}
    END IF;
  ELSE
    RAISE EXCEPTION 'A decision is on a draft or on a policy.' ${REFUSED};
  END IF;`);

const POLICIES_BODY = `NEW.proposed_login := session_user;
  NEW.proposed_at := statement_timestamp();
  IF NEW.withdraw_alone IS DISTINCT FROM 0 THEN
    RAISE EXCEPTION 'On a team journal nobody withdraws alone.' ${REFUSED};
  END IF;
  IF NEW.approvals_needed IS NULL OR NEW.approvals_needed < 1
     OR (NEW.threshold_currency IS NULL) <> (NEW.threshold_amount IS NULL) OR (NEW.threshold_amount IS NULL) <> (NEW.approvals_over IS NULL)
     OR NEW.threshold_amount !~ ${DECIMAL} OR NEW.approvals_over < NEW.approvals_needed THEN
    RAISE EXCEPTION 'A withdrawal policy needs at least one approval, and over a threshold (a currency and a decimal amount) at least as many.' ${REFUSED};
  END IF;
  IF NEW.approvers IS NOT NULL THEN
    listed := NEW.approvers::jsonb;
    IF jsonb_typeof(listed) <> 'array'
       OR EXISTS (SELECT 1 FROM jsonb_array_elements(listed) e WHERE jsonb_typeof(e) <> 'string')
       OR jsonb_array_length(listed) < greatest(NEW.approvals_needed, coalesce(NEW.approvals_over, 0)) THEN
      RAISE EXCEPTION 'A withdrawal policy''s approvers are a list of logins, at least as many as the approvals it needs.' ${REFUSED};
    END IF;
  END IF;`;
const POLICIES_GUARD = guard('withdrawal_policies', 'A withdrawal policy', ['listed jsonb;'], POLICIES_BODY);

/**
 * How many approvals a draft still lacks under the policy in force (0: it may be sent): the ones
 * of distinct logins other than the drafter's that the policy lists. A desktop asks it after
 * recording an approval, under the draft's lock; the send claim's trigger asks it again.
 */
const APPROVALS_MISSING = `CREATE FUNCTION withdrawal_approvals_missing(which bigint) RETURNS integer
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $missing$
DECLARE
  draft ${t('withdrawal_drafts')};
  in_force ${t('withdrawal_policies')};
  needed integer;
  approvals integer;
BEGIN
  ${DRAFT_FOUND('which')}
  in_force := ${t('withdrawal_policy_of')}(draft.profile_id);
  needed := coalesce(in_force.approvals_needed, 1);
  IF in_force.threshold_currency IS NOT NULL AND upper(draft.currency) = upper(in_force.threshold_currency)
     AND draft.amount::numeric > in_force.threshold_amount::numeric THEN
    needed := in_force.approvals_over;
  END IF;
  SELECT count(DISTINCT d.login) INTO approvals FROM ${t('withdrawal_decisions')} d
   WHERE d.subject = 'draft' AND d.subject_id = draft.id AND d.decision = 'approve'
     AND d.login <> draft.drafted_login AND ${MAY_APPROVE('in_force', 'd.login')};
  RETURN greatest(needed - approvals, 0);
END
$missing$`;

const SENDS_GUARD = guard('withdrawal_sends', 'A send claim', ['me text := session_user;', `draft ${t('withdrawal_drafts')};`, 'missing integer;'], `NEW.claimed_login := me;
  NEW.claimed_at := statement_timestamp();
  ${lock("'draft'", 'NEW.draft_id')}
  ${DRAFT_FOUND('NEW.draft_id')}
  ${DRAFT_STILL_OPEN}
  IF NOT EXISTS (SELECT 1 FROM ${t('withdrawal_decisions')} d WHERE d.subject = 'draft' AND d.subject_id = draft.id AND d.decision = 'approve' AND d.login = me) THEN
    RAISE EXCEPTION 'Withdrawal draft %: only a login that approved it claims its send.', draft.id ${REFUSED};
  END IF;
  missing := ${t('withdrawal_approvals_missing')}(draft.id);
  IF missing > 0 THEN
    RAISE EXCEPTION 'Withdrawal draft % lacks % approval(s) by other logins.', draft.id, missing ${REFUSED};
  END IF;`);

const trigger = (table: string) =>
  `CREATE TRIGGER ${table}_guard BEFORE INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_guard()`;

/** The statements of schema version 9 that only PostgreSQL has, run by the journal's owner after the tables are made. */
export const WITHDRAWAL_RULES: readonly string[] = [
  POLICY_OF,
  DRAFTS_GUARD,
  trigger('withdrawal_drafts'),
  DECISIONS_GUARD,
  trigger('withdrawal_decisions'),
  POLICIES_GUARD,
  trigger('withdrawal_policies'),
  APPROVALS_MISSING,
  SENDS_GUARD,
  trigger('withdrawal_sends'),
  // Bounded as the entries are (team-rules.ts): one member's row is never a gigabyte the others read.
  `ALTER TABLE withdrawal_drafts ADD CONSTRAINT withdrawal_drafts_bounded CHECK (pg_catalog.char_length(request) <= 16384
     AND pg_catalog.char_length(profile_id) <= 256 AND pg_catalog.char_length(profile_name) <= 256 AND pg_catalog.char_length(foreign_id) <= 255
     AND pg_catalog.char_length(currency) <= 64 AND coalesce(pg_catalog.char_length(batch_id), 0) <= 128
     AND coalesce(pg_catalog.char_length(drafted_by), 0) <= 512 AND coalesce(pg_catalog.char_length(drafted_on), 0) <= 512)`,
  `ALTER TABLE withdrawal_decisions ADD CONSTRAINT withdrawal_decisions_bounded CHECK (coalesce(pg_catalog.char_length(reason), 0) <= 2000
     AND coalesce(pg_catalog.char_length(decided_by), 0) <= 512 AND coalesce(pg_catalog.char_length(decided_on), 0) <= 512)`,
  `ALTER TABLE withdrawal_policies ADD CONSTRAINT withdrawal_policies_bounded CHECK (pg_catalog.char_length(profile_id) <= 256
     AND coalesce(pg_catalog.char_length(approvers), 0) <= 16384 AND coalesce(pg_catalog.char_length(threshold_currency), 0) <= 64
     AND coalesce(pg_catalog.char_length(proposed_by), 0) <= 512)`,
];

/** A draft's lifetime when the account's policy sets none (DRAFT_LIFETIME_MS, withdrawal-desk.ts), and the bounds of one it sets. */
export { DEFAULT_DRAFT_LIFETIME_MS };
export const SHORTEST_DRAFT_LIFETIME_MS = 1000;
export const LONGEST_DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How long after a send began (its claim, or the check that let it go again) and after a try under
 * its foreign id was marked sent the service's "no such withdrawal" means it never arrived: far
 * beyond the client's 10 s to connect and 30 s to answer (platform/api/client.ts), so a request
 * still on its way has long been answered or dropped.
 */
export const UNKNOWN_SEND_SAFE_MINUTES = 15;

/**
 * Version 10: a draft may wait for its approvals at most as long as the account's policy in force
 * says (DEFAULT_DRAFT_LIFETIME_MS without one); a policy's lifetime is within its bounds; and the
 * checks of a send whose outcome was unknown (withdrawal_send_checks), each written once, on a
 * claimed draft, one per send, none after the service said it has it. A 'not-sent' check is only
 * taken by a login that approved the draft, once every try under its foreign id is settled as
 * failed (a person resolved the unknown ones), and UNKNOWN_SEND_SAFE_MINUTES after both the send
 * began and any try was marked sent, by the database's clock. The database cannot ask the service:
 * what it keeps is that a send is judged once, late enough, by an approver; the service refusing a
 * foreign id it already has is the second guard.
 */
const SAFE = `interval '${UNKNOWN_SEND_SAFE_MINUTES} minutes'`;

const DRAFTS_GUARD_10 = draftsGuard(
  `longest := coalesce((${t('withdrawal_policy_of')}(NEW.profile_id)).draft_lifetime_ms, ${DEFAULT_DRAFT_LIFETIME_MS}) * interval '1 millisecond';
  within := longest::text || ' (the merchant account''s policy)';`,
  'CREATE OR REPLACE',
);

const POLICIES_GUARD_10 = guard(
  'withdrawal_policies',
  'A withdrawal policy',
  ['listed jsonb;'],
  `${POLICIES_BODY}
  IF NEW.draft_lifetime_ms IS NOT NULL AND (NEW.draft_lifetime_ms < ${SHORTEST_DRAFT_LIFETIME_MS} OR NEW.draft_lifetime_ms > ${LONGEST_DRAFT_LIFETIME_MS}) THEN
    RAISE EXCEPTION 'A withdrawal policy''s draft lifetime is from 1 second to 7 days.' ${REFUSED};
  END IF;`,
  'CREATE OR REPLACE',
);

const CHECKS_GUARD = guard(
  'withdrawal_send_checks',
  'A check of a send',
  ['me text := session_user;', `draft ${t('withdrawal_drafts')};`, 'began timestamptz;', 'this_attempt integer;'],
  `NEW.checked_login := me;
  NEW.checked_at := statement_timestamp();
  IF NEW.outcome IS NULL OR NEW.outcome NOT IN ('sent', 'not-sent') THEN
    RAISE EXCEPTION 'A check finds a send sent or not sent.' ${REFUSED};
  END IF;
  ${lock("'draft'", 'NEW.draft_id')}
  ${DRAFT_FOUND('NEW.draft_id')}
  SELECT s.claimed_at INTO began FROM ${t('withdrawal_sends')} s WHERE s.draft_id = draft.id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Withdrawal draft % was never claimed for sending: there is nothing to check.', draft.id ${REFUSED};
  END IF;
  IF EXISTS (SELECT 1 FROM ${t('withdrawal_send_checks')} c WHERE c.draft_id = draft.id AND c.outcome = 'sent') THEN
    RAISE EXCEPTION 'Withdrawal draft % was already found sent.', draft.id ${REFUSED};
  END IF;
  -- The send checked now: the claim's, or the one after the last 'not-sent', which began then.
  SELECT count(*) + 1, coalesce(max(c.checked_at), began) INTO this_attempt, began
    FROM ${t('withdrawal_send_checks')} c WHERE c.draft_id = draft.id AND c.outcome = 'not-sent';
  IF NEW.attempt IS DISTINCT FROM this_attempt THEN
    RAISE EXCEPTION 'Withdrawal draft %: the send checked now is number %.', draft.id, this_attempt ${REFUSED};
  END IF;
  IF NEW.outcome = 'not-sent' THEN
    IF NOT EXISTS (SELECT 1 FROM ${t('withdrawal_decisions')} d WHERE d.subject = 'draft' AND d.subject_id = draft.id AND d.decision = 'approve' AND d.login = me) THEN
      RAISE EXCEPTION 'Withdrawal draft %: only a login that approved it finds it not sent, and sends it again.', draft.id ${REFUSED};
    END IF;
    IF statement_timestamp() < began + ${SAFE} OR EXISTS (
         SELECT 1 FROM ${t('entries')} e WHERE e.profile_id = draft.profile_id AND e.foreign_id = draft.foreign_id AND e.operation = 'withdrawals.approve'
            AND (e.state <> 'failed' OR statement_timestamp() < e.sent_at + ${SAFE})) THEN
      RAISE EXCEPTION 'Withdrawal draft %: a send is found not sent only ${UNKNOWN_SEND_SAFE_MINUTES} minutes after it began and its tries were last sent, each settled as failed.', draft.id ${REFUSED};
    END IF;
  END IF;`,
);

/** The statements of schema version 10 that only PostgreSQL has. */
export const WITHDRAWAL_RULES_10: readonly string[] = [
  DRAFTS_GUARD_10,
  POLICIES_GUARD_10,
  CHECKS_GUARD,
  trigger('withdrawal_send_checks'),
  `ALTER TABLE withdrawal_send_checks ADD CONSTRAINT withdrawal_send_checks_bounded CHECK (coalesce(pg_catalog.char_length(service_id), 0) <= 255
     AND coalesce(pg_catalog.char_length(service_status), 0) <= 64 AND coalesce(pg_catalog.char_length(checked_by), 0) <= 512
     AND coalesce(pg_catalog.char_length(checked_on), 0) <= 512 AND coalesce(pg_catalog.char_length(desktop_id), 0) <= 512)`,
];
