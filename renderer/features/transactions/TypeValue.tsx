import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { NotGiven } from './Facts.tsx';
import { codeAddsToLabel, typeLabel } from '../../../shared/api/transaction-words.ts';

/**
 * A transaction's or an entry's type: its label, and the code as sent when the code says more than
 * the label ("Deposit", not "Deposit deposit"); a type the spec does not list, as received and flagged.
 */
export function TypeValue({ type }: { type: string | undefined }) {
  if (type === undefined) return <NotGiven />;
  const label = typeLabel(type);
  if (!label) return <UnrecognisedValue what="type" value={type} />;
  return (
    <>
      {label}
      {codeAddsToLabel(type, label) && (
        <>
          {' '}
          <code className="mono muted">{type}</code>
        </>
      )}
      {/* Spec 2.1: the service spells it so; searching the back office needs the same spelling. */}
      {type === 'withrawal_exchange' && <span className="muted"> (the service&apos;s own spelling)</span>}
    </>
  );
}
