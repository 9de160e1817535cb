import { FormattedMessage, useIntl } from 'react-intl';
import { SPACE } from '../../components/locale.ts';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { NotGiven } from './Facts.tsx';
import { codeAddsToLabel, typeLabel, typeLabelId } from '../../../shared/api/transaction-words.ts';

/**
 * A transaction's or an entry's type: its label, and the code as sent when the code says more than
 * the label ("Deposit", not "Deposit deposit"); a type the spec does not list, as received and flagged.
 */
export function TypeValue({ type }: { type: string | undefined }) {
  const intl = useIntl();
  if (type === undefined) return <NotGiven />;
  const label = typeLabel(type);
  const labelId = typeLabelId(type);
  if (!label || !labelId) return <UnrecognisedValue what={intl.formatMessage({ id: 'transactions.type.what' })} value={type} />;
  return (
    <>
      <FormattedMessage id={labelId} />
      {/* Whether the code says more than its label is decided on the English label, whatever the window's language. */}
      {codeAddsToLabel(type, label) && (
        <>
          {SPACE}
          <code className="mono muted">{type}</code>
        </>
      )}
      {/* Spec 2.1: the service spells it so; searching the back office needs the same spelling. */}
      {type === 'withrawal_exchange' && (
        <span className="muted">
          {SPACE}
          <FormattedMessage id="transactions.type.ownSpelling" />
        </span>
      )}
    </>
  );
}
