import { callback, currentOutcomes, outcomeWords } from '../../../shared/api/index.ts';
import type { Callback, OutcomeWords } from '../../../shared/api/index.ts';
import type { JournalEntry, JournalOperation } from '../../../shared/ipc/journal.ts';
import type { TransactionLookupRequest } from '../../../shared/api/index.ts';
import type { EntryOutcome, FailedInvoice, OutcomeStep } from '../../../shared/ipc/index.ts';
import { compareDecimals, parseJsonLossless } from '../../../shared/money/index.ts';
import type { KeptEvent, OutcomeEvent, OutcomeOrigin } from '../../platform/outcomes/index.ts';

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

/**
 * The operations whose outcome transactions/info can tell (spec 4.1: the service's transactions,
 * by id or foreign id), which a desktop without a receiver asks the service about
 * (outcome-poller.ts). Invoices are not among them: the service has no invoice lookup (field notes,
 * "Callbacks"). When the console makes withdrawals, their operation joins this list (and
 * outcomeObjectOf names their callback type): the poller is the same for every operation here.
 */
export const POLLED_OPERATIONS: readonly JournalOperation[] = ['exchange.place'];

/** The largest id a lookup asks by (the contract's transactionLookupRequest). */
const MAX_LOOKUP_ID = 2_147_483_647;

/** How transactions/info is asked about a settled entry's object: by the service's id when it is one, else by its foreign id. */
export function pollRequestOf(entry: Pick<JournalEntry, 'operation' | 'serviceId' | 'foreignId'>): { object: OutcomeObject; request: TransactionLookupRequest } | null {
  if (!POLLED_OPERATIONS.includes(entry.operation)) return null;
  const object = outcomeObjectOf(entry);
  if (object === null) return null;
  if (/^[1-9]\d{0,9}$/.test(object.id) && Number(object.id) <= MAX_LOOKUP_ID) return { object, request: { id: Number(object.id) } };
  return entry.foreignId === null ? null : { object, request: { foreign_id: entry.foreignId } };
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
function stepOf(event: OutcomeEvent, body: Callback | null, origin: OutcomeOrigin): { step: OutcomeStep; words: OutcomeWords } {
  const sent = body?.currency_sent ?? null;
  const left = sent?.remaining_amount ?? null;
  const words = outcomeWords(event.type, event.status, body?.error ?? null);
  const step = {
    at: event.receivedAt,
    origin,
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
export function outcomesOf(events: readonly KeptEvent[]): Map<string, EntryOutcome> {
  const timelines = new Map<string, OutcomeStep[]>();
  // By cursor: one event each, and currentOutcomes answers copies of the events.
  const steps = new Map<string, ReturnType<typeof stepOf>>();
  for (const event of events) {
    const read = stepOf(event, readCallback(event.body), event.origin);
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
  const { step } = stepOf(event, body, 'callback');
  const foreignId = body?.foreign_id ?? null;
  return { invoiceId: event.objectId, foreignId, words: step.words, leftToPay: step.leftToPay, at: event.receivedAt };
}
