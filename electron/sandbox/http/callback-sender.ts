import { callbackState, dueCallbacks, queueCallback, settleCallback, wasQueued } from '../model/callback-outbox.ts';
import type { CallbackEvent } from '../model/callback-outbox.ts';
import type { SandboxContext } from '../model/types.ts';
import { signBody } from './auth.ts';

/**
 * Sends the service's callbacks (field notes, "Callbacks"): each event POSTed to the merchant's
 * callback URL, signed as requests are (X-Processing-Key, X-Processing-Signature over the exact
 * body), until the URL answers 200; anything else, or no answer, is retried on the service's
 * schedule. Looks for new events every `tickMs`, since statuses move with the clock.
 */

export interface CallbackOptions {
  /** Where every merchant's callbacks go: the receiver's POST /callbacks. */
  url: string;
  /** Times the service's waits between tries: 1 as the service does; tests shorten it. */
  retryScale?: number;
  /** How often to look for new events and due tries. */
  tickMs?: number;
  /** How long one try may wait for an answer before it counts as not answered. */
  timeoutMs?: number;
}

export interface CallbackSender {
  /** Looks for new events and sends what is due now, resolving when those tries are answered. */
  flush(): Promise<void>;
  /** Events queued and not yet answered 200. */
  pending(): number;
  close(): Promise<void>;
}

/** The events not yet queued, with their bodies (views/callback-views.ts's newCallbackEvents). */
export type NewCallbackEvents = (ctx: SandboxContext, known: (key: string) => boolean) => CallbackEvent[];

export function startCallbackSender(ctx: SandboxContext, options: CallbackOptions, newEvents: NewCallbackEvents, persist: () => void): CallbackSender {
  const retryScale = options.retryScale ?? 1;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const inFlight = new Map<string, Promise<void>>();
  let closed = false;

  const tryOnce = async (key: string, merchantKey: string, body: string): Promise<void> => {
    const merchant = ctx.data.merchants.find((m) => m.key === merchantKey);
    let ok = false;
    if (merchant) {
      try {
        const answer = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Processing-Key': merchant.key, 'X-Processing-Signature': signBody(merchant.secret, body) },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await answer.body?.cancel();
        ok = answer.status === 200;
      } catch {
        ok = false; // no answer counts as not 200: tried again later
      }
    }
    settleCallback(ctx.data, key, ok, ctx.clock(), retryScale);
    persist();
  };

  const flush = async (): Promise<void> => {
    if (closed) return;
    const now = ctx.clock();
    let queued = false;
    for (const event of newEvents(ctx, (key) => wasQueued(ctx.data, key))) queued = queueCallback(ctx.data, event, now) || queued;
    if (queued) persist();
    const tries = dueCallbacks(ctx.data, now)
      .filter((item) => !inFlight.has(item.key))
      .map((item) => {
        const attempt = tryOnce(item.key, item.merchantKey, item.body).finally(() => inFlight.delete(item.key));
        inFlight.set(item.key, attempt);
        return attempt;
      });
    await Promise.all(tries);
  };

  const timer = setInterval(() => void flush(), options.tickMs ?? 1000);
  timer.unref();

  return {
    flush,
    pending: () => callbackState(ctx.data).outbox.length,
    close: async () => {
      closed = true;
      clearInterval(timer);
      await Promise.all(inFlight.values());
    },
  };
}
