import type { IntlShape } from 'react-intl';
import type { TransactionEntry, TransactionLookupRequest } from '../../../shared/api/transaction.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { LookupBy } from './lookup-form-schema.ts';

/**
 * The three ways to look up (spec 4.1, and the hash of docs/service-interface.md "transactions/info
 * by txid") in the words of the form and of its answers.
 */

export type LookupByWords = {
  /** The radio button. */
  choice: MessageId;
  /** The field's label. */
  label: MessageId;
  hint: MessageId;
};

export const LOOKUP_BY_WORDS: Record<LookupBy, LookupByWords> = {
  id: { choice: 'transactions.by.id.choice', label: 'transactions.by.id.label', hint: 'transactions.by.id.hint' },
  foreign_id: { choice: 'transactions.by.foreignId.choice', label: 'transactions.by.foreignId.label', hint: 'transactions.by.foreignId.hint' },
  txid: { choice: 'transactions.by.txid.choice', label: 'transactions.by.txid.label', hint: 'transactions.by.txid.hint' },
};

/** What was looked up, for a sentence: "id 1042", "foreign id “w-1”", "hash “3950…”", in the window's language. */
export function describeLookup(intl: IntlShape, query: TransactionLookupRequest): string {
  if (query.id !== undefined) return intl.formatMessage({ id: 'transactions.describe.id' }, { id: query.id });
  if (query.txid !== undefined) return intl.formatMessage({ id: 'transactions.describe.txid' }, { txid: query.txid });
  return intl.formatMessage({ id: 'transactions.describe.foreignId' }, { foreignId: query.foreign_id ?? '' });
}

/**
 * The place in `entries` of the one whose txid is the hash looked up, or -1. Hex hashes are compared
 * without regard to case: a wallet may show them upper-cased, the service lower-cased.
 */
export function entryWithTxid(entries: readonly TransactionEntry[], txid: string): number {
  const asked = txid.toLowerCase();
  return entries.findIndex((entry) => entry.transaction_type !== 'exchange' && typeof entry.txid === 'string' && entry.txid.toLowerCase() === asked);
}
