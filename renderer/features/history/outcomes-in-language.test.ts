import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { depositsSummary, outcomeWords } from '../../../shared/api/outcome-words.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { ruleMessage } from '../../../shared/i18n/rule-message.ts';
import type { EntryOutcome, OutcomeStep } from '../../../shared/ipc/index.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { FailedInvoicesBanner } from './FailedInvoicesBanner.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { OutcomeTimeline } from './OutcomeTimeline.tsx';

// What the service's callbacks say became of a payment, as History's outcome column and an entry's
// timeline show it: main sends the words as catalogue ids (shared/api/outcome-words.ts), the window
// says them in its language; words kept in plain English show as they came, and what a row names
// outside the outcomes' messages never shows as a sentence of the catalogue.

const step = (status: string, words: string, tone: OutcomeStep['tone'], patch: Partial<OutcomeStep> = {}): OutcomeStep => ({
  at: '2025-06-01T10:05:00.000Z',
  origin: 'callback',
  status,
  words,
  tone,
  txids: [],
  leftToPay: null,
  amount: null,
  ...patch,
});

const outcomeOf = (current: OutcomeStep, more: Partial<EntryOutcome> = {}): EntryOutcome => ({ current, known: true, final: false, timeline: [current], deposits: [], ...more });

const invoice = journalEntryOf({ id: 3, operation: 'invoices.create', foreignId: 'inv-1', serviceId: '134700001', serviceStatus: 'created', currency: 'EUR', amount: '100.50' });
const exchange = journalEntryOf({ id: 2, operation: 'exchange.place', foreignId: 'exch-1', serviceStatus: 'processing', currency: 'BTC', amount: '0.01' });
const address = journalEntryOf({ id: 1, operation: 'addresses.take', foreignId: 'addr-1', serviceId: '40001', currency: 'BTC', amount: null });

const deposits = [
  { id: '134700009', firstAt: '2025-06-01T12:00:05.000Z', current: step('confirmed', outcomeWords('deposit', 'confirmed', null).words, 'ok', { amount: '0.01 BTC' }) },
  { id: '134700010', firstAt: '2025-06-01T12:00:20.000Z', current: step('confirmed', outcomeWords('deposit', 'confirmed', null).words, 'ok', { amount: '0.25 BTC' }) },
];

const REPORTED = new Map<number, EntryOutcome>([
  [3, outcomeOf(step('failed', outcomeWords('invoice', 'failed', 'User paid less than requested.').words, 'bad'), { final: true })],
  [1, outcomeOf(step('confirmed', depositsSummary(['confirmed', 'confirmed']), 'ok'), { deposits })],
]);

/** The outcome column's words, row by row. */
function outcomeColumn(outcomes: ReadonlyMap<number, EntryOutcome>, language: Language): string[] {
  const html = staticMarkup(createElement(HistoryTable, { entries: [invoice, exchange, address], outcomes, onOpen: () => undefined }), undefined, language);
  return [...html.matchAll(/<td data-column="outcome">(.*?)<\/td>/g)].map((cell) => readableText(cell[1] ?? ''));
}

describe('what became of a payment, in the window’s language', () => {
  it('History’s outcome column: the service’s report, the status the journal recorded, and an address’s deposits', () => {
    expect(outcomeColumn(REPORTED, 'en')).toEqual(['Failed: User paid less than requested.', 'Being processed', '2 deposits: 2 confirmed']);
    expect(outcomeColumn(REPORTED, 'de')).toEqual(['Fehlgeschlagen: User paid less than requested.', 'In Bearbeitung', '2 Einzahlungen: 2 bestätigt']);
    expect(outcomeColumn(REPORTED, 'fr')).toEqual(['Échouée : User paid less than requested.', 'En cours de traitement', '2 dépôts : 2 confirmés']);
    expect(outcomeColumn(new Map(), 'de')[0]).toBe('Erstellt, noch nicht bezahlt');
  });

  it('an entry’s timeline: its badge, each step and each deposit', () => {
    const outcome = REPORTED.get(1);
    const de = readableText(staticMarkup(createElement(OutcomeTimeline, { outcome, source: { kind: 'receiver', url: 'https://callbacks.example.com' }, what: 'deposit address' }), undefined, 'de'));
    expect(de).toContain('2 Einzahlungen: 2 bestätigt');
    expect(de).toMatch(/0\.01 BTC Bestätigt/);
    const fr = readableText(staticMarkup(createElement(OutcomeTimeline, { outcome: REPORTED.get(3), source: null, what: 'invoice' }), undefined, 'fr'));
    expect(fr).toContain('Échouée : User paid less than requested.');
  });

  it('the failed-invoices banner: the service’s reason inside the window’s words', () => {
    const failed = { invoiceId: '134700001', foreignId: 'inv-1', words: outcomeWords('invoice', 'failed', 'User paid less than requested.').words, leftToPay: '0.0001 BTC', at: '2025-06-01T10:05:00.000Z' };
    const banner = (language: Language) =>
      readableText(staticMarkup(createElement(FailedInvoicesBanner), (client) => client.setQueryData(['outcomes', 'attention'], { failed: [failed] }), language));
    expect(banner('en')).toContain('Failed: User paid less than requested.');
    expect(banner('de')).toContain('Fehlgeschlagen: User paid less than requested.');
    expect(banner('fr')).toContain('Échouée : User paid less than requested.');
  });

  it('shows words kept in plain English as they came, and a row naming another message or missing its values as words it cannot read', () => {
    const kept = new Map([[3, outcomeOf(step('confirmed', 'Paid and confirmed', 'ok'))]]);
    expect(outcomeColumn(kept, 'de')[0]).toBe('Paid and confirmed');
    const hostile = new Map([
      [3, outcomeOf(step('confirmed', ruleMessage('main.lookup.limit', { limit: 1, seconds: 2 }), 'ok'))],
      [2, outcomeOf(step('failed', ruleMessage('outcomes.failedBecause', { reason: 7 }).replace('7', '[7]'), 'bad'))],
      [1, outcomeOf(step('confirmed', ruleMessage('outcomes.deposits.summary', { count: 2 }), 'ok'))],
    ]);
    const unreadable = 'In einer Form gemeldet, die diese Konsole nicht lesen kann';
    expect(outcomeColumn(hostile, 'de')).toEqual([unreadable, unreadable, unreadable]);
  });
});
