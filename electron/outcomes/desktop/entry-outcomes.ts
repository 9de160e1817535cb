import { callback, currentOutcomes, outcomeWords } from '../../../shared/api/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import type { EntryOutcome, FailedInvoice, OutcomeStep } from '../../../shared/ipc/index.ts';
import { compareDecimals, parseJsonLossless } from '../../../shared/money/index.ts';
import type { OutcomeEvent } from '../../platform/outcomes/index.ts';

/**
 * Which callbacks tell what became of a journal entry, and what they say. An invoice is reported
 * by `invoice` callbacks with its id; an exchange by `exchange` callbacks with its order id. Other
 * entries (lookups, deposit addresses for now) have no outcome of their own here.
 */

export type OutcomeObject = { type: string; id: string };

export function outcomeObjectOf(entry: Pick<JournalEntry, 'operation' | 'serviceId'>): OutcomeObject | null {
  if (entry.serviceId === null) return null;
  if (entry.operation === 'invoices.create') return { type: 'invoice', id: entry.serviceId };
  if (entry.operation === 'exchange.place') return { type: 'exchange', id: entry.serviceId };
  return null;
}

function readBody(text: string): unknown {
  try {
    return parseJsonLossless(text);
  } catch {
    return null;
  }
}

/** One callback as a step of the timeline; a body that cannot be read still shows its status. */
function stepOf(event: OutcomeEvent): OutcomeStep {
  const read = callback.safeParse(readBody(event.body));
  const body = read.success ? read.data : null;
  const sent = body?.currency_sent ?? null;
  const left = sent?.remaining_amount ?? null;
  const words = outcomeWords(event.type, event.status, body?.error ?? null);
  return {
    at: event.receivedAt,
    status: event.status,
    words: words.words,
    tone: words.tone,
    txids: (body?.transactions ?? []).flatMap((entry) => (typeof entry.txid === 'string' && entry.txid !== '' ? [entry.txid] : [])),
    leftToPay: left !== null && compareDecimals(left, '0') > 0 ? `${left} ${sent?.currency ?? ''}`.trim() : null,
  };
}

/** Each object's outcome, from its events in the receiver's order. */
export function outcomesOf(events: readonly OutcomeEvent[]): Map<string, EntryOutcome> {
  const byObject = new Map<string, OutcomeEvent[]>();
  for (const event of events) {
    const key = JSON.stringify([event.type, event.objectId]);
    byObject.set(key, [...(byObject.get(key) ?? []), event]);
  }
  const outcomes = new Map<string, EntryOutcome>();
  for (const [key, list] of byObject) {
    const current = [...currentOutcomes(list.map((e) => ({ ...e, id: e.objectId }))).values()][0];
    if (current === undefined) continue;
    const words = outcomeWords(current.type, current.status, null);
    outcomes.set(key, { current: stepOf(current), known: words.known, final: words.final, timeline: list.map(stepOf) });
  }
  return outcomes;
}

export const objectKey = (object: OutcomeObject): string => JSON.stringify([object.type, object.id]);

/** A failed invoice's event as the attention banner lists it. */
export function failedInvoiceOf(event: OutcomeEvent): FailedInvoice {
  const step = stepOf(event);
  const read = callback.safeParse(readBody(event.body));
  const foreignId = read.success ? (read.data.foreign_id ?? null) : null;
  return { invoiceId: event.objectId, foreignId, words: step.words, leftToPay: step.leftToPay, at: event.receivedAt };
}
