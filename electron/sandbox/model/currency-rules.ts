import { compareDecimals } from '../../../shared/money/index.ts';
import { currencyInfo, formattedMinimum, isCrypto } from './market.ts';
import { messages } from './messages.ts';
import type { Body, Errors } from './rules.ts';
import { text } from './rules.ts';

/**
 * The currency rules every endpoint that takes a currency or an amount shares: a known code, a
 * cryptocurrency where only crypto moves, and the currency's minimum amount. They live below the
 * endpoints so that no endpoint borrows them from another.
 */

/** A known currency code in `field`; adds "The selected ... is invalid." otherwise. */
export function currencyField(e: Errors, body: Body, field: string, required: boolean): string | undefined {
  const code = text(e, body, field, { required, max: 20 });
  if (code === undefined) return undefined;
  if (!currencyInfo(code)) {
    e.add(field, messages.selectedInvalid(field));
    return undefined;
  }
  return code;
}

/** A known cryptocurrency code in `field`; adds "The ... must be a cryptocurrency." for a fiat one. */
export function cryptoCurrencyField(e: Errors, body: Body, field: string, required: boolean): string | undefined {
  const code = currencyField(e, body, field, required);
  if (code !== undefined && !isCrypto(code)) {
    e.add(field, messages.notCrypto(field));
    return undefined;
  }
  return code;
}

/** Adds the minimum amount message when `sendAmount` of `currency` is below its minimum. */
export function checkMinimum(e: Errors, field: string, currency: string, sendAmount: string): void {
  const info = currencyInfo(currency);
  if (info && compareDecimals(sendAmount, info.minAmount) < 0) e.add(field, messages.tooSmall(formattedMinimum(info), currency));
}
