import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import type { TransactionLookupRequest } from '../../../shared/api/transaction.ts';

/**
 * What can be done with a journal entry. Pure, so the rules are tested without a screen.
 */

const wholeNumber = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
};

/**
 * The transaction lookup that shows where an entry stands now (spec 4.1), or null. A lookup is
 * repeated by the transaction id it found (or by what it asked for, its hash included, if it found
 * nothing). An exchange order's id is a transaction id; without one (a lost answer) its foreign id
 * finds it, as it finds a withdrawal's. Neither an invoice's id nor a deposit address's is a
 * transaction id, and 4.1 looks up neither.
 */
export function lookupQueryOf(entry: JournalEntry): TransactionLookupRequest | null {
  if (entry.operation === 'invoices.create' || entry.operation === 'addresses.take') return null;
  const lookup = entry.operation === 'transactions.lookup';
  const id = wholeNumber(entry.serviceId) ?? (lookup ? wholeNumber(entry.request.id) : null);
  if (id !== null) return { id };
  const txid = entry.request.txid;
  if (lookup && typeof txid === 'string' && txid !== '') return { txid };
  return entry.foreignId ? { foreign_id: entry.foreignId } : null;
}

/**
 * Not while the outcome is open: if the first invoice was created after all, a copy with a new
 * foreign id would bill the customer twice. Once a person has recorded what happened, it is offered.
 */
export const canCreateLikeThis = (entry: JournalEntry): boolean =>
  entry.operation === 'invoices.create' && entry.state !== 'unknown' && entry.state !== 'pending';

/** A dispute report is made of what a successful lookup recorded (reports.disputePdf). */
export const canReportDispute = (entry: JournalEntry): boolean =>
  entry.operation === 'transactions.lookup' && entry.state === 'succeeded' && entry.response !== null;

/** What to do about an unknown outcome, in the order a person does it (docs/service-interface.md, "Lost responses"). */
export function unknownAdvice(entry: JournalEntry): string[] {
  const id = entry.foreignId ?? `journal entry ${entry.id}`;
  if (entry.operation === 'invoices.create') {
    return [
      `Look for an invoice with the foreign id ${id} in the service's back office.`,
      'If it is there, the invoice was created: record that it succeeded, with its invoice id in the note.',
      'If it is not there, record that it failed. To try again, create the invoice with the same foreign id: the service refuses a second invoice with a foreign id it already has, so no invoice is created twice.',
    ];
  }
  if (entry.operation === 'exchange.place') {
    return [
      `Look up the foreign id ${id} ("Look up now"), or look for it in the service's back office.`,
      'If the exchange is there, record that it succeeded, with its id in the note; if not, record that it failed.',
      'Do not place the exchange again before you know: nothing is documented to stop a second exchange.',
    ];
  }
  if (entry.operation === 'addresses.take') {
    return [
      `Look for a deposit address with the foreign id ${id} in the service's back office.`,
      'If it is there, the address was given: record that it succeeded, with the address in the note, and give the customer that address.',
      'If it is not there, record that it failed. To try again, take the address with the same foreign id: the service refuses a second one under a foreign id it already has.',
    ];
  }
  return ['A lookup changes nothing at the service: look the transaction up again, then record what you found.'];
}
