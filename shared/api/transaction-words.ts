import { transactionStatus } from './transaction.ts';
import type { Transaction, TransactionStatus } from './transaction.ts';

/**
 * What the service's codes mean, in plain words for finance staff. Status meanings follow spec 3.1
 * and docs/service-interface.md ("States beyond the spec": confirmed and cancelled are final, pending means
 * the service is holding the transaction, declined does occur).
 */

export type StatusWords = { label: string; meaning: string; final: boolean; tone: 'ok' | 'wait' | 'bad' };

export const STATUS_WORDS: Record<TransactionStatus, StatusWords> = {
  not_confirmed: {
    label: 'Not confirmed',
    meaning: 'Still being processed or verified by the service. Not final yet.',
    final: false,
    tone: 'wait',
  },
  pending: {
    label: 'Pending',
    meaning: 'Held by the service, for example under withdrawal limits. Not final yet.',
    final: false,
    tone: 'wait',
  },
  confirmed: { label: 'Confirmed', meaning: 'Completed. This is final.', final: true, tone: 'ok' },
  declined: { label: 'Declined', meaning: 'Declined by the service. This is final.', final: true, tone: 'bad' },
  cancelled: {
    label: 'Cancelled',
    meaning: 'Failed with an error or was rejected by the service. This is final.',
    final: true,
    tone: 'bad',
  },
};

/** The words of a status the console knows, or null for one it does not (shown as received, flagged). */
export function statusWords(status: Transaction['status']): StatusWords | null {
  const read = transactionStatus.read(status);
  return read.known ? STATUS_WORDS[read.value] : null;
}

/** What an unrecognised status means to the console: nothing it can vouch for. */
export const UNRECOGNISED_STATUS_MEANING = 'Not a status this console knows, so it cannot say whether it is final: check it in the back office.';

/** Transaction types seen (spec 2.1); `withrawal_exchange` is the service's own spelling, kept as sent. */
const TYPE_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  withrawal_exchange: 'Withdrawal with exchange',
  exchange: 'Exchange',
};

/** A readable label for a type code, or null when the spec does not list it (shown as received). */
export function typeLabel(code: string): string | null {
  return Object.hasOwn(TYPE_LABELS, code) ? (TYPE_LABELS[code] ?? null) : null;
}

/**
 * Whether a code says more than its label: `deposit` under "Deposit" only repeats it, while
 * `withrawal_exchange` under "Withdrawal with exchange" is the spelling to search the back office by.
 */
export function codeAddsToLabel(code: string, label: string): boolean {
  return code.replace(/_/g, ' ').toLowerCase() !== label.toLowerCase();
}

/** Fee types documented (spec 2.1, and the withdrawal callbacks). */
const FEE_LABELS: Record<string, string> = {
  mining: 'Network (mining) fee',
  fee_crypto_deposit_wallet_client: 'Deposit wallet fee',
  deposit: 'Deposit fee',
  withdrawal: 'Withdrawal fee',
  exchange: 'Exchange fee',
};

export function feeLabel(code: string): string | null {
  return Object.hasOwn(FEE_LABELS, code) ? (FEE_LABELS[code] ?? null) : null;
}

/** transactions[] entries by transaction_type (spec 2.1.2). */
export const ENTRY_LABELS = {
  blockchain: 'On-chain transfer',
  internal: 'Internal transfer',
  exchange: 'Exchange',
} as const;

/** Transaction hashes are hex, 32 to 128 digits, sometimes with 0x (BTC, ETH, TRON, XRP). */
const HASH = /^(0x)?[0-9a-f]{32,128}$/i;

/**
 * Why a txid looks wrong, or null when it looks like a hash. `sentAsNumber`: main saw it arrive as a
 * JSON number (the lookup's numericTxids; docs/service-interface.md, "Types seen in the wild").
 */
export function txidProblem(txid: string, sentAsNumber: boolean): string | null {
  if (sentAsNumber) return 'arrived as a number, not as text: a transaction hash cannot be a number, so this looks wrong';
  if (!HASH.test(txid)) return 'does not look like a transaction hash';
  return null;
}
