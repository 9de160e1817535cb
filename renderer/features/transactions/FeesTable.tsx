import { FormattedMessage, useIntl } from 'react-intl';
import type { UnreadableElement } from '../../../shared/api/wire.ts';
import type { Transaction } from '../../../shared/api/transaction.ts';
import { currencyPlaces } from '../../../shared/money/precision.ts';
import { Amount } from '../../components/Amount.tsx';
import { SetAsideList } from '../../components/SetAsideList.tsx';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { feeLabelId } from '../../../shared/api/transaction-words.ts';

const FEE_NOUN = { one: 'fee', many: 'fees' };

/**
 * The fees the service charged (spec 2.1): type, currency and the amount at the currency's places,
 * so that fees in one currency line up ("0.00003" and "0.00002000" BTC are both written with 8);
 * those that could not be read, set aside.
 */
export function FeesTable({ fees, unreadable }: { fees: Transaction['fees']; unreadable: readonly UnreadableElement[] }) {
  const intl = useIntl();
  return (
    <section className="panel" aria-labelledby="fees-title">
      <h2 id="fees-title">
        <FormattedMessage id="transactions.fees.title" />
      </h2>
      <SetAsideList unreadable={unreadable} noun={FEE_NOUN}>
        <FormattedMessage id="transactions.fees.setAside" />
      </SetAsideList>
      {fees.length === 0 ? (
        unreadable.length === 0 && (
          <p className="muted">
            <FormattedMessage id="transactions.fees.none" />
          </p>
        )
      ) : (
        <table className="table fees-table" aria-labelledby="fees-title">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="transactions.fees.type" />
              </th>
              <th scope="col">
                <FormattedMessage id="transactions.fees.currency" />
              </th>
              <th scope="col" className="numeric">
                <FormattedMessage id="transactions.fees.amount" />
              </th>
            </tr>
          </thead>
          <tbody>
            {fees.map((fee, index) => {
              const labelId = feeLabelId(fee.type);
              return (
                <tr key={`${fee.type}-${index}`}>
                  <td>
                    {labelId ? (
                      <>
                        <FormattedMessage id={labelId} />
                        <code className="mono muted fee-code">{fee.type}</code>
                      </>
                    ) : (
                      <UnrecognisedValue what={intl.formatMessage({ id: 'transactions.fees.typeWhat' })} value={fee.type} />
                    )}
                  </td>
                  <td>{fee.currency}</td>
                  <td className="numeric">
                    <Amount value={fee.amount} places={currencyPlaces(fee.currency)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
