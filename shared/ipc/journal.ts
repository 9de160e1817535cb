import { z } from 'zod';
import { ruleMessage } from '../i18n/rule-message.ts';
import { readWording } from '../i18n/wording-data.ts';
import type { Wording } from '../i18n/words.ts';
import type { ChannelName } from './channels.ts';
import { displayNameInput } from './identity.ts';

/**
 * The console's own record of what it did (the service cannot list invoices or exchanges).
 * It holds no secrets and no sender personal data: only what finds an operation again.
 */

/**
 * What the journal records, each under the name of the IPC channel that does it: one name
 * from the channel to the journal, its CSV and its search. The `satisfies` here and
 * electron/platform/journal/journal-operations.test.ts fail on an operation that is not a channel. Rows
 * written under the earlier singular names are renamed by a migration (electron/platform/journal/database.ts).
 */
export const JOURNAL_OPERATIONS = ['invoices.create', 'exchange.place', 'transactions.lookup', 'addresses.take', 'withdrawals.approve'] as const satisfies readonly ChannelName[];
export type JournalOperation = (typeof JOURNAL_OPERATIONS)[number];

/**
 * History's first filter, the kind of record. Payments: what moves money, the clerk's record
 * (invoices, exchanges, deposit addresses; withdrawals join them when the console makes them).
 * Lookups: reads of the service, kept for disputes. A query without a kind has every entry. Which
 * operations are reads is the journal's index condition too (electron/platform/journal/schema).
 */
export const JOURNAL_KINDS = ['payments', 'lookups'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** The operations that only read the service; every other operation is a payment. */
export const LOOKUP_OPERATIONS = ['transactions.lookup'] as const satisfies readonly JournalOperation[];

export const kindOf = (operation: JournalOperation): JournalKind => ((LOOKUP_OPERATIONS as readonly JournalOperation[]).includes(operation) ? 'lookups' : 'payments');

/**
 * How much of an answer's raw text the console keeps in the journal and hands to the renderer. A
 * real answer is a few kilobytes (spec 4.1 to 4.5); the client already refuses anything over each
 * endpoint's cap (platform/api), but even an answer under that cap is padding beyond this, and every
 * copy of it costs the main thread: over IPC, in SQLite, in the history list, in the PDF.
 * A cut text says so at its end, in words a person reads in the history or the raw JSON view.
 */
export const KEPT_ANSWER_CHARS = 64 * 1024;

/** pending: written before the request left; unknown: it may have reached the service, no answer came. */
export const JOURNAL_STATES = ['pending', 'succeeded', 'failed', 'unknown'] as const;
export type JournalState = (typeof JOURNAL_STATES)[number];

export const journalEntry = z.object({
  id: z.number().int(),
  profileId: z.string(),
  profileName: z.string(),
  /**
   * The origin (scheme://host[:port]) the call went to, whose answer this entry keeps; null for
   * entries written before the console recorded it.
   */
  origin: z.string().nullable(),
  operation: z.enum(JOURNAL_OPERATIONS),
  state: z.enum(JOURNAL_STATES),
  foreignId: z.string().nullable(),
  /** The service's id of the invoice, order or transaction, as text. */
  serviceId: z.string().nullable(),
  /** The status the service reported (created, processing, confirmed, not_confirmed, ...). */
  serviceStatus: z.string().nullable(),
  title: z.string().nullable(),
  endUserReference: z.string().nullable(),
  currency: z.string().nullable(),
  /** Exact decimal text, as sent or as seen. */
  amount: z.string().nullable(),
  /** The request as sent, less personal data (no sender_data, no e-mail addresses). */
  request: z.record(z.string(), z.unknown()),
  /**
   * A lookup: the txids of every entry its answer held, and the hash it was asked for,
   * so that a search by hash finds it again; empty for other operations.
   */
  txids: z.array(z.string()),
  /** An addresses.take: the deposit address the service gave; null otherwise. */
  address: z.string().nullable(),
  /** The service's answer body as text, when there was one. */
  response: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  /**
   * Submissions: when the request's bytes were handed to the network, written just before they were
   * (null: they never were; shared/submission/outcome.ts). Entries older than this mark carry their
   * creation time, since nothing proves they never left. Lookups: null.
   */
  sentAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** Plain-words message for failed and unknown outcomes, in English as recorded (CSV, logs, older desktops read it). */
  message: z.string().nullable(),
  /**
   * The message's words as data (a catalogue id and its values), when main made it from the
   * catalogues and it still says `message` (electron/platform/journal/entry-row.ts): the detail words
   * it in the window's language. Absent or null: the service's own words, an older entry, or words
   * that could not be read; `message` is shown as recorded.
   */
  messageWording: z.custom<Wording>((value) => readWording(value) !== null).nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Who made the entry: the person's display name, set once, and the computer's name.
   * Null for entries written before the console recorded them, or before a name was set.
   */
  madeBy: z.string().nullable(),
  madeOn: z.string().nullable(),
  /** Who recorded by hand what became of an unknown outcome, on which computer, and when. */
  resolvedBy: z.string().nullable(),
  resolvedOn: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /**
   * A team journal's entries: the database login that wrote the entry, and the one that resolved
   * it, stamped by the database's own triggers from the connection, never by the desktop (docs/security.md).
   * Null on this desktop's own journal, where there is only one person.
   */
  madeLogin: z.string().nullable(),
  resolvedLogin: z.string().nullable(),
  /**
   * How much of `request` and `response` the entry carries. A list (search, attention) never reads
   * them: a team journal's row is written by others and may hold megabytes, which every poll would
   * copy; its entries carry `{}` and null, 'none', and a screen reads the entry (journal.get) for them.
   * 'whole': as the journal holds them. 'cut': the journal holds more than an entry carries
   * (DETAIL_CHARS, electron/platform/journal/journal.ts); a cut request is not read, and shows as `{}`.
   */
  detail: z.enum(['none', 'whole', 'cut']),
});
export type JournalEntry = z.infer<typeof journalEntry>;

/**
 * A journal row that could not be read as an entry (a team journal's rows are written by others, and
 * a member's login may write anything its grants allow): set aside, so that the others still list.
 * Its id and what is wrong with it, so that an administrator can look at it; never its values.
 */
export const unreadableEntry = z.object({
  /** The row's id as the database holds it ("" when even that could not be read). */
  id: z.string().max(40),
  /** The column that could not be read, such as `request` or `state`. */
  field: z.string().max(100),
  /** What is wrong with it, in plain words. */
  problem: z.string().max(200),
});
export type UnreadableEntry = z.infer<typeof unreadableEntry>;

/** A list of entries (a page of a search, the attention list), and the rows of it that were set aside. */
export const journalPage = z.object({ entries: z.array(journalEntry), unreadable: z.array(unreadableEntry) });
export type JournalPage = z.infer<typeof journalPage>;

/**
 * A search bound the journal can compare: a YYYY-MM-DD day or a timestamp Date.parse reads (the
 * screens send ISO 8601); empty means none. Checked here, at the boundary, so that a bad one is the
 * renderer's invalid_request with a field message instead of a failure inside the journal.
 */
export function isDateBound(text: string): boolean {
  return text === '' || /^\d{4}-\d{2}-\d{2}$/.test(text) || !Number.isNaN(Date.parse(text));
}

const dateBound = z.string().refine(isDateBound, { message: ruleMessage('rules.journal.dateBound') });

export const journalQuery = z
  .object({
    /** Matches foreign_id, the service's id, title, end_user_reference, a lookup's txids and a deposit address. */
    text: z.string().trim().max(255).optional(),
    /** Payments or lookups (JOURNAL_KINDS); left out: every entry. */
    kind: z.enum(JOURNAL_KINDS).optional(),
    operation: z.enum(JOURNAL_OPERATIONS).optional(),
    state: z.enum(JOURNAL_STATES).optional(),
    serviceStatus: z.string().trim().max(50).optional(),
    /**
     * History's filter by person: a display name, exactly as entries record it. The name's own rule,
     * so that every name a person can set can be searched for (100 characters, not UTF-16 units).
     */
    madeBy: displayNameInput.optional(),
    /** Inclusive bounds, ISO 8601 timestamps or YYYY-MM-DD dates, compared in UTC. */
    from: dateBound.optional(),
    to: dateBound.optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).optional(),
  })
  .strict();
export type JournalQuery = z.infer<typeof journalQuery>;
