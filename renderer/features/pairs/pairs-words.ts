import type { PairList } from '../../../shared/ipc/contract.ts';
import { countOf } from '../../components/set-aside.ts';

/** What a refresh of the pairs says to a screen reader: the outcome, and how many were set aside. */
export function refreshWords(list: PairList): string {
  if (list.staleBecause) return `Could not refresh the pairs: ${list.staleBecause.message} The last list is still shown.`;
  const setAside = list.unreadable.length === 0 ? '' : `, ${list.unreadable.length} set aside as unreadable`;
  return `Pairs refreshed: ${countOf(list.pairs.length, { one: 'pair', many: 'pairs' })}${setAside}`;
}
