import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A term and its value, in a description list: how a transaction's fields read best. */
export function Facts({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl className="facts" aria-label={label}>
      {children}
    </dl>
  );
}

export function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** A value the service left out, said as such rather than shown as an empty cell. */
export function NotGiven({ children }: { children?: ReactNode }) {
  return <span className="muted">{children ?? <FormattedMessage id="transactions.notGiven" />}</span>;
}

/** A value shown as received but flagged: it is not what the spec describes. */
export function Flag({ children }: { children: ReactNode }) {
  return (
    <span className="value-flag">
      <FormattedMessage id="transactions.flag" values={{ text: children }} />
    </span>
  );
}
