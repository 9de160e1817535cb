import type { Transaction, UnreadableParts } from '../../shared/api/index.ts';
import { parseJsonLossless } from '../../shared/money/index.ts';

/** An entry's txid as text, when it has one: a hash, or a number where a hash belonged ("Types seen in the wild"). */
function txidOf(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null || !Object.hasOwn(entry, 'txid')) return null;
  const txid = (entry as { txid: unknown }).txid;
  return (typeof txid === 'string' && txid !== '') || typeof txid === 'number' ? String(txid) : null;
}

/**
 * Every txid a lookup's answer held, for the journal, so that History finds the lookup
 * by any of them: those of the entries read, and those of the entries set aside, which a customer's
 * hash may name just as well. The answer is read again only when an entry was set aside (rare), to
 * find the txid beside the field that could not be read.
 */
export function seenTxids(lookup: { transaction: Transaction; unreadable: UnreadableParts; raw: string }): string[] {
  const read = lookup.transaction.transactions.flatMap((entry) => txidOf(entry) ?? []);
  if (lookup.unreadable.transactions.length === 0) return read;
  let received: unknown;
  try {
    received = (parseJsonLossless(lookup.raw) as { transactions?: unknown }).transactions;
  } catch {
    return read;
  }
  const entries = Array.isArray(received) ? received : [];
  const setAside = lookup.unreadable.transactions.flatMap(({ index }) => txidOf(entries[index]) ?? []);
  return [...read, ...setAside];
}
