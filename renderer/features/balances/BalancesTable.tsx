import { FormattedMessage, useIntl } from 'react-intl';
import type { Balance } from '../../../shared/api/accounts.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';
import { isZero, isWireDecimal } from '../../../shared/money/decimal.ts';
import { currencyPlaces } from '../../../shared/money/precision.ts';
import { Amount } from '../../components/Amount.tsx';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { typeWords } from './balance-words.ts';

/** The columns' names, and the balance column's own class (right-aligned figures). */
const HEADINGS: readonly { id: MessageId; className?: string }[] = [
  { id: 'balances.table.currency' },
  { id: 'balances.table.type' },
  { id: 'balances.table.balance', className: 'balance-column' },
];

/**
 * Every balance, in the service's order, zeros included: the currency, its type and the balance
 * at the currency's places, by the type the service gave it (components/Amount: grouped, padded or
 * trailing zeros dropped, never a digit rounded). A zero is shown as such, quieter, so
 * the currencies that hold something stand out without hiding the others.
 */
export function BalancesTable({ balances }: { balances: readonly Balance[] }) {
  const intl = useIntl();
  return (
    <table className="table balances-table">
      <caption className="visually-hidden">
        <FormattedMessage id="balances.table.caption" />
      </caption>
      <thead>
        <tr>
          {HEADINGS.map(({ id, className }) => (
            <th key={id} scope="col" className={className}>
              <FormattedMessage id={id} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {balances.map((balance) => {
          const zero = isWireDecimal(balance.balance) && isZero(balance.balance);
          const type = typeWords(balance.type);
          return (
            <tr key={balance.currency} data-currency={balance.currency} className={zero ? 'balance-zero' : undefined}>
              <th scope="row" className="mono">
                {balance.currency}
              </th>
              <td data-column="type">{type ? <FormattedMessage id={type} /> : <UnrecognisedValue what={intl.formatMessage({ id: 'balances.typeWhat' })} value={balance.type} />}</td>
              <td data-column="balance" className="balance-column">
                <Amount value={balance.balance} places={currencyPlaces(balance.currency, balance.type)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
