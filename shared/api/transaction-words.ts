import type { MessageId } from '../i18n/catalogues.ts';
import { SOURCE_LANGUAGE } from '../i18n/languages.ts';
import { say } from '../i18n/words.ts';
import { transactionStatus } from './transaction.ts';
import type { Transaction, TransactionStatus } from './transaction.ts';

/**
 * What the service's codes mean, in plain words for finance staff. Status meanings follow spec 3.1
 * and docs/service-interface.md ("States beyond the spec": confirmed and cancelled are final, pending means
 * the service is holding the transaction, declined does occur).
 *
 * The words are the catalogues' (shared/i18n/messages, `words.*`): a converted screen formats the ids
 * (`*_IDS`, `...Id`) in the window's language; what is not converted yet (History, the dispute
 * report) reads the English below, taken from the same catalogue.
 */

const english = (id: MessageId): string => say(SOURCE_LANGUAGE, id);

type Tone = 'ok' | 'wait' | 'bad';
export type StatusIds = { label: MessageId; meaning: MessageId; final: boolean; tone: Tone };
export type StatusWords = { label: string; meaning: string; final: boolean; tone: Tone };

const statusIds = (status: TransactionStatus, final: boolean, tone: Tone): StatusIds => ({
  label: `words.status.${status}.label`,
  meaning: `words.status.${status}.meaning`,
  final,
  tone,
});

export const STATUS_IDS: Record<TransactionStatus, StatusIds> = {
  not_confirmed: statusIds('not_confirmed', false, 'wait'),
  pending: statusIds('pending', false, 'wait'),
  confirmed: statusIds('confirmed', true, 'ok'),
  declined: statusIds('declined', true, 'bad'),
  cancelled: statusIds('cancelled', true, 'bad'),
};

export const STATUS_WORDS = Object.fromEntries(
  Object.entries(STATUS_IDS).map(([status, ids]) => [status, { ...ids, label: english(ids.label), meaning: english(ids.meaning) }]),
) as Record<TransactionStatus, StatusWords>;

/** The ids of a status the console knows, or null for one it does not (shown as received, flagged). */
export function statusIdsOf(status: Transaction['status']): StatusIds | null {
  const read = transactionStatus.read(status);
  return read.known ? STATUS_IDS[read.value] : null;
}

/** The English words of a status the console knows, or null for one it does not (shown as received, flagged). */
export function statusWords(status: Transaction['status']): StatusWords | null {
  const read = transactionStatus.read(status);
  return read.known ? STATUS_WORDS[read.value] : null;
}

/** What an unrecognised status means to the console: nothing it can vouch for. */
export const UNRECOGNISED_STATUS_MEANING_ID: MessageId = 'words.status.unrecognised.meaning';
export const UNRECOGNISED_STATUS_MEANING = english(UNRECOGNISED_STATUS_MEANING_ID);

/** The id of a code's label in one of the service's lists, or null when the list does not hold it. */
const idIn = (ids: Readonly<Record<string, MessageId>>, code: string): MessageId | null => (Object.hasOwn(ids, code) ? (ids[code] ?? null) : null);

/** Transaction types seen (spec 2.1); `withrawal_exchange` is the service's own spelling, kept as sent. */
const TYPE_IDS: Record<string, MessageId> = {
  deposit: 'words.type.deposit',
  withdrawal: 'words.type.withdrawal',
  withrawal_exchange: 'words.type.withrawal_exchange',
  exchange: 'words.type.exchange',
};

export const typeLabelId = (code: string): MessageId | null => idIn(TYPE_IDS, code);

/** A readable (English) label for a type code, or null when the spec does not list it (shown as received). */
export function typeLabel(code: string): string | null {
  const id = typeLabelId(code);
  return id === null ? null : english(id);
}

/**
 * Whether a code says more than its label: `deposit` under "Deposit" only repeats it, while
 * `withrawal_exchange` under "Withdrawal with exchange" is the spelling to search the back office by.
 */
export function codeAddsToLabel(code: string, label: string): boolean {
  return code.replace(/_/g, ' ').toLowerCase() !== label.toLowerCase();
}

/** Fee types documented (spec 2.1, and the withdrawal callbacks). */
const FEE_IDS: Record<string, MessageId> = {
  mining: 'words.fee.mining',
  fee_crypto_deposit_wallet_client: 'words.fee.fee_crypto_deposit_wallet_client',
  deposit: 'words.fee.deposit',
  withdrawal: 'words.fee.withdrawal',
  exchange: 'words.fee.exchange',
};

export const feeLabelId = (code: string): MessageId | null => idIn(FEE_IDS, code);

export function feeLabel(code: string): string | null {
  const id = feeLabelId(code);
  return id === null ? null : english(id);
}

/** transactions[] entries by transaction_type (spec 2.1.2). */
export const ENTRY_LABEL_IDS = {
  blockchain: 'words.entry.blockchain',
  internal: 'words.entry.internal',
  exchange: 'words.entry.exchange',
} as const satisfies Record<string, MessageId>;

export const ENTRY_LABELS = {
  blockchain: english(ENTRY_LABEL_IDS.blockchain),
  internal: english(ENTRY_LABEL_IDS.internal),
  exchange: english(ENTRY_LABEL_IDS.exchange),
} as const;

/** Transaction hashes are hex, 32 to 128 digits, sometimes with 0x (BTC, ETH, TRON, XRP). */
const HASH = /^(0x)?[0-9a-f]{32,128}$/i;

/**
 * Why a txid looks wrong, or null when it looks like a hash. `sentAsNumber`: main saw it arrive as a
 * JSON number (the lookup's numericTxids; docs/service-interface.md, "Types seen in the wild").
 */
export function txidProblemId(txid: string, sentAsNumber: boolean): MessageId | null {
  if (sentAsNumber) return 'words.txid.sentAsNumber';
  if (!HASH.test(txid)) return 'words.txid.notAHash';
  return null;
}

/** The same, in English. */
export function txidProblem(txid: string, sentAsNumber: boolean): string | null {
  const id = txidProblemId(txid, sentAsNumber);
  return id === null ? null : english(id);
}
