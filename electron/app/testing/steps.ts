import type { Envelope } from '../../../shared/ipc/errors.ts';
import type { JournalState } from '../../../shared/ipc/journal.ts';
import type { SubmissionStep } from '../../platform/journal/index.ts';
import { sampleInvoiceRequest } from './invoice-request.ts';

/**
 * The steps of one submission between the journal's `begin` and its `finish` (journal/tracking.ts),
 * and what the one rule (shared/submission/outcome.ts) says of a try cut off at each, for the
 * kill-at-every-step tests. `on-the-wire` is not a hook: the request has reached the
 * sandbox, which holds its answer back (a kill) or breaks the connection after processing (a throw).
 */

export const STEPS = ['begun', 'marked-sent', 'on-the-wire', 'answered', 'settled'] as const;
export type Step = (typeof STEPS)[number];
export const OPERATIONS = ['invoice', 'exchange'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const isHookStep = (step: Step): step is SubmissionStep => step !== 'on-the-wire';

/** The journal's state of the try after a crash or a throw at each step. */
export const JOURNALED: Record<Step, Exclude<JournalState, 'pending'>> = {
  begun: 'failed',
  'marked-sent': 'unknown',
  'on-the-wire': 'unknown',
  answered: 'unknown',
  settled: 'succeeded',
};

/** Whether the request had reached the service when the step came. */
export const REACHED: Record<Step, boolean> = { begun: false, 'marked-sent': false, 'on-the-wire': true, answered: true, settled: true };

export const SANDBOX_PATH: Record<Operation, string> = { invoice: '/api/v2/invoices/create', exchange: '/api/v2/exchange/fixed' };

type Handle = (channel: string, payload: unknown) => Promise<Envelope<unknown>>;

function valueOf<T>(channel: string, answer: Envelope<unknown>): T {
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value as T;
}

/** Saves a profile for the sandbox behind `baseUrl` and makes it the active one. */
export async function useSandboxProfile(handle: Handle, baseUrl: string, merchant: { key: string; secret: string }): Promise<void> {
  const saved = valueOf<{ id: string }>('profiles.save', await handle('profiles.save', { name: 'Step shop', baseUrl, apiKey: merchant.key, secret: merchant.secret }));
  valueOf('profiles.select', await handle('profiles.select', { id: saved.id }));
}

/**
 * One submission through the router, as the screens make it. An exchange is placed at a quote
 * this process has just received (main accepts no other), so a retry after a restart quotes anew
 * and places under the same foreign id.
 */
export async function submit(handle: Handle, operation: Operation, foreignId: string): Promise<Envelope<unknown>> {
  if (operation === 'invoice') {
    return handle('invoices.create', sampleInvoiceRequest({ foreign_id: foreignId, title: 'Step test', amount: '42.00' }));
  }
  const { quoteId } = valueOf<{ quoteId: string }>(
    'quotes.calculate',
    await handle('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' }),
  );
  return handle('exchange.place', { quoteId, foreignId });
}

/**
 * What the retry of the same foreign id after a restart must get. An invoice may always be sent
 * again: the service refuses a duplicate. An exchange only if its try provably never left.
 */
export function retryAnswer(operation: Operation, step: Step): 'created' | 'refused by the service' | 'refused by main' {
  if (operation === 'invoice') return REACHED[step] ? 'refused by the service' : 'created';
  return JOURNALED[step] === 'failed' ? 'created' : 'refused by main';
}

/** The sandbox's records under the foreign id once the retry is done: never more than one. */
export const recordsAfterRetry = (operation: Operation, step: Step): number =>
  REACHED[step] || retryAnswer(operation, step) === 'created' ? 1 : 0;

/** Requests with the foreign id that reached the service, the retry's included: an exchange's never more than one. */
export const sendsAfterRetry = (operation: Operation, step: Step): number =>
  (REACHED[step] ? 1 : 0) + (retryAnswer(operation, step) === 'refused by main' ? 0 : 1);
