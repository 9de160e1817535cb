import type { BalanceList } from '../../../shared/ipc/contract.ts';
import type { ListNoun } from '../../components/set-aside.ts';
import { countOf } from '../../components/set-aside.ts';

/** The Balances screen's words: a currency's type, and what a refresh says to a screen reader. */

export const BALANCE_NOUN: ListNoun = { one: 'balance', many: 'balances' };

const TYPE_WORDS: Record<string, string> = { crypto: 'Crypto', fiat: 'Fiat' };

/** "Crypto", "Fiat", or the type exactly as the service sent it when it is neither. */
export function typeWords(type: string): string {
  return Object.hasOwn(TYPE_WORDS, type) ? (TYPE_WORDS[type] ?? type) : type;
}

export function refreshWords(list: BalanceList): string {
  const setAside = list.unreadable.length === 0 ? '' : `, ${countOf(list.unreadable.length, BALANCE_NOUN)} set aside as unreadable`;
  return `Balances refreshed: ${countOf(list.balances.length, { one: 'currency', many: 'currencies' })}${setAside}`;
}
