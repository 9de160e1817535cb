// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Quote } from '../../../../shared/api/quote.ts';
import { ExchangeReview } from './ExchangeReview.tsx';
import { quote } from './testing/placed-quote.ts';
import { InEnglish } from '../../../testing/intl.ts';

// The review when a new quote replaces the one under review: what changed is marked beside it.

const review = (q: Quote, quoteId: string) =>
  createElement(ExchangeReview, { quote: q, quoteId, releaseAt: Date.now() + 59_000, foreignId: 'exch-20261127-abcdefgh', profile: null });

afterEach(cleanup);

describe('the exchange review', () => {
  it('marks the figures a new quote changed, with which way and from what', () => {
    const view = render(review(quote, 'q-1'), { wrapper: InEnglish });
    expect(document.querySelector('.quote-changed')).toBeNull();
    view.rerender(review({ ...quote, price: '61300', receiver_amount: '613.00000000' }, 'q-2'));
    expect(screen.getByTestId('price-was').textContent).toBe(' ▲ up from 61,234.512345 EUR');
    expect(screen.getByTestId('receiver_amount-was').textContent).toBe(' ▲ up from 612.34512345 EUR');
    expect(document.querySelectorAll('.quote-changed')).toHaveLength(2);
    expect(screen.queryByTestId('sender_amount-was')).toBeNull();
  });
});
