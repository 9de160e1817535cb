import type { AppError } from '../../../shared/ipc/errors.ts';
import { mayHaveHappened } from '../../../shared/submission/outcome.ts';
import { fieldErrorsOf } from '../../bridge.ts';

/**
 * What a form that asks the service to make something (an invoice, a deposit address) does with a
 * failed send, decided once for both by the rule main settles the journal with
 * (shared/submission/outcome.ts): not only a lost answer, any failure that may have come after the
 * request left is an unknown outcome, to be checked by its foreign id; anything else is a refusal,
 * shown next to the fields it names.
 */

/** A send whose outcome is unknown: its foreign_id is what staff check in the back office. */
export type UnknownOutcome = { foreignId: string; message: string };

export type SubmissionFailure<F extends string> =
  | { kind: 'unknown'; unknown: UnknownOutcome }
  /** `fields`: messages for the form's own fields; `general`: the rest, for the form's own alert line, or null. */
  | { kind: 'refused'; fields: [F, string][]; general: string | null };

/**
 * `foreignId`: the one the request carried (the error's own, when main names it, wins); `fieldOf`
 * maps a service or router field name to the form's field, or null when the form has none.
 */
export function submissionFailureOf<F extends string>(error: AppError, foreignId: string, fieldOf: (name: string) => F | null): SubmissionFailure<F> {
  if (mayHaveHappened({ sent: null, end: error })) {
    // The form keeps every value, the foreign_id included: a resend is then refused as a duplicate
    // if the first one did arrive (docs/service-interface.md, "Lost responses").
    return { kind: 'unknown', unknown: { foreignId: error.kind === 'outcome_unknown' ? error.foreignId : foreignId, message: error.message } };
  }
  const fields: [F, string][] = [];
  const unplaced: string[] = [];
  for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
    const field = fieldOf(name);
    if (field) fields.push([field, message]);
    else unplaced.push(message);
  }
  const general = fields.length === 0 || unplaced.length > 0 ? unplaced.join(' ') || error.message : null;
  return { kind: 'refused', fields, general };
}

const TAKEN = /already been taken/i;

/** The service's words for a foreign id it already has: the duplicate a resend after a lost answer meets. */
export const isDuplicateRefusal = (message: string | undefined): boolean => TAKEN.test(message ?? '');
