import { callbackStatus } from './callback.ts';

/**
 * What a callback's status means for the object it reports, in the words finance staff read
 * (field notes, "Callbacks"). Decided once, here, for History, the entry's timeline and the dispute
 * report. A status the console does not know is shown as received and flagged, never guessed at.
 */

export type OutcomeTone = 'ok' | 'wait' | 'bad' | 'unknown';
export type OutcomeWords = { words: string; tone: OutcomeTone; final: boolean; known: boolean };

const INVOICE: Record<string, Omit<OutcomeWords, 'known'>> = {
  created: { words: 'Created, not paid yet', tone: 'wait', final: false },
  pending: { words: 'Payment seen, waiting for confirmations', tone: 'wait', final: false },
  processing: { words: 'Payment seen and confirming (the timer is now 24 hours)', tone: 'wait', final: false },
  confirmed: { words: 'Paid and confirmed', tone: 'ok', final: true },
  failed: { words: 'Failed', tone: 'bad', final: true },
};

const OTHER: Record<string, Omit<OutcomeWords, 'known'>> = {
  created: { words: 'Created', tone: 'wait', final: false },
  pending: { words: 'Held by the service', tone: 'wait', final: false },
  not_confirmed: { words: 'Being processed', tone: 'wait', final: false },
  processing: { words: 'Being processed', tone: 'wait', final: false },
  confirmed: { words: 'Confirmed', tone: 'ok', final: true },
  failed: { words: 'Failed', tone: 'bad', final: true },
  cancelled: { words: 'Cancelled', tone: 'bad', final: true },
  declined: { words: 'Declined', tone: 'bad', final: true },
};

/** The words of `status` for a callback of `type`; `error` is the service's reason, said after a failure. */
export function outcomeWords(type: string, status: string, error: string | null): OutcomeWords {
  const read = callbackStatus.read(status);
  const table = type === 'invoice' ? INVOICE : OTHER;
  const known = read.known ? table[read.value] : undefined;
  if (known === undefined) {
    return { words: `"${status}": not a status this console knows, so it cannot say what became of it`, tone: 'unknown', final: false, known: false };
  }
  const reason = error !== null && error.trim() !== '' && known.tone === 'bad' ? `: ${error.trim()}` : '';
  return { ...known, words: `${known.words}${reason}`, known: true };
}
