import { AppFailure } from '../../../shared/ipc/errors.ts';
import { createQuoteBudget } from '../quotes/budget.ts';
import { budgetRefusal } from '../quotes/guard.ts';
import type { Handlers } from '../router/router.ts';
import type { ServiceDeps } from './deps.ts';

/**
 * A fixed exchange moves money: no retry here, a lost answer is the client's outcome_unknown.
 *
 * Nothing is documented about a repeated foreign_id on exchange/fixed (field notes, "Lost
 * responses"), so main itself never sends one twice in a run: a foreign_id is taken the moment its
 * call is handed to the client, before any await, so two concurrent calls cannot both pass, and it
 * stays taken whatever the answer was (placed, refused, lost). Only a call that never got as far
 * as the client (no profile, no secret) gives it back, because nothing left this machine. The
 * journal carries the same rule across restarts: a foreign_id it has seen placed is never sent again.
 */
/**
 * Placements allowed in any rolling minute: far above what a person does (each needs a fresh quote
 * and a confirmation), far below a runaway renderer's stream of orders (issue 6, "IPC").
 */
export const PLACEMENTS_PER_MINUTE = 6;

export function exchangeHandlers(deps: ServiceDeps): Pick<Handlers, 'exchange.place'> {
  /** foreign_id -> whether its call is still waiting for an answer. */
  const sent = new Map<string, 'waiting' | 'answered'>();
  // The same rolling window as the quote budget, with its own, smaller allowance.
  const placements = createQuoteBudget({ limit: PLACEMENTS_PER_MINUTE, windowMs: 60_000, now: deps.now });

  return {
    'exchange.place': async (request) => {
      const foreignId = request.foreign_id;
      const earlier = sent.get(foreignId);
      if (earlier !== undefined) throw alreadySent(foreignId, earlier);
      const slot = placements.take();
      if (!slot.ok) throw tooMany(slot.retryAt, deps.now());
      sent.set(foreignId, 'waiting');

      let active;
      try {
        active = await deps.connection.active();
      } catch (error) {
        sent.delete(foreignId);
        throw error;
      }
      const { client, profileId, profileName } = active;
      // Recorded in an earlier run: refused unless that try provably never left this machine.
      const journaled = deps.journal.findByForeignId(profileId, 'exchange.place', foreignId);
      if (journaled && !(journaled.state === 'failed' && journaled.httpStatus === null)) {
        sent.set(foreignId, 'answered');
        throw alreadySent(foreignId, 'answered');
      }
      try {
        const { value: order, journalId } = await deps.tracker.submission(
          {
            profileId,
            profileName,
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
        );
        return { order, journalId };
      } finally {
        sent.set(foreignId, 'answered');
      }
    },
  };
}

function alreadySent(foreignId: string, state: 'waiting' | 'answered'): AppFailure {
  const where =
    state === 'waiting'
      ? 'It is still waiting for the service to answer.'
      : 'The service has already been asked once, whatever its answer was.';
  const message =
    `The exchange with foreign id ${foreignId} was already sent in this session, so it is not sent again. ${where} ` +
    'Look it up by its foreign id; to exchange again, get a new quote, which places a new exchange with a new foreign id.';
  return new AppFailure({ kind: 'invalid_request', message, fields: { foreign_id: message } });
}

function tooMany(retryAt: number, now: number): AppFailure {
  return budgetRefusal(
    retryAt,
    now,
    (seconds) =>
      `This console places at most ${PLACEMENTS_PER_MINUTE} exchanges a minute, as a guard against runaway orders. Nothing was sent; the next one is possible in ${seconds} s.`,
  );
}
