import type { UnreadableElement } from '../../../shared/api/wire.ts';
import type { Transaction } from '../../../shared/api/transaction.ts';
import { currencyPlaces } from '../../../shared/money/precision.ts';
import { Amount } from '../../components/Amount.tsx';
import { SetAsideList } from '../../components/SetAsideList.tsx';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { feeLabel } from '../../../shared/api/transaction-words.ts';

const FEE_NOUN = { one: 'fee', many: 'fees' };

/**
 * The fees the service charged (spec 2.1): type, currency and the amount at the currency's places,
 * so that fees in one currency line up ("0.00003" and "0.00002000" BTC are both written with 8);
 * those that could not be read, set aside.
 */
export function FeesTable({ fees, unreadable }: { fees: Transaction['fees']; unreadable: readonly UnreadableElement[] }) {
  return (
    <section className="panel" aria-labelledby="fees-title">
      <h2 id="fees-title">Fees</h2>
      <SetAsideList unreadable={unreadable} noun={FEE_NOUN}>
        The raw JSON below has every fee as sent.
      </SetAsideList>
      {fees.length === 0 ? (
        unreadable.length === 0 && <p className="muted">No fees.</p>
      ) : (
        <table className="table fees-table" aria-labelledby="fees-title">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Currency</th>
              <th scope="col" className="numeric">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {fees.map((fee, index) => {
              const label = feeLabel(fee.type);
              return (
                <tr key={`${fee.type}-${index}`}>
                  <td>
                    {label ?? <UnrecognisedValue what="fee type" value={fee.type} />}
                    {label && <code className="mono muted fee-code">{fee.type}</code>}
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
