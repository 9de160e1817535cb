import { useQuery } from '@tanstack/react-query';
import { transactionTxids } from '../../../shared/api/transaction.ts';
import type { Transaction } from '../../../shared/api/transaction.ts';
import { invoke } from '../../bridge.ts';
import { Fact } from './Facts.tsx';

const CALLBACK_WORDS: Record<string, string> = { invoice: 'invoice', address: 'deposit address', deposit: 'deposit', exchange: 'exchange' };

/**
 * What the payment belongs to, in the service's own word: the invoice whose callback carried one of
 * this transaction's hashes, or the deposit address a deposit's callback names (outcomes/, read
 * from the profile's receiver). Nothing is guessed: with no such callback the line says so, and
 * with no receiver it is left out.
 */
export function PaymentOwner({ tx }: { tx: Transaction }) {
  const txids = transactionTxids(tx).slice(0, 50);
  const owners = useQuery({ queryKey: ['outcomes', 'payment', txids], queryFn: () => invoke('outcomes.forPayment', { txids }), enabled: txids.length > 0 });
  if (!owners.data || owners.data.source.kind === 'no-receiver') return null;
  return (
    <Fact term="Belongs to" testId="payment-owner">
      {owners.data.owners.length === 0 ? (
        <span className="muted">no callback from the service names what this payment belongs to</span>
      ) : (
        owners.data.owners.map((owner, index) => (
          <span key={`${owner.type}-${owner.id}`}>
            {index > 0 && '; '}
            {CALLBACK_WORDS[owner.type] ?? owner.type} <span className="mono">{owner.id}</span>
            {owner.foreignId !== null && (
              <>
                {' '}
                (foreign id <span className="mono">{owner.foreignId}</span>)
              </>
            )}
            <span className="muted">, as the service&apos;s callback says</span>
          </span>
        ))
      )}
    </Fact>
  );
}
