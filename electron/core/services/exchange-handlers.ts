import { AppFailure } from '../../../shared/ipc/errors.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { foreignIdReusable, neverLeft } from '../../../shared/submission/outcome.ts';
import { createCallLimit } from '../limits/call-limit.ts';
import type { Handlers } from '../router/router.ts';
import type { ServiceDeps } from './deps.ts';

/**
 * A fixed exchange moves money: no retry here, a lost answer is the client's outcome_unknown.
 *
 * Nothing is documented about a repeated foreign_id on exchange/fixed (docs/service-interface.md, "Lost
 * responses"), so a foreign_id is sent again only if every earlier try under it provably never left
 * this machine (shared/submission/outcome.ts), whatever the answer was (placed, refused, lost).
 * The journal is the one record of that, in a run and across restarts: the earlier tries are read
 * and the new pending entry written in one transaction, so two concurrent calls cannot both pass.
 * A call that never got as far as the journal (no profile, no secret) leaves nothing behind.
 */
/**
 * Placements allowed in any rolling minute: far above what a person does (each needs a fresh quote
 * and a confirmation), far below a runaway renderer's stream of orders (issue 6, "IPC").
 */
export const PLACEMENTS_PER_MINUTE = 6;

export function exchangeHandlers(deps: ServiceDeps): Pick<Handlers, 'exchange.place'> {
  const placements = createCallLimit({
    limit: PLACEMENTS_PER_MINUTE,
    now: deps.now,
    words: (seconds) =>
      `This console places at most ${PLACEMENTS_PER_MINUTE} exchanges a minute, as a guard against runaway orders. Nothing was sent; the next one is possible in ${seconds} s.`,
  });
  /**
   * Entries above this id were written in this run (for the words of a refusal only). Read once, at
   * start; a journal that cannot answer then makes no entry "of this session", which only words it.
   */
  const beforeThisRun = deps.journal.lastId().catch(() => Number.POSITIVE_INFINITY);

  return {
    'exchange.place': async (request) => {
      const foreignId = request.foreign_id;
      const { client, profileId, profileName, origin } = await deps.connection.active();
      const thisRunAfter = await beforeThisRun;
      const admit = (tries: JournalEntry[]) => {
        if (!foreignIdReusable(tries)) throw alreadySent(foreignId, tries, thisRunAfter);
        // Counted only once the foreign id may be sent: a refused replay spends no slot.
        placements.take();
      };
      const { value: order, journalId } = await deps.tracker.submission(
        {
          profileId,
          profileName,
          origin,
          operation: 'exchange.place',
          foreignId,
          // The amount the person fixed, in its own currency (the receiving side sends only receiver_amount).
          ...(request.sender_amount !== undefined
            ? { currency: request.sender_currency ?? null, amount: request.sender_amount }
            : { currency: request.receiver_currency ?? null, amount: request.receiver_amount ?? null }),
          request,
        },
        (receipt) => client.placeFixedExchange(request, receipt),
        (value) => ({ serviceId: value.id, serviceStatus: value.status }),
        admit,
      );
      return { order, journalId };
    },
  };
}

function alreadySent(foreignId: string, tries: readonly JournalEntry[], beforeThisRun: number): AppFailure {
  const latest = tries.filter((entry) => !neverLeft(entry)).at(-1);
  const when = latest && latest.id > beforeThisRun ? 'in this session' : 'by this console before';
  const where =
    latest?.state === 'pending'
      ? 'It is still waiting for the service to answer.'
      : latest?.state === 'unknown'
        ? 'It may have reached the service, and its outcome is still unknown.'
        : 'The service has already been asked once, whatever its answer was.';
  const message =
    `The exchange with foreign id ${foreignId} was already sent ${when}, so it is not sent again. ${where} ` +
    'Look it up by its foreign id; to exchange again, get a new quote, which places a new exchange with a new foreign id.';
  // Its own kind, not invalid_request: the request was fine, and what happened is that it was sent before.
  return new AppFailure({ kind: 'already_sent', message, foreignId });
}
