import type { ReactNode } from 'react';
import { describeUnreadable } from '../../shared/api/wire.ts';
import type { UnreadableElement } from '../../shared/api/wire.ts';
import type { ListNoun } from './set-aside.ts';
import { setAsideCount } from './set-aside.ts';
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
  if (unreadable.length === 0) return null;
  const summary = setAsideCount(unreadable.length, noun);
  const unlisted = unreadable.length - MAX_LISTED;
  return (
    <section className="set-aside" aria-label={summary} data-testid="set-aside">
      <p>
        <strong>{summary}:</strong> the console could not read {unreadable.length === 1 ? 'it' : 'them'}. {children}
      </p>
      <ul>
        {unreadable.slice(0, MAX_LISTED).map((element) => (
          <li key={element.index}>
            <code>{describeUnreadable(element)}</code>
          </li>
        ))}
      </ul>
      {unlisted > 0 && <p className="muted">and {unlisted} more</p>}
    </section>
  );
}
