import type { TransactionEntry, TransactionLookupRequest } from '../../../shared/api/transaction.ts';
import type { LookupBy } from './lookup-form-schema.ts';

/**
 * The three ways to look up (spec 4.1, and the hash of docs/service-interface.md "transactions/info
 * by txid") in the words of the form and of its answers.
 */

export type LookupByWords = {
  /** The radio button. */
  choice: string;
  /** The field's label. */
  label: string;
  hint: string;
};

export const LOOKUP_BY_WORDS: Record<LookupBy, LookupByWords> = {
  id: { choice: 'Transaction id', label: 'Id', hint: 'The service’s transaction id: a whole number, 1 or more.' },
  foreign_id: { choice: 'Foreign id (withdrawals and exchanges)', label: 'Foreign id', hint: 'Up to 255 characters, as you sent it.' },
  txid: {
    choice: 'Transaction hash (txid)',
    label: 'Transaction hash',
    hint: 'The hash from the customer’s wallet or a block explorer, pasted as it is: one word, up to 255 characters. A hash of 64 hex digits is looked up in lower case, as the service writes it.',
  },
};

/** What was looked up, for a sentence: "id 1042", "foreign id “w-1”", "hash “3950…”". */
export function describeLookup(query: TransactionLookupRequest): string {
  if (query.id !== undefined) return `id ${query.id}`;
  if (query.txid !== undefined) return `hash “${query.txid}”`;
  return `foreign id “${query.foreign_id ?? ''}”`;
}

/**
 * The place in `entries` of the one whose txid is the hash looked up, or -1. Hex hashes are compared
 * without regard to case: a wallet may show them upper-cased, the service lower-cased.
 */
export function entryWithTxid(entries: readonly TransactionEntry[], txid: string): number {
  const asked = txid.toLowerCase();
  return entries.findIndex((entry) => entry.transaction_type !== 'exchange' && typeof entry.txid === 'string' && entry.txid.toLowerCase() === asked);
}
