import { callback, currentOutcomes, outcomeWords } from '../../../shared/api/index.ts';
import type { Callback, OutcomeWords } from '../../../shared/api/index.ts';
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

/** A stored callback read by the open schema; null for a body that cannot be read. */
function readCallback(text: string): Callback | null {
  let value: unknown;
  try {
    value = parseJsonLossless(text);
  } catch {
    return null;
  }
  const read = callback.safeParse(value);
  return read.success ? read.data : null;
}

/** One callback as a step of the timeline, with its status's words; a body that cannot be read still shows its status. */
function stepOf(event: OutcomeEvent, body: Callback | null): { step: OutcomeStep; words: OutcomeWords } {
  const sent = body?.currency_sent ?? null;
  const left = sent?.remaining_amount ?? null;
  const words = outcomeWords(event.type, event.status, body?.error ?? null);
  const step = {
    at: event.receivedAt,
    status: event.status,
    words: words.words,
    tone: words.tone,
    txids: (body?.transactions ?? []).flatMap((entry) => (typeof entry.txid === 'string' && entry.txid !== '' ? [entry.txid] : [])),
    leftToPay: left !== null && compareDecimals(left, '0') > 0 ? `${left} ${sent?.currency ?? ''}`.trim() : null,
  };
  return { step, words };
}

const eventKey = (event: OutcomeEvent): string => objectKey({ type: event.type, id: event.objectId });

/** Each object's outcome (by objectKey), from its events in the receiver's order. */
export function outcomesOf(events: readonly OutcomeEvent[]): Map<string, EntryOutcome> {
  const timelines = new Map<string, OutcomeStep[]>();
  // By cursor: one event each, and currentOutcomes answers copies of the events.
  const steps = new Map<string, ReturnType<typeof stepOf>>();
  for (const event of events) {
    const read = stepOf(event, readCallback(event.body));
    steps.set(event.cursor, read);
    const timeline = timelines.get(eventKey(event));
    if (timeline === undefined) timelines.set(eventKey(event), [read.step]);
    else timeline.push(read.step);
  }
  const outcomes = new Map<string, EntryOutcome>();
  for (const event of currentOutcomes(events.map((e) => ({ ...e, id: e.objectId }))).values()) {
    const read = steps.get(event.cursor);
    if (read === undefined) continue;
    const { step, words } = read;
    outcomes.set(eventKey(event), { current: step, known: words.known, final: words.final, timeline: timelines.get(eventKey(event)) ?? [] });
  }
  return outcomes;
}

/** The same key currentOutcomes gives an object: its callback type and root id. */
export const objectKey = (object: OutcomeObject): string => JSON.stringify([object.type, object.id]);

/** A failed invoice's event as the attention banner lists it. */
export function failedInvoiceOf(event: OutcomeEvent): FailedInvoice {
  const body = readCallback(event.body);
  const { step } = stepOf(event, body);
  const foreignId = body?.foreign_id ?? null;
  return { invoiceId: event.objectId, foreignId, words: step.words, leftToPay: step.leftToPay, at: event.receivedAt };
}
