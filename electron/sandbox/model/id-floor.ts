import { FIRST_IDS } from './persistence.ts';
import type { SandboxData } from './types.ts';

/**
 * Keeps the id counters above every id a state's text names, so that an id is never given twice:
 * not after a saved state whose counters lag behind its records (edited by hand), and not after a
 * damaged state the sandbox had to start afresh from (state-file.ts), whose invoices the app's
 * History still lists with their ids.
 *
 * It reads the text, not parsed JSON, because a damaged file (cut short, bytes overwritten) does
 * not parse, and most of its ids are still there to read. A number counts for the counter of its
 * key (`invoiceId`, `nextInvoiceId`, ...); a plain `id` (invoices, addresses, transactions) counts
 * for the kind whose range it falls in: each kind starts in a range of its own (initialData), far
 * apart enough that a sandbox never grows from one into the next. Escaped quotes are read too: the
 * preloaded examples keep their answer as JSON text inside the state.
 */

type Counter = keyof typeof FIRST_IDS;

const KEYS: Readonly<Record<string, Counter>> = {
  nextAddressId: 'nextAddressId',
  addressId: 'nextAddressId',
  nextEntryId: 'nextEntryId',
  entryId: 'nextEntryId',
  nextInvoiceId: 'nextInvoiceId',
  invoiceId: 'nextInvoiceId',
  nextTransactionId: 'nextTransactionId',
  transactionId: 'nextTransactionId',
  usedBy: 'nextTransactionId',
};

const NUMBER_UNDER_KEY = /\\?"(\w+)\\?"\s*:\s*(\d{1,15})\b/g;

export type IdsSeen = Partial<Record<Counter, number>>;

/** The kinds, the one whose ids start highest first. */
const BY_START = (Object.keys(FIRST_IDS) as Counter[]).sort((a, b) => FIRST_IDS[b] - FIRST_IDS[a]);

/**
 * The largest id of each kind that `text` names as given. A counter (`nextInvoiceId`) is the next
 * id to give, so it names the one before it as given: a whole state leaves its counters as they are.
 */
export function idsSeenIn(text: string): IdsSeen {
  const seen: IdsSeen = {};
  for (const [, key = '', digits = ''] of text.matchAll(NUMBER_UNDER_KEY)) {
    const value = Number(digits);
    const counter = key === 'id' ? BY_START.find((c) => value >= FIRST_IDS[c]) : KEYS[key];
    if (!counter) continue;
    const given = key.startsWith('next') ? value - 1 : value;
    seen[counter] = Math.max(seen[counter] ?? 0, given);
  }
  return seen;
}

/** Moves each counter past the largest id seen of its kind; never moves one back. */
export function raiseCounters(data: SandboxData, seen: IdsSeen): void {
  for (const [counter, largest] of Object.entries(seen) as Array<[Counter, number]>) {
    data[counter] = Math.max(data[counter], largest + 1);
  }
}
