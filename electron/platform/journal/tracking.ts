import { isAppFailure } from '../../../shared/ipc/errors.ts';
import type { JournalEntry, JournalOperation } from '../../../shared/ipc/journal.ts';
import { submissionOutcome } from '../../../shared/submission/outcome.ts';
import { newReceipt } from '../api/index.ts';
import type { CallReceipt } from '../api/index.ts';
import { keptMessage } from './answer-keeper.ts';
import type { Admit, Outcome, PendingInput } from './journal.ts';
import type { JournalStore } from './store.ts';
import { decided, errorOf, tryFailure, unrecordedSuccess } from './try-failures.ts';

/**
 * Puts every call the journal keeps through it. A submission goes through these steps, and a crash
 * or a throw at any of them is settled by the one rule (shared/submission/outcome.ts): a throw here,
 * a crash by `recoverInterrupted` on the next start.
 *   begun        written as pending (once `admit` let it through), committed, nothing sent yet;
 *   marked-sent  the sent mark committed (awaited: a team journal is across a network); the
 *                transport hands the bytes over right after, and not before;
 *                (the bytes on the network, the answer awaited)
 *   answered     the call ended, with an answer or an error; the journal not settled yet;
 *   settled      the journal settled; the caller gets the value or the matching failure.
 * A lookup is written once, settled.
 */

export type Tracked<T> = { value: T; journalId: number };

/**
 * A lookup's value and its entry's id, or null when the entry is not (yet) where the profile's
 * History reads: kept on this desktop while its team journal could not take it, it is given another
 * id there once uploaded, and this desktop's id would name a different entry of the team journal.
 */
export type TrackedLookup<T> = { value: T; journalId: number | null };

/** What the journal keeps of a successful answer (`txids`, `address`: see Outcome). */
export type Settled = Pick<Outcome, 'txids' | 'address'> & { serviceId: string | number | null; serviceStatus: string | null };

export type SubmissionStep = 'begun' | 'marked-sent' | 'answered' | 'settled';

/** Tests only (createMainServices' `submissionStep`): runs at each step, where it may throw or kill the process. */
export type StepHook = (step: SubmissionStep, at: { journalId: number; operation: JournalOperation; foreignId: string | null }) => void;

export type TrackerOptions = {
  step?: StepHook;
  /** Where a bug's stack goes when it is turned into a plain failure for the screens. */
  log?: (message: string, details: Record<string, unknown>) => void;
};

const receiptFields = (receipt: CallReceipt): Pick<Outcome, 'response' | 'parsed' | 'httpStatus' | 'durationMs'> => ({
  response: receipt.text,
  ...(receipt.parsed ? { parsed: receipt.parsed } : {}),
  httpStatus: receipt.status,
  durationMs: receipt.durationMs,
});

type Ended<T> = { ok: true; value: T; settled: Settled } | { ok: false; thrown: unknown };

/**
 * Where a call is recorded: one journal, or the journal of the profile the call is for (main's
 * team-journal/journal-routing.ts: this desktop's SQLite journal, or the profile's team journal).
 * The profile is the one the call's entry names, so a profile switched mid-call changes nothing of it.
 */
export type JournalFor = JournalStore | ((profileId: string) => Promise<JournalStore>);

export function createTracker(journals: JournalFor, options: TrackerOptions = {}) {
  const step: StepHook = options.step ?? (() => {});
  // Settled before anything is written or sent: a journal that cannot be opened stops the call here.
  const journalOf = (profileId: string): JournalStore | Promise<JournalStore> => (typeof journals === 'function' ? journals(profileId) : journals);

  /**
   * `admit` sees the earlier tries under the foreign id and throws to refuse a new one; it runs in
   * the same write transaction as the pending entry, before anything can be sent.
   */
  async function submission<T>(
    input: PendingInput,
    run: (receipt: CallReceipt) => Promise<T>,
    settle: (value: T) => Settled,
    admit?: Admit,
  ): Promise<Tracked<T>> {
    const journal = await journalOf(input.profileId);
    let earlier: JournalEntry[] = [];
    let journalId: number;
    try {
      journalId = await journal.begin(input, (tries) => {
        earlier = tries;
        admit?.(tries);
      });
    } catch (thrown) {
      // Refused before anything was written or sent (a foreign id sent before, no team journal):
      // the caller hears main's decision on it like any other failed try.
      throw isAppFailure(thrown) ? decided('failed', thrown.error) : thrown;
    }
    const at = { journalId, operation: input.operation, foreignId: input.foreignId ?? null };
    let sent = false;
    const receipt = newReceipt();
    // The transport awaits this just before it hands the bytes over; if it rejects, nothing is sent.
    receipt.onSend = async () => {
      await journal.markSent(journalId);
      sent = true;
      step('marked-sent', at);
    };

    let ended: Ended<T>;
    try {
      step('begun', at);
      const value = await run(receipt);
      step('answered', at);
      ended = { ok: true, value, settled: settle(value) };
    } catch (thrown) {
      ended = { ok: false, thrown };
    }
    if (!ended.ok && !isAppFailure(ended.thrown)) {
      const error = ended.thrown;
      options.log?.('a submission failed inside the app', { journalId, sent, error: error instanceof Error ? (error.stack ?? error.name) : typeof error });
    }

    const state = submissionOutcome({ sent, end: ended.ok ? 'success' : errorOf(ended.thrown) });
    const failure = ended.ok ? null : tryFailure(state, input, ended.thrown, earlier);
    try {
      await journal.finish(journalId, {
        state,
        ...(ended.ok ? ended.settled : {}),
        // The caller hears the service's own words; the journal keeps them without personal data.
        message: keptMessage(input.request, failure?.error.message),
        ...receiptFields(receipt),
      });
    } catch (thrown) {
      // The entry stays pending; the next start settles it by its sent mark, as this answer does.
      options.log?.('the journal could not settle a submission', { journalId, error: thrown instanceof Error ? thrown.name : typeof thrown });
      throw failure ?? unrecordedSuccess(input);
    }
    step('settled', at);
    if (!ended.ok) throw failure;
    return { value: ended.value, journalId };
  }

  async function lookup<T>(input: PendingInput, run: (receipt: CallReceipt) => Promise<T>, settle: (value: T) => Settled): Promise<TrackedLookup<T>> {
    const journal = await journalOf(input.profileId);
    const receipt = newReceipt();
    let ended: { value: T; settled: Settled };
    try {
      const value = await run(receipt);
      ended = { value, settled: settle(value) };
    } catch (thrown) {
      const error = isAppFailure(thrown) ? thrown.error : null;
      const message = keptMessage(input.request, error?.message ?? 'The lookup failed inside the app.');
      await journal.record(input, { state: 'failed', message, ...receiptFields(receipt) });
      throw thrown;
    }
    // Outside the try: a journal that cannot record the answer must not record it as failed.
    const entry = await journal.record(input, { state: 'succeeded', ...ended.settled, ...receiptFields(receipt) });
    return { value: ended.value, journalId: entry.keptLocally ? null : entry.id };
  }

  return { submission, lookup };
}

export type Tracker = ReturnType<typeof createTracker>;
