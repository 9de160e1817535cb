import { inEnglish } from '../../../shared/i18n/index.ts';
import type { Wording } from '../../../shared/i18n/index.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';
import { AppFailure, isAppFailure } from '../../../shared/ipc/errors.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { decisionAfter, isDuplicate, neverLeft } from '../../../shared/submission/outcome.ts';
import type { SubmissionOutcome } from '../../../shared/submission/outcome.ts';
import type { PendingInput } from './store.ts';

/**
 * What a failed submission throws, so that the screens hear what the journal records: an `unknown`
 * try is always outcome_unknown, a try that provably never left says so, and every failure carries
 * main's decision (SubmissionDecision), so that no screen works it out again. Messages are catalogue
 * messages (main.platform.journal.*) filled from what the journal knows, and a failure's words travel
 * with it as data, for the router to say in the window's language; a bug's own text never reaches a screen.
 */

/** What each operation is, for the catalogue's select (main.platform.journal.what: "an invoice"). */
const WHAT: Record<PendingInput['operation'], string> = {
  'invoices.create': 'invoice',
  'exchange.place': 'exchange',
  'transactions.lookup': 'lookup',
  'addresses.take': 'address',
  'withdrawals.approve': 'withdrawal',
};

const UNSENT: Wording = { id: 'main.platform.journal.unsent' };

/** The error a thrown value stands for: an AppFailure's own, anything else an internal error. */
export function errorOf(thrown: unknown): AppError {
  return isAppFailure(thrown) ? thrown.error : { kind: 'internal', message: inEnglish(UNSENT) };
}

/** An error with the words it was built from, when main built them from the catalogues. */
type Worded = { error: AppError; wording: Wording | undefined };

function unknownFailure(input: PendingInput, why: Wording): AppFailure {
  const foreignId = input.foreignId ?? '(none)';
  const wording: Wording = { id: 'main.platform.journal.unknown', values: { what: WHAT[input.operation], foreignId, why } };
  return decided('unknown', { kind: 'outcome_unknown', foreignId, message: inEnglish(wording) }, wording);
}

/**
 * A duplicate foreign_id refused by the service: say what the journal knows instead of "has already
 * been taken". The service's own words stay in the field.
 */
function explainDuplicate(input: PendingInput, failed: Worded, earlier: readonly JournalEntry[]): Worded {
  const { error } = failed;
  if (error.kind !== 'validation' || !input.foreignId || earlier.length === 0 || !isDuplicate(error)) return failed;
  const reached = earlier.filter((entry) => !neverLeft(entry));
  const known = reached.some((entry) => entry.state === 'succeeded') ? 'created' : reached.length > 0 ? 'reached' : 'elsewhere';
  // A deposit address cannot be looked up by its foreign id (it finds withdrawals and exchanges, never deposits: spec 4.1).
  const wording: Wording = { id: 'main.platform.journal.duplicate', values: { what: WHAT[input.operation], foreignId: input.foreignId, known } };
  return { error: { ...error, message: inEnglish(wording) }, wording };
}

/** The failure its caller hears, with main's decision on it, once the rule has settled the try as `state`; its words kept as data. */
export const decided = (state: SubmissionOutcome, error: AppError, wording?: Wording): AppFailure =>
  new AppFailure({ ...error, decision: decisionAfter(state, error) }, wording);

/** What a try that ended in `thrown` throws to its caller, once the rule has settled it as `state`. */
export function tryFailure(state: SubmissionOutcome, input: PendingInput, thrown: unknown, earlier: readonly JournalEntry[]): AppFailure {
  const error = errorOf(thrown);
  const wording = isAppFailure(thrown) ? thrown.wording : undefined;
  if (state === 'unknown') {
    return error.kind === 'outcome_unknown' ? decided(state, error, wording) : unknownFailure(input, { id: 'main.platform.journal.why.beforeRead' });
  }
  if (error.kind === 'internal') return decided(state, { kind: 'internal', message: inEnglish(UNSENT), sent: false }, UNSENT);
  const explained = explainDuplicate(input, { error, wording }, earlier);
  return decided(state, explained.error, explained.wording);
}

/** The journal could not settle a try that succeeded: it stays pending with its sent mark, which the next start reads as unknown. */
export const unrecordedSuccess = (input: PendingInput): AppFailure => unknownFailure(input, { id: 'main.platform.journal.why.notRecorded' });
