import type { IntlShape } from 'react-intl';
import { outcomeWords, wordOutcome } from '../../../shared/api/outcome-words.ts';
import { statusWords } from '../../../shared/api/transaction-words.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { EntryOutcome, OutcomeStep } from '../../../shared/ipc/index.ts';
import type { JournalEntry, JournalOperation } from '../../../shared/ipc/journal.ts';
import { timeWords } from './EntryTime.tsx';

/**
 * What a row of History says became of an entry, in the clerk's words: the outcome the service
 * reported by callback where there is one, else what the journal knows (its state and the status the
 * service answered with). A lookup is a read, not a payment: one that found nothing says so in
 * neutral words, never as a red failure; what it asked and how the service answered (HTTP status,
 * time) are in the entry's detail.
 */

/** The row's first words: what the entry is, as a clerk names it. */
export const WHAT_WORDS: Record<JournalOperation, MessageId> = {
  'invoices.create': 'history.what.invoice',
  'exchange.place': 'history.what.exchange',
  'addresses.take': 'history.what.address',
  'transactions.lookup': 'history.what.lookup',
  'withdrawals.approve': 'history.what.withdrawal',
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

const NOT_DONE: Record<Exclude<JournalOperation, 'transactions.lookup'>, MessageId> = {
  'invoices.create': 'history.row.notCreated',
  'exchange.place': 'history.row.notPlaced',
  'addresses.take': 'history.row.noAddress',
  'withdrawals.approve': 'history.row.notSent',
};

const MADE: Record<Exclude<JournalOperation, 'transactions.lookup' | 'addresses.take'>, MessageId> = {
  'invoices.create': 'history.row.created',
  'exchange.place': 'history.row.placed',
  'withdrawals.approve': 'history.row.sent',
};

type RowFacts = Pick<JournalEntry, 'operation' | 'state' | 'serviceStatus' | 'httpStatus'>;

function lookupWords(intl: IntlShape, entry: RowFacts): RowOutcome {
  if (entry.state === 'succeeded') {
    const status = entry.serviceStatus === null ? null : (statusWords(entry.serviceStatus)?.label ?? `"${entry.serviceStatus}"`);
    const words = status === null ? intl.formatMessage({ id: 'history.row.found' }) : intl.formatMessage({ id: 'history.row.foundStatus' }, { status });
    return { words, tone: 'neutral', reported: false };
  }
  if (entry.state === 'failed' && entry.httpStatus === NOT_FOUND) return { words: intl.formatMessage({ id: 'history.row.nothingFound' }), tone: 'neutral', reported: false };
  // A read that was refused or not answered moved nothing; why is in the detail.
  return { words: intl.formatMessage({ id: 'history.row.couldNotLookUp' }), tone: 'neutral', reported: false };
}

/** What the service answered when the payment was made (its status then), in the callback's own words. */
function madeWords(intl: IntlShape, entry: RowFacts): RowOutcome {
  const { operation } = entry;
  if (operation === 'transactions.lookup') return lookupWords(intl, entry);
  if (operation === 'addresses.take') return { words: intl.formatMessage({ id: 'history.row.ready' }), tone: 'ok', reported: false };
  const type = operation === 'invoices.create' ? 'invoice' : operation === 'withdrawals.approve' ? 'withdrawal' : 'exchange';
  if (entry.serviceStatus === null) return { words: intl.formatMessage({ id: MADE[operation] }), tone: 'wait', reported: false };
  const said = outcomeWords(type, entry.serviceStatus, null);
  return { words: wordOutcome(intl, said.words), tone: said.tone === 'unknown' ? 'check' : said.tone, reported: false };
}

export function rowOutcome(intl: IntlShape, entry: RowFacts, outcome?: EntryOutcome): RowOutcome {
  if (outcome !== undefined) {
    const { words, tone } = outcome.current;
    return { words: wordOutcome(intl, words), tone: tone === 'unknown' ? 'check' : tone, reported: true };
  }
  if (entry.operation === 'transactions.lookup') return lookupWords(intl, entry);
  switch (entry.state) {
    case 'pending':
      return { words: intl.formatMessage({ id: 'history.row.sending' }), tone: 'wait', reported: false };
    case 'unknown':
      return { words: intl.formatMessage({ id: 'history.row.unknown' }), tone: 'check', reported: false };
    case 'failed':
      return { words: intl.formatMessage({ id: NOT_DONE[entry.operation] }), tone: 'bad', reported: false };
    case 'succeeded':
      return madeWords(intl, entry);
  }
}

/** Where a reported outcome came from, for its title: the service's callback, or main's own question to it (its time in UTC, and locally where that differs). */
export const reportedTitle = (intl: IntlShape, formatLocale: string, step: OutcomeStep): string =>
  step.origin === 'polled'
    ? intl.formatMessage({ id: 'history.row.checkedAt' }, { at: timeWords(intl, step.at, formatLocale) })
    : intl.formatMessage({ id: 'history.row.asReported' });
