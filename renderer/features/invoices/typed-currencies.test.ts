import type { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../shared/i18n/testing/in-english.ts';
import type { Pair } from '../../../shared/api/pair.ts';
import type { PairList } from '../../../shared/ipc/contract.ts';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';
import { controlLabelled, readableText, staticMarkup, suggestionsOf } from '../../testing/static-markup.ts';
import { PAIRS_KEY } from '../../components/currency/use-pairs.ts';
import { invoiceFormSchema } from './invoice-form-schema.ts';
import type { InvoiceFormValues } from './invoice-form-schema.ts';
import { InvoicesScreen } from './InvoicesScreen.tsx';
import { filledInvoiceForm } from './testing/filled-form.ts';

// Invoices do not depend on the pair list. With a stale list or none, the form still
// works: the list (if any) is suggested, a code can be typed, and it is checked by its shape.

const typedSchema = invoiceFormSchema(() => 8, true);

const filled = filledInvoiceForm;

function errorsOf(values: InvoiceFormValues, schema = typedSchema): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]));
}

describe('the invoice form with typed currency codes', () => {
  it('takes a typed code of the right shape, whether or not any list has it', () => {
    const result = typedSchema.safeParse(filled({ currency: 'GBP', sender_currency: 'USDTTRC20' }));
    expect(result.success && result.data).toMatchObject({ currency: 'GBP', sender_currency: 'USDTTRC20', amount: '100.50' });
  });

  it('refuses a code of the wrong shape next to its field, the payment currency too', () => {
    expect(errorsOf(filled({ currency: 'E' }))).toEqual({ currency: 'Type a currency code: 2 to 20 letters or digits, such as EUR or USDTTRC20' });
    expect(errorsOf(filled({ currency: 'EUR', sender_currency: 'BT C' }))).toEqual({ sender_currency: 'Type a currency code: 2 to 20 letters or digits, such as EUR or USDTTRC20' });
  });

  it('asks for a currency when none is typed, and lets the payment currency be left empty', () => {
    expect(errorsOf(filled({ currency: '' }))).toEqual({ currency: 'Choose a currency' });
    expect(errorsOf(filled({ currency: 'EUR', sender_currency: '' }))).toEqual({});
  });

  it('does not judge the shape of codes chosen from a fresh list: the service named them', () => {
    expect(errorsOf(filled({ currency: 'usdt_trc20' }), invoiceFormSchema(() => 8))).toEqual({});
  });
});

const pair = (from: string, fromType: string, to: string, toType: string): Pair => ({
  currency_from: { currency: from, type: fromType },
  currency_to: { currency: to, type: toType },
  rate_from: '1',
  rate_to: '1',
});
const lastGood: PairList = {
  pairs: [pair('BTC', 'crypto', 'EUR', 'fiat'), pair('ETH', 'crypto', 'EUR', 'fiat')],
  unreadable: [],
  fetchedAt: '2025-06-01T12:00:00.000Z',
  staleBecause: null,
};
const down: AppError = { kind: 'timeout', message: 'The service at 127.0.0.1:8787 did not answer within 30 s.' };

/**
 * The query as it stands once main has answered with a failure and no list. (A screen opened later
 * asks again first, as retryOnMount does; this is the screen once that has failed too.)
 */
function failedPairs(client: QueryClient): void {
  client.setQueryDefaults(PAIRS_KEY, { retryOnMount: false });
  const query = client.getQueryCache().build(client, { queryKey: PAIRS_KEY });
  query.setState({ status: 'error', error: new AppFailure(down), fetchStatus: 'idle' });
}

describe('the New invoice screen', () => {
  it('with a fresh list: the currency is chosen from it, as before', () => {
    const html = staticMarkup(createElement(InvoicesScreen), (client) => client.setQueryData(PAIRS_KEY, lastGood));
    expect(controlLabelled(html, 'Currency')).toMatch(/^<select/);
    expect(html).not.toContain('data-testid="currency-notice"');
  });

  it('with a stale list: the form, the list marked with its time, and a code may be typed with the list suggested', () => {
    const html = staticMarkup(createElement(InvoicesScreen), (client) => client.setQueryData(PAIRS_KEY, { ...lastGood, staleBecause: down }));
    const text = readableText(html);
    expect(text).toContain(`The currency list could not be refreshed: ${down.message} The list fetched 2025-06-01 12:00:00 UTC`);
    const currency = controlLabelled(html, 'Currency');
    expect(currency).toMatch(/^<input/);
    expect(suggestionsOf(html, currency)).toEqual(['EUR', 'BTC', 'ETH']);
    expect(controlLabelled(html, 'Payment currency (optional)')).toMatch(/^<input/);
    expect(text).toContain('Create invoice');
  });

  it('with no list at all: the form, codes to type, and the reason with a way to try again', () => {
    const html = staticMarkup(createElement(InvoicesScreen), failedPairs);
    const text = readableText(html);
    expect(html).toContain('role="alert"');
    expect(text).toContain(`The currency list could not be loaded: ${down.message} Type the currency codes, such as EUR or BTC. Try again`);
    const currency = controlLabelled(html, 'Currency');
    expect(currency).toMatch(/^<input/);
    expect(suggestionsOf(html, currency)).toEqual([]);
    expect(text).toContain('Create invoice');
  });
});
