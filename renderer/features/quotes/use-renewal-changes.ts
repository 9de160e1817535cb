import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Quote } from '../../../shared/api/quote.ts';
import { announce } from '../../components/announce.ts';
import type { QuoteChanges } from './quote-changes.ts';
import { quoteChanges, renewalWords } from './quote-changes.ts';

/**
 * What the quote shown changed from the one shown before it (quote-changes.ts), for as long as it
 * is shown. `say`: said aloud, politely, once when it arrives (the card does; the review has its
 * own words for a new quote). A quote of another pair changes nothing.
 */
export function useRenewalChanges(quoteId: string, quote: Quote, { say }: { say: boolean }): QuoteChanges {
  const [seen, setSeen] = useState<{ quoteId: string; before: Quote | null; quote: Quote }>({ quoteId, before: null, quote });
  // A new quote: the one it replaces is kept beside it (state adjusted while rendering, React's pattern for it).
  if (seen.quoteId !== quoteId) setSeen({ quoteId, before: seen.quote, quote });
  const changes = seen.before && seen.quoteId === quoteId ? quoteChanges(seen.before, quote) : {};
  const intl = useIntl();
  const words = say ? renewalWords(intl, quote, changes) : null;
  const said = useRef<string | null>(null);
  useEffect(() => {
    if (words === null || said.current === quoteId) return;
    said.current = quoteId;
    announce(words);
  }, [words, quoteId]);
  return changes;
}
