import { callback, currentOutcomes, depositsSummary, outcomeWords } from '../../../shared/api/index.ts';
import type { Callback, OutcomeWords } from '../../../shared/api/index.ts';
import type { JournalEntry, JournalOperation } from '../../../shared/ipc/journal.ts';
import type { TransactionLookupRequest } from '../../../shared/api/index.ts';
import type { EntryOutcome, FailedInvoice, OutcomeStep } from '../../../shared/ipc/index.ts';
import { compareDecimals, parseJsonLossless } from '../../../shared/money/index.ts';
import type { KeptEvent, OutcomeEvent, OutcomeOrigin } from '../../platform/outcomes/index.ts';

/**
 * Which callbacks tell what became of a journal entry, and what they say. An invoice is reported
 * by `invoice` callbacks with its id; an exchange by `exchange` callbacks with its order id; a
 * deposit address by the `deposit` (or `deposit_exchange`) callbacks of every payment into it,
 * each a transaction of its own that names the address by its id (field notes, "Callbacks").
 * Lookups have no outcome of their own.
 */

export type OutcomeObject = { type: string; id: string };

/** The object type of a deposit address: not a callback type, the deposits into it are told by theirs. */
export const ADDRESS = 'address';

/** The callback types of a payment into a deposit address. */
const DEPOSIT_TYPES: ReadonlySet<string> = new Set(['deposit', 'deposit_exchange']);

export function outcomeObjectOf(entry: Pick<JournalEntry, 'operation' | 'serviceId'>): OutcomeObject | null {
  if (entry.serviceId === null) return null;
  if (entry.operation === 'invoices.create') return { type: 'invoice', id: entry.serviceId };
  if (entry.operation === 'exchange.place') return { type: 'exchange', id: entry.serviceId };
  if (entry.operation === 'addresses.take') return { type: ADDRESS, id: entry.serviceId };
  // The console's withdrawals convert nothing, so the service tells them as `withdrawal`, not `withdrawal_exchange`.
  if (entry.operation === 'withdrawals.approve') return { type: 'withdrawal', id: entry.serviceId };
  return null;
}

/**
 * The operations whose outcome transactions/info can tell (spec 4.1: the service's transactions,
 * by id or foreign id), which a desktop without a receiver asks the service about
 * (outcome-poller.ts). Invoices are not among them: the service has no invoice lookup (field notes,
 * "Callbacks"). The poller is the same for every operation here.
 */
export const POLLED_OPERATIONS: readonly JournalOperation[] = ['exchange.place', 'withdrawals.approve'];

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
    amount: DEPOSIT_TYPES.has(event.type) && typeof sent?.amount === 'string' ? `${sent.amount} ${sent.currency ?? ''}`.trim() : null,
  };
  return { step, words };
}

const eventKey = (event: OutcomeEvent): string => objectKey({ type: event.type, id: event.objectId });

type Read = ReturnType<typeof stepOf>;

/** Each event read once, by cursor (currentOutcomes answers copies of the events). */
function readAll(events: readonly KeptEvent[]): Map<string, Read> {
  return new Map(events.map((event) => [event.cursor, stepOf(event, readCallback(event.body), event.origin)]));
}

/** Each object's outcome (by objectKey), from its events in the receiver's order. */
export function outcomesOf(events: readonly KeptEvent[], steps: ReadonlyMap<string, Read> = readAll(events)): Map<string, EntryOutcome> {
  const timelines = new Map<string, OutcomeStep[]>();
  for (const event of events) {
    const read = steps.get(event.cursor);
    if (read === undefined) continue;
    const timeline = timelines.get(eventKey(event));
    if (timeline === undefined) timelines.set(eventKey(event), [read.step]);
    else timeline.push(read.step);
  }
  const outcomes = new Map<string, EntryOutcome>();
  for (const event of currentOutcomes(events.map((e) => ({ ...e, id: e.objectId }))).values()) {
    const read = steps.get(event.cursor);
    if (read === undefined) continue;
    const { step, words } = read;
    outcomes.set(eventKey(event), { current: step, known: words.known, final: words.final, timeline: timelines.get(eventKey(event)) ?? [], deposits: [] });
  }
  return outcomes;
}

/** The tone of several deposits together: the one that asks most of a person. */
function toneOf(steps: readonly OutcomeStep[]): OutcomeStep['tone'] {
  for (const tone of ['bad', 'unknown', 'wait'] as const) if (steps.some((step) => step.tone === tone)) return tone;
  return 'ok';
}

/**
 * A deposit address's outcome, from the events of the deposits into it (OutcomeStore.depositsInto):
 * each deposit with where it stands now, and a summary as its current outcome ("2 deposits:
 * 1 being processed, 1 confirmed", depositsSummary in outcome-words.ts). Never final: an address
 * takes payments without end. Null before the first deposit is reported.
 */
export function addressOutcomeOf(told: readonly OutcomeEvent[]): EntryOutcome | null {
  // Deposits are told only by callbacks: the poller asks about exchanges, never about addresses.
  const events: KeptEvent[] = told.map((event) => ({ ...event, origin: 'callback' }));
  const last = events.at(-1);
  if (last === undefined) return null;
  const steps = readAll(events);
  const byDeposit = outcomesOf(events, steps);
  const firstAt = new Map<string, string>();
  for (const event of events) if (!firstAt.has(eventKey(event))) firstAt.set(eventKey(event), event.receivedAt);
  const deposits = [...firstAt].flatMap(([key, at]) => {
    const outcome = byDeposit.get(key);
    const id = (JSON.parse(key) as [string, string])[1];
    return outcome ? [{ id, firstAt: at, current: outcome.current, known: outcome.known }] : [];
  });
  const current: OutcomeStep = {
    at: last.receivedAt,
    origin: 'callback',
    status: byDeposit.get(eventKey(last))?.current.status ?? last.status,
    words: depositsSummary(deposits.map((d) => d.current.status)),
    tone: toneOf(deposits.map((d) => d.current)),
    txids: deposits.flatMap((d) => d.current.txids),
    leftToPay: null,
    amount: null,
  };
  return {
    current,
    known: deposits.every((d) => d.known),
    final: false,
    timeline: events.flatMap((event) => steps.get(event.cursor)?.step ?? []),
    deposits: deposits.map(({ id, firstAt: at, current: step }) => ({ id, firstAt: at, current: step })),
  };
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
