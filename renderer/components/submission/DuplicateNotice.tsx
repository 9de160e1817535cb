import type { Made } from './made-words.ts';
import './submission.css';

/**
 * The one wording of main's `duplicate` decision: the foreign id was used before, whether main
 * refused to send it again or the service refused it as taken. After an unknown outcome that is the
 * earlier try having worked, which is the point of reusing the id; otherwise the id belongs to another one.
 * `another`: how to make a different one; a form's New id by default (the exchange dialog has none:
 * a new quote brings a new foreign id).
 */
export function DuplicateNotice({ what, another = `For a different ${what}, press New id.` }: { what: Made; another?: string }) {
  return (
    <p className="duplicate-note" data-testid="duplicate-explained">
      This foreign id was used before, so no second {what} was made with it. The {what} made under it earlier may exist,
      even if that attempt ended with an unknown outcome: check this foreign id in the back office instead of sending
      again. {another}
    </p>
  );
}
