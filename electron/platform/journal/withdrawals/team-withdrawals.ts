import pg from 'pg';
import type { WithdrawalPolicy } from '../../../../shared/ipc/capabilities/withdrawals.ts';
import { worded } from '../../../../shared/ipc/errors.ts';
import { inPgTransaction } from '../postgres/pg-transaction.ts';
import { teamJournalFailure } from '../postgres/team-journal-failures.ts';
import type { Author } from '../store.ts';
import { checkRefusal, draftColumns, draftDetails, draftDetailsSql, DRAFT_LIFETIME_MS, MAX_BATCH_DRAFTS, refusal, sha256Hex, text } from './withdrawal-desk.ts';
import type { DeskDraft, NewDraft, WithdrawalDesk } from './withdrawal-desk.ts';

/**
 * A merchant account's withdrawals in its team journal. The database stamps who drafted, decided
 * and claimed (their logins), keeps its clock, and refuses what four eyes forbid
 * (schema/withdrawal-rules.ts): this code asks, and says in plain words what was refused.
 */

export type TeamDeskOptions = { account: string; author: () => Author; where: string };

const REFUSED = '42501';
const TAKEN = '23505';

type Row = Record<string, unknown>;

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** ISO 8601 text of a timestamp in UTC, as SQLite keeps it. */
const isoText = (column: string) => `pg_catalog.to_char((${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const DRAFT_COLUMNS = `d.*, pg_catalog.statement_timestamp() >= d.expires_at AS expired, public.withdrawal_approvals_missing(d.id) AS missing,
  s.claimed_login, s.desktop_id AS claimed_desktop, s.claimed_at, ${draftDetailsSql(
    isoText,
    (object, from, by) => `(SELECT coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(${object}) ORDER BY ${by}), '[]'::json) FROM ${from})`,
  )}`;

export function teamWithdrawalDesk(pool: pg.Pool, options: TeamDeskOptions): WithdrawalDesk {
  const { account } = options;

  /** The database's refusals are its rules' own words; any other failure is the team journal's. */
  const failure = (error: unknown): unknown => {
    if (error instanceof pg.DatabaseError && error.code === REFUSED) return refusal(error.message);
    if (error instanceof pg.DatabaseError && error.code === TAKEN) return refusal('Your login has already decided on this, or it was already claimed for sending.');
    return teamJournalFailure(error, options.where);
  };
  const asking = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw failure(error);
    }
  };

  /** One query for any number of drafts: each with its claim, decisions, checks and tries. */
  const drafts = async (db: pg.ClientBase | pg.Pool, where: string, values: unknown[], order = 'd.drafted_at DESC, d.id DESC LIMIT 200'): Promise<DeskDraft[]> => {
    const { rows } = await db.query<Row>(
      `SELECT ${DRAFT_COLUMNS} FROM withdrawal_drafts d LEFT JOIN withdrawal_sends s ON s.draft_id = d.id WHERE d.profile_id = $1 AND ${where} ORDER BY ${order}`,
      [account, ...values],
    );
    return rows.map((row) => ({
      ...draftColumns(row, iso),
      expired: row.expired === true,
      ...draftDetails(row),
      claim: row.claimed_at === null || row.claimed_at === undefined ? null : { login: text(row.claimed_login), desktopId: text(row.claimed_desktop), claimedAt: iso(row.claimed_at) },
      missing: Number(row.missing),
    }));
  };
  const one = async (db: pg.ClientBase | pg.Pool, id: number): Promise<DeskDraft | null> => (await drafts(db, 'd.id = $2', [id]))[0] ?? null;

  const inTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => inPgTransaction(pool, work);
  const decide = (client: pg.ClientBase, id: number, decision: 'approve' | 'reject', reason: string | null) => {
    const author = options.author();
    // The login and the time are the database's: its rules overwrite whatever is written here.
    return client.query(
      `INSERT INTO withdrawal_decisions (subject, subject_id, decision, reason, decided_by, decided_on, decided_at)
       SELECT 'draft', $1::integer, $2, $3, $4, $5, pg_catalog.statement_timestamp() FROM withdrawal_drafts WHERE id = $1::integer AND profile_id = $6`,
      [id, decision, reason, author.name, author.computer, account],
    );
  };
  const policyOf = (row: Row): WithdrawalPolicy => ({
    id: Number(row.id),
    approvalsNeeded: Number(row.approvals_needed),
    threshold:
      row.threshold_currency === null || row.threshold_amount === null
        ? null
        : { currency: String(row.threshold_currency), amount: String(row.threshold_amount), approvals: Number(row.approvals_over) },
    approvers: row.approvers === null ? null : (JSON.parse(String(row.approvers)) as string[]),
    draftLifetimeMs: row.draft_lifetime_ms === null || row.draft_lifetime_ms === undefined ? null : Number(row.draft_lifetime_ms),
    proposedLogin: text(row.proposed_login),
    proposedBy: text(row.proposed_by),
    proposedAt: iso(row.proposed_at),
    state: row.decision === 'approve' ? 'approved' : row.decision === 'reject' ? 'rejected' : 'proposed',
  });
  const policies = async (where: string, values: unknown[]): Promise<WithdrawalPolicy[]> => {
    const { rows } = await pool.query<Row>(
      `SELECT p.*, d.decision FROM withdrawal_policies p
         LEFT JOIN withdrawal_decisions d ON d.subject = 'policy' AND d.subject_id = p.id
        WHERE p.profile_id = $1 AND ${where} ORDER BY p.id DESC LIMIT 100`,
      [account, ...values],
    );
    return rows.map(policyOf);
  };
  const onePolicy = async (id: number): Promise<WithdrawalPolicy> => {
    const found = (await policies('p.id = $2', [id]))[0];
    if (!found) throw worded({ kind: 'not_found' }, { id: 'main.platform.journal.noPolicy', values: { id } });
    return found;
  };

  const notFound = (id: number) => worded({ kind: 'not_found' }, { id: 'main.platform.journal.noDraft', values: { id } });

  const insertDraft = async (db: pg.ClientBase | pg.Pool, input: NewDraft): Promise<number> => {
    const author = options.author();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO withdrawal_drafts (profile_id, profile_name, foreign_id, currency, amount, request, request_sha256, batch_id, drafted_by, drafted_on, desktop_id, drafted_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, pg_catalog.statement_timestamp(),
               pg_catalog.statement_timestamp() + coalesce((public.withdrawal_policy_of($1)).draft_lifetime_ms, $12::integer) * interval '1 millisecond')
       RETURNING id`,
      // The lifetime is the policy in force's, read by the statement itself: the database refuses a longer one (withdrawal-rules.ts).
      [account, input.profileName, input.foreignId, input.currency, input.amount, input.request, sha256Hex(input.request), input.batchId, author.name, author.computer, author.desktopId, DRAFT_LIFETIME_MS],
    );
    return Number(rows[0]?.id);
  };

  return {
    engine: 'postgres',
    draft: (input) =>
      asking(async () => {
        const id = await insertDraft(pool, input);
        return (await one(pool, id)) as DeskDraft;
      }),
    draftBatch: (inputs) =>
      asking(() =>
        inTransaction(async (client) => {
          const ids: number[] = [];
          for (const input of inputs) ids.push(await insertDraft(client, input));
          const all = await drafts(client, 'd.id = ANY($2::integer[])', [ids], 'd.id');
          return all;
        }),
      ),
    batch: (batchId) => asking(() => drafts(pool, 'd.batch_id = $2', [batchId], `d.id LIMIT ${MAX_BATCH_DRAFTS}`)),
    list: () => asking(() => drafts(pool, 'true', [])),
    get: (id) => asking(() => one(pool, id)),
    byForeignId: (foreignId) => asking(async () => (await drafts(pool, 'd.foreign_id = $2', [foreignId], 'd.id LIMIT 1'))[0] ?? null),
    approve: (id) =>
      asking(() =>
        inTransaction(async (client) => {
          const recorded = await decide(client, id, 'approve', null);
          if (recorded.rowCount !== 1) throw notFound(id);
          // Under the draft's lock, which the approval took: another approver waits until this commits.
          const { rows } = await client.query<{ missing: number }>('SELECT public.withdrawal_approvals_missing($1) AS missing', [id]);
          const claimed = rows[0]?.missing === 0;
          if (claimed) {
            const author = options.author();
            await client.query(
              'INSERT INTO withdrawal_sends (draft_id, claimed_by, claimed_on, desktop_id, claimed_at) VALUES ($1, $2, $3, $4, pg_catalog.statement_timestamp())',
              [id, author.name, author.computer, author.desktopId],
            );
          }
          return { draft: (await one(client, id)) as DeskDraft, claimed };
        }),
      ),
    reject: (id, reason) =>
      asking(async () => {
        const recorded = await inTransaction((client) => decide(client, id, 'reject', reason));
        if (recorded.rowCount !== 1) throw notFound(id);
        return (await one(pool, id)) as DeskDraft;
      }),
    check: (id, check) =>
      asking(() =>
        inTransaction(async (client) => {
          const draft = await one(client, id);
          if (!draft) throw notFound(id);
          // Said in this code's words where it can tell; the database's rules decide (by its clock) either way.
          const { rows } = await client.query<{ login: string; now: string }>(`SELECT session_user AS login, ${isoText('pg_catalog.statement_timestamp()')} AS now`);
          const refused = checkRefusal(draft, check, String(rows[0]?.now), String(rows[0]?.login));
          if (refused) throw refusal(refused);
          const author = options.author();
          await client.query(
            `INSERT INTO withdrawal_send_checks (draft_id, attempt, outcome, service_id, service_status, judged_entry, checked_by, checked_on, desktop_id, checked_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, pg_catalog.statement_timestamp())`,
            [id, check.attempt, check.outcome, check.serviceId, check.serviceStatus, check.judgedEntry, author.name, author.computer, author.desktopId],
          );
          return (await one(client, id)) as DeskDraft;
        }),
      ),
    policies: () =>
      asking(async () => {
        const { rows } = await pool.query<{ id: string | null }>('SELECT (public.withdrawal_policy_of($1)).id AS id', [account]);
        const inForce = rows[0]?.id ?? null;
        const all = await policies('true', []);
        return { inForce: all.find((policy) => inForce !== null && policy.id === Number(inForce)) ?? null, policies: all };
      }),
    propose: (terms) =>
      asking(async () => {
        const author = options.author();
        const { rows } = await pool.query<{ id: string }>(
          `INSERT INTO withdrawal_policies (profile_id, approvals_needed, threshold_currency, threshold_amount, approvals_over, approvers, withdraw_alone, proposed_by, proposed_at, draft_lifetime_ms)
           VALUES ($1, $2, $3, $4, $5, $6, 0, $7, pg_catalog.statement_timestamp(), $8) RETURNING id`,
          [
            account,
            terms.approvalsNeeded,
            terms.threshold?.currency ?? null,
            terms.threshold?.amount ?? null,
            terms.threshold?.approvals ?? null,
            terms.approvers ? JSON.stringify(terms.approvers) : null,
            author.name,
            terms.draftLifetimeHours === undefined ? null : terms.draftLifetimeHours * 60 * 60 * 1000,
          ],
        );
        return onePolicy(Number(rows[0]?.id));
      }),
    decidePolicy: (id, decision, reason) =>
      asking(async () => {
        const author = options.author();
        const recorded = await pool.query(
          `INSERT INTO withdrawal_decisions (subject, subject_id, decision, reason, decided_by, decided_on, decided_at)
           SELECT 'policy', $1::integer, $2, $3, $4, $5, pg_catalog.statement_timestamp() FROM withdrawal_policies WHERE id = $1::integer AND profile_id = $6`,
          [id, decision, reason, author.name, author.computer, account],
        );
        if (recorded.rowCount !== 1) throw worded({ kind: 'not_found' }, { id: 'main.platform.journal.noPolicy', values: { id } });
        return onePolicy(id);
      }),
    login: () => asking(async () => String((await pool.query<{ login: string }>('SELECT session_user AS login')).rows[0]?.login)),
    alone: async () => false,
    setAlone: async () => {
      throw refusal('This profile has a team journal: its withdrawals are approved by another person, never alone.');
    },
  };
}
