import { FormattedMessage, useIntl } from 'react-intl';
import { wordOutcome } from '../../shared/api/outcome-words.ts';
import type { DepositSeen } from '../../shared/ipc/index.ts';
import { CopyableText } from './CopyableText.tsx';
import { DateTime } from './DateTime.tsx';
import { SPACE } from './locale.ts';
import './deposit-list.css';

/**
 * Every deposit into a deposit address, as the service reported it by callback (outcomes.forEntries:
 * one transaction per payment), oldest first: when it was first reported, the amount the customer
 * sent with its currency, where it stands now in words, and its hashes, to copy. Shown on History's
 * entry and on the Deposit address screen's result.
 */
export function DepositList({ deposits }: { deposits: readonly DepositSeen[] }) {
  const intl = useIntl();
  return (
    <ol className="deposit-list" data-testid="deposit-list">
      {deposits.map(({ id, firstAt, current }) => (
        <li key={id} data-testid="deposit" data-status={current.status} data-transaction={id}>
          <FormattedMessage
            id="components.depositList.deposit"
            values={{
              at: <DateTime value={firstAt} />,
              amount: <strong data-testid="deposit-amount">{current.amount ?? intl.formatMessage({ id: 'components.depositList.noAmount' })}</strong>,
            }}
          />
          {SPACE}
          <span className={`deposit-state deposit-state-${current.tone}`} data-testid="deposit-status">
            {wordOutcome(intl, current.words)}
          </span>
          {SPACE}
          <span className="muted">
            <FormattedMessage id="components.depositList.transaction" values={{ id }} />
          </span>
          {current.txids.map((txid) => (
            <span key={txid} className="deposit-txid">
              {SPACE}
              <FormattedMessage id="components.depositList.txid" />
              {SPACE}
              <CopyableText value={txid} what={intl.formatMessage({ id: 'components.depositList.txidWhat' })} testId="deposit-txid" />
            </span>
          ))}
        </li>
      ))}
    </ol>
  );
}
