import type { Quote } from '../../../shared/api/quote.ts';
import type { Figure, QuoteChanges } from './quote-changes.ts';
import { changeWords } from './quote-changes.ts';

/** The class of a figure's cell: marked when a renewal changed it (quote.css). */
export const changedClass = (changes: QuoteChanges, figure: Figure): string | undefined => (changes[figure] ? 'quote-changed' : undefined);

/** Beside a figure a renewal changed: which way, and from what, in words ("up from 61,234.51 EUR"). */
export function ChangedFrom({ quote, changes, figure }: { quote: Quote; changes: QuoteChanges; figure: Figure }) {
  const change = changes[figure];
  if (!change) return null;
  return (
    <span className="quote-was" data-testid={`${figure}-was`}>
      {' '}
      <span aria-hidden="true">{change.way === 'up' ? '▲' : change.way === 'down' ? '▼' : '•'}</span> {changeWords(quote, figure, change)}
    </span>
  );
}
