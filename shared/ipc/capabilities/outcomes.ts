import { z } from 'zod';

/**
 * What the service reported, by callback, about what the console made (electron/outcomes,
 * docs/receiver.md): each entry's current outcome and its timeline, read from the profile's receiver.
 */

const tone = z.enum(['ok', 'wait', 'bad', 'unknown']);

export const outcomeStep = z.object({
  /** When the receiver stored the callback, or when this desktop heard the status from the service (UTC). */
  at: z.string(),
  /**
   * `callback`: the service's callback, read from the receiver. `polled`: with no receiver to read,
   * this desktop asked the service itself (transactions/info): "checked with the service at HH:MM".
   * A timeline lists an object's polled steps after its callbacks.
   */
  origin: z.enum(['callback', 'polled']),
  /** The status as received. */
  status: z.string(),
  /** What the status means, as a catalogue id with its values (shared/api/outcome-words.ts), worded where shown by `wordOutcome`. */
  words: z.string(),
  tone,
  /** The hashes of the payments the callback carried. */
  txids: z.array(z.string()),
  /** What is left to pay, with its currency, when the callback says more than zero. */
  leftToPay: z.string().nullable(),
  /** For a deposit into an address: what the customer sent, with its currency ("0.01 BTC"); null for other callbacks. */
  amount: z.string().nullable(),
});
export type OutcomeStep = z.infer<typeof outcomeStep>;

/** One deposit into a deposit address: the service's transaction, where it stands now, and when it was first reported. */
export const depositSeen = z.object({
  /** The deposit's transaction id at the service (the callback's root id). */
  id: z.string(),
  firstAt: z.string(),
  /** Its furthest status, with its amount and txids. */
  current: outcomeStep,
});
export type DepositSeen = z.infer<typeof depositSeen>;

export const entryOutcome = z.object({
  /**
   * The current outcome: the step of the furthest status (a late retry never undoes a final one).
   * For a deposit address, which takes payments without end, a summary of its deposits.
   */
  current: outcomeStep,
  known: z.boolean(),
  final: z.boolean(),
  /** Every callback, in the order the receiver stored them (for an address: of every deposit into it). */
  timeline: z.array(outcomeStep),
  /** For a deposit address: every deposit into it, in the order they were first reported; empty for anything else. */
  deposits: z.array(depositSeen),
});
export type EntryOutcome = z.infer<typeof entryOutcome>;

/**
 * How often a screen showing outcomes (History) asks main for them again while it is open. A
 * callback shows at most this long, plus one read of the receiver, after it arrived: the target is
 * under a second at p99 (docs/benchmarks.md, "Callback receiver"), which an ask every 2 s could
 * never meet, since a callback that arrives just after an ask waits for the next one.
 */
export const OUTCOMES_ASK_EVERY_MS = 500;
/**
 * Main reads a profile's receiver at most this often, however many screens ask: half an ask, so
 * that each of History's asks reads anew, while asks that come together (History's and the
 * failed-invoices banner's) share one read.
 */
export const OUTCOMES_PULL_EVERY_MS = OUTCOMES_ASK_EVERY_MS / 2;

/** Whether outcomes can be read for the profile, and if not, why; the screen says it once. */
export const outcomeSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('receiver'), url: z.string() }),
  z.object({ kind: z.literal('no-receiver') }),
  z.object({ kind: z.literal('unreachable'), url: z.string(), problem: z.string() }),
]);
export type OutcomeSource = z.infer<typeof outcomeSource>;

/** A failed invoice the service reported and no one on this desktop marked seen yet. */
export const failedInvoice = z.object({
  invoiceId: z.string(),
  foreignId: z.string().nullable(),
  /** "Failed: User paid less than requested.", encoded as shared/api/outcome-words.ts decides it, worded by `wordOutcome`. */
  words: z.string(),
  leftToPay: z.string().nullable(),
  at: z.string(),
});
export type FailedInvoice = z.infer<typeof failedInvoice>;

export const outcomesChannels = {
  'outcomes.forEntries': {
    request: z.object({ ids: z.array(z.number().int().positive()).max(200) }).strict(),
    response: z.object({
      source: outcomeSource,
      outcomes: z.array(z.object({ entryId: z.number().int(), outcome: entryOutcome })),
    }),
  },
  /**
   * What the service's callbacks say these payment hashes belong to: an invoice (type `invoice`, its
   * id and foreign id) or a deposit address (type `address`, the address's id and foreign id).
   */
  'outcomes.forPayment': {
    request: z.object({ txids: z.array(z.string().min(1).max(200)).max(50) }).strict(),
    response: z.object({
      source: outcomeSource,
      owners: z.array(z.object({ type: z.string(), id: z.string(), foreignId: z.string().nullable() })),
    }),
  },
  /** The active profile's failed invoices not marked seen: the attention banner lists each once. */
  'outcomes.attention': { request: z.object({}).strict(), response: z.object({ failed: z.array(failedInvoice) }) },
  'outcomes.markSeen': {
    request: z.object({ invoiceId: z.string().min(1).max(100) }).strict(),
    response: z.object({ marked: z.boolean() }),
  },
} as const;
