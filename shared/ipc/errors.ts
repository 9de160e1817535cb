import { z } from 'zod';
import { inEnglish } from '../i18n/words.ts';
import type { Wording } from '../i18n/words.ts';

/**
 * What a failed submission (an invoice, a deposit address, an exchange) means for the person, decided
 * once, by main, which knows whether the request left (shared/submission/outcome.ts, submissionDecision):
 *   outcome_unknown  it may have been carried out: check its foreign id before anything is sent again;
 *   duplicate        its foreign id was used before (main refused to send it again, or the service
 *                    refused it as taken): nothing new was made, the earlier one may exist;
 *   not_carried_out  nothing was carried out: the service refused it, or it never left this machine.
 * The screens show the decision; they do not work it out again from the error's kind.
 */
export const submissionDecision = z.enum(['outcome_unknown', 'duplicate', 'not_carried_out']);
export type SubmissionDecision = z.infer<typeof submissionDecision>;

/** One kind of failure; main puts its `decision` on the failures of submissions only. */
const failure = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ ...shape, decision: submissionDecision.optional() });

/**
 * Every failure that crosses IPC is one of these plain objects: a kind the screens can branch on
 * and a message in plain words. Never a stack trace, never a secret.
 */
export const appError = z.discriminatedUnion('kind', [
  /** The renderer sent a payload the contract does not allow. */
  failure({ kind: z.literal('invalid_request'), message: z.string(), fields: z.record(z.string(), z.string()) }),
  failure({ kind: z.literal('unknown_channel'), message: z.string(), channel: z.string() }),
  failure({ kind: z.literal('forbidden_sender'), message: z.string() }),
  /** The service refused fields (400 with `errors`), one message per field. */
  failure({ kind: z.literal('validation'), message: z.string(), fields: z.record(z.string(), z.string()) }),
  /** 403: no or bad key, no or bad signature (docs/service-interface.md, "Error bodies"). */
  failure({ kind: z.literal('authentication'), message: z.string(), code: z.string() }),
  failure({ kind: z.literal('not_found'), message: z.string() }),
  /**
   * The service refused a request it does not offer, such as a lookup by txid on a service that
   * predates it (docs/service-interface.md, "transactions/info by txid"): asking again will not help.
   */
  failure({ kind: z.literal('unsupported'), message: z.string() }),
  /** 429 or our own quote budget; `retryAt` is epoch milliseconds. */
  failure({ kind: z.literal('rate_limited'), message: z.string(), retryAt: z.number() }),
  failure({ kind: z.literal('service'), message: z.string(), status: z.number() }),
  failure({ kind: z.literal('network'), message: z.string() }),
  failure({ kind: z.literal('timeout'), message: z.string() }),
  failure({ kind: z.literal('unexpected_response'), message: z.string(), field: z.string(), status: z.number() }),
  /** A money-moving POST may have reached the service, but no answer came back. */
  failure({ kind: z.literal('outcome_unknown'), message: z.string(), foreignId: z.string() }),
  /**
   * A money-moving request main refused to send: its foreign id was already sent once (the journal
   * says so), and sending it again could move money twice. This try sent nothing; the earlier one
   * may have been carried out, so a person looks it up by `foreignId`.
   */
  failure({ kind: z.literal('already_sent'), message: z.string(), foreignId: z.string() }),
  /**
   * exchange.place named a quote main cannot place: `used` (each quote places one exchange at
   * most), `released` (its fixed period ended on main's clock) or `unknown` (main never gave out
   * that id for this profile, or no longer keeps it). Nothing was sent; a new quote is the way on.
   */
  failure({ kind: z.literal('quote_unavailable'), message: z.string(), reason: z.enum(['used', 'released', 'unknown']) }),
  /** A live money move, resolution or removal that the person did not confirm in main's own dialog. */
  failure({ kind: z.literal('not_confirmed'), message: z.string() }),
  /** Local setup: no profile selected, no secret stored, keychain unavailable, bad base URL. */
  failure({ kind: z.literal('configuration'), message: z.string() }),
  /**
   * The profile's team journal cannot be reached, or is read-only: nothing that needs it
   * (a money move, an invoice, an address) was sent. Lookups still work, kept locally until it is back.
   */
  failure({ kind: z.literal('journal_unavailable'), message: z.string() }),
  /**
   * `sent: false`: main knows that no byte of the submission's request left this machine
   * (shared/submission/outcome.ts); without it, an internal error says nothing about that.
   */
  failure({ kind: z.literal('internal'), message: z.string(), sent: z.literal(false).optional() }),
]);
export type AppError = z.infer<typeof appError>;
export type AppErrorKind = AppError['kind'];

/** What every channel answers: the value, or a typed error. Electron's own rejections lose structure. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const envelopeOf = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: appError }),
  ]);

/**
 * An AppError thrown as an exception on either side; `toJSON` keeps only the plain error. `wording`,
 * when main built the message from the catalogues, is that message as data: the router says it
 * again in the window's language when the failure crosses to the window (the error's own `message`
 * stays English, for the log and the journal).
 */
export class AppFailure extends Error {
  readonly error: AppError;
  readonly wording: Wording | undefined;
  constructor(error: AppError, wording?: Wording) {
    super(error.message);
    this.name = 'AppFailure';
    this.error = error;
    this.wording = wording;
  }
}

/** An AppError without its message: what `worded` completes. */
export type UnwordedError = AppError extends infer E ? (E extends AppError ? Omit<E, 'message'> : never) : never;

/** A failure main words from the catalogues: its message in English, its wording for the window's language. */
export function worded(error: UnwordedError, wording: Wording): AppFailure {
  return new AppFailure({ ...error, message: inEnglish(wording) } as AppError, wording);
}

export function isAppFailure(value: unknown): value is AppFailure {
  return value instanceof AppFailure;
}
