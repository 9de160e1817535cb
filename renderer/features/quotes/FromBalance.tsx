import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  if (form.from === '') return null;
  if (balances.isPending) {
    return (
      <p className="quote-balance muted">
        <FormattedMessage id="quotes.balance.checking" values={{ currency: form.from }} />
      </p>
    );
  }
  if (!balances.data) {
    return (
      <p className="quote-balance muted" data-testid="from-balance-unavailable">
        <FormattedMessage id="quotes.balance.unavailable" />
      </p>
    );
  }
  const balance = balanceOf(balances.data.balances, form.from);
  const warning = balance === null ? null : balanceWarning(intl, form, balance.balance, quote);
  return (
    <div className="quote-balance" data-testid="from-balance">
      {balance === null ? (
        <p className="muted">
          <FormattedMessage id="quotes.balance.none" values={{ currency: form.from }} />
        </p>
      ) : (
        <p>
          <FormattedMessage
            id="quotes.balance.line"
            values={{
              currency: form.from,
              amount: <Amount value={balance.balance} currency={form.from} />,
              at: formatUtc(Date.parse(balances.data.fetchedAt)),
              muted: (chunks: ReactNode[]) => <span className="muted">{chunks}</span>,
            }}
          />
        </p>
      )}
      {/* Always present, so that a warning appearing is announced (a polite live region). */}
      <p className="quote-balance-warning" role="status" data-testid="balance-warning">
        {warning && <span className="field-warning">
            <FormattedMessage id="quotes.balance.warning" values={{ warning }} />
          </span>}
      </p>
    </div>
  );
}
