import { describe, expect, it } from 'vitest';
import type { ExchangeOutcome } from './exchange/outcome.ts';
import { lastOutcomeOf, startingValues, useQuoteDraft, withOutcome, withValues } from './draft.ts';
import type { QuoteFormValues } from './quote-form-schema.ts';

const currencies = { from: ['BTC', 'ETH', 'USDT'], to: ['BTC', 'EUR', 'USD'] };
const typed: QuoteFormValues = { sender_currency: 'ETH', receiver_currency: 'USD', side: 'receiver', amount: '250.5' };
const unknown: ExchangeOutcome = {
  kind: 'unknown',
  foreignId: 'exch-20250601-101500-a1b2c3d4e5f6',
  quote: {
    sender_currency: 'BTC',
    sender_amount: '0.01',
    receiver_currency: 'EUR',
    receiver_amount: '85.498168',
    fee_currency: 'BTC',
    fee_amount: '0.0001',
    price: '8549.8168',
    ts_fixed: 1_748_772_840,
    ts_release: 1_748_772_900,
    fix_period: 60,
  },
  message: 'The request to place the fixed-rate exchange may have reached the service, but no answer came within 30 s.',
  at: 1_748_772_900_000,
};

describe('the quote draft', () => {
  it('starts the form from the defaults when nothing was typed', () => {
    expect(startingValues(null, 'local-sandbox', currencies)).toEqual({ sender_currency: 'BTC', receiver_currency: 'EUR', side: 'sender', amount: '' });
  });

  it('gives the form back as typed, for the same profile only', () => {
    const draft = withValues(null, 'local-sandbox', typed);
    expect(startingValues(draft, 'local-sandbox', currencies)).toEqual(typed);
    expect(startingValues(draft, 'acme-live', currencies).amount).toBe('');
  });

  it('falls back to the defaults when a kept currency is no longer offered', () => {
    const draft = withValues(null, 'local-sandbox', typed);
    expect(startingValues(draft, 'local-sandbox', { from: ['BTC'], to: ['EUR', 'USD'] }).sender_currency).toBe('BTC');
    expect(startingValues(draft, 'local-sandbox', { from: ['ETH'], to: ['EUR'] }).receiver_currency).toBe('EUR');
  });

  it('keeps the exchange still to check beside the typed values, and drops both for another profile', () => {
    const draft = withValues(withOutcome(null, 'local-sandbox', unknown), 'local-sandbox', typed);
    expect(lastOutcomeOf(draft, 'local-sandbox')).toBe(unknown);
    expect(withOutcome(draft, 'local-sandbox', unknown).values).toEqual(typed);
    expect(lastOutcomeOf(draft, 'acme-live')).toBeNull();
    const other = withValues(draft, 'acme-live', typed);
    expect(lastOutcomeOf(other, 'local-sandbox')).toBeNull();
    expect(lastOutcomeOf(other, 'acme-live')).toBeNull();
  });

  it('is one store for the screen, outside its components', () => {
    useQuoteDraft.getState().keepValues('local-sandbox', typed);
    useQuoteDraft.getState().keepOutcome('local-sandbox', unknown);
    const { draft } = useQuoteDraft.getState();
    expect(draft).toEqual({ profileId: 'local-sandbox', values: typed, lastOutcome: unknown });
  });
});
