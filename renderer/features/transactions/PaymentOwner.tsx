import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { transactionTxids } from '../../../shared/api/transaction.ts';
import type { Transaction } from '../../../shared/api/transaction.ts';
import { invoke } from '../../bridge.ts';
import { SPACE } from '../../components/locale.ts';
import { Fact } from './Facts.tsx';

/**
 * What the payment belongs to, in the service's own word: the invoice whose callback carried one of
 * this transaction's hashes, or the deposit address a deposit's callback names (outcomes/, read
 * from the profile's receiver). Nothing is guessed: with no such callback the line says so, and
 * with no receiver it is left out.
 */
export function PaymentOwner({ tx }: { tx: Transaction }) {
  const txids = transactionTxids(tx).slice(0, 50);
  const intl = useIntl();
  const owners = useQuery({ queryKey: ['outcomes', 'payment', txids], queryFn: () => invoke('outcomes.forPayment', { txids }), enabled: txids.length > 0 });
  if (!owners.data || owners.data.source.kind === 'no-receiver') return null;
  return (
    <Fact term={intl.formatMessage({ id: 'transactions.owner.term' })} testId="payment-owner">
      {owners.data.owners.length === 0 ? (
        <span className="muted">
          <FormattedMessage id="transactions.owner.none" />
        </span>
      ) : (
        owners.data.owners.map((owner, index) => (
          <span key={`${owner.type}-${owner.id}`}>
            {index > 0 && intl.formatMessage({ id: 'transactions.owner.separator' })}
            <FormattedMessage id="transactions.owner.kind" values={{ kind: owner.type }} /> <span className="mono">{owner.id}</span>
            {owner.foreignId !== null && (
              <>
                {SPACE}
                <FormattedMessage id="transactions.owner.foreignId" values={{ id: <span className="mono">{owner.foreignId}</span> }} />
              </>
            )}
            <span className="muted">
              <FormattedMessage id="transactions.owner.bySaying" />
            </span>
          </span>
        ))
      )}
    </Fact>
  );
}
