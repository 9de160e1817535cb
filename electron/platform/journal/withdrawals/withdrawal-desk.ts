import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { WithdrawalPolicy, WithdrawalPolicyTerms } from '../../../../shared/ipc/capabilities/withdrawals.ts';
import { AppFailure } from '../../../../shared/ipc/errors.ts';
import { writeTransaction } from '../journal.ts';
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
};

export type NewDraft = {
  profileName: string;
  foreignId: string;
  currency: string;
  amount: string;
  request: string;
  batchId: string | null;
  lifetimeMs: number;
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

/** How long a draft waits for its approvals unless drafted otherwise. */
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

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
): Omit<DeskDraft, 'expired' | 'decisions' | 'claim' | 'missing'> {
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
export function sqliteWithdrawalDesk(db: DatabaseSync, options: SqliteDeskOptions): WithdrawalDesk {
  const { account } = options;
  const iso = () => new Date(options.now()).toISOString();

  const decisionsOf = (id: number): DeskDecision[] =>
    (db.prepare("SELECT decision, login, decided_by, reason, decided_at FROM withdrawal_decisions WHERE subject = 'draft' AND subject_id = ? ORDER BY id").all(id) as Row[]).map((row) => ({
      decision: row.decision === 'reject' ? 'reject' : 'approve',
      login: text(row.login),
      decidedBy: text(row.decided_by),
      reason: text(row.reason),
      decidedAt: String(row.decided_at),
    }));
  const aloneNow = (): boolean => {
    const row = db.prepare('SELECT withdraw_alone FROM withdrawal_policies WHERE profile_id = ? ORDER BY id DESC LIMIT 1').get(account) as Row | undefined;
    return row?.withdraw_alone === 1;
  };
  const read = (row: Row): DeskDraft => {
    const id = Number(row.id);
    const decisions = decisionsOf(id);
    const claim = db.prepare('SELECT claimed_login, desktop_id, claimed_at FROM withdrawal_sends WHERE draft_id = ?').get(id) as Row | undefined;
    return {
      ...draftColumns(row, String),
      expired: iso() >= String(row.expires_at),
      decisions,
      claim: claim ? { login: text(claim.claimed_login), desktopId: text(claim.desktop_id), claimedAt: String(claim.claimed_at) } : null,
      // One person: their own approval is the one needed, and only while withdrawing alone is on.
      missing: decisions.some((d) => d.decision === 'approve') ? 0 : 1,
    };
  };
  const get = (id: number): DeskDraft | null => {
    const row = db.prepare('SELECT * FROM withdrawal_drafts WHERE id = ? AND profile_id = ?').get(id, account) as Row | undefined;
    return row ? read(row) : null;
  };
  const inWrite = <T>(work: () => T): T => writeTransaction(db, work);
  const open = (id: number): DeskDraft => {
    const draft = get(id);
    if (!draft) throw new AppFailure({ kind: 'not_found', message: `There is no withdrawal draft ${id} for this profile.` });
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
        new Date(now + input.lifetimeMs).toISOString(),
      );
    return get(Number(lastInsertRowid)) as DeskDraft;
  };

  return {
    engine: 'sqlite',
    draft: async (input) => insertDraft(input),
    draftBatch: async (inputs) => inWrite(() => inputs.map(insertDraft)),
    batch: async (batchId) =>
      (db.prepare('SELECT * FROM withdrawal_drafts WHERE profile_id = ? AND batch_id = ? ORDER BY id LIMIT ?').all(account, batchId, MAX_BATCH_DRAFTS) as Row[]).map(read),
    list: async () => (db.prepare('SELECT * FROM withdrawal_drafts WHERE profile_id = ? ORDER BY drafted_at DESC, id DESC LIMIT 200').all(account) as Row[]).map(read),
    get: async (id) => get(id),
    byForeignId: async (foreignId) => {
      const row = db.prepare('SELECT * FROM withdrawal_drafts WHERE profile_id = ? AND foreign_id = ? ORDER BY id LIMIT 1').get(account, foreignId) as Row | undefined;
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
