import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { inEnglish, inLanguage } from '../../../shared/i18n/testing/in-english.ts';
import type { Invoice } from '../../../shared/api/invoice.ts';
import type { Pair } from '../../../shared/api/pair.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { parseAmount } from '../../../shared/locale/index.ts';
import { placesProblem } from '../../../shared/money/precision.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import type { CreatedInvoice } from './draft.ts';
import { InvoiceForm } from './InvoiceForm.tsx';
import { invoiceFormSchema } from './invoice-form-schema.ts';
import { InvoiceResult } from './InvoiceResult.tsx';
import { filledInvoiceForm } from './testing/filled-form.ts';

// New invoice in the window's language: the form and the created invoice as React renders them in
// German and in French, the codes and values the service sent left as they are.

const invoice = {
  id: 826900,
  url: 'https://invoices.cryptoprocessing.com/pay/826900',
  foreign_id: 'inv-1',
  title: 'Order 1',
  status: 'created',
  currency: 'EUR',
  amount: '19.90',
} as unknown as Invoice;

function result(language: Language, timer: boolean): string {
  const created: CreatedInvoice = {
    invoice,
    paymentPage: { allowed: true },
    receivedAt: Date.UTC(2026, 0, 1),
    request: { timer } as CreatedInvoice['request'],
    values: {} as CreatedInvoice['values'],
  };
  return staticMarkup(createElement(InvoiceResult, { created, onLikeThis: () => {}, onNew: () => {} }), undefined, language);
}

const pairs: Pair[] = [
  { currency_from: { currency: 'BTC', type: 'crypto' }, currency_to: { currency: 'EUR', type: 'fiat' }, rate_from: '1', rate_to: '61234.5' },
];

const form = (language: Language, locale: string) =>
  staticMarkup(createElement(InvoiceForm, { pairs, typing: false, initial: filledInvoiceForm({ amount: '1.234,56' }), focusTitle: false, locale }), undefined, language);

describe('the created invoice in the window’s language', () => {
  it('says it in German: the heading, the terms and the actions, the status code as the service sent it', () => {
    const html = result('de', false);
    const text = readableText(html);
    expect(text).toContain('Rechnung 826900 erstellt');
    expect(text).toContain('Fremd-ID');
    expect(text).toContain('Nie: kein Timer');
    expect(text).toContain('Im Browser öffnen');
    expect(text).toContain('Neue Rechnung wie diese');
    expect(html).toContain('aria-label="Zahlungs-URL kopieren"');
    expect(html).toContain('data-testid="invoice-status">created<');
    expect(text).not.toMatch(/Open in browser|Payment URL|created$/);
  });

  it('says it in French, the expiry of a timer invoice in one sentence', () => {
    const text = readableText(result('fr', true));
    expect(text).toContain('Facture 826900 créée');
    expect(text).toContain('Le client scanne ce code pour ouvrir la page de paiement.');
    expect(text).toContain('Ouvrir dans le navigateur');
    expect(text).toMatch(/Expire .* le /);
    expect(text).not.toContain('Never');
  });
});

describe('the invoice form in the window’s language', () => {
  it('labels the fields in German and reads the amount back in German', () => {
    const text = readableText(form('de', 'de-DE'));
    expect(text).toContain('Titel');
    expect(text).toContain('Zahlungswährung (optional)');
    expect(text).toContain('In EUR, höchstens 2 Nachkommastellen: 1.234,56 oder 1234.56.');
    expect(text).toContain('Ihre Eingabe: 1.234,56 — eintausendzweihundertvierunddreißig');
    expect(text).toContain('Fill or Kill (alles oder nichts)');
    expect(text).toContain('Rechnung erstellen');
    expect(text).not.toContain('Create invoice');
  });

  it('labels the fields in French', () => {
    const text = readableText(form('fr', 'fr-FR'));
    expect(text).toContain('Devise de paiement (facultative)');
    expect(text).toContain('Valable jusqu’à expiration');
    expect(text).toContain('La facture expire 15 minutes après sa création.');
    expect(text).toContain('Créer la facture');
  });

  it('gives its own rule as a catalogue message, worded in the window’s language', () => {
    const parsed = invoiceFormSchema(() => 2).safeParse(filledInvoiceForm({ sender_left_out_confirmed: false }));
    const message = parsed.success ? null : parsed.error.issues.find((issue) => issue.path.join('.') === 'sender_left_out_confirmed')?.message;
    expect(inEnglish(message)).toBe('Confirm that the customer will enter the sender data, or enter it here');
    expect(inLanguage('fr', message)).toBe(
      'Confirmez que le client saisira les données de l’expéditeur, ou saisissez-les ici',
    );
  });
});

describe('a refused amount in the window’s language', () => {
  const amountMessage = (amount: string, language: Language, locale: string, currency = 'EUR') => {
    const schema = invoiceFormSchema((code) => (code === 'JPY' || code === '' ? 0 : 2), false, locale);
    const parsed = schema.safeParse(filledInvoiceForm({ amount, currency }));
    return parsed.success ? null : inLanguage(language, parsed.error.issues.find((issue) => issue.path.join('.') === 'amount')?.message);
  };

  it('says why in English as shared/locale and shared/money word it', () => {
    expect(amountMessage('1.234', 'en', 'de-DE')).toBe(parseAmountReason('1.234', 'de-DE'));
    expect(amountMessage('1.005', 'en', 'en-US')).toBe(inEnglish(placesProblem('1.005', 'EUR', 2)));
    expect(amountMessage('1.5', 'en', 'en-US', '')).toBe(inEnglish(placesProblem('1.5', '', 0)));
  });

  it('says why in German and in French, with the locale’s own forms in the sentence', () => {
    expect(amountMessage('1.234', 'de', 'de-DE')).toMatch(/^„1\.234“ lässt sich auf zwei Arten lesen: Schreiben Sie 1234 für die ganze Zahl/);
    expect(amountMessage('12.5', 'fr', 'fr-FR', 'JPY')).toBe('JPY n’accepte que des montants entiers');
    expect(amountMessage('-5', 'fr', 'fr-FR')).toBe('Saisissez le montant sans signe moins : un montant n’est jamais négatif');
  });
});

function parseAmountReason(text: string, locale: string): string | null {
  const reading = parseAmount(text, locale);
  return reading.ok ? null : inEnglish(reading.reason.message);
}
