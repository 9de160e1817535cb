import type { IntlShape } from 'react-intl';
import { currencyType } from '../../../shared/api/currency-type.ts';
import type { CurrencyType } from '../../../shared/api/currency-type.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { BalanceList } from '../../../shared/ipc/contract.ts';
import type { ListNoun } from '../../components/set-aside.ts';
import type { Balance } from '../../../shared/api/accounts.ts';

/** The Balances screen's words: a currency's type, and what a refresh says to a screen reader. */

/** What the set-aside list counts, in the window's language. */
export const balanceNoun = (intl: IntlShape): ListNoun => ({
  one: intl.formatMessage({ id: 'balances.noun.one' }),
  many: intl.formatMessage({ id: 'balances.noun.many' }),
});

const TYPE_WORDS: Record<CurrencyType, MessageId> = { crypto: 'balances.type.crypto', fiat: 'balances.type.fiat' };

/** The id of "Crypto" or "Fiat", or null for a type the console does not know (shown as sent, flagged). */
export function typeWords(type: Balance['type']): MessageId | null {
  const read = currencyType.read(type);
  return read.known ? TYPE_WORDS[read.value] : null;
}

export function refreshWords(list: BalanceList, intl: IntlShape): string {
  const count = list.balances.length;
  if (list.unreadable.length === 0) return intl.formatMessage({ id: 'balances.refreshed' }, { count });
  return intl.formatMessage({ id: 'balances.refreshedSetAside' }, { count, setAside: list.unreadable.length });
}
