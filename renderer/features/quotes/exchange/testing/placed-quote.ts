import type { ExchangeOrder } from '../../../../../shared/api/exchange.ts';
import type { Quote } from '../../../../../shared/api/quote.ts';

/** The quote the exchange tests place: 0.01 BTC for EUR, fixed for 60 seconds. */
export const quote: Quote = {
  sender_currency: 'BTC',
  sender_amount: '0.01',
  receiver_currency: 'EUR',
  receiver_amount: '612.34512345',
  fee_currency: 'BTC',
  fee_amount: '0.0001',
  price: '61234.512345',
  ts_fixed: 1_700_000_000,
  ts_release: 1_700_000_060,
  fix_period: 60,
};

/** The order the service answers for `quote` placed under `foreignId`, right after placement. */
export const orderAt = (foreignId: string): ExchangeOrder => ({
  id: 134704049,
  foreign_id: foreignId,
  type: 'exchange',
  sender_amount: quote.sender_amount,
  sender_currency: quote.sender_currency,
  receiver_amount: quote.receiver_amount,
  receiver_currency: quote.receiver_currency,
  fee_amount: quote.fee_amount,
  fee_currency: quote.fee_currency,
  price: quote.price,
  status: 'processing',
});
