import type { AppError } from '../../../shared/ipc/errors.ts';
import { AppFailure, isAppFailure } from '../../../shared/ipc/errors.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { decisionAfter, isDuplicate, neverLeft } from '../../../shared/submission/outcome.ts';
import type { SubmissionOutcome } from '../../../shared/submission/outcome.ts';
import type { PendingInput } from './store.ts';

/**
 * What a failed submission throws, so that the screens hear what the journal records: an `unknown`
 * try is always outcome_unknown, a try that provably never left says so, and every failure carries
 * main's decision (SubmissionDecision), so that no screen works it out again. Messages are plain
 * words built from what the journal knows; a bug's own text never reaches a screen.
 */

const WHAT: Record<PendingInput['operation'], string> = {
  'invoices.create': 'an invoice',
  'exchange.place': 'an exchange',
  'transactions.lookup': 'a lookup',
  'addresses.take': 'a deposit address',
  'withdrawals.approve': 'a withdrawal',
};

const UNSENT_MESSAGE = 'The app failed before the request was sent: nothing reached the service.';

/** The error a thrown value stands for: an AppFailure's own, anything else an internal error. */
export function errorOf(thrown: unknown): AppError {
  return isAppFailure(thrown) ? thrown.error : { kind: 'internal', message: UNSENT_MESSAGE };
}

function unknownFailure(input: PendingInput, what: string): AppFailure {
  const foreignId = input.foreignId ?? '(none)';
  return decided('unknown', {
    kind: 'outcome_unknown',
    foreignId,
    message:
      `The request for ${WHAT[input.operation]} (foreign id ${foreignId}) was sent, but ${what}. It may or may not have ` +
      'reached the service and been carried out. Do not send it again blindly: look it up by its foreign id, or check the back office, first.',
  });
}

/**
 * A duplicate foreign_id refused by the service: say what the journal knows instead of "has already
 * been taken". The service's own words stay in the field.
 */
function explainDuplicate(input: PendingInput, error: AppError, earlier: readonly JournalEntry[]): AppError {
  if (error.kind !== 'validation' || !input.foreignId || earlier.length === 0 || !isDuplicate(error)) return error;
  const reached = earlier.filter((entry) => !neverLeft(entry));
  const known = reached.some((entry) => entry.state === 'succeeded')
    ? 'This console already created it.'
    : reached.length > 0
      ? 'An earlier try from this console may have reached the service before its answer was lost: it did.'
      : 'No earlier try from this console ever left this machine, so it was made elsewhere with the same foreign id.';
  // A deposit address cannot be looked up by its foreign id (it finds withdrawals and exchanges, never deposits: spec 4.1).
  const find = input.operation === 'addresses.take' ? 'Find it in the back office' : 'Look it up';
  const message = `The service already has ${WHAT[input.operation]} with the foreign id ${input.foreignId}, so no second one was made. ${known} ${find}, or use a new foreign id for a new one.`;
  return { ...error, message };
}

/** The failure its caller hears, with main's decision on it, once the rule has settled the try as `state`. */
export const decided = (state: SubmissionOutcome, error: AppError): AppFailure => new AppFailure({ ...error, decision: decisionAfter(state, error) });

/** What a try that ended in `thrown` throws to its caller, once the rule has settled it as `state`. */
export function tryFailure(state: SubmissionOutcome, input: PendingInput, thrown: unknown, earlier: readonly JournalEntry[]): AppFailure {
  const error = errorOf(thrown);
  if (state === 'unknown') {
    return error.kind === 'outcome_unknown' ? decided(state, error) : unknownFailure(input, 'the app failed before its answer was read');
  }
  if (error.kind === 'internal') return decided(state, { kind: 'internal', message: UNSENT_MESSAGE, sent: false });
  return decided(state, explainDuplicate(input, error, earlier));
}

/** The journal could not settle a try that succeeded: it stays pending with its sent mark, which the next start reads as unknown. */
export const unrecordedSuccess = (input: PendingInput): AppFailure => unknownFailure(input, 'the app could not record its answer');
