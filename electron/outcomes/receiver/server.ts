import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callbackEnvelope, callbackEventKey, IS_EMPTY } from '../../../shared/api/index.ts';
import { parseJsonExact, stringifyJson } from '../../../shared/money/index.ts';
import { jsonObjectOf, readCappedBody } from '../../platform/inbound/index.ts';
import { createNonceBook, verifyCallback, verifyRead } from './auth.ts';
import { errorText } from './log.ts';
import type { Log } from './log.ts';
import type { MerchantEntry } from './merchants.ts';
import { BAD_CONTENT, jsonReply, NOT_ALLOWED, NOT_FOUND, NOT_STORED, sendReply, TOO_LARGE } from './replies.ts';
import type { Reply } from './replies.ts';
import { CURSOR } from './store.ts';
import type { EventStore } from './store.ts';

/**
 * The callback receiver's HTTP side (docs/receiver.md): POST /callbacks takes the service's
 * callbacks, GET /health says whether it can store, GET /events lets a desktop read what was
 * stored. Plain Node: nothing of Electron.
 */

/** Callbacks are a few KiB; a body past this is refused with 413 before it is read further. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;
export const DEFAULT_EVENTS_LIMIT = 100;
export const MAX_EVENTS_LIMIT = 500;
const CLOSE_GRACE_MS = 5000;

export type ReceiverOptions = {
  merchants: readonly MerchantEntry[];
  store: EventStore;
  log: Log;
  host?: string;
  port?: number;
  maxBodyBytes?: number;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
  /**
   * Runs after an event is stored and before the 200 is sent: a test's way to stop a receiver
   * there (a kill between the commit and the answer). Nothing else sets it.
   */
  afterStore?: () => Promise<void>;
};

export type Receiver = { url: string; port: number; close(): Promise<void> };

/** The field problems of a callback that lacks what it is kept by, in the service's validation shape. */
function fieldProblems(body: Record<string, unknown>, issues: readonly { path: readonly PropertyKey[]; message: string }[]): Reply {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'body');
    const problem = body[field] === undefined || body[field] === null ? 'is required' : issue.message === IS_EMPTY ? 'is empty' : 'must be text or a number';
    errors[field] ??= `The ${field} field ${problem}.`;
  }
  return jsonReply(400, { errors });
}

export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const { merchants, store, log } = options;
  const cap = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const now = options.now ?? Date.now;
  const nonces = createNonceBook();

  async function takeCallback(req: IncomingMessage, from: string): Promise<Reply> {
    const body = await readCappedBody(req, cap);
    if (body === null) {
      log('warn', 'callback refused', { reason: 'too_large', from });
      return TOO_LARGE;
    }
    const verified = verifyCallback(req, body, merchants);
    if (!verified.ok) {
      log('warn', 'callback refused', { reason: JSON.parse(verified.reply.body).code as string, from });
      return verified.reply;
    }
    const { merchant } = verified;
    const content = jsonObjectOf(body);
    if (content === null) {
      log('warn', 'callback refused', { reason: 'bad_content_format', key: merchant.key, from });
      return BAD_CONTENT;
    }
    const { text, value } = content;
    const envelope = callbackEnvelope.safeParse(value);
    if (!envelope.success) {
      log('warn', 'callback refused', { reason: 'no_id_or_status', key: merchant.key, from });
      return fieldProblems(value, envelope.error.issues);
    }
    const { id, status, type = '' } = envelope.data;
    const event = {
      account: merchant.account,
      signedKey: merchant.key,
      type,
      objectId: id,
      status,
      eventKey: callbackEventKey(envelope.data, value),
      body: text,
      receivedAt: new Date(now()).toISOString(),
    };
    let result;
    try {
      result = await store.record(event);
    } catch (error) {
      // Not stored: the service hears 5xx and sends it again later, so nothing is lost.
      log('error', 'callback not stored', { key: merchant.key, type, id, status, error: errorText(error) });
      return NOT_STORED;
    }
    log('info', result.stored ? 'callback stored' : 'callback already stored', {
      key: merchant.key,
      account: merchant.account,
      type,
      id,
      status,
      ...(result.stored ? { cursor: result.cursor } : {}),
    });
    await options.afterStore?.();
    return jsonReply(200, { ok: true });
  }

  async function health(): Promise<Reply> {
    try {
      await store.check();
      return jsonReply(200, { status: 'ok' });
    } catch (error) {
      log('error', 'health: cannot store', { error: errorText(error) });
      return jsonReply(503, { status: 'unavailable' });
    }
  }

  async function readEvents(req: IncomingMessage, url: URL, from: string): Promise<Reply> {
    const verified = verifyRead(req, merchants, nonces, Math.floor(now() / 1000));
    if (!verified.ok) {
      log('warn', 'read refused', { reason: JSON.parse(verified.reply.body).code as string, from });
      return verified.reply;
    }
    const after = url.searchParams.get('after') ?? '0';
    const limitText = url.searchParams.get('limit') ?? String(DEFAULT_EVENTS_LIMIT);
    const errors: Record<string, string> = {};
    if (!CURSOR.test(after)) errors['after'] = 'The after field must be a cursor from an earlier answer, or 0.';
    const limit = Number(limitText);
    if (!/^\d{1,4}$/.test(limitText) || limit < 1 || limit > MAX_EVENTS_LIMIT) errors['limit'] = `The limit field must be 1 to ${MAX_EVENTS_LIMIT}.`;
    if (Object.keys(errors).length > 0) return jsonReply(400, { errors });
    let events;
    try {
      events = await store.after(verified.merchant.account, after, limit);
    } catch (error) {
      log('error', 'events not read', { error: errorText(error) });
      return NOT_STORED;
    }
    // Each callback is written back as it arrived, its numbers digit for digit (parseJsonExact).
    const items = events.map((event) => ({
      cursor: event.cursor,
      received_at: event.receivedAt,
      type: event.type,
      id: event.objectId,
      status: event.status,
      callback: parseJsonExact(event.body),
    }));
    return { status: 200, body: stringifyJson({ events: items, next: events.at(-1)?.cursor ?? after, more: events.length === limit }) };
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const from = req.socket.remoteAddress ?? '';
    const url = new URL(req.url ?? '/', 'http://receiver');
    let reply: Reply;
    if (url.pathname === '/callbacks') reply = req.method === 'POST' ? await takeCallback(req, from) : NOT_ALLOWED;
    else if (url.pathname === '/health') reply = req.method === 'GET' || req.method === 'HEAD' ? await health() : NOT_ALLOWED;
    else if (url.pathname === '/events') reply = req.method === 'GET' ? await readEvents(req, url, from) : NOT_ALLOWED;
    else reply = NOT_FOUND;
    sendReply(res, reply);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log('error', 'request failed', { error: errorText(error) });
      if (!res.headersSent) sendReply(res, NOT_STORED);
      else res.destroy();
    });
  });
  // A slow sender cannot hold a connection open for long.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    // Requests in hand are finished (their events stored and answered); idle connections close now,
    // and whatever is still open after CLOSE_GRACE_MS is cut.
    close: () =>
      new Promise<void>((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
