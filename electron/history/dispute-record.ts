import { transactionTxids } from '../../shared/api/transaction.ts';
import type { Transaction } from '../../shared/api/transaction.ts';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import type { JournalStore } from '../platform/journal/index.ts';
import type { ReportedOutcomes } from '../platform/outcomes/index.ts';
import { referencesOf } from './reports/dispute-match.ts';
import type { DisputeMatch, JournalRecord } from './reports/dispute-match.ts';

/**
 * The dispute section of a lookup's report: the hash the lookup asked for, and the
 * journal's own record of the payment. An invoice comes first, then a deposit address; by the
 * transaction's foreign id (its own or its address's) first, then by its end_user_reference. Of
 * several tries under one reference, the one that succeeded, else the latest.
 */

const RECORD_OPERATIONS = ['invoices.create', 'addresses.take'] as const;

function best(entries: readonly JournalEntry[]): JournalEntry | null {
  return entries.findLast((entry) => entry.state === 'succeeded') ?? entries.at(-1) ?? null;
}

/** Whether this desktop wrote an entry, as main knows it (services/deps.ts, madeHere). */
type MadeHere = (entryId: number) => Promise<boolean | null>;

type Found = { entry: JournalEntry; operation: JournalRecord['operation']; matchedBy: JournalRecord['matchedBy'] };

async function recordOf({ entry, operation, matchedBy }: Found, madeHere: MadeHere): Promise<JournalRecord> {
  const { id: journalId, state, foreignId, endUserReference, serviceId, title, currency, amount, address, createdAt } = entry;
  const { madeBy, madeOn, madeLogin, resolvedBy, resolvedOn, resolvedLogin, resolvedAt } = entry;
  const who = { madeBy, madeOn, madeLogin, madeHere: await madeHere(journalId), resolvedBy, resolvedOn, resolvedLogin, resolvedAt };
  return { journalId, operation, state, foreignId, endUserReference, serviceId, title, currency, amount, address, createdAt, matchedBy, ...who };
}

async function journalRecordFor(journal: JournalStore, profileId: string, tx: Transaction): Promise<Found | null> {
  const { foreignIds, endUserReference } = referencesOf(tx);
  for (const operation of RECORD_OPERATIONS) {
    for (const foreignId of foreignIds) {
      const found = best(await journal.triesOf(profileId, operation, foreignId));
      if (found) return { entry: found, operation, matchedBy: 'foreign id' };
    }
  }
  if (endUserReference === null) return null;
  for (const operation of RECORD_OPERATIONS) {
    // The search matches text anywhere; only the same reference, exactly, is the same customer.
    const same = (await journal.search(profileId, { operation, text: endUserReference, limit: 1000 })).entries.filter((e) => e.endUserReference === endUserReference);
    const found = best([...same].reverse());
    if (found) return { entry: found, operation, matchedBy: 'end user reference' };
  }
  return null;
}

/** The journal's operation of each object a callback can name for a payment (OutcomeStore.paidBy). */
const OPERATION_OF: Readonly<Record<string, JournalRecord['operation']>> = { invoice: 'invoices.create', address: 'addresses.take' };

/**
 * The invoice or deposit address the service itself names for this payment: an invoice whose
 * callback carried one of the transaction's hashes, or the address a deposit's callback names
 * (outcomes/, what the profile's receiver reported), found in the journal by the foreign id that
 * callback gave and the service's id. Null when no callback names one.
 */
async function reportedRecordFor(journal: JournalStore, outcomes: ReportedOutcomes, profileId: string, tx: Transaction): Promise<Found | null> {
  for (const object of await outcomes.paidBy(profileId, transactionTxids(tx))) {
    const operation = OPERATION_OF[object.type];
    if (operation === undefined || object.foreignId === null) continue;
    const found = best((await journal.triesOf(profileId, operation, object.foreignId)).filter((entry) => entry.serviceId === object.id));
    if (found) return { entry: found, operation, matchedBy: 'service callback' };
  }
  return null;
}

/**
 * What a recorded lookup's dispute report says beside the transaction: the invoice a callback of
 * the service names for the payment, and only where none does, the journal's record by reference
 * (the report says which of the two it used).
 */
export async function disputeMatchOf(
  journal: JournalStore,
  lookup: JournalEntry,
  tx: Transaction,
  madeHere: MadeHere,
  outcomes: ReportedOutcomes,
): Promise<DisputeMatch> {
  const asked = lookup.request['txid'];
  const found = (await reportedRecordFor(journal, outcomes, lookup.profileId, tx)) ?? (await journalRecordFor(journal, lookup.profileId, tx));
  return { askedTxid: typeof asked === 'string' ? asked : null, record: found && (await recordOf(found, madeHere)) };
}
