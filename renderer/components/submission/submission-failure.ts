import type { AppError } from '../../../shared/ipc/errors.ts';
import { decisionOf } from '../../../shared/submission/outcome.ts';
import { fieldErrorsOf } from '../../bridge.ts';

/**
 * What a form that asks the service to make something (an invoice, a deposit address) does with a
 * failed send: it shows the decision main put on the failure (shared/submission/outcome.ts,
 * decisionOf), never one of its own. An unknown outcome is to be checked by its foreign id; a
 * duplicate is the foreign id used before; anything else is a refusal, shown next to the fields it names.
 */

/** A send whose outcome is unknown: its foreign_id is what staff check in the back office. */
export type UnknownOutcome = { foreignId: string; message: string };

export type SubmissionFailure<F extends string> =
  | { kind: 'unknown'; unknown: UnknownOutcome }
  /** `message`: the words for the foreign id's field, the service's own when it named the field. */
  | { kind: 'duplicate'; message: string }
  /** `fields`: messages for the form's own fields; `general`: the rest, for the form's own alert line, or null. */
  | { kind: 'refused'; fields: [F, string][]; general: string | null };

/**
 * `foreignId`: the one the request carried (the error's own, when main names it, wins); `fieldOf`
 * maps a service or router field name to the form's field, or null when the form has none; `word`
 * words a rule's message (shared/i18n/rule-message.ts) shown outside a field, in the alert line.
 */
export function submissionFailureOf<F extends string>(error: AppError, foreignId: string, fieldOf: (name: string) => F | null, word: (message: string) => string = (message) => message): SubmissionFailure<F> {
  switch (decisionOf(error)) {
    case 'outcome_unknown':
      // The form keeps every value, the foreign_id included: a resend is then refused as a duplicate
      // if the first one did arrive (docs/service-interface.md, "Lost responses").
      return { kind: 'unknown', unknown: { foreignId: error.kind === 'outcome_unknown' ? error.foreignId : foreignId, message: error.message } };
    case 'duplicate':
      return { kind: 'duplicate', message: word(fieldErrorsOf(error).foreign_id ?? error.message) };
    case 'not_carried_out':
      return refusalOf(error, fieldOf, word);
  }
}

function refusalOf<F extends string>(error: AppError, fieldOf: (name: string) => F | null, word: (message: string) => string): SubmissionFailure<F> {
  const fields: [F, string][] = [];
  const unplaced: string[] = [];
  for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
    const field = fieldOf(name);
    if (field) fields.push([field, message]);
    else unplaced.push(word(message));
  }
  const general = fields.length === 0 || unplaced.length > 0 ? unplaced.join(' ') || error.message : null;
  return { kind: 'refused', fields, general };
}

/** The react-hook-form error type a duplicate's message is set with on the foreign id's field: the form shows DuplicateNotice by it. */
export const DUPLICATE = 'duplicate';
