import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeUnreadable } from '../../shared/api/wire.ts';
import type { UnreadableElement } from '../../shared/api/wire.ts';
import type { ListNoun } from './set-aside.ts';
import { countOf } from './set-aside.ts';
import { SPACE } from './locale.ts';
import './set-aside.css';

/** Enough to see what went wrong; the rest are counted, not listed, so a broken answer cannot flood the screen. */
export const MAX_LISTED = 50;

type Props = {
  unreadable: readonly UnreadableElement[];
  noun: ListNoun;
  /** What the set-aside elements mean here, after the count. */
  children?: ReactNode;
};

/** The elements of a list answer that could not be read, each with its field and value as received. */
export function SetAsideList({ unreadable, noun, children }: Props) {
  const intl = useIntl();
  if (unreadable.length === 0) return null;
  const summary = intl.formatMessage({ id: 'components.setAside.summary' }, { counted: countOf(unreadable.length, noun) });
  const unlisted = unreadable.length - MAX_LISTED;
  return (
    <section className="set-aside" aria-label={summary} data-testid="set-aside">
      <p>
        <FormattedMessage id="components.setAside.couldNotRead" values={{ summary, count: unreadable.length, strong: (chunks) => <strong>{chunks}</strong> }} />
        {SPACE}
        {children}
      </p>
      <ul>
        {unreadable.slice(0, MAX_LISTED).map((element) => (
          <li key={element.index}>
            <code>{describeUnreadable(intl, element)}</code>
          </li>
        ))}
      </ul>
      {unlisted > 0 && (
        <p className="muted">
          <FormattedMessage id="components.setAside.more" values={{ count: unlisted }} />
        </p>
      )}
    </section>
  );
}
