import { outcomeWords } from '../../../shared/api/outcome-words.ts';
import { statusWords } from '../../../shared/api/transaction-words.ts';
import type { EntryOutcome, OutcomeStep } from '../../../shared/ipc/index.ts';
import { formatUtc } from '../../components/DateTime.tsx';
import type { JournalEntry, JournalOperation } from '../../../shared/ipc/journal.ts';

/**
 * What a row of History says became of an entry, in the clerk's words: the outcome the service
 * reported by callback where there is one, else what the journal knows (its state and the status the
 * service answered with). A lookup is a read, not a payment: one that found nothing says so in
 * neutral words, never as a red failure; what it asked and how the service answered (HTTP status,
 * time) are in the entry's detail.
 */

/** The row's first words: what the entry is, as a clerk names it. */
export const WHAT_WORDS: Record<JournalOperation, string> = {
  'invoices.create': 'Invoice',
  'exchange.place': 'Exchange',
  'addresses.take': 'Deposit address',
  'transactions.lookup': 'Lookup',
  'withdrawals.approve': 'Withdrawal',
};

/** ok: done; wait: on its way; bad: it did not happen; check: a person must look; neutral: a read, nothing to do. */
export type RowTone = 'ok' | 'wait' | 'bad' | 'check' | 'neutral';

/** `reported`: the words are the service's callback, not the journal's own record. */
export type RowOutcome = { words: string; tone: RowTone; reported: boolean };

/**
 * How a lookup of something the service does not have is answered (electron/sandbox/endpoints/
 * transactions-info.ts); the service's other 404, for two parameters at once, the console never sends.
 */
const NOT_FOUND = 404;

const NOT_DONE: Record<Exclude<JournalOperation, 'transactions.lookup'>, string> = {
  'invoices.create': 'Not created',
  'exchange.place': 'Not placed',
  'addresses.take': 'No address given',
  'withdrawals.approve': 'Not sent',
};

const MADE: Record<Exclude<JournalOperation, 'transactions.lookup' | 'addresses.take'>, string> = {
  'invoices.create': 'Created',
  'exchange.place': 'Placed',
  'withdrawals.approve': 'Sent',
};

type RowFacts = Pick<JournalEntry, 'operation' | 'state' | 'serviceStatus' | 'httpStatus'>;

function lookupWords(entry: RowFacts): RowOutcome {
  if (entry.state === 'succeeded') {
    const status = entry.serviceStatus === null ? null : (statusWords(entry.serviceStatus)?.label ?? `"${entry.serviceStatus}"`);
    return { words: status === null ? 'Found' : `Found: ${status}`, tone: 'neutral', reported: false };
  }
  if (entry.state === 'failed' && entry.httpStatus === NOT_FOUND) return { words: 'Nothing found', tone: 'neutral', reported: false };
  // A read that was refused or not answered moved nothing; why is in the detail.
  return { words: 'Could not look up: see the detail', tone: 'neutral', reported: false };
}

/** What the service answered when the payment was made (its status then), in the callback's own words. */
function madeWords(entry: RowFacts): RowOutcome {
  const { operation } = entry;
  if (operation === 'transactions.lookup') return lookupWords(entry);
  if (operation === 'addresses.take') return { words: 'Ready for deposits', tone: 'ok', reported: false };
  const type = operation === 'invoices.create' ? 'invoice' : operation === 'withdrawals.approve' ? 'withdrawal' : 'exchange';
  if (entry.serviceStatus === null) return { words: MADE[operation], tone: 'wait', reported: false };
  const said = outcomeWords(type, entry.serviceStatus, null);
  return { words: said.words, tone: said.tone === 'unknown' ? 'check' : said.tone, reported: false };
}

export function rowOutcome(entry: RowFacts, outcome?: EntryOutcome): RowOutcome {
  if (outcome !== undefined) {
    const { words, tone } = outcome.current;
    return { words, tone: tone === 'unknown' ? 'check' : tone, reported: true };
  }
  if (entry.operation === 'transactions.lookup') return lookupWords(entry);
  switch (entry.state) {
    case 'pending':
      return { words: 'Sending, no answer yet', tone: 'wait', reported: false };
    case 'unknown':
      return { words: 'Outcome unknown', tone: 'check', reported: false };
    case 'failed':
      return { words: NOT_DONE[entry.operation], tone: 'bad', reported: false };
    case 'succeeded':
      return madeWords(entry);
  }
}

/** Where a reported outcome came from, for its title: the service's callback, or main's own question to it. */
export const reportedTitle = (step: OutcomeStep): string =>
  step.origin === 'polled' ? `Checked with the service at ${checkedAt(step.at)}` : 'As the service reported it';

/** When a polled status was heard, in UTC; a time that cannot be read is shown as received. */
const checkedAt = (at: string): string => (Number.isNaN(Date.parse(at)) ? at : formatUtc(Date.parse(at)));
