import type { Made } from './made-words.ts';
import { aOrAn } from './made-words.ts';
import './submission.css';

/**
 * The service refused the foreign id as taken. After an unknown outcome that is the earlier try
 * having worked, which is the point of reusing the id; otherwise the id belongs to another one.
 */
export function DuplicateNotice({ what }: { what: Made }) {
  return (
    <p className="duplicate-note" data-testid="duplicate-explained">
      The service already has {aOrAn(what)} with this foreign id, so it did not create another. If an earlier attempt
      ended with an unknown outcome, that attempt did create the {what}: check it in the back office instead of sending
      again. For a different {what}, press New id.
    </p>
  );
}
