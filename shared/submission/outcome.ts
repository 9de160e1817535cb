import type { AppError, SubmissionDecision } from '../ipc/errors.ts';
import type { JournalState } from '../ipc/journal.ts';

/**
 * The one rule for "may it have happened", so that nothing is sent twice, for every submission that moves money
 * (invoices/create, exchange/fixed). The journal settling a try, the restart recovery, the exchange
 * placement guard, the invoice resubmission and the screens all decide with these functions.
 *
 * The fact it rests on is the journal's sent mark: main writes it (and commits it) immediately
 * BEFORE the transport hands the request's bytes to the network, and the transport hands bytes over
 * by no other path (platform/api/http-exchange.ts). So a try without a sent mark provably never left
 * this machine, even after a crash; a try with one may have arrived, even if the crash came before
 * the bytes did.
 *
 * A try is:
 *   succeeded  the service answered yes;
 *   failed     the service answered a clear no (a field refusal, 403, 404, 429, another 4xx), or
 *              the request provably never left (no sent mark; or, where the mark cannot be seen, an
 *              error that only happens before sending);
 *   unknown    everything else: sent and no clear answer, an internal error after sending, a crash
 *              with the try still pending and its sent mark written.
 */

export type SubmissionOutcome = 'succeeded' | 'failed' | 'unknown';

/** How one try ended: the service's yes, an error, or nothing at all (the app was killed or crashed). */
export type TryEnd = 'success' | 'cut_off' | AppError;

export type TryFacts = {
  /**
   * Whether the request's bytes were handed to the network: main knows it (the sent mark); null
   * where it cannot be seen (the renderer, which sees only the error main sent it).
   */
  sent: boolean | null;
  end: TryEnd;
};

/** The service read the request and said no: nothing was carried out. */
function isClearRefusal(error: AppError): boolean {
  switch (error.kind) {
    case 'validation':
    case 'authentication':
    case 'not_found':
    case 'unsupported':
    case 'rate_limited':
      return true;
    case 'service':
      // A 5xx may come after the work was done (a crash, a proxy that gave up waiting).
      return error.status < 500;
    default:
      return false;
  }
}

/**
 * Errors that only arise before a request's bytes are handed over: the renderer's or the app's own
 * refusal (a person's no in main's confirmation window included), a connection never made (the transport reports a connection lost after sending as
 * outcome_unknown, never as network or timeout), or an internal error main marked as unsent.
 */
function provesUnsent(error: AppError): boolean {
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'configuration':
    case 'invalid_request':
    case 'already_sent':
    case 'quote_unavailable':
    case 'not_confirmed':
    case 'unknown_channel':
    case 'forbidden_sender':
    case 'journal_unavailable':
      // journal_unavailable: the team journal could not record the try, so main refused it
      // before sending; a try it had marked sent ends as outcome_unknown instead (platform/journal/try-failures.ts).
      return true;
    case 'internal':
      return error.sent === false;
    default:
      return false;
  }
}

export function submissionOutcome({ sent, end }: TryFacts): SubmissionOutcome {
  if (end === 'success') return 'succeeded';
  if (end !== 'cut_off') {
    if (isClearRefusal(end)) return 'failed';
    // The transport saw the connection up: whatever main's flag says, it may have arrived.
    if (end.kind === 'outcome_unknown') return 'unknown';
  }
  const neverLeft = sent === false || (sent === null && end !== 'cut_off' && provesUnsent(end));
  return neverLeft ? 'failed' : 'unknown';
}

/** Whether it may have happened at the service: a person must find out before anything is sent again. */
export const mayHaveHappened = (facts: TryFacts): boolean => submissionOutcome(facts) !== 'failed';

/** The service's words for a foreign id it already has (docs/service-interface.md, "Lost responses"). */
export const isForeignIdTaken = (message: string | undefined): boolean => /already been taken/i.test(message ?? '');

/**
 * A failure that says the foreign id was used before: main refused to send it again (its journal
 * holds a try under it), or the service refused it as taken. The one duplicate check of main and
 * the forms alike.
 */
export const isDuplicate = (error: AppError): boolean =>
  error.kind === 'already_sent' || (error.kind === 'validation' && isForeignIdTaken(error.fields.foreign_id));

/**
 * What a failed try means for the person (shared/ipc/errors.ts, SubmissionDecision), once the rule
 * above has settled it as `outcome`: anything but a clear failure is an unknown outcome.
 */
export function decisionAfter(outcome: SubmissionOutcome, error: AppError): SubmissionDecision {
  if (outcome !== 'failed') return 'outcome_unknown';
  return isDuplicate(error) ? 'duplicate' : 'not_carried_out';
}

/** The same from a try's facts. */
export const submissionDecision = (facts: TryFacts & { end: AppError }): SubmissionDecision => decisionAfter(submissionOutcome(facts), facts.end);

/**
 * The decision on a failure a screen received: main's, which it made knowing whether the request
 * left; an error main did not decide (the bridge's own, a payload the router refused) gets the same
 * rule with what the screen can see, so no screen decides by any other.
 */
export const decisionOf = (error: AppError): SubmissionDecision => error.decision ?? submissionDecision({ sent: null, end: error });

/** A try as the journal keeps it. */
export type RecordedTry = { state: JournalState; sentAt: string | null; httpStatus: number | null };

/**
 * A recorded try provably never left: settled as failed, with no sent mark and no answer. A pending
 * try may be handing its bytes over right now, so it does not count as unsent.
 */
export const neverLeft = (recorded: RecordedTry): boolean =>
  recorded.state === 'failed' && recorded.sentAt === null && recorded.httpStatus === null;

/**
 * A foreign id may be sent again only if every earlier try under it provably never left. An
 * exchange has nothing else to stop a second one (docs/service-interface.md, "Lost responses"); even a clear
 * refusal is a reason to use a new foreign id, since the service has now seen this one.
 */
export const foreignIdReusable = (tries: readonly RecordedTry[]): boolean => tries.every(neverLeft);
