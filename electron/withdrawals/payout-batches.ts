import type { PayoutBatch, PayoutBatchRow, PayoutImportRequest, PayoutProblemView, PayoutRowState, WithdrawalDraftInput } from '../../shared/ipc/capabilities/withdrawals.ts';
import { withdrawalDraftRequest } from '../../shared/ipc/capabilities/withdrawals.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import { addDecimals } from '../../shared/money/index.ts';
import { newForeignId } from '../../shared/submission/foreign-id.ts';
import { foreignIdReusable } from '../../shared/submission/outcome.ts';
import { checkPayoutCsv } from '../../shared/withdrawals/index.ts';
import type { DeskDraft, NewDraft } from '../platform/journal/index.ts';
import { createCallLimit } from '../platform/limits/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import { confirmWithPerson } from '../platform/services/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';
import type { Say } from '../../shared/i18n/index.ts';
import { currentTries, holderOf, knownSent, stateOf } from './draft-states.ts';
import { readDraft, refuse, requestBody, wholeDraft, withdrawalDesks } from './withdrawal-desks.ts';
import type { ActiveDesk, WithdrawalHandlerOptions } from './withdrawal-desks.ts';

/**
 * Payouts in bulk (docs/withdrawals.md, "Payouts in bulk"). The back office's payout file is read
 * and checked by main (never the renderer's check), drafted as one batch in one transaction, each
 * row a draft with its own foreign id, and approved once: after a yes in main's dialog, main
 * approves and sends the rows one by one, at most PAYOUT_SENDS_PER_SECOND a second, each through the
 * one send of a single draft (withdrawal-desks.ts), so that a crash, a kill or a network loss
 * never sends a row twice. What became of each row is read from its draft and the journal's tries
 * under its foreign id; approving the batch again sends the rows not sent yet, never one that may
 * have left.
 */

/** The most rows a batch sends a second: well under the service's rate limit, and slow enough to stop by hand. */
export const PAYOUT_SENDS_PER_SECOND = 1;
const SEND_INTERVAL_MS = 1000 / PAYOUT_SENDS_PER_SECOND;

/** Payout files in any rolling minute: each drafts up to 500 rows that an approver then reads. */
export const BATCHES_PER_MINUTE = 5;

const timer = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * What a claimed row's current send says of it: the service's word to a check, else its tries
 * (shared/submission/outcome.ts), read with the draft in the batch's one query.
 */
function claimedState(draft: DeskDraft): PayoutRowState {
  if (knownSent(draft)) return 'sent';
  const tries = currentTries(draft);
  // Claimed and provably never left (or never begun, or found not sent): still to be sent, by the desktop that holds it.
  if (foreignIdReusable(tries)) return 'waiting';
  const latest = tries.at(-1);
  return latest?.state === 'failed' && latest.httpStatus !== null ? 'failed' : 'unknown';
}

function rowState(draft: DeskDraft, desktopId: string, now: number): PayoutRowState {
  if (draft.claim) return claimedState(draft);
  const state = stateOf(draft, desktopId, now);
  return state === 'rejected' || state === 'expired' ? state : 'waiting';
}

const totalsOf = (drafts: readonly DeskDraft[]): Record<string, string> => {
  const totals: Record<string, string> = {};
  for (const draft of drafts) totals[draft.currency] = addDecimals(totals[draft.currency] ?? '0', draft.amount);
  return totals;
};

export function payoutBatchHandlers(
  deps: ServiceDeps,
  options: WithdrawalHandlerOptions,
): Pick<Handlers, 'withdrawals.importBatch' | 'withdrawals.approveBatch' | 'withdrawals.batch'> {
  const { active, send } = withdrawalDesks(deps, options);
  const pause = options.pause ?? timer;
  const say: Say = (id, values) => deps.locale.say(id, values);
  const batches = createCallLimit({
    limit: BATCHES_PER_MINUTE,
    now: deps.now,
    words: (seconds) => deps.locale.say('main.withdrawals.batchLimit', { limit: BATCHES_PER_MINUTE, seconds }),
  });
  /** The batches being sent now, by profile and batch id: one run each. */
  const running = new Map<string, Promise<void>>();
  const runKey = (profileId: string, batchId: string) => `${profileId}\u0000${batchId}`;

  const view = (connection: ActiveDesk, batchId: string, drafts: readonly DeskDraft[]): PayoutBatch => {
    const rows: PayoutBatchRow[] = drafts.map((draft) => {
      // Listed all the same, without an address, when it does not hold together: an approval reads it again and refuses it.
      const sent = wholeDraft(draft);
      const address = sent?.address ?? '';
      const tag = sent?.tag ?? null;
      return {
        draftId: draft.id,
        foreignId: draft.foreignId,
        currency: draft.currency,
        amount: draft.amount,
        address,
        tag,
        state: rowState(draft, options.desktopId(), deps.now()),
        missing: draft.missing,
        journalId: draft.claim ? (draft.tries.at(-1)?.id ?? null) : null,
      };
    });
    return { batchId, rows, totals: totalsOf(drafts), sending: running.has(runKey(connection.profileId, batchId)), sendsPerSecond: PAYOUT_SENDS_PER_SECOND };
  };

  const batchOf = async (connection: ActiveDesk, batchId: string): Promise<DeskDraft[]> => {
    const drafts = await connection.desk.batch(batchId);
    if (drafts.length === 0) throw new AppFailure({ kind: 'not_found', message: deps.locale.say('main.withdrawals.noBatch', { batchId }) });
    return drafts;
  };

  /**
   * The rows this desktop is to send now: not claimed and still open, or claimed here and provably
   * never left. A row claimed by another desktop is that desktop's to send.
   */
  const toSend = (drafts: readonly DeskDraft[]): DeskDraft[] =>
    drafts.filter((draft) =>
      draft.claim ? holderOf(draft) === options.desktopId() && claimedState(draft) === 'waiting' : stateOf(draft, options.desktopId(), deps.now()) === 'awaiting',
    );

  /** Sends the rows one by one, at the stated rate; stops at the first failure that is not the service's clear no to that row. */
  const run = async (connection: ActiveDesk, rows: readonly DeskDraft[]): Promise<void> => {
    const { desk } = connection;
    let first = true;
    for (const row of rows) {
      if (!first) await pause(SEND_INTERVAL_MS);
      first = false;
      try {
        if (row.claim) {
          await send(row, connection);
          continue;
        }
        const { draft: approved, claimed } = await desk.approve(row.id);
        if (!claimed) continue;
        if (approved.requestSha256 !== row.requestSha256) throw refuse(say('main.withdrawals.changed', { id: String(row.id) }));
        options.claimed?.({ draftId: row.id });
        await send(approved, connection);
      } catch (error) {
        // The service refused this row (a field, the balance): its try is in the journal, and the next row goes on.
        if (error instanceof AppFailure && error.error.kind === 'validation') continue;
        // Anything else (a network loss, an unknown outcome, a refusal by the journal) stops the batch:
        // the rows after it wait, and approving the batch again sends them.
        return;
      }
    }
  };

  return {
    'withdrawals.importBatch': async (request: PayoutImportRequest) => {
      const connection = await active();
      const { profileName, desk } = connection;
      const check = checkPayoutCsv(request.csv);
      const problems: PayoutProblemView[] = [...check.problems];
      const forms: WithdrawalDraftRequestOf[] = [];
      if (check.ok) {
        const parties = new Set<string>();
        for (const row of check.rows) {
          const input: WithdrawalDraftInput = {
            currency: row.currency,
            amount: row.amount,
            address: row.address,
            ...(row.tag !== null ? { tag: row.tag } : {}),
            senderType: request.senderType,
            senderData: request.senderData,
            receiverType: request.receiverType,
            ...(request.receiverData !== undefined ? { receiverData: request.receiverData } : {}),
          };
          // The one gate of a single draft, row by row: the file's check above and this one agree, or the row is refused.
          const parsed = withdrawalDraftRequest.safeParse(input);
          if (parsed.success) {
            forms.push(parsed.data);
            continue;
          }
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? 'file');
            if (field === 'senderData' || field === 'receiverData') {
              // The parties are the same for every row: said once.
              if (!parties.has(field)) problems.push({ row: null, line: null, field, code: 'parties', message: issue.message });
              parties.add(field);
            } else {
              problems.push({ row: row.row, line: row.line, field: field === 'tag' || field === 'address' || field === 'amount' || field === 'currency' ? field : 'file', code: 'draft', message: issue.message });
            }
          }
        }
      }
      if (problems.length > 0) return { batch: null, problems };
      batches.take();
      const now = new Date(deps.now());
      const batchId = newForeignId('pay', now);
      const inputs: NewDraft[] = forms.map((form) => {
        const foreignId = newForeignId('wdr', now);
        return { profileName, foreignId, currency: form.currency, amount: form.amount, request: JSON.stringify(requestBody(foreignId, form)), batchId };
      });
      const drafts = await desk.draftBatch(inputs);
      return { batch: view(connection, batchId, drafts), problems: [] };
    },
    'withdrawals.batch': async ({ batchId }) => {
      const connection = await active();
      return { batch: view(connection, batchId, await batchOf(connection, batchId)) };
    },
    'withdrawals.approveBatch': async ({ batchId }) => {
      const connection = await active();
      const { desk, profileId, profileName } = connection;
      const key = runKey(profileId, batchId);
      const drafts = await batchOf(connection, batchId);
      // Being sent now: asking again changes nothing.
      if (running.has(key)) return { batch: view(connection, batchId, drafts) };
      // Every row read back whole, or none is sent.
      for (const draft of drafts) readDraft(draft, say);
      const rows = toSend(drafts);
      if (rows.length === 0) return { batch: view(connection, batchId, drafts) };
      if (desk.engine === 'sqlite' && !(await desk.alone())) throw refuse(say('main.withdrawals.aloneOff'));
      if (desk.engine === 'postgres') {
        const login = await desk.login();
        if (rows.some((row) => !row.claim && row.draftedLogin === login)) throw refuse(say('main.withdrawals.batchOwnLogin', { batchId, login }));
      }
      const totals = totalsOf(rows);
      const live = deps.book.get(profileId).kind === 'live';
      const resumed = rows.filter((row) => row.claim).length;
      const here = say('main.withdrawals.confirm.thisComputer');
      await confirmWithPerson(deps.askPerson, {
        title: say('main.withdrawals.batchConfirm.title'),
        message: say('main.withdrawals.batchConfirm.message', {
          count: rows.length,
          batchId,
          totals: Object.entries(totals)
            .map(([currency, total]) => `${total} ${currency}`)
            .join(', '),
        }),
        detail: [
          say(live ? 'main.withdrawals.confirm.profileLive' : 'main.withdrawals.confirm.profile', { name: profileName }),
          resumed > 0
            ? say('main.withdrawals.batchConfirm.rowsResumed', { rows: drafts.length, toSend: rows.length, resumed })
            : say('main.withdrawals.batchConfirm.rows', { rows: drafts.length, toSend: rows.length }),
          say('main.withdrawals.batchConfirm.draftedBy', { drafters: [...new Set(rows.map((row) => row.draftedLogin ?? row.draftedBy ?? here))].join(', ') }),
          say('main.withdrawals.batchConfirm.pace', { perSecond: PAYOUT_SENDS_PER_SECOND }),
          say('main.withdrawals.confirm.undone'),
        ],
        confirmLabel: say('main.withdrawals.batchConfirm.button'),
      });
      const sending = run(connection, rows).finally(() => running.delete(key));
      running.set(key, sending);
      return { batch: view(connection, batchId, drafts) };
    },
  };
}

type WithdrawalDraftRequestOf = Parameters<typeof requestBody>[1];
