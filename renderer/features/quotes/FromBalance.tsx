import type { Quote } from '../../../shared/api/quote.ts';
import { Amount } from '../../components/Amount.tsx';
import { balanceOf } from '../../components/balances/balance-check.ts';
import { useBalances } from '../../components/balances/use-balances.ts';
import { formatUtc } from '../../components/DateTime.tsx';
import type { FormOnBalance } from './balance-warning.ts';
import { balanceWarning } from './balance-warning.ts';

type Props = {
  form: FormOnBalance;
  /** The quote on screen, if any: on the receive side it is what says how much is sent. */
  quote: Quote | null;
};

/**
 * The From currency's balance under the form, from the one balances cache the Balances
 * screen shares, and a warning when the amount to send is more than it. Only a help: a balance that
 * cannot be had is a quiet note, never an error, and the warning never stops a quote or an
 * exchange, because the service decides.
 */
export function FromBalance({ form, quote }: Props) {
  const balances = useBalances();
  if (form.from === '') return null;
  if (balances.isPending) return <p className="quote-balance muted">Checking the {form.from} balance…</p>;
  if (!balances.data) {
    return (
      <p className="quote-balance muted" data-testid="from-balance-unavailable">
        The balance could not be fetched just now; the Balances screen says why.
      </p>
    );
  }
  const balance = balanceOf(balances.data.balances, form.from);
  const warning = balance === null ? null : balanceWarning(form, balance.balance, quote);
  return (
    <div className="quote-balance" data-testid="from-balance">
      {balance === null ? (
        <p className="muted">The service lists no {form.from} balance.</p>
      ) : (
        <p>
          {form.from} balance: <Amount value={balance.balance} currency={form.from} />{' '}
          <span className="muted">(fetched {formatUtc(Date.parse(balances.data.fetchedAt))})</span>
        </p>
      )}
      {/* Always present, so that a warning appearing is announced (a polite live region). */}
      <p className="quote-balance-warning" role="status" data-testid="balance-warning">
        {warning && <span className="field-warning">Warning: {warning}</span>}
      </p>
    </div>
  );
}
