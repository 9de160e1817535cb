import type { FixedExchangeRequest } from '../../shared/api/index.ts';
import type { ResponseOf } from '../../shared/ipc/contract.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import { foreignIdReusable, neverLeft } from '../../shared/submission/outcome.ts';
import type { EarlierTry, JournalStore } from '../platform/journal/index.ts';
import { createCallLimit } from '../platform/limits/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';

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
 * and a confirmation), far below a runaway renderer's stream of orders (docs/security.md,
 * "Money-moving IPC is rate-limited").
 */
export const PLACEMENTS_PER_MINUTE = 6;

/** Sends exchange/fixed with a body main built from a quote it holds (placement-guard.ts), never the renderer's. */
export type PlaceFixedExchange = (quotedFor: string, request: FixedExchangeRequest) => Promise<ResponseOf<'exchange.place'>>;

export function fixedExchangePlacer(deps: ServiceDeps): PlaceFixedExchange {
  const placements = createCallLimit({
    limit: PLACEMENTS_PER_MINUTE,
    now: deps.now,
    words: (seconds) => deps.locale.say('main.quotes.placementLimit', { limit: PLACEMENTS_PER_MINUTE, seconds }),
  });
  /**
   * Per journal (this desktop's file, or a profile's team journal: each numbers its own entries)
   * and profile, the profile's newest id there before this run's first placement with it: this
   * desktop's entries of the profile above it were placed in this run. For the words of a refusal
   * only: a journal that cannot answer makes no entry "of this session", and is asked again next time.
   */
  const beforeThisRun = new WeakMap<JournalStore, Map<string, Promise<number>>>();
  const placedInThisRunAfter = (journal: JournalStore, profileId: string): Promise<number> => {
    const profiles = beforeThisRun.get(journal) ?? new Map<string, Promise<number>>();
    beforeThisRun.set(journal, profiles);
    let newest = profiles.get(profileId);
    if (!newest) {
      newest = journal.lastId(profileId);
      profiles.set(profileId, newest);
      newest.catch(() => profiles.delete(profileId));
    }
    return newest.catch(() => Number.POSITIVE_INFINITY);
  };

  return async (quotedFor, request) => {
    const foreignId = request.foreign_id;
    const { client, profileId, profileName, origin, journal, tracker } = await deps.connection.active();
    // The quote is the profile's that received it: switched since (behind main's confirmation, say), nothing is sent.
    if (profileId !== quotedFor) {
      throw new AppFailure({ kind: 'invalid_request', message: deps.locale.say('main.quotes.profileChanged'), fields: {} });
    }
    const thisRunAfter = await placedInThisRunAfter(journal, profileId);
    const admit = (tries: EarlierTry[]) => {
      if (!foreignIdReusable(tries)) throw alreadySent(foreignId, tries, thisRunAfter);
      // Counted only once the foreign id may be sent: a refused replay spends no slot.
      placements.take();
    };
    const { value: order, journalId } = await tracker.submission(
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
  };
}

/**
 * When and by whom, from the try that may have reached the service: this desktop's, in this run or
 * before, or another desktop's of the profile's team journal; who made it, on which computer, its
 * state and when it was made.
 */
function sentWhen(latest: EarlierTry | undefined, beforeThisRun: number): string {
  if (!latest) return 'before';
  const when =
    latest.madeHere === null
      ? 'before, from a desktop the entry does not name'
      : !latest.madeHere
        ? 'from another desktop'
        : latest.id > beforeThisRun
          ? 'in this session'
          : 'by this console before';
  const who = [latest.madeBy && `by ${latest.madeBy}`, latest.madeOn && `on ${latest.madeOn}`].filter(Boolean).join(' ');
  return `${when}${who ? `, ${who}` : ''} (${latest.state}, at ${latest.createdAt})`;
}

function alreadySent(foreignId: string, tries: readonly EarlierTry[], beforeThisRun: number): AppFailure {
  const latest = tries.filter((entry) => !neverLeft(entry)).at(-1);
  const when = sentWhen(latest, beforeThisRun);
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
