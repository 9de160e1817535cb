import type { CallbackState, OutboxItem, SandboxData } from './types.ts';

/**
 * The callbacks the sandbox owes a merchant, kept in its state so that a restart neither loses one
 * nor sends one again as new (field notes, "Callbacks"). An event is one object reaching one status
 * (an invoice's part payment is an event of its own); each is queued once, by its key, and sent
 * until the merchant's URL answers 200 or the service's retry schedule runs out.
 */

/** The service's retry schedule after a callback that was not answered 200, in minutes. */
export const RETRY_MINUTES = [1, 5, 10, 15, 20, 30, 60, 90, 120, 150, 180, 210, 240] as const;

/** An object reaching a status, with the body the service sends for it (views/callback-views.ts). */
export interface CallbackEvent {
  key: string;
  merchantKey: string;
  body: string;
}

/** The callback part of the state; a state saved before callbacks existed gets an empty one. */
export function callbackState(data: SandboxData): CallbackState {
  data.callbacks ??= { queued: [], outbox: [], givenUp: 0 };
  return data.callbacks;
}

/** The queued keys as a set, made once per state (the saved form is a list). */
const queuedSets = new WeakMap<CallbackState, Set<string>>();

function queuedSet(state: CallbackState): Set<string> {
  let set = queuedSets.get(state);
  if (set === undefined) queuedSets.set(state, (set = new Set(state.queued)));
  return set;
}

export function wasQueued(data: SandboxData, key: string): boolean {
  return queuedSet(callbackState(data)).has(key);
}

/** Queues an event unless it was queued before; true when it is new. */
export function queueCallback(data: SandboxData, event: CallbackEvent, now: number): boolean {
  const state = callbackState(data);
  const queued = queuedSet(state);
  if (queued.has(event.key)) return false;
  queued.add(event.key);
  state.queued.push(event.key);
  state.outbox.push({ ...event, tries: 0, dueAt: now });
  return true;
}

export function dueCallbacks(data: SandboxData, now: number): OutboxItem[] {
  return callbackState(data).outbox.filter((item) => item.dueAt <= now);
}

/**
 * What one try's answer does: a 200 ends the event; anything else (another status, no answer)
 * schedules the next try, `retryScale` times the service's wait (1 in use, far less in tests),
 * or gives up after the last one.
 */
export function settleCallback(data: SandboxData, key: string, answeredOk: boolean, now: number, retryScale: number): void {
  const state = callbackState(data);
  const index = state.outbox.findIndex((item) => item.key === key);
  const item = state.outbox[index];
  if (item === undefined) return;
  item.tries += 1;
  const wait = RETRY_MINUTES[item.tries - 1];
  if (answeredOk || wait === undefined) {
    state.outbox.splice(index, 1);
    if (!answeredOk) state.givenUp += 1;
    return;
  }
  item.dueAt = now + wait * 60_000 * retryScale;
}
