import { describe, expect, it } from 'vitest';
import { outcomeWords } from '../../../shared/api/outcome-words.ts';
import { ruleMessage } from '../../../shared/i18n/rule-message.ts';
import { english, intlIn } from '../../testing/intl.ts';
import type { EntryOutcome } from '../../../shared/ipc/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { rowOutcome, WHAT_WORDS } from './row-outcome.ts';

// What each row of History says became of its entry: the clerk's words, from the service's callback
// where there is one, else from the journal; a lookup is a read, never a red failure.

const said = (patch: Partial<JournalEntry>, outcome?: EntryOutcome) => {
  const { words, tone } = rowOutcome(english, journalEntryOf(patch), outcome);
  return `${words} [${tone}]`;
};

const reported = (status: string, words: string, tone: EntryOutcome['current']['tone']): EntryOutcome => {
  const step = { at: '2025-06-01T10:05:00.000Z', origin: 'callback' as const, status, words, tone, txids: [], leftToPay: null, amount: null };
  return { current: step, known: true, final: tone !== 'wait', timeline: [step], deposits: [] };
};

describe('a row of History, in words', () => {
  it('names what the entry is as a clerk does', () => {
    expect(Object.fromEntries(Object.entries(WHAT_WORDS).map(([operation, id]) => [operation, english.formatMessage({ id })]))).toEqual({ 'invoices.create': 'Invoice', 'exchange.place': 'Exchange', 'addresses.take': 'Deposit address', 'transactions.lookup': 'Lookup', 'withdrawals.approve': 'Withdrawal' });
  });

  it('says what the service reported by callback, over what the journal recorded when the invoice was made', () => {
    const invoice = { operation: 'invoices.create', state: 'succeeded', serviceStatus: 'created' } as const;
    expect(said(invoice)).toBe('Created, not paid yet [wait]');
    const paid = reported('confirmed', outcomeWords('invoice', 'confirmed', null).words, 'ok');
    expect(said(invoice, paid)).toBe('Paid and confirmed [ok]');
    expect(rowOutcome(english, journalEntryOf(invoice), paid).reported).toBe(true);
    expect(rowOutcome(english, journalEntryOf(invoice)).reported).toBe(false);
    // A status the console does not know is a person's check, as the callback's would be.
    expect(said(invoice, reported('refunded', outcomeWords('invoice', 'refunded', null).words, 'unknown'))).toMatch(/^"refunded": not a status this console knows.* \[check\]$/);
    expect(said({ ...invoice, serviceStatus: 'refunded' })).toMatch(/^"refunded": not a status this console knows.* \[check\]$/);
  });

  it('says what the service reported, or the status it answered with, in German and in French', () => {
    const invoice = journalEntryOf({ operation: 'invoices.create', state: 'succeeded', serviceStatus: 'created' });
    const failed = reported('failed', outcomeWords('invoice', 'failed', 'User paid less than requested.').words, 'bad');
    expect(rowOutcome(intlIn('de'), invoice).words).toBe('Erstellt, noch nicht bezahlt');
    expect(rowOutcome(intlIn('fr'), invoice).words).toBe('Créée, pas encore payée');
    expect(rowOutcome(intlIn('de'), invoice, failed).words).toBe('Fehlgeschlagen: User paid less than requested.');
    expect(rowOutcome(intlIn('fr'), invoice, failed).words).toBe('Échouée : User paid less than requested.');
    expect(rowOutcome(intlIn('de'), journalEntryOf({ operation: 'exchange.place', state: 'succeeded', serviceStatus: 'processing' })).words).toBe('In Bearbeitung');
  });

  it('shows words an older desktop kept in English as they came, and never another part of the catalogue a row names', () => {
    const invoice = journalEntryOf({ operation: 'invoices.create', state: 'succeeded', serviceStatus: 'created' });
    expect(rowOutcome(intlIn('de'), invoice, reported('confirmed', 'Paid and confirmed', 'ok')).words).toBe('Paid and confirmed');
    for (const words of [ruleMessage('rules.invoice.title'), ruleMessage('outcomes.failedBecause'), `${ruleMessage('outcomes.confirmed')}{`]) {
      expect(rowOutcome(intlIn('de'), invoice, reported('confirmed', words, 'ok')).words).toBe('In einer Form gemeldet, die diese Konsole nicht lesen kann');
    }
  });

  it('says where each payment stands when no callback came: made, sending, unknown, or not done', () => {
    expect(said({ operation: 'exchange.place', state: 'succeeded', serviceStatus: 'processing' })).toBe('Being processed [wait]');
    expect(said({ operation: 'invoices.create', state: 'succeeded', serviceStatus: null })).toBe('Created [wait]');
    expect(said({ operation: 'addresses.take', state: 'succeeded' })).toBe('Ready for deposits [ok]');
    expect(said({ operation: 'invoices.create', state: 'pending' })).toBe('Sending, no answer yet [wait]');
    expect(said({ operation: 'exchange.place', state: 'unknown' })).toBe('Outcome unknown [check]');
    expect(said({ operation: 'invoices.create', state: 'failed', httpStatus: 422 })).toBe('Not created [bad]');
    expect(said({ operation: 'exchange.place', state: 'failed' })).toBe('Not placed [bad]');
    expect(said({ operation: 'addresses.take', state: 'failed', httpStatus: 404 })).toBe('No address given [bad]');
  });

  it('says a lookup that found nothing neutrally, never "Failed" in red; one that found a transaction names its status', () => {
    const lookup = { operation: 'transactions.lookup' } as const;
    expect(said({ ...lookup, state: 'failed', httpStatus: 404 })).toBe('Nothing found [neutral]');
    expect(said({ ...lookup, state: 'succeeded', serviceStatus: 'confirmed', httpStatus: 200 })).toBe('Found: Confirmed [neutral]');
    expect(said({ ...lookup, state: 'succeeded', serviceStatus: 'weird' })).toBe('Found: "weird" [neutral]');
    // Refused, or no answer at all (the network): why is in the detail, with the HTTP status and the time.
    expect(said({ ...lookup, state: 'failed', httpStatus: 403 })).toBe('Could not look up: see the detail [neutral]');
    expect(said({ ...lookup, state: 'failed', httpStatus: null })).toBe('Could not look up: see the detail [neutral]');
  });
});
