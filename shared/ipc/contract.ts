import { z } from 'zod';
import {
  addressTakeRequest,
  balance,
  depositAddress,
  exchangeOrder,
  foreignIdInput,
  invoice,
  invoiceCreateRequest,
  pair,
  pairsRequest,
  quote,
  quoteRequest,
  transaction,
  transactionLookupRequest,
  unreadableElement,
  unreadableParts,
} from '../api/index.ts';
import type { ChannelName } from './channels.ts';
import { appError } from './errors.ts';
import { journalEntry, journalPage, journalQuery, unreadableEntry } from './journal.ts';
import { identitySetRequest, identityView } from './identity.ts';
import { connectionTest, profileList, profileSaveRequest, profileView, teamJournalTest, teamJournalTestRequest } from './profile.ts';

/**
 * The one declaration of every IPC channel. Main's router validates each request and each answer
 * against it, the preload allows only its channel names, and the renderer's bridge takes its types
 * from it. Add a channel here first; the type checker then asks for a handler.
 */

const empty = z.object({}).strict();
const profileId = z.object({ id: z.string().min(1) }).strict();
const entryId = z.object({ id: z.number().int().min(1) }).strict();
/** Where a file went: null when the person cancelled the save dialog. */
const savedFile = z.object({ path: z.string().nullable() });
/** The journal entry written for a call (a submission is written pending first, then settled). */
const journalId = z.number().int();

/** The rate budget of exchange/calculate, as the screens need it (times are epoch milliseconds). */
export const quoteBudget = z.object({
  limit: z.number().int(),
  remaining: z.number().int(),
  nextAllowedAt: z.number().nullable(),
});
export type QuoteBudget = z.infer<typeof quoteBudget>;

/**
 * The pairs as main last had them (issue 12). `unreadable`: pairs of that answer set aside because
 * they could not be read. `staleBecause`: set when the latest fetch failed and this is the last good
 * list, from `fetchedAt`; the forms keep working from it instead of failing with it.
 */
export const pairList = z.object({
  pairs: z.array(pair),
  unreadable: z.array(unreadableElement),
  fetchedAt: z.string(),
  staleBecause: appError.nullable(),
});
export type PairList = z.infer<typeof pairList>;

/**
 * Whether main lets the screen draw an invoice's payment URL as a QR code and open it: only on the
 * service's own domain (electron/invoices/payment-pages.ts); `reason` says why not.
 */
export const paymentPageVerdict = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true) }),
  z.object({ allowed: z.literal(false), reason: z.string() }),
]);
export type PaymentPageVerdict = z.infer<typeof paymentPageVerdict>;

/**
 * The merchant's balances (issue 14), as fetched at `fetchedAt`: every currency, zeros included,
 * each an exact decimal. `unreadable`: balances of that answer set aside because they could not be
 * read (issue 12). Nothing is cached: each ask goes to the service.
 */
export const balanceList = z.object({
  balances: z.array(balance),
  unreadable: z.array(unreadableElement),
  fetchedAt: z.string(),
});
export type BalanceList = z.infer<typeof balanceList>;

export const contract = {
  'app.info': {
    request: empty,
    response: z.object({ version: z.string(), dataDir: z.string() }),
  },
  'profiles.list': { request: empty, response: profileList },
  'profiles.save': { request: profileSaveRequest, response: profileView },
  'profiles.remove': { request: profileId, response: profileList },
  'profiles.select': { request: profileId, response: profileList },
  'profiles.test': { request: profileId, response: connectionTest },
  /**
   * "Test connection" of a team journal (issue 15) on the form's values, before they are saved: the
   * server's version and the journal's schema version, or what failed and what to check.
   */
  'profiles.testTeamJournal': { request: teamJournalTestRequest, response: teamJournalTest },
  /**
   * Joining a team journal (issue 15): this desktop's history of the profile, copied into it once.
   * `conflicts`: entries left here because the team journal holds their foreign id for another
   * entry; `message` says so in words.
   */
  'profiles.uploadHistory': {
    request: profileId,
    response: z.object({ moved: z.number().int(), alreadyThere: z.number().int(), conflicts: z.number().int(), message: z.string() }),
  },
  /** Who this desktop's journal entries name (issue 15): the display name (null until set) and the computer. */
  'identity.get': { request: empty, response: identityView },
  /** Sets the display name, once: another name after it is refused (invalid_request), so the record stays true. */
  'identity.set': { request: identitySetRequest, response: identityView },

  'transactions.lookup': {
    request: transactionLookupRequest,
    response: z.object({
      transaction,
      unreadable: unreadableParts,
      /** Places in transaction.transactions of the entries whose txid arrived as a JSON number (transactionAnswerOf). */
      numericTxids: z.array(z.number().int().min(0)),
      raw: z.string(),
      lookedUpAt: z.string(),
      /**
       * The lookup's journal entry; null while it is kept on this computer because the profile's
       * team journal could not take it (issue 15): it gets its id there when it is uploaded.
       */
      journalId: journalId.nullable(),
    }),
  },
  /** Balances of the active profile (docs/service-interface.md, "accounts/list"). */
  'accounts.list': { request: empty, response: balanceList },
  /**
   * A deposit address for one customer (docs/service-interface.md, "addresses/take"), journaled as
   * addresses.take before it leaves, like an invoice; `tag`, when set, must be shown with the address.
   */
  'addresses.take': { request: addressTakeRequest, response: z.object({ address: depositAddress, journalId }) },
  'pairs.list': {
    request: pairsRequest.extend({ refresh: z.boolean().optional() }).strict(),
    response: pairList,
  },
  /**
   * A live quote, held by main under `quoteId` (opaque, made by main) until `releaseAt` (epoch
   * milliseconds on main's clock, which is this computer's): the one moment the screens count down to.
   */
  'quotes.calculate': {
    request: quoteRequest,
    response: z.object({ quote, quoteId: z.string(), releaseAt: z.number(), receivedAt: z.number(), budget: quoteBudget }),
  },
  'quotes.budget': { request: empty, response: quoteBudget },
  /**
   * Places exactly the quote main holds under `quoteId`, with the merchant's `foreignId`: the
   * renderer names the quote, it never restates its price or amounts. A used, released or unknown
   * quote is refused as quote_unavailable.
   */
  'exchange.place': {
    request: z.object({ quoteId: z.string().min(1).max(100), foreignId: foreignIdInput }).strict(),
    response: z.object({ order: exchangeOrder, journalId }),
  },
  'invoices.create': { request: invoiceCreateRequest, response: z.object({ invoice, journalId, paymentPage: paymentPageVerdict }) },
  /** Opens a payment URL in the system browser, only one that invoices.create returned and accepted in this run. */
  'shell.openPaymentPage': {
    request: z.object({ url: z.string().min(1).max(2048) }).strict(),
    response: z.object({ opened: z.boolean() }),
  },

  /** The console's own record (the service cannot list invoices or exchanges): the active profile's only. */
  /** A page of entries, without their request and answer (journal.get reads those); `unreadable`: its rows that could not be read. */
  'journal.search': { request: journalQuery, response: journalPage },
  'journal.get': { request: entryId, response: z.object({ entry: journalEntry }) },
  /** The display names that made the active profile's entries (issue 15), sorted: History's filter by person. */
  'journal.people': { request: empty, response: z.object({ people: z.array(z.string()) }) },
  /** Entries whose outcome is unknown: shown on start until a person resolves them. */
  'journal.attention': { request: empty, response: journalPage },
  /** A person checked the back office and records what became of an unknown submission. */
  'journal.resolve': {
    request: entryId.extend({
      state: z.enum(['succeeded', 'failed']),
      note: z.string().trim().min(1, 'Say what you found').max(500, 'At most 500 characters'),
    }),
    response: z.object({ entry: journalEntry }),
  },
  /** `unreadable`: rows of the search that could not be read, so not written (none when the save was cancelled). */
  'journal.exportCsv': { request: journalQuery, response: savedFile.extend({ rows: z.number().int(), unreadable: z.array(unreadableEntry) }) },
  /** A dispute report (PDF) of a transaction lookup recorded in the journal. */
  'reports.disputePdf': { request: entryId, response: savedFile },
  // Record<ChannelName, …>: a channel missing from channels.ts, or listed there and missing here,
  // is a type error naming it (the preload knows channels only through that list).
} as const satisfies Record<ChannelName, { request: z.ZodType; response: z.ZodType }>;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>;
export type ParsedRequestOf<C extends Channel> = z.output<Contract[C]['request']>;
export type ResponseOf<C extends Channel> = z.output<Contract[C]['response']>;

export const CHANNELS = Object.keys(contract) as Channel[];

// Defined beside the bare channel list, so that the preload can use them without this file.
export { BRIDGE_GLOBAL, isChannel, unknownChannel } from './channels.ts';
