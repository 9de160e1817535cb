import type { DepositSeen } from '../../shared/ipc/index.ts';
import { CopyableText } from './CopyableText.tsx';
import { DateTime } from './DateTime.tsx';
import './deposit-list.css';

/**
 * Every deposit into a deposit address, as the service reported it by callback (outcomes.forEntries:
 * one transaction per payment), oldest first: when it was first reported, the amount the customer
 * sent with its currency, where it stands now in words, and its hashes, to copy. Shown on History's
 * entry and on the Deposit address screen's result.
 */
export function DepositList({ deposits }: { deposits: readonly DepositSeen[] }) {
  return (
    <ol className="deposit-list" data-testid="deposit-list">
      {deposits.map(({ id, firstAt, current }) => (
        <li key={id} data-testid="deposit" data-status={current.status} data-transaction={id}>
          <DateTime value={firstAt} />: <strong data-testid="deposit-amount">{current.amount ?? 'amount not given'}</strong>{' '}
          <span className={`deposit-state deposit-state-${current.tone}`} data-testid="deposit-status">
            {current.words}
          </span>{' '}
          <span className="muted">transaction {id}</span>
          {current.txids.map((txid) => (
            <span key={txid} className="deposit-txid">
              {' '}
              txid <CopyableText value={txid} what="transaction hash" testId="deposit-txid" />
            </span>
          ))}
        </li>
      ))}
    </ol>
  );
}
