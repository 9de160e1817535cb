import { Amount } from '../../components/Amount.tsx';
import { balanceOf } from '../../components/balances/balance-check.ts';
import { useBalances } from '../../components/balances/use-balances.ts';
import { formatUtc } from '../../components/DateTime.tsx';
import { compareDecimals, isWireDecimal } from '../../../shared/money/decimal.ts';
import { WORDS } from './withdrawal-words.ts';

/**
 * The currency's balance beside the amount, from the one balances cache the Balances and Live
 * quote screens share; a warning, never a block, when the amount is more: the service decides.
 */
export function AmountBalance({ currency, amount }: { currency: string; amount: string }) {
  const balances = useBalances();
  const code = currency.trim().toUpperCase();
  if (code === '') return null;
  if (balances.isPending) return <p className="withdrawal-balance muted">{WORDS.balance.checking(code)}</p>;
  if (!balances.data) return <p className="withdrawal-balance muted">{WORDS.balance.unavailable}</p>;
  const balance = balanceOf(balances.data.balances, code);
  if (balance === null) return <p className="withdrawal-balance muted">{WORDS.balance.none(code)}</p>;
  const typed = amount.trim();
  const over = isWireDecimal(typed) && isWireDecimal(balance.balance) && compareDecimals(typed, balance.balance) > 0;
  return (
    <div className="withdrawal-balance" data-testid="withdrawal-balance">
      <p>
        {WORDS.balance.line(code)} <Amount value={balance.balance} currency={code} /> <span className="muted">{WORDS.balance.fetched(formatUtc(Date.parse(balances.data.fetchedAt)))}</span>
      </p>
      <p role="status">{over && <span className="field-warning">Warning: {WORDS.balance.over}</span>}</p>
    </div>
  );
}
