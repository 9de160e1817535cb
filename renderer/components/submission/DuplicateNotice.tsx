import type { Made } from './made-words.ts';
import './submission.css';

/**
 * The one wording of main's `duplicate` decision: the foreign id was used before, whether main
 * refused to send it again or the service refused it as taken. After an unknown outcome that is the
 * earlier try having worked, which is the point of reusing the id; otherwise the id belongs to another one.
 */
export function DuplicateNotice({ what }: { what: Made }) {
  return (
    <p className="duplicate-note" data-testid="duplicate-explained">
      This foreign id was used before, so no second {what} was made with it. The {what} made under it earlier may exist,
      even if that attempt ended with an unknown outcome: check this foreign id in the back office instead of sending
      again. For a different {what}, press New id.
    </p>
  );
}
