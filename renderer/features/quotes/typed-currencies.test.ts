import { Fragment, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { messagesInEnglish } from '../../../shared/i18n/testing/in-english.ts';
import type { Pair } from '../../../shared/api/pair.ts';
import type { PairList } from '../../../shared/ipc/contract.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';
import { fieldMessages } from '../../../shared/api/wire.ts';
import { controlLabelled, readableText, staticMarkup, suggestionsOf } from '../../testing/static-markup.ts';
import { CurrencyNotice } from '../../components/currency/CurrencyNotice.tsx';
import { currencySource } from '../../components/currency/currency-source.ts';
import { startingValues, withValues } from './draft.ts';
import type { QuoteFormValues } from './quote-form-schema.ts';
import { typedQuoteFormSchema } from './quote-form-schema.ts';
import { QuoteForm } from './QuoteForm.tsx';
import { currenciesOf } from './use-quote-currencies.ts';

// A quote never depended on the pairs list. With a stale list or none, the Live quote form
// still works: the list (if any) is suggested, codes can be typed, and they are checked by shape.

const filled: QuoteFormValues = { sender_currency: 'BTC', receiver_currency: 'GBP', side: 'sender', amount: '0.01' };

function messagesOf(values: QuoteFormValues): Record<string, string> {
  const result = typedQuoteFormSchema.safeParse(values);
  return result.success ? {} : messagesInEnglish(fieldMessages(result.error));
}

describe('the quote form with typed currency codes', () => {
  it('takes typed codes of the right shape into the request', () => {
    expect(typedQuoteFormSchema.parse(filled)).toEqual({ sender_currency: 'BTC', receiver_currency: 'GBP', sender_amount: '0.01' });
  });

  it('refuses a code of the wrong shape next to its field, once', () => {
    expect(messagesOf({ ...filled, sender_currency: 'B' })).toEqual({ sender_currency: 'Type a currency code: 2 to 20 letters or digits, such as EUR or USDTTRC20' });
    expect(messagesOf({ ...filled, receiver_currency: 'GB P' })).toEqual({ receiver_currency: 'Type a currency code: 2 to 20 letters or digits, such as EUR or USDTTRC20' });
  });

  it('keeps the other rules: a currency is needed, and two different ones', () => {
    expect(messagesOf({ ...filled, sender_currency: '' })).toEqual({ sender_currency: 'Choose a currency' });
    expect(messagesOf({ ...filled, receiver_currency: 'BTC' })).toEqual({ receiver_currency: 'Choose two different currencies' });
  });

  it('comes back as typed, even with codes the list does not have', () => {
    const draft = withValues(null, 'p1', filled);
    const stale = { from: ['BTC'], to: ['EUR'] };
    expect(startingValues(draft, 'p1', stale, true)).toEqual(filled);
    expect(startingValues(draft, 'p1', stale).receiver_currency).toBe('EUR');
  });
});

const pair = (from: string, to: string): Pair => ({
  currency_from: { currency: from, type: 'crypto' },
  currency_to: { currency: to, type: 'fiat' },
  rate_from: '1',
  rate_to: '1',
});
const lastGood: PairList = { pairs: [pair('BTC', 'EUR'), pair('ETH', 'USD')], unreadable: [], fetchedAt: '2025-06-01T12:00:00.000Z', staleBecause: null };
const down: AppError = { kind: 'service', status: 502, message: 'The service failed to answer (HTTP 502). Try again later.' };

/**
 * What the Live quote screen renders above its live area for a pairs list (or none): the notice and
 * the form. (The screen module itself reads the window's address when loaded, so the two parts it
 * puts together are rendered here as it does.)
 */
function quoteFormFor(list: PairList | undefined, error: AppError | null): string {
  const source = currencySource(list, error);
  const currencies = currenciesOf(source.pairs);
  return staticMarkup(
    createElement(
      Fragment,
      null,
      createElement(CurrencyNotice, { notice: source.notice, retry: () => undefined, retrying: false }),
      createElement(QuoteForm, {
        currencies,
        typing: source.typing,
        initial: startingValues(null, 'p1', currencies, source.typing),
        busy: false,
        quote: null,
        onAsk: () => Promise.resolve(null),
        onLeave: () => undefined,
      }),
    ),
  );
}

describe('the Live quote form', () => {
  it('with a fresh list: From and To are chosen from it, as before', () => {
    const html = quoteFormFor(lastGood, null);
    expect(controlLabelled(html, 'From')).toMatch(/^<select/);
    expect(controlLabelled(html, 'To')).toMatch(/^<select/);
    expect(html).not.toContain('data-testid="currency-notice"');
  });

  it('with a stale list: the list marked with its time, and codes may be typed with the list suggested', () => {
    const html = quoteFormFor({ ...lastGood, staleBecause: down }, null);
    expect(readableText(html)).toContain(`The currency list could not be refreshed: ${down.message} The list fetched 2025-06-01 12:00:00 UTC`);
    const from = controlLabelled(html, 'From');
    expect(from).toMatch(/^<input/);
    expect(suggestionsOf(html, from)).toEqual(['BTC', 'ETH']);
    expect(suggestionsOf(html, controlLabelled(html, 'To'))).toEqual(['EUR', 'USD']);
    expect(readableText(html)).toContain('Get quote');
  });

  it('with no list at all: codes to type, and the reason with a way to try again', () => {
    const html = quoteFormFor(undefined, down);
    const text = readableText(html);
    expect(html).toContain('role="alert"');
    expect(text).toContain(`The currency list could not be loaded: ${down.message} Type the currency codes, such as EUR or BTC. Try again`);
    expect(suggestionsOf(html, controlLabelled(html, 'From'))).toEqual([]);
    expect(controlLabelled(html, 'To')).toMatch(/^<input/);
    expect(text).toContain('Get quote');
  });
});
