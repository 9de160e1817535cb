import type { Quote } from '../../../shared/api/quote.ts';
import { addDecimals, isWireDecimal } from '../../../shared/money/decimal.ts';

/**
 * What an exchange takes from the merchant's balances: the amount sent and the fee. A fee in the
 * currency sent is added to it ("0.05 BTC" sent takes 0.0505 BTC with a 0.0005 BTC fee), as the
 * service takes both from that balance; a fee in another currency is taken from that one, so the
 * two are named apart. Amounts that are not plain decimals are not added up.
 */
export type TotalDebited =
  | { kind: 'one'; amount: string; currency: string }
  | { kind: 'apart'; amount: string; currency: string; fee: string; feeCurrency: string }
  | { kind: 'unknown' };

export function totalDebited(quote: Pick<Quote, 'sender_amount' | 'sender_currency' | 'fee_amount' | 'fee_currency'>): TotalDebited {
  const { sender_amount: amount, sender_currency: currency, fee_amount: fee, fee_currency: feeCurrency } = quote;
  if (!isWireDecimal(amount) || !isWireDecimal(fee)) return { kind: 'unknown' };
  if (feeCurrency === currency) return { kind: 'one', amount: addDecimals(amount, fee), currency };
  return { kind: 'apart', amount, currency, fee, feeCurrency };
}
