// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Quote } from '../../../shared/api/quote.ts';
import { useAnnouncer } from '../../components/announce.ts';
import { QuoteCard } from './QuoteCard.tsx';
import { quote } from './exchange/testing/placed-quote.ts';
import type { LiveQuote } from './use-live-quote.ts';
import { InEnglish } from '../../testing/intl.ts';

// The quote card as a clerk watches it: a renewal that moves the price is marked beside the
// figure, in words, and said aloud; the total the exchange takes from the balances is shown.

const liveOf = (q: Quote, quoteId: string): LiveQuote => ({
  quote: q,
  quoteId,
  request: { sender_currency: q.sender_currency, receiver_currency: q.receiver_currency, sender_amount: q.sender_amount },
  releaseAt: Date.now() + 59_000,
});

const card = (live: LiveQuote) =>
  createElement(QuoteCard, { live, requoting: false, visible: true, waiting: false, spent: null, onExchange: () => {}, onRequote: () => {} });

afterEach(cleanup);

describe('the quote card', () => {
  it('shows the total debited: the amount sent and its fee', () => {
    render(card(liveOf(quote, 'q-1')), { wrapper: InEnglish });
    expect(screen.getByTestId('quote-total-debited').textContent).toBe('0.01010000 BTC (amount and fee)');
  });

  it('marks the figures a renewal changed, says which way and from what, and says so aloud', () => {
    const view = render(card(liveOf(quote, 'q-1')), { wrapper: InEnglish });
    expect(document.querySelector('.quote-changed')).toBeNull();
    const renewed = { ...quote, receiver_amount: '610.00000000', price: '61000.00000000', ts_fixed: quote.ts_fixed + 60 };
    view.rerender(card(liveOf(renewed, 'q-2')));
    expect(screen.getByTestId('quote-price').className).toBe('quote-changed');
    expect(screen.getByTestId('price-was').textContent).toBe(' ▼ down from 61,234.512345 EUR');
    expect(screen.getByTestId('receiver_amount-was').textContent).toBe(' ▼ down from 612.34512345 EUR');
    expect(screen.getByTestId('quote-sender-amount').className).toBe('');
    expect(screen.queryByTestId('sender_amount-was')).toBeNull();
    expect(useAnnouncer.getState().message).toBe(
      'New quote: you receive down from 612.34512345 EUR to 610.00 EUR; price down from 61,234.512345 EUR to 61,000.00 EUR.',
    );
  });

  it('marks nothing when a renewal changed no figure', () => {
    const view = render(card(liveOf(quote, 'q-1')), { wrapper: InEnglish });
    view.rerender(card(liveOf({ ...quote, ts_fixed: quote.ts_fixed + 60 }, 'q-2')));
    expect(document.querySelector('.quote-changed')).toBeNull();
  });
});
