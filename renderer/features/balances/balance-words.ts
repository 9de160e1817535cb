import { currencyType } from '../../../shared/api/currency-type.ts';
import type { CurrencyType } from '../../../shared/api/currency-type.ts';
import type { BalanceList } from '../../../shared/ipc/contract.ts';
import type { ListNoun } from '../../components/set-aside.ts';
import { countOf } from '../../components/set-aside.ts';
import type { Balance } from '../../../shared/api/accounts.ts';

/** The Balances screen's words: a currency's type, and what a refresh says to a screen reader. */

export const BALANCE_NOUN: ListNoun = { one: 'balance', many: 'balances' };

const TYPE_WORDS: Record<CurrencyType, string> = { crypto: 'Crypto', fiat: 'Fiat' };

/** "Crypto", "Fiat", or null for a type the console does not know (shown as sent, flagged). */
export function typeWords(type: Balance['type']): string | null {
  const read = currencyType.read(type);
  return read.known ? TYPE_WORDS[read.value] : null;
}

export function refreshWords(list: BalanceList): string {
  const setAside = list.unreadable.length === 0 ? '' : `, ${countOf(list.unreadable.length, BALANCE_NOUN)} set aside as unreadable`;
  return `Balances refreshed: ${countOf(list.balances.length, { one: 'currency', many: 'currencies' })}${setAside}`;
}
