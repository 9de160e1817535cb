import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { ResponseOf } from '../../../shared/ipc/contract.ts';
import type { TransactionLookupRequest } from '../../../shared/api/transaction.ts';
import { announce } from '../../components/announce.ts';
import { unrecognisedWords } from '../../components/unrecognised-words.ts';
import { invoke } from '../../bridge.ts';
import { statusIdsOf } from '../../../shared/api/transaction-words.ts';

export type LookupAnswer = ResponseOf<'transactions.lookup'>;

export const lookupKey = (query: TransactionLookupRequest | null) => ['transactions.lookup', query] as const;

/**
 * One lookup (spec 4.1) through the bridge. A read, so a network failure is retried once (the
 * app's query client); never stale-cached: a transaction's status moves, and a person asking again
 * wants the service's answer now, with its own "looked up at".
 */
export function useTransactionLookup(query: TransactionLookupRequest | null) {
  const intl = useIntl();
  return useQuery({
    queryKey: lookupKey(query),
    queryFn: async () => {
      if (query === null) throw new Error('No lookup was asked for');
      const answer = await invoke('transactions.lookup', query);
      const { id, status } = answer.transaction;
      const known = statusIdsOf(status);
      const said = known ? intl.formatMessage({ id: known.label }) : unrecognisedWords(intl.formatMessage({ id: 'transactions.result.statusWhat' }), status);
      announce(intl.formatMessage({ id: 'transactions.announce' }, { id, status: said }));
      return answer;
    },
    enabled: query !== null,
    staleTime: 0,
    gcTime: 60_000,
  });
}
