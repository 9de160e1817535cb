import type { Transaction, UnreadableParts } from '../../shared/api/index.ts';
import { say, SOURCE_LANGUAGE } from '../../shared/i18n/index.ts';
import { parseJsonLossless } from '../../shared/money/index.ts';
import { capAnswer } from '../platform/journal/index.ts';
import { createCallLimit } from '../platform/limits/index.ts';
import type { CallLimit } from '../platform/limits/index.ts';
import type { AppLocale } from '../platform/locale/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';

/**
 * Lookups in any rolling minute, by the whole console: far above what a person reads (each answer
 * is a screen of facts), far below a runaway or compromised renderer's stream of lookups, each of
 * which costs a signed request, a parse and a journal row
 * (docs/security.md, "Bounded answers").
 */
export const LOOKUPS_PER_MINUTE = 60;

/**
 * The console's one allowance of lookups: a person's (transactions.lookup) and, at the lowest
 * priority through `takeSpare`, the outcome poller's (outcomes/desktop/outcome-poller.ts), so that
 * together they never send more than `limit` a minute.
 */
export function createLookupLimit(now: () => number, limit = LOOKUPS_PER_MINUTE, locale?: Pick<AppLocale, 'say'>): CallLimit {
  return createCallLimit({
    limit,
    now,
    // In the window's language, read when the limit is hit (the person may have changed it since).
    words: (seconds) => (locale ? locale.say('main.lookup.limit', { limit, seconds }) : say(SOURCE_LANGUAGE, 'main.lookup.limit', { limit, seconds })),
  });
}

/**
 * Every lookup is kept as history (the query, when, the status seen, the txids seen): disputes come
 * weeks later, often with nothing but the customer's hash.
 */
export function transactionHandlers(deps: ServiceDeps, lookups: CallLimit = createLookupLimit(deps.now, LOOKUPS_PER_MINUTE, deps.locale)): Pick<Handlers, 'transactions.lookup'> {
  return {
    'transactions.lookup': async (request) => {
      lookups.take();
      const { client, profileId, profileName, origin, tracker } = await deps.connection.active();
      // The hash asked for is kept even when nothing is found; the ones the answer held join it.
      const asked = request.txid === undefined ? [] : [request.txid];
      // A failure keeps its words as data (the platform's wording); the router says them in the window's language.
      const { value, journalId } = await tracker.lookup(
        { profileId, profileName, origin, operation: 'transactions.lookup', foreignId: request.foreign_id ?? null, request, txids: asked },
        (receipt) => client.lookupTransaction(request, receipt),
        (found) => ({ serviceId: found.transaction.id, serviceStatus: found.transaction.status, txids: [...asked, ...seenTxids(found)] }),
      );
      // The raw text for the screen's raw JSON view, as much of it as the journal keeps, cut said so.
      return { ...value, raw: capAnswer(value.raw), lookedUpAt: new Date(deps.now()).toISOString(), journalId };
    },
  };
}

/** An entry's txid as text, when it has one: a hash, or a number where a hash belonged ("Types seen in the wild"). */
function txidOf(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null || !Object.hasOwn(entry, 'txid')) return null;
  const txid = (entry as { txid: unknown }).txid;
  return (typeof txid === 'string' && txid !== '') || typeof txid === 'number' ? String(txid) : null;
}

/**
 * Every txid a lookup's answer held, for the journal, so that History finds the lookup
 * by any of them: those of the entries read, and those of the entries set aside, which a customer's
 * hash may name just as well. The answer is read again only when an entry was set aside (rare), to
 * find the txid beside the field that could not be read.
 */
export function seenTxids(lookup: { transaction: Transaction; unreadable: UnreadableParts; raw: string }): string[] {
  const read = lookup.transaction.transactions.flatMap((entry) => txidOf(entry) ?? []);
  if (lookup.unreadable.transactions.length === 0) return read;
  let received: unknown;
  try {
    received = (parseJsonLossless(lookup.raw) as { transactions?: unknown }).transactions;
  } catch {
    return read;
  }
  const entries = Array.isArray(received) ? received : [];
  const setAside = lookup.unreadable.transactions.flatMap(({ index }) => txidOf(entries[index]) ?? []);
  return [...read, ...setAside];
}
