import { z } from 'zod';
import { Decimal } from '../money/decimal.ts';
import { readWireDecimal } from '../money/json.ts';
import { IS_EMPTY, openEnum, wireAmount, wireInteger, wireText } from './wire.ts';
import { cryptoAddress, fee } from './transaction.ts';

/**
 * Callbacks: what the service POSTs to the merchant's one callback URL when something happened to
 * a deposit, a withdrawal, an exchange or an invoice (field notes, "Callbacks"). The same callback
 * arrives more than once, late and out of order; newer services send types this list does not
 * know. Every list here is open and every object loose: an unknown type, status or field is data,
 * kept as received, never a reason to refuse the callback.
 */

export const CALLBACK_TYPES = [
  'deposit',
  'deposit_exchange',
  'withdrawal',
  'withdrawal_exchange',
  'exchange',
  'invoice',
  'withdrawal_instant',
  'withdrawal_instant_exchange',
  'payment_request',
] as const;
export const callbackType = openEnum(CALLBACK_TYPES);

/** The statuses of transactions (spec 2.1) and of invoices (spec 2.2), in one open list. */
export const CALLBACK_STATUSES = ['created', 'pending', 'not_confirmed', 'processing', 'confirmed', 'failed', 'cancelled', 'declined'] as const;
export const callbackStatus = openEnum(CALLBACK_STATUSES);

/**
 * The least a callback must carry to be kept: its root `id` and its `status`, which together name
 * one event of one object (the key it is de-duplicated on). `type` is read when present; anything
 * else is kept untouched in the stored body. What the receiver reads before it stores.
 */
export const callbackEnvelope = z.looseObject({
  id: wireText.refine((id) => id.trim() !== '', { message: IS_EMPTY }),
  status: wireText.refine((status) => status.trim() !== '', { message: IS_EMPTY }),
  type: callbackType.optional(),
});
export type CallbackEnvelope = z.infer<typeof callbackEnvelope>;

const timestamp = z.union([z.string(), z.number()]).nullable().optional();

/** currency_sent: for invoices also `remaining_amount`, what the payer still owes. */
const callbackAmount = z.looseObject({
  currency: z.string().optional(),
  amount: wireAmount.nullable().optional(),
  amount_minus_fee: wireAmount.nullable().optional(),
  remaining_amount: wireAmount.nullable().optional(),
});

const callbackEntry = z.looseObject({
  id: wireInteger.optional(),
  currency: z.string().optional(),
  amount: wireAmount.nullable().optional(),
  txid: wireText.nullable().optional(),
  riskscore: wireAmount.nullable().optional(),
  confirmations: wireInteger.nullable().optional(),
});

/** A whole callback, as a reader of the stored events reads it; unknown fields are kept. */
export const callback = callbackEnvelope.extend({
  foreign_id: wireText.nullable().optional(),
  crypto_address: cryptoAddress.partial().nullable().optional(),
  currency_sent: callbackAmount.nullable().optional(),
  currency_received: callbackAmount.nullable().optional(),
  transactions: z.array(callbackEntry).nullable().optional(),
  fees: z.array(fee).nullable().optional(),
  error: z.string().nullable().optional(),
  fixed_at: timestamp,
  expires_at: timestamp,
});
export type Callback = z.infer<typeof callback>;

/**
 * What makes one callback a different event from another of the same object: its status, and for
 * an invoice also what is left to pay, because a `good_until_expired` invoice sends one callback
 * per part payment, each `processing`, each with less remaining (field notes, "Callbacks"). A
 * retry of the same callback carries the same of both, so it is the same event.
 */
export function callbackEventKey(envelope: CallbackEnvelope, body: Record<string, unknown>): string {
  const sent = body['currency_sent'];
  const remaining = typeof sent === 'object' && sent !== null ? (sent as Record<string, unknown>)['remaining_amount'] : undefined;
  let left = '';
  if (typeof remaining === 'string' || typeof remaining === 'number') {
    const reading = readWireDecimal(remaining);
    // One amount written two ways ("0.25", 0.250) is one amount.
    left = reading.ok ? new Decimal(reading.decimal).toFixed() : String(remaining);
  }
  return JSON.stringify([envelope.type ?? '', envelope.id, envelope.status, left]);
}

/**
 * How far along an object is, by status: a later stage never gives way to an earlier one, so a
 * `processing` that arrives after its `confirmed` (a late retry) changes nothing. The final
 * statuses share the top rank; an unknown status ranks lowest, so it shows only until a known one
 * arrives.
 */
const STATUS_RANKS: Readonly<Record<(typeof CALLBACK_STATUSES)[number], number>> = {
  created: 1,
  pending: 2,
  not_confirmed: 2,
  processing: 3,
  confirmed: 4,
  failed: 4,
  cancelled: 4,
  declined: 4,
};

export function callbackStatusRank(status: string): number {
  const read = callbackStatus.read(status);
  return read.known ? STATUS_RANKS[read.value] : 0;
}

/** One stored event, in the order the receiver stored it. */
export type OrderedCallbackEvent = { cursor: string; type: string; id: string; status: string };

/**
 * The current outcome of each object (by type and root id), from its events in stored order: the
 * event of the highest status rank, and of those the first stored, so that a final status, once
 * recorded, is settled for good, whatever arrives after it.
 */
export function currentOutcomes<E extends OrderedCallbackEvent>(events: readonly E[]): Map<string, E> {
  const outcomes = new Map<string, E>();
  for (const event of events) {
    const object = JSON.stringify([event.type, event.id]);
    const held = outcomes.get(object);
    if (held === undefined || callbackStatusRank(event.status) > callbackStatusRank(held.status)) outcomes.set(object, event);
  }
  return outcomes;
}
