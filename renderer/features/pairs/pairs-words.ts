import type { IntlShape } from 'react-intl';
import type { PairList } from '../../../shared/ipc/contract.ts';
import type { ListNoun } from '../../components/set-aside.ts';

/** What a refresh of the pairs says to a screen reader: the outcome, and how many were set aside. */
export function refreshWords(list: PairList, intl: IntlShape): string {
  if (list.staleBecause) return intl.formatMessage({ id: 'pairs.refreshFailedStale' }, { message: list.staleBecause.message });
  const count = list.pairs.length;
  if (list.unreadable.length === 0) return intl.formatMessage({ id: 'pairs.refreshed' }, { count });
  return intl.formatMessage({ id: 'pairs.refreshedSetAside' }, { count, setAside: list.unreadable.length });
}

/** What the set-aside list counts, in the window's language. */
export const pairNoun = (intl: IntlShape): ListNoun => ({ one: intl.formatMessage({ id: 'pairs.noun.one' }), many: intl.formatMessage({ id: 'pairs.noun.many' }) });
