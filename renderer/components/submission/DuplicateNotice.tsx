import { FormattedMessage } from 'react-intl';
import { SPACE } from '../locale.ts';
import type { Made } from './made-words.ts';
import { MADE_KEY } from './made-words.ts';
import './submission.css';

/**
 * The one wording of main's `duplicate` decision: the foreign id was used before, whether main
 * refused to send it again or the service refused it as taken. After an unknown outcome that is the
 * earlier try having worked, which is the point of reusing the id; otherwise the id belongs to another one.
 * `another`: how to make a different one; a form's New id by default (the exchange dialog has none:
 * a new quote brings a new foreign id).
 */
export function DuplicateNotice({ what, another }: { what: Made; another?: string }) {
  return (
    <p className="duplicate-note" data-testid="duplicate-explained">
      <FormattedMessage id="components.duplicate.explained" values={{ what: MADE_KEY[what] }} />
      {SPACE}
      {another ?? <FormattedMessage id="components.duplicate.another" values={{ what: MADE_KEY[what] }} />}
    </p>
  );
}
