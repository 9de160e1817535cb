import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
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

/** The steps for each operation, in the order a person does them; a lookup's one step stands for any other. */
const ADVICE: Record<'invoices.create' | 'exchange.place' | 'addresses.take' | 'other', readonly MessageId[]> = {
  'invoices.create': ['history.advice.invoice.look', 'history.advice.invoice.there', 'history.advice.invoice.notThere'],
  'exchange.place': ['history.advice.exchange.look', 'history.advice.exchange.record', 'history.advice.exchange.wait'],
  'addresses.take': ['history.advice.address.look', 'history.advice.address.there', 'history.advice.address.notThere'],
  other: ['history.advice.lookup'],
};

/** What to do about an unknown outcome, in the order a person does it (docs/service-interface.md, "Lost responses"). */
export function unknownAdvice(intl: IntlShape, entry: JournalEntry): string[] {
  const id = entry.foreignId ?? intl.formatMessage({ id: 'history.attention.entryName' }, { id: String(entry.id) });
  const { operation } = entry;
  const steps = operation === 'invoices.create' || operation === 'exchange.place' || operation === 'addresses.take' ? ADVICE[operation] : ADVICE.other;
  return steps.map((step) => intl.formatMessage({ id: step }, { id }));
}
