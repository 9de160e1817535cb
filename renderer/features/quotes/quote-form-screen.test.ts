// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteRequest } from '../../../shared/api/quote.ts';
import type { ShippedLanguage } from '../../../shared/i18n/index.ts';
import { useAnnouncer } from '../../components/announce.ts';
import { useLocale } from '../../components/locale.ts';
import { descriptionOf, renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { QuoteForm } from './QuoteForm.tsx';
import type { QuoteFormValues } from './quote-form-schema.ts';

// The quote form as a clerk uses it: the amount is in one currency, and a change of that currency
// (the side, or that side's code) clears it rather than reading the same digits in another.

const currencies = { from: ['BTC', 'EUR'], to: ['BTC', 'EUR'], kinds: { BTC: 'crypto', EUR: 'fiat' } };

function openForm(initial: QuoteFormValues, language: ShippedLanguage = 'en') {
  standInForMain(stillAnswering);
  const asked: QuoteRequest[] = [];
  renderScreen(
    createElement(QuoteForm, {
      currencies,
      typing: false,
      initial,
      busy: false,
      quote: null,
      onAsk: (request: QuoteRequest) => {
        asked.push(request);
        return Promise.resolve(null);
      },
      onLeave: () => {},
    }),
    undefined,
    language,
  );
  return { asked };
}

const amountField = () => screen.getByRole('textbox', { name: /^Amount to/ }) as HTMLInputElement;

const english = useLocale.getState().view;

afterEach(() => {
  useLocale.setState({ view: english });
  cleanup();
  delete window.merchantConsole;
});

describe('the quote form’s amount', () => {
  it('is cleared, and the form says so, when the side changes: 1000 EUR to send is not 1000 BTC to receive', async () => {
    openForm({ sender_currency: 'EUR', receiver_currency: 'BTC', side: 'sender', amount: '1000' });
    expect(amountField().value).toBe('1000');
    fireEvent.click(screen.getByRole('radio', { name: /receive/ }));
    await waitFor(() => expect(amountField().value).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Amount to receive (BTC)' })).toBeTruthy();
    expect(descriptionOf(amountField())).toContain('The amount 1000 EUR was cleared, as the amount is now in BTC: enter it again.');
    expect(useAnnouncer.getState().message).toBe('The amount 1000 EUR was cleared, as the amount is now in BTC: enter it again.');
    // Typing a new amount takes the note away.
    fireEvent.change(amountField(), { target: { value: '0.5' } });
    await waitFor(() => expect(screen.queryByTestId('amount-cleared')).toBeNull());
  });

  it('is cleared when the currency it is in changes, and kept when the other one does', async () => {
    openForm({ sender_currency: 'EUR', receiver_currency: 'BTC', side: 'sender', amount: '1000' });
    fireEvent.change(screen.getByRole('combobox', { name: 'To' }), { target: { value: 'EUR' } });
    expect(amountField().value).toBe('1000');
    fireEvent.change(screen.getByRole('combobox', { name: 'From' }), { target: { value: 'BTC' } });
    await waitFor(() => expect(amountField().value).toBe(''));
    expect(screen.getByTestId('amount-cleared').textContent).toContain('The amount 1000 EUR was cleared');
  });

  it('takes the places of its currency: 1000.123 EUR is refused, as on the invoice form', async () => {
    const { asked } = openForm({ sender_currency: 'BTC', receiver_currency: 'EUR', side: 'receiver', amount: '1000.123' });
    expect(descriptionOf(amountField())).toContain('At most 2 decimal places for EUR');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    });
    expect(descriptionOf(amountField())).toContain('EUR takes at most 2 decimal places');
    expect(asked).toEqual([]);
    fireEvent.change(amountField(), { target: { value: '1000.12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    });
    expect(asked).toEqual([{ sender_currency: 'BTC', receiver_currency: 'EUR', receiver_amount: '1000.12' }]);
  });

  it('is read in the window’s regional formats: German 1.234,56 is asked as 1234.56, and 1.234 is refused as ambiguous', async () => {
    useLocale.setState({ view: { ...english, formatLocale: 'de-DE' } });
    const { asked } = openForm({ sender_currency: 'EUR', receiver_currency: 'BTC', side: 'sender', amount: '' });
    fireEvent.change(amountField(), { target: { value: '1.234' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    });
    expect(descriptionOf(amountField())).toContain('“1.234” can be read two ways: write 1234 for the whole number, or 1,234 for the decimal');
    expect(asked).toEqual([]);
    fireEvent.change(amountField(), { target: { value: '1.234,56' } });
    // Said back before anything is sent, in digits and words.
    await waitFor(() => expect(descriptionOf(amountField())).toContain('You entered: 1.234,56'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    });
    expect(asked).toEqual([{ sender_currency: 'EUR', receiver_currency: 'BTC', sender_amount: '1234.56' }]);
  });
});

describe('the quote form’s rules in the window’s language', () => {
  it.each([
    ['de', /^Zu sendender Betrag/, 'Verwenden Sie höchstens 8 Nachkommastellen'],
    ['fr', /^Montant à envoyer/, 'Utilisez au maximum 8 décimales'],
  ] as const)('says an amount with 9 decimal places is too precise (%s)', async (language, label, words) => {
    openForm({ sender_currency: 'BTC', receiver_currency: 'EUR', side: 'sender', amount: '' }, language);
    const amount = screen.getByRole('textbox', { name: label });
    fireEvent.change(amount, { target: { value: '0.123456789' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(amount)).toContain(words);
  });
});
