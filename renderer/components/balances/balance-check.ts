import type { Balance } from '../../../shared/api/accounts.ts';
import { compareDecimals, isInputDecimal, isWireDecimal } from '../../../shared/money/decimal.ts';

/**
 * Reading one balance out of the list, exactly: decimal text compared as decimals (big.js), never as
 * floats. A balance that could not be read as a decimal answers nothing rather than a guess.
 */

/** The balance of `currency` (codes compared as the service writes them), or null when the list has none. */
export function balanceOf(balances: readonly Balance[], currency: string): Balance | null {
  return balances.find((balance) => balance.currency === currency) ?? null;
}

/**
 * Whether `amount` is more than `balance`: true or false when both are decimals, null when either
 * is not (an amount still being typed, a balance that arrived as something odd), so that nothing is
 * claimed about it.
 */
export function exceedsBalance(amount: string, balance: string): boolean | null {
  const wanted = amount.trim();
  if (!isInputDecimal(wanted) || !isWireDecimal(balance)) return null;
  return compareDecimals(wanted, balance) > 0;
}
