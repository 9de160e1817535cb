import type { ReactNode } from 'react';
import type { TransactionLookupRequest } from '../../../../shared/api/transaction.ts';
import { useNavigation } from '../../../navigation/screens.ts';

/**
 * Hands a query to the Transactions screen (openLookup). A real link to that screen's address, so
 * it reads and behaves as one; the click goes through the navigation store, which also runs it.
 */
export function LookupLink({ query, children, onLeave }: { query: TransactionLookupRequest; children: ReactNode; onLeave?: (() => void) | undefined }) {
  return (
    <a
      href="#transactions"
      onClick={(event) => {
        event.preventDefault();
        onLeave?.();
        useNavigation.getState().openLookup(query);
      }}
    >
      {children}
    </a>
  );
}
