import { z } from 'zod';
import { parseJsonExact, stringifyJson } from '../../../shared/money/index.ts';
import { signedReadHeaders } from '../receiver/index.ts';
import type { OutcomeEvent, OutcomeStore } from '../../platform/outcomes/index.ts';

/**
 * Reads a profile's new events from its receiver (docs/receiver.md, "GET /events"), signed with the
 * profile's own key and secret, and keeps them in the outcome store. A pull rather than a stream:
 * the desktop only ever makes outbound calls (it sits behind the merchant's firewall, as it does for
 * the service), the receiver keeps no connection per desktop, and a cursor makes a missed pull
 * harmless. The receiver is the merchant's own server, but what it answers is still read as
 * input from elsewhere: bounded, parsed by a schema, and refused whole when it does not fit.
 */

export type ReceiverAccess = { url: string; key: string; secret: string };

/** One read's events; the receiver answers at most 500. */
const PAGE = 200;
/** An answer larger than this is refused unread: 200 callbacks of a few KiB each is far less. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 5_000;

const cursorText = z.string().regex(/^(0|[1-9]\d{0,17})$/);
const eventsAnswer = z.object({
  events: z
    .array(
      z.looseObject({
        cursor: cursorText,
        received_at: z.string().max(64),
        type: z.string().max(100),
        id: z.string().max(200),
        status: z.string().max(100),
        callback: z.record(z.string(), z.unknown()),
      }),
    )
    .max(500),
  next: cursorText,
  more: z.boolean(),
});

export class ReceiverReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReceiverReadError';
  }
}

async function boundedText(answer: Response): Promise<string> {
  const declared = Number(answer.headers.get('content-length') ?? '0');
  if (declared > MAX_ANSWER_BYTES) throw new ReceiverReadError(`The receiver's answer is ${declared} bytes, more than ${MAX_ANSWER_BYTES}.`);
  const reader = answer.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ReceiverReadError(`The receiver's answer is more than ${MAX_ANSWER_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One signed read of the events after `cursor`. */
async function readPage(access: ReceiverAccess, cursor: string): Promise<z.infer<typeof eventsAnswer>> {
  const base = new URL(access.url);
  const path = `${base.pathname.replace(/\/+$/, '')}/events?after=${cursor}&limit=${PAGE}`;
  let answer: Response;
  try {
    answer = await fetch(new URL(path, base.origin), {
      headers: signedReadHeaders({ key: access.key, secret: access.secret }, path),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new ReceiverReadError(`The receiver at ${base.origin} did not answer (${error instanceof Error ? error.message : String(error)}).`);
  }
  const text = await boundedText(answer);
  if (answer.status !== 200) throw new ReceiverReadError(`The receiver at ${base.origin} answered ${answer.status}.`);
  let value: unknown;
  try {
    value = parseJsonExact(text);
  } catch {
    throw new ReceiverReadError(`The receiver at ${base.origin} answered something that is not JSON.`);
  }
  const parsed = eventsAnswer.safeParse(value);
  if (!parsed.success) throw new ReceiverReadError(`The receiver at ${base.origin} answered events this console cannot read.`);
  return parsed.data;
}

/** Reads until the receiver has no more; answers how many events were new. */
export async function pullOutcomes(store: OutcomeStore, profileId: string, access: ReceiverAccess): Promise<number> {
  let cursor = store.cursorOf(profileId);
  let added = 0;
  for (;;) {
    const page = await readPage(access, cursor);
    const events: OutcomeEvent[] = page.events.map((e) => ({
      cursor: e.cursor,
      type: e.type,
      objectId: e.id,
      status: e.status,
      body: stringifyJson(e.callback),
      receivedAt: e.received_at,
    }));
    added += store.add(profileId, events);
    // A receiver that does not move its cursor forward would keep this loop going: stop there.
    if (!page.more || BigInt(page.next) <= BigInt(cursor)) return added;
    cursor = page.next;
  }
}
