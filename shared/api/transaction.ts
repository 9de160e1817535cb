import { z } from 'zod';
import { ruleMessage } from '../i18n/rule-message.ts';
import { heldNumber } from '../money/json.ts';
import type { NumberKeys } from '../money/json.ts';
import { foreignIdInput, isKnown, openEnum, readableList, readList, unreadableElement, wireAmount, wireInteger, wireText } from './wire.ts';

/** Transaction lookup (spec 2.1, 3.1, 4.1). */

export const TRANSACTION_STATUSES = ['cancelled', 'confirmed', 'declined', 'not_confirmed', 'pending'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** Open: statuses beyond the spec's five have been seen (`Canceled` before a fix, for one). */
export const transactionStatus = openEnum(TRANSACTION_STATUSES);

/** Values seen (spec 2.1). `withrawal_exchange` is the service's own spelling: keep it as sent. */
export const KNOWN_TRANSACTION_TYPES = ['withdrawal', 'withrawal_exchange', 'exchange', 'deposit'] as const;
/** Open: newer services add types (`withdrawal_instant`, `payment_request`) without notice. */
export const transactionType = openEnum(KNOWN_TRANSACTION_TYPES);

/** Fee types documented: spec 2.1 for deposits, the withdrawal callbacks for the others. */
export const KNOWN_FEE_TYPES = ['mining', 'fee_crypto_deposit_wallet_client', 'deposit', 'withdrawal', 'exchange'] as const;
/** Open: fee types beyond these have been charged (`fee_crypto_sell_for_fiat`, for one). */
export const feeType = openEnum(KNOWN_FEE_TYPES);

/** The kinds of transactions[] entry the spec describes (2.1.2); the service may add others. */
export const ENTRY_KINDS = ['blockchain', 'internal', 'exchange'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

const optionalText = wireText.nullable().optional();

export const cryptoAddress = z.looseObject({
  id: wireInteger.optional(),
  currency: z.string().optional(),
  address: z.string(),
  foreign_id: optionalText,
  tag: optionalText,
});

export const currencyAmount = z.looseObject({
  currency: z.string(),
  amount: wireAmount,
  amount_minus_fee: wireAmount.optional(),
});

export const fee = z.looseObject({ type: feeType, currency: z.string(), amount: wireAmount });

/**
 * A transaction hash. One published example carries `7.85e+76`, a number where a hash belonged
 * (docs/service-interface.md, "Types seen in the wild"): keep what arrived, as text, so the screen
 * can show it and say it looks wrong.
 */
const txid = wireText.nullable().optional();

const entryBase = {
  id: wireInteger,
  currency: z.string(),
  type: transactionType.optional(),
  amount: wireAmount,
};
const onChainFields = {
  address: z.string().nullable().optional(),
  tag: optionalText,
  txid,
  confirmations: wireInteger.nullable().optional(),
};

/** transactions[] entries of a known kind: `transaction_type` decides which fields are present (spec 2.1.2). */
const knownEntry = z.discriminatedUnion('transaction_type', [
  z.looseObject({
    ...entryBase,
    ...onChainFields,
    transaction_type: z.literal('blockchain'),
    riskscore: wireAmount.nullable().optional(),
  }),
  z.looseObject({ ...entryBase, ...onChainFields, transaction_type: z.literal('internal') }),
  z.looseObject({
    ...entryBase,
    transaction_type: z.literal('exchange'),
    currency_to: z.string(),
    amount_to: wireAmount,
  }),
]);
export type KnownTransactionEntry = z.infer<typeof knownEntry>;

/**
 * An entry of a kind the spec does not describe: read by the fields every entry has, and the
 * on-chain ones where it carries them, so its amount and hash still show; its kind is kept as
 * received, to be flagged.
 */
const unrecognisedEntry = z.looseObject({ ...entryBase, ...onChainFields, transaction_type: z.string() });
export type UnrecognisedTransactionEntry = z.infer<typeof unrecognisedEntry>;

export type TransactionEntry = KnownTransactionEntry | UnrecognisedTransactionEntry;

/** True when the entry is of a kind the spec describes, so its kind's own fields were read. */
export function isKnownEntry(entry: TransactionEntry): entry is KnownTransactionEntry {
  return isKnown(ENTRY_KINDS, entry.transaction_type);
}

const hasKnownKind = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'transaction_type' in value && typeof value.transaction_type === 'string' && isKnown(ENTRY_KINDS, value.transaction_type);

/**
 * transactions[] entries: one of a known kind is read by its kind's fields, one of any other kind
 * by the fields every entry has. Chosen before reading, so the problem of an entry that cannot be
 * read is its own field's (`amount`), not a list of every kind it failed to be.
 */
export const transactionEntry: z.ZodType<TransactionEntry> = z.unknown().transform((value, ctx): TransactionEntry => {
  const read = (hasKnownKind(value) ? knownEntry : unrecognisedEntry).safeParse(value);
  if (read.success) return read.data;
  // Passed on whole, so the list reports the field and its problem as the element's own schema did.
  for (const issue of read.error.issues) ctx.addIssue({ ...issue, path: [...issue.path] } as z.core.$ZodRawIssue);
  return z.NEVER;
});

const transactionFields = {
  id: wireInteger.refine((id) => id >= 1, { message: ruleMessage('rules.wire.oneOrMore') }),
  foreign_id: optionalText,
  end_user_reference: optionalText,
  // `type` has been seen missing (docs/service-interface.md, "Types seen in the wild"); the spec
  // lists it as required. Tolerate its absence.
  type: transactionType.optional(),
  crypto_address: cryptoAddress.nullable().optional(),
  currency_sent: currencyAmount.nullable().optional(),
  currency_received: currencyAmount.nullable().optional(),
  // Null or "" when there is no error (spec section 7).
  error: z.string().nullable().optional(),
  status: transactionStatus,
  additional_details: z.record(z.string(), z.unknown()).nullable().optional(),
};

/** A transaction whose every entry and fee was read: what crosses IPC and what the screens show. */
export const transaction = z.looseObject({
  ...transactionFields,
  transactions: z.array(transactionEntry),
  fees: z.array(fee),
});
export type Transaction = z.infer<typeof transaction>;

/** The hashes the transaction's entries carry as text (a payment's txids), in entry order. */
export function transactionTxids(tx: Transaction): string[] {
  return tx.transactions.flatMap((entry) => ('txid' in entry && typeof entry.txid === 'string' && entry.txid !== '' ? [entry.txid] : []));
}

/** The entries and fees set aside because they could not be read, by list. */
export const unreadableParts = z.object({ transactions: z.array(unreadableElement), fees: z.array(unreadableElement) });
export type UnreadableParts = z.infer<typeof unreadableParts>;

/** The answer with its entries still as received: readTransactionAnswer reads them, beside their numbers. */
export const receivedTransactionAnswer = z.looseObject({ ...transactionFields, transactions: z.array(z.unknown()), fees: readableList(fee) });

/**
 * The answer of transactions/info as received (receivedTransactionAnswer), read: the entries and
 * fees one by one, so one that cannot be read is set aside and the transaction still shows with
 * the others. A function after the schema rather than a transform in it, so that no lookup builds
 * a schema of its own.
 *
 * `numericTxids`: the places in `transaction.transactions` of the entries whose txid arrived as a
 * JSON number (docs/service-interface.md, "Types seen in the wild"). The txid is kept as text like
 * any other, and the text of a large number no longer says it was one; `numbers`, filled in by the
 * one parse of the answer (parseJsonNotingNumbers), does. Without it, none is flagged.
 */
export function readTransactionAnswer({ transactions: received, fees, ...rest }: z.output<typeof receivedTransactionAnswer>, numbers: NumberKeys = new WeakMap()) {
  const entries = readList(transactionEntry, received);
  const setAside = new Set(entries.unreadable.map((element) => element.index));
  const kept = received.filter((_, index) => !setAside.has(index));
  return {
    transaction: { ...rest, transactions: entries.items, fees: fees.items } satisfies Transaction,
    unreadable: { transactions: entries.unreadable, fees: fees.unreadable } satisfies UnreadableParts,
    numericTxids: kept.flatMap((entry, shown) => (heldNumber(numbers, entry, 'txid') ? [shown] : [])),
  };
}

/** The same as one schema, for `numbers` filled in by a parse of its own. */
export function transactionAnswerOf(numbers: NumberKeys = new WeakMap()) {
  return receivedTransactionAnswer.transform((received) => readTransactionAnswer(received, numbers));
}

/** A recorded answer read again (the dispute report), where which txid was a number does not matter. */
export const transactionAnswer = transactionAnswerOf();

/** A hash of 64 hex digits (Bitcoin, Tron and the like), with `0x` on Ethereum-style chains. */
const HEX_HASH = /^(0x)?[0-9a-f]{64}$/i;

/**
 * A blockchain transaction hash as a customer copies it from a wallet or an explorer: one word of
 * plain characters (hex, base58, `0x…`), at most 255 like the service's other references.
 *
 * A 64-hex hash is sent in lower case. Hex digits name the same hash in either case, some wallets
 * show them upper-cased, and the service writes hashes in lower case and matches the text it is
 * given (neither the spec nor the field notes say it ignores case). Other shapes (base58) are
 * case-sensitive and go as typed.
 */
export const txidInput = z
  .string()
  .trim()
  .min(1, ruleMessage('rules.lookup.hash'))
  .max(255, ruleMessage('rules.lookup.hashMax'))
  .regex(/^[\x21-\x7e]+$/, ruleMessage('rules.lookup.hashWord'))
  .transform((txid) => (HEX_HASH.test(txid) ? txid.toLowerCase() : txid));

/**
 * Exactly one of `id` or `foreign_id` (spec 4.1), or `txid`, the blockchain hash, which newer
 * documentation accepts as the single parameter (docs/service-interface.md, "transactions/info by
 * txid"). `foreign_id` finds withdrawals and exchanges (what the merchant placed with one), never
 * deposits: spec 4.1 says withdrawals only, and the service answers exchanges by it as well.
 */
export const transactionLookupRequest = z
  .object({
    id: z.number().int(ruleMessage('rules.lookup.idWhole')).min(1, ruleMessage('rules.lookup.idMin')).max(2_147_483_647, ruleMessage('rules.lookup.idMax')).optional(),
    foreign_id: foreignIdInput.optional(),
    txid: txidInput.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const given = (['id', 'foreign_id', 'txid'] as const).filter((key) => value[key] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [given[1] ?? 'id'],
        message: ruleMessage('rules.lookup.exactlyOne'),
      });
    }
  });
export type TransactionLookupRequest = z.infer<typeof transactionLookupRequest>;
