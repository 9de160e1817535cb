import type { AppError } from '../../../shared/ipc/errors.ts';
import { AppFailure, isAppFailure } from '../../../shared/ipc/errors.ts';
import { newReceipt } from '../api/service-call.ts';
import type { CallReceipt } from '../api/service-call.ts';
import type { Journal, Outcome, PendingInput } from './journal.ts';

/**
 * Puts every call that the journal keeps through it: a submission is written as pending BEFORE
 * its request leaves (so a crash leaves a trace), then settled with what came back; a lookup is
 * written once, settled. The handler's own result and error pass through unchanged, except that a
 * refused duplicate foreign_id is explained from the journal's own record.
 */

export type Tracked<T> = { value: T; journalId: number };

/** What the journal keeps of a successful answer. */
export type Settled = { serviceId: string | number | null; serviceStatus: string | null };

const outcomeOf = (receipt: CallReceipt): Pick<Outcome, 'response' | 'httpStatus' | 'durationMs'> => ({
  response: receipt.text,
  httpStatus: receipt.status,
  durationMs: receipt.durationMs,
});

const stateOf = (error: AppError | null): 'unknown' | 'failed' => (error?.kind === 'outcome_unknown' ? 'unknown' : 'failed');

const WHAT: Record<PendingInput['operation'], string> = {
  'invoice.create': 'an invoice',
  'exchange.place': 'an exchange',
  'transaction.lookup': 'a lookup',
};

export function createTracker(journal: Journal) {
  /** A duplicate foreign_id after an earlier try: say what the journal knows instead of "has already been taken". */
  function explainDuplicate(input: PendingInput, error: AppError, earlierState: string | null): AppError {
    if (error.kind !== 'validation' || !input.foreignId || earlierState === null) return error;
    const field = error.fields.foreign_id;
    if (!field || !/taken/i.test(field)) return error;
    const earlier =
      earlierState === 'succeeded'
        ? 'This console already created it.'
        : 'An earlier try from this console may have reached the service before its answer was lost: it did.';
    const message = `The service already has ${WHAT[input.operation]} with the foreign id ${input.foreignId}, so no second one was made. ${earlier} Look it up, or use a new foreign id for a new one.`;
    // The field keeps the service's own words; the message adds what the journal knows.
    return { ...error, message };
  }

  async function submission<T>(input: PendingInput, run: (receipt: CallReceipt) => Promise<T>, settle: (value: T) => Settled): Promise<Tracked<T>> {
    const earlier = input.foreignId ? journal.findByForeignId(input.profileId, input.operation, input.foreignId) : null;
    const journalId = journal.begin(input);
    const receipt = newReceipt();
    try {
      const value = await run(receipt);
      journal.finish(journalId, { state: 'succeeded', ...settle(value), ...outcomeOf(receipt) });
      return { value, journalId };
    } catch (thrown) {
      const error = isAppFailure(thrown) ? thrown.error : null;
      const explained = error ? explainDuplicate(input, error, earlier?.state ?? null) : null;
      journal.finish(journalId, {
        state: stateOf(error),
        message: explained?.message ?? 'The app failed before the request was sent.',
        ...outcomeOf(receipt),
      });
      throw explained && explained !== error ? new AppFailure(explained) : thrown;
    }
  }

  async function lookup<T>(input: PendingInput, run: (receipt: CallReceipt) => Promise<T>, settle: (value: T) => Settled): Promise<Tracked<T>> {
    const receipt = newReceipt();
    try {
      const value = await run(receipt);
      const entry = journal.record(input, { state: 'succeeded', ...settle(value), ...outcomeOf(receipt) });
      return { value, journalId: entry.id };
    } catch (thrown) {
      const error = isAppFailure(thrown) ? thrown.error : null;
      journal.record(input, { state: 'failed', message: error?.message ?? 'The lookup failed inside the app.', ...outcomeOf(receipt) });
      throw thrown;
    }
  }

  return { submission, lookup };
}

export type Tracker = ReturnType<typeof createTracker>;
