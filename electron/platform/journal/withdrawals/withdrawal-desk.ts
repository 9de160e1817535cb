import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { WithdrawalPolicy, WithdrawalPolicyTerms } from '../../../../shared/ipc/capabilities/withdrawals.ts';
import { AppFailure, worded } from '../../../../shared/ipc/errors.ts';
import type { JournalState } from '../../../../shared/ipc/journal.ts';
import { writeTransaction } from '../journal.ts';
import { DEFAULT_DRAFT_LIFETIME_MS, UNKNOWN_SEND_SAFE_MINUTES } from '../schema/withdrawal-rules.ts';
import type { Author } from '../store.ts';

/**
 * Withdrawal drafts, decisions and send claims of one merchant account, in the journal its
 * profile records into (schema version 9): this desktop's SQLite journal (here), or its team
 * journal (team-withdrawals.ts), whose database keeps the rules itself (schema/withdrawal-rules.ts).
 * The handlers (electron/withdrawals/) see both alike.
 */

export type DeskDecision = { decision: 'approve' | 'reject'; login: string | null; decidedBy: string | null; reason: string | null; decidedAt: string };

export type DeskDraft = {
  id: number;
  /** The account key the journal files it under (the profile's id, or its team key). */
  profileId: string;
  profileName: string;
  foreignId: string;
  currency: string;
  amount: string;
  /** The exact text that is signed and sent, and its sha256 (hex). */
  request: string;
  requestSha256: string;
  batchId: string | null;
  draftedLogin: string | null;
  draftedBy: string | null;
  draftedAt: string;
  expiresAt: string;
  /** By the journal's clock (a team journal's database's). */
  expired: boolean;
  decisions: DeskDecision[];
  claim: { login: string | null; desktopId: string | null; claimedAt: string } | null;
  /** Approvals still needed before it may be sent. */
  missing: number;
  /** What the service said of its sends whose outcome was unknown, oldest first. */
  checks: DeskCheck[];
  /** The journal's tries under its foreign id (operation withdrawals.approve), oldest first: read with the draft. */
  tries: DeskTry[];
};

/** A check of a claimed send with the service (schema version 10, withdrawal_send_checks). */
export type DeskCheck = {
  attempt: number;
  outcome: 'sent' | 'not-sent';
  serviceId: string | null;
  serviceStatus: string | null;
  /** The newest try it judged (null: none); later tries are the next send's. */
  judgedEntry: number | null;
  login: string | null;
  checkedBy: string | null;
  desktopId: string | null;
  checkedAt: string;
};

/** A try of the journal under a draft's foreign id, as the one rule reads it (shared/submission/outcome.ts). */
export type DeskTry = { id: number; state: JournalState; sentAt: string | null; httpStatus: number | null };

/** What a check records. */
export type NewCheck = Pick<DeskCheck, 'attempt' | 'outcome' | 'serviceId' | 'serviceStatus' | 'judgedEntry'>;

export type NewDraft = {
  profileName: string;
  foreignId: string;
  currency: string;
  amount: string;
  request: string;
  batchId: string | null;
};

export interface WithdrawalDesk {
  readonly engine: 'sqlite' | 'postgres';
  draft(input: NewDraft): Promise<DeskDraft>;
  /** Drafts every one of `inputs` in one transaction, all or none (a payout batch): in their order. */
  draftBatch(inputs: readonly NewDraft[]): Promise<DeskDraft[]>;
  /** Every draft of one batch (at most MAX_BATCH_DRAFTS), in the order they were drafted. */
  batch(batchId: string): Promise<DeskDraft[]>;
  /** Newest first. */
  list(): Promise<DeskDraft[]>;
  get(id: number): Promise<DeskDraft | null>;
  /** The draft that gave a withdrawal its foreign id (History's detail tells its story), or null. */
  byForeignId(foreignId: string): Promise<DeskDraft | null>;
  /**
   * Records this person's approval and, in the same transaction, when no approval is missing any
   * more, the draft's one send claim: `claimed` says whether this desktop is to send it.
   */
  approve(id: number): Promise<{ draft: DeskDraft; claimed: boolean }>;
  reject(id: number, reason: string): Promise<DeskDraft>;
  /**
   * Records what the service said of the draft's claimed send whose outcome was unknown: refused
   * unless it is claimed, not found sent before, `attempt` is its current send, and, for
   * 'not-sent', by a login that approved it, UNKNOWN_SEND_SAFE_MS after that send began and its
   * tries were last sent, each settled as failed (schema/withdrawal-rules.ts keeps the same
   * rules in a team journal's database).
   */
  check(id: number, check: NewCheck): Promise<DeskDraft>;
  /** The merchant account's policy in force (null: one approval by any other login) and every proposal, newest first. */
  policies(): Promise<{ inForce: WithdrawalPolicy | null; policies: WithdrawalPolicy[] }>;
  /** A change of the policy: a proposal until another login approves it (a team journal only). */
  propose(terms: WithdrawalPolicyTerms): Promise<WithdrawalPolicy>;
  decidePolicy(id: number, decision: 'approve' | 'reject', reason: string | null): Promise<WithdrawalPolicy>;
  /** The login this desktop decides as: the team journal's connection's; LOCAL_LOGIN on a desktop's own journal. */
  login(): Promise<string>;
  /** Whether this desktop's one person withdraws alone (a desktop's own journal only). */
  alone(): Promise<boolean>;
  setAlone(on: boolean): Promise<void>;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The login of the one person of a desktop's own journal: its decisions are one per draft, as a login's are. */
export const LOCAL_LOGIN = 'this-desktop';

/** The most drafts a batch holds: the payout file's rows (shared/withdrawals/payout-csv.ts). */
export const MAX_BATCH_DRAFTS = 500;

/** How long a draft waits for its approvals when the merchant account's policy does not say. */
export const DRAFT_LIFETIME_MS = DEFAULT_DRAFT_LIFETIME_MS;

/** How long after a send began, and its tries were last sent, the service's "no such withdrawal" means it never arrived. */
export const UNKNOWN_SEND_SAFE_MS = UNKNOWN_SEND_SAFE_MINUTES * 60_000;

/**
 * Each draft's decisions, send checks and tries as JSON lists, read in the draft's own query (one
 * query for a list or a batch, either engine). `time`: the engine's ISO 8601 text of a timestamp
 * column; `list`: its JSON array of one object per row, in order.
 */
export const draftDetailsSql = (time: (column: string) => string, list: (object: string, from: string, order: string) => string) => `
  ${list(
    `'decision', decision, 'login', login, 'decided_by', decided_by, 'reason', reason, 'decided_at', ${time('decided_at')}`,
    "withdrawal_decisions WHERE subject = 'draft' AND subject_id = d.id",
    'id',
  )} AS decisions_json,
  ${list(
    `'attempt', attempt, 'outcome', outcome, 'service_id', service_id, 'service_status', service_status, 'judged_entry', judged_entry, 'login', checked_login, 'checked_by', checked_by, 'desktop_id', desktop_id, 'checked_at', ${time('checked_at')}`,
    'withdrawal_send_checks WHERE draft_id = d.id',
    'attempt',
  )} AS checks_json,
  ${list(
    `'id', id, 'state', state, 'sent_at', ${time('sent_at')}, 'http_status', http_status`,
    "entries WHERE profile_id = d.profile_id AND operation = 'withdrawals.approve' AND foreign_id = d.foreign_id",
    'id',
  )} AS tries_json`;

const jsonList = (value: unknown): Array<Record<string, unknown>> => {
  if (value === null || value === undefined) return [];
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as Array<Record<string, unknown>>) : [];
};

/** The JSON lists of draftDetailsSql, read. */
export function draftDetails(row: Record<string, unknown>): Pick<DeskDraft, 'decisions' | 'checks' | 'tries'> {
  return {
    decisions: jsonList(row.decisions_json).map((d) => ({
      decision: d.decision === 'reject' ? 'reject' : 'approve',
      login: text(d.login),
      decidedBy: text(d.decided_by),
      reason: text(d.reason),
      decidedAt: String(d.decided_at),
    })),
    checks: jsonList(row.checks_json).map((c) => ({
      attempt: Number(c.attempt),
      outcome: c.outcome === 'sent' ? 'sent' : 'not-sent',
      serviceId: text(c.service_id),
      serviceStatus: text(c.service_status),
      judgedEntry: c.judged_entry === null || c.judged_entry === undefined ? null : Number(c.judged_entry),
      login: text(c.login),
      checkedBy: text(c.checked_by),
      desktopId: text(c.desktop_id),
      checkedAt: String(c.checked_at),
    })),
    tries: jsonList(row.tries_json).map((t) => ({
      id: Number(t.id),
      state: String(t.state) as JournalState,
      sentAt: text(t.sent_at),
      httpStatus: t.http_status === null || t.http_status === undefined ? null : Number(t.http_status),
    })),
  };
}

export const refusal = (message: string) => new AppFailure({ kind: 'invalid_request', message, fields: {} });

/** What the one person of a desktop's own journal is told when withdrawing alone is not on. */
/** What a profile without a team journal is told of policies: it has one person. */
export const NO_POLICIES = 'This profile has no team journal: it has one person, so no policy of approvals. Its withdrawals follow "I withdraw alone".';

export const ALONE_OFF =
  'This profile has no team journal, so nobody else can approve its withdrawals. To withdraw alone, turn on "I withdraw alone" for this profile (the app asks you to confirm it).';

type Row = Record<string, string | number | null>;

export const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** What a draft's own row says, either engine's (`iso`: a time as ISO 8601 text); the rest is read beside it. */
export function draftColumns(
  row: Record<string, unknown>,
  iso: (value: unknown) => string,
): Omit<DeskDraft, 'expired' | 'decisions' | 'claim' | 'missing' | 'checks' | 'tries'> {
  return {
    id: Number(row.id),
    profileId: String(row.profile_id),
    profileName: String(row.profile_name),
    foreignId: String(row.foreign_id),
    currency: String(row.currency),
    amount: String(row.amount),
    request: String(row.request),
    requestSha256: String(row.request_sha256),
    batchId: text(row.batch_id),
    draftedLogin: text(row.drafted_login),
    draftedBy: text(row.drafted_by),
    draftedAt: iso(row.drafted_at),
    expiresAt: iso(row.expires_at),
  };
}

export type SqliteDeskOptions = { account: string; author: () => Author; now: () => number };

/** This desktop's own journal: one person, so its rules are this code's, in one write transaction each. */
/** The send a check judges now: the claim's (1), or the one after the last 'not-sent', and when it began. */
export function currentSend(draft: Pick<DeskDraft, 'claim' | 'checks'>): { attempt: number; began: string | null } {
  const released = draft.checks.filter((c) => c.outcome === 'not-sent');
  return { attempt: released.length + 1, began: released.at(-1)?.checkedAt ?? draft.claim?.claimedAt ?? null };
}

/**
 * Why a check may not be recorded on this draft now (null: it may), by the rules a team journal's
 * database keeps (schema/withdrawal-rules.ts, CHECKS_GUARD); `now` is ISO 8601 text.
 */
export function checkRefusal(draft: DeskDraft, check: NewCheck, now: string, login: string): string | null {
  if (!draft.claim) return `Withdrawal draft ${draft.id} was never claimed for sending: there is nothing to check.`;
  if (draft.checks.some((c) => c.outcome === 'sent')) return `Withdrawal draft ${draft.id} was already found sent.`;
  const { attempt, began } = currentSend(draft);
  if (check.attempt !== attempt) return `Withdrawal draft ${draft.id}: the send checked now is number ${attempt}.`;
  if (check.outcome === 'not-sent') {
    if (!draft.decisions.some((d) => d.decision === 'approve' && d.login === login)) return `Withdrawal draft ${draft.id}: only a login that approved it finds it not sent, and sends it again.`;
    const safe = (at: string) => Date.parse(now) >= Date.parse(at) + UNKNOWN_SEND_SAFE_MS;
    if (!safe(began ?? now) || draft.tries.some((t) => t.state !== 'failed' || (t.sentAt !== null && !safe(t.sentAt)))) {
      return `Withdrawal draft ${draft.id}: a send is found not sent only ${UNKNOWN_SEND_SAFE_MINUTES} minutes after it began and its tries were last sent, each settled as failed.`;
    }
  }
  return null;
}

export function sqliteWithdrawalDesk(db: DatabaseSync, options: SqliteDeskOptions): WithdrawalDesk {
  const { account } = options;
  const iso = () => new Date(options.now()).toISOString();

  const aloneNow = (): boolean => {
    const row = db.prepare('SELECT withdraw_alone FROM withdrawal_policies WHERE profile_id = ? ORDER BY id DESC LIMIT 1').get(account) as Row | undefined;
    return row?.withdraw_alone === 1;
  };
  /** One query for any number of drafts: each with its claim, decisions, checks and tries. */
  const select = (where: string, order: string) =>
    db.prepare(
      `SELECT d.*, s.claimed_login, s.desktop_id AS claimed_desktop, s.claimed_at, ${draftDetailsSql(
        (column) => column,
        (object, from, by) => `(SELECT json_group_array(json(item)) FROM (SELECT json_object(${object}) AS item FROM ${from} ORDER BY ${by}))`,
      )}
       FROM withdrawal_drafts d LEFT JOIN withdrawal_sends s ON s.draft_id = d.id WHERE d.profile_id = ? AND ${where} ORDER BY ${order}`,
    );
  const read = (row: Row): DeskDraft => {
    const details = draftDetails(row);
    return {
      ...draftColumns(row, String),
      expired: iso() >= String(row.expires_at),
      ...details,
      claim: row.claimed_at === null || row.claimed_at === undefined ? null : { login: text(row.claimed_login), desktopId: text(row.claimed_desktop), claimedAt: String(row.claimed_at) },
      // One person: their own approval is the one needed, and only while withdrawing alone is on.
      missing: details.decisions.some((d) => d.decision === 'approve') ? 0 : 1,
    };
  };
  const get = (id: number): DeskDraft | null => {
    const row = select('d.id = ?', 'd.id').get(account, id) as Row | undefined;
    return row ? read(row) : null;
  };
  const inWrite = <T>(work: () => T): T => writeTransaction(db, work);
  const found = (id: number): DeskDraft => {
    const draft = get(id);
    if (!draft) throw worded({ kind: 'not_found' }, { id: 'main.platform.journal.noDraft', values: { id } });
    return draft;
  };
  const open = (id: number): DeskDraft => {
    const draft = found(id);
    if (draft.claim) throw refusal(`Withdrawal draft ${id} is already approved and sent: nothing more is decided on it.`);
    if (draft.decisions.some((d) => d.decision === 'reject')) throw refusal(`Withdrawal draft ${id} was rejected.`);
    if (draft.expired) throw refusal(`Withdrawal draft ${id} expired at ${draft.expiresAt}.`);
    return draft;
  };
  const decide = (id: number, decision: 'approve' | 'reject', reason: string | null) => {
    const author = options.author();
    db.prepare('INSERT INTO withdrawal_decisions (subject, subject_id, decision, reason, login, decided_by, decided_on, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      'draft',
      id,
      decision,
      reason,
      LOCAL_LOGIN,
      author.name,
      author.computer,
      iso(),
    );
  };
  const insertDraft = (input: NewDraft): DeskDraft => {
    const author = options.author();
    const now = options.now();
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO withdrawal_drafts (profile_id, profile_name, foreign_id, currency, amount, request, request_sha256, batch_id, drafted_login, drafted_by, drafted_on, desktop_id, drafted_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`,
      )
      .run(
        account,
        input.profileName,
        input.foreignId,
        input.currency,
        input.amount,
        input.request,
        sha256Hex(input.request),
        input.batchId,
        author.name,
        author.computer,
        author.desktopId,
        new Date(now).toISOString(),
        // A desktop's own journal has no policies: its drafts keep the default lifetime.
        new Date(now + DRAFT_LIFETIME_MS).toISOString(),
      );
    return get(Number(lastInsertRowid)) as DeskDraft;
  };

  return {
    engine: 'sqlite',
    draft: async (input) => insertDraft(input),
    draftBatch: async (inputs) => inWrite(() => inputs.map(insertDraft)),
    batch: async (batchId) => (select('d.batch_id = ?', `d.id LIMIT ${MAX_BATCH_DRAFTS}`).all(account, batchId) as Row[]).map(read),
    list: async () => (select('true', 'd.drafted_at DESC, d.id DESC LIMIT 200').all(account) as Row[]).map(read),
    get: async (id) => get(id),
    byForeignId: async (foreignId) => {
      const row = select('d.foreign_id = ?', 'd.id LIMIT 1').get(account, foreignId) as Row | undefined;
      return row ? read(row) : null;
    },
    approve: async (id) =>
      inWrite(() => {
        open(id);
        if (!aloneNow()) throw refusal(ALONE_OFF);
        decide(id, 'approve', null);
        db.prepare('INSERT INTO withdrawal_sends (draft_id, claimed_login, claimed_by, claimed_on, desktop_id, claimed_at) VALUES (?, ?, ?, ?, ?, ?)').run(
          id,
          LOCAL_LOGIN,
          options.author().name,
          options.author().computer,
          options.author().desktopId,
          iso(),
        );
        return { draft: get(id) as DeskDraft, claimed: true };
      }),
    reject: async (id, reason) =>
      inWrite(() => {
        open(id);
        decide(id, 'reject', reason);
        return get(id) as DeskDraft;
      }),
    check: async (id, check) =>
      inWrite(() => {
        const draft = found(id);
        const refused = checkRefusal(draft, check, iso(), LOCAL_LOGIN);
        if (refused) throw refusal(refused);
        const author = options.author();
        db.prepare(
          `INSERT INTO withdrawal_send_checks (draft_id, attempt, outcome, service_id, service_status, judged_entry, checked_login, checked_by, checked_on, desktop_id, checked_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(id, check.attempt, check.outcome, check.serviceId, check.serviceStatus, check.judgedEntry, LOCAL_LOGIN, author.name, author.computer, author.desktopId, iso());
        return get(id) as DeskDraft;
      }),
    policies: async () => ({ inForce: null, policies: [] }),
    propose: async () => {
      throw refusal(NO_POLICIES);
    },
    decidePolicy: async () => {
      throw refusal(NO_POLICIES);
    },
    login: async () => LOCAL_LOGIN,
    alone: async () => aloneNow(),
    setAlone: async (on) => {
      db.prepare('INSERT INTO withdrawal_policies (profile_id, approvals_needed, withdraw_alone, proposed_login, proposed_by, proposed_at) VALUES (?, 1, ?, ?, ?, ?)').run(
        account,
        on ? 1 : 0,
        LOCAL_LOGIN,
        options.author().name,
        iso(),
      );
    },
  };
}
