import { capAnswer } from '../journal/answer-cap.ts';
import { createCallLimit } from '../limits/call-limit.ts';
import type { Handlers } from '../router/router.ts';
import { isoAt } from './deps.ts';
import type { ServiceDeps } from './deps.ts';

/**
 * Lookups in any rolling minute, by the whole console: far above what a person reads (each answer
 * is a screen of facts), far below a runaway or compromised renderer's stream of lookups, each of
 * which costs a signed request, a parse and a journal row (issue 11, item 4).
 */
export const LOOKUPS_PER_MINUTE = 60;

/** Every lookup is kept as history (the query, when, the status seen): disputes come weeks later. */
export function transactionHandlers(deps: ServiceDeps): Pick<Handlers, 'transactions.lookup'> {
  const lookups = createCallLimit({
    limit: LOOKUPS_PER_MINUTE,
    now: deps.now,
    words: (seconds) => `This console looks up at most ${LOOKUPS_PER_MINUTE} transactions a minute. Nothing was sent; the next one is possible in ${seconds} s.`,
  });
  return {
    'transactions.lookup': async (request) => {
      lookups.take();
      const { client, profileId, profileName, origin } = await deps.connection.active();
      const { value, journalId } = await deps.tracker.lookup(
        { profileId, profileName, origin, operation: 'transactions.lookup', foreignId: request.foreign_id ?? null, request },
        (receipt) => client.lookupTransaction(request, receipt),
        ({ transaction }) => ({ serviceId: transaction.id, serviceStatus: transaction.status }),
      );
      // The raw text for the screen's raw JSON view, as much of it as the journal keeps, cut said so.
      return { ...value, raw: capAnswer(value.raw), lookedUpAt: isoAt(deps.now), journalId };
    },
  };
}
