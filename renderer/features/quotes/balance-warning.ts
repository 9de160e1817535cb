import type { IntlShape } from 'react-intl';
import type { Quote } from '../../../shared/api/quote.ts';
import { addDecimals, decimalsEqual, isInputDecimal, isWireDecimal } from '../../../shared/money/decimal.ts';
import { exceedsBalance } from '../../components/balances/balance-check.ts';
import type { AmountSide } from './quote-form-schema.ts';

/**
 * Whether the amount to send looks more than the From balance: a warning only, never a
 * block, because the service decides (it may credit something first, or count differently). What
 * is sent is the typed amount on the "send" side; on the "receive" side only the quote knows it.
 * A quote for the same pair whose fee is in the From currency adds its fee, as the service takes
 * it from the same balance (the local sandbox does: electron/sandbox/model/balances.ts).
 */

export type FormOnBalance = { from: string; side: AmountSide; amount: string };

/** The warning in plain words, or null when the balance covers it or nothing can be said. */
export function balanceWarning(intl: IntlShape, form: FormOnBalance, balance: string, quote: Quote | null): string | null {
  const quoted = quote !== null && quote.sender_currency === form.from ? quote : null;
  const typed = form.amount.trim();
  const send = form.side === 'sender' ? typed : (quoted?.sender_amount ?? '');
  if (!isInputDecimal(send)) return null;
  if (exceedsBalance(send, balance)) {
    return intl.formatMessage({ id: 'quotes.balance.over' }, { amount: send, currency: form.from });
  }
  // The fee counts only for the quote of this very amount: an edited amount has not been priced yet.
  const priced = quoted !== null && (form.side === 'receiver' || (isWireDecimal(quoted.sender_amount) && decimalsEqual(quoted.sender_amount, send)));
  if (!priced || quoted.fee_currency !== form.from || !isWireDecimal(quoted.fee_amount)) return null;
  const withFee = addDecimals(send, quoted.fee_amount);
  if (!exceedsBalance(withFee, balance)) return null;
  return intl.formatMessage({ id: 'quotes.balance.overWithFee' }, { fee: quoted.fee_amount, total: withFee, currency: form.from });
}
