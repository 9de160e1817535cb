import { FormattedMessage } from 'react-intl';
import { Amount } from '../../components/Amount.tsx';
import { balanceOf } from '../../components/balances/balance-check.ts';
import { useBalances } from '../../components/balances/use-balances.ts';
import { formatUtc } from '../../components/DateTime.tsx';
import { compareDecimals, isWireDecimal } from '../../../shared/money/decimal.ts';
import { SPACE } from '../../components/locale.ts';

/**
 * The currency's balance beside the amount, from the one balances cache the Balances and Live
 * quote screens share; a warning, never a block, when the amount is more: the service decides.
 */
export function AmountBalance({ currency, amount }: { currency: string; amount: string }) {
  const balances = useBalances();
  const code = currency.trim().toUpperCase();
  if (code === '') return null;
  if (balances.isPending) return <p className="withdrawal-balance muted"><FormattedMessage id="withdrawals.balance.checking" values={{ code }} /></p>;
  if (!balances.data) return <p className="withdrawal-balance muted"><FormattedMessage id="withdrawals.balance.unavailable" /></p>;
  const balance = balanceOf(balances.data.balances, code);
  if (balance === null) return <p className="withdrawal-balance muted"><FormattedMessage id="withdrawals.balance.none" values={{ code }} /></p>;
  const typed = amount.trim();
  const over = isWireDecimal(typed) && isWireDecimal(balance.balance) && compareDecimals(typed, balance.balance) > 0;
  return (
    <div className="withdrawal-balance" data-testid="withdrawal-balance">
      <p>
        <FormattedMessage id="withdrawals.balance.line" values={{ code }} />
        {SPACE}
        <Amount value={balance.balance} currency={code} />
        {SPACE}
        <span className="muted">
          <FormattedMessage id="withdrawals.balance.fetched" values={{ at: formatUtc(Date.parse(balances.data.fetchedAt)) }} />
        </span>
      </p>
      <p role="status">{over && (
          <span className="field-warning">
            <FormattedMessage id="withdrawals.balance.over" />
          </span>
        )}</p>
    </div>
  );
}
