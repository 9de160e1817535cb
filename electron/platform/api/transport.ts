import type { z } from 'zod';
import { parseWith, plainProblem } from '../../../shared/api/index.ts';
import { AppFailure, isAppFailure } from '../../../shared/ipc/errors.ts';
import { parseJsonLossless, parseJsonNotingNumbers, stringifyJson } from '../../../shared/money/index.ts';
import type { NumberKeys } from '../../../shared/money/index.ts';
import { errorReplyFailure } from './error-replies.ts';
import { lostAnswerWords, makeRedactor, outcomeUnknown, transportFailure, unreadableAnswer } from './failures.ts';
import { ExchangeFailure, createConnectionPool, exchange } from './http-exchange.ts';
import { proxyFromEnvironment } from './network/proxy-env.ts';
import { routeFor } from './network/route.ts';
import type { ResolveProxy } from './network/route.ts';
import type { CallReceipt, ServiceCall, ServiceReply } from './service-call.ts';
import { signBody } from './signature.ts';

/**
 * Serialises a body once, signs those bytes, sends them, and turns every answer that is not a
 * readable 2xx into an AppFailure.
 *
 * When the outcome of a call is unknown (docs/service-interface.md, "Lost responses"):
 *   A POST that creates something under the merchant's foreign_id (invoices/create,
 *   exchange/fixed, withdrawal/crypto) is reported as `outcome_unknown` when the request may have
 *   reached the service and no clear answer came back:
 *     - the connection was established and then reset or closed before the answer was complete;
 *     - no complete answer within the response timeout, once connected;
 *     - a 2xx whose body is not JSON, is cut short, or does not fit the schema (it said yes, but
 *       we cannot tell to what);
 *     - a 5xx, unless it carries a field refusal ({"errors": ...}), which is a clear "no".
 *   It is NOT unknown when no byte of the request left this machine: DNS failure, refused
 *   connection, connect timeout, TLS handshake failure ('network' or 'timeout'). Nor when the
 *   service refused clearly: any 4xx (validation, authentication, not found, rate limit).
 *   "Connected" is the moment the TCP connection (for https: the TLS session) is up; the request
 *   is written straight after, so from then on we must assume it may have arrived.
 * The client never retries by itself, neither POSTs nor GETs: a person decides. The one exception
 * is below the level of calls: a repeatable call whose kept-alive connection turns out to have been
 * closed by the server is sent once more on a fresh one (http-exchange.ts).
 *
 * Connections: a money-moving POST always gets a connection of its own, so that "connected" means
 * its request's connection. Repeatable calls (see `repeatable`) share kept-alive connections:
 * no TCP (and TLS) handshake per lookup.
 */

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  secret: string;
  connectTimeoutMs?: number;
  responseTimeoutMs?: number;
  now?: () => number;
  /**
   * The system's proxy for a URL, as a PAC string (network/route.ts): Electron's
   * session.resolveProxy in the app; by default the proxy environment variables (proxy-env.ts).
   */
  resolveProxy?: ResolveProxy;
}

export interface Transport {
  /** Sends a call; resolves with a complete 2xx answer, or throws an AppFailure. Fills `receipt` either way. */
  send(call: ServiceCall, receipt?: CallReceipt): Promise<ServiceReply>;
  /**
   * Reads a 2xx answer losslessly and with a schema, once; throws unexpected_response (or
   * outcome_unknown). `numbers`, when given, is filled in with where the JSON numbers stood.
   */
  read<S extends z.ZodType>(call: ServiceCall, reply: ServiceReply, schema: S, numbers?: NumberKeys): z.output<S>;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_RESPONSE_TIMEOUT_MS = 30_000;

const HEADER_SAFE = /^[\x21-\x7e]+$/;

function endpointUrl(baseUrl: string, path: string): URL {
  let url: URL;
  try {
    url = new URL(`${baseUrl.trim().replace(/\/+$/, '')}/${path}`);
  } catch {
    throw new AppFailure({ kind: 'configuration', message: 'The base URL of this profile is not a valid address.' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppFailure({ kind: 'configuration', message: 'The base URL must start with https:// (or http:// for this computer).' });
  }
  if (url.username || url.password) {
    throw new AppFailure({ kind: 'configuration', message: 'The base URL must not contain a user name or password.' });
  }
  return url;
}

/** Belt and braces: a call under a foreign_id moves money, whatever else it says of itself. */
function repeatable(call: ServiceCall): boolean {
  return call.repeatable === true && call.foreignId === undefined;
}

export function createTransport(options: TransportOptions): Transport {
  const connectMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const responseMs = options.responseTimeoutMs ?? DEFAULT_RESPONSE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const redact = makeRedactor([options.secret, options.apiKey]);
  const pool = createConnectionPool();
  const resolveProxy = options.resolveProxy ?? proxyFromEnvironment();

  function credentialHeaders(body: string): Record<string, string> {
    if (!HEADER_SAFE.test(options.apiKey)) {
      throw new AppFailure({ kind: 'configuration', message: 'The API key of this profile is missing or contains characters that cannot be sent.' });
    }
    if (options.secret.length === 0) {
      throw new AppFailure({ kind: 'configuration', message: 'This profile has no secret key stored.' });
    }
    return { 'X-Processing-Key': options.apiKey, 'X-Processing-Signature': signBody(body, options.secret) };
  }

  async function send(call: ServiceCall, receipt?: CallReceipt): Promise<ServiceReply> {
    const url = endpointUrl(options.baseUrl, call.path);
    // Serialised once; these exact bytes are signed and sent ({} when there are no fields).
    const body = call.body === null ? null : stringifyJson(call.body);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== null) {
      Object.assign(headers, credentialHeaders(body), {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body, 'utf8')),
      });
    }

    // Direct or through the system's proxy. Nothing has been sent yet: a failure here is a
    // configuration or timeout AppFailure, never an unknown outcome.
    const route = await routeFor(url, resolveProxy, connectMs);
    let reply: ServiceReply;
    const started = performance.now();
    try {
      reply = await exchange({
        url,
        route,
        method: call.method,
        headers,
        body,
        connectTimeoutMs: connectMs,
        responseTimeoutMs: responseMs,
        maxReplyBytes: call.maxAnswerBytes,
        pool: repeatable(call) ? pool : null,
        ...(receipt?.onSend ? { onSend: receipt.onSend } : {}),
      });
    } catch (error) {
      if (receipt) receipt.durationMs = Math.round(performance.now() - started);
      if (!(error instanceof ExchangeFailure)) {
        // The sent mark refused (receipt.onSend): nothing was sent. A journal's own failure (a team
        // journal that cannot be reached, one that is read-only) is the caller's to read as it is.
        if (isAppFailure(error)) throw error;
        throw new AppFailure({ kind: 'internal', message: 'The request could not be prepared.' });
      }
      if (call.foreignId !== undefined && error.stage === 'after_send') {
        throw outcomeUnknown({ ...call, foreignId: call.foreignId }, lostAnswerWords(error, responseMs));
      }
      throw transportFailure(error, url, { connectMs, responseMs });
    }

    if (receipt) Object.assign(receipt, { status: reply.status, text: reply.text, durationMs: Math.round(performance.now() - started) });
    if (reply.status >= 200 && reply.status < 300) return reply;
    throw errorReplyFailure(call, reply.status, reply.text, { now, redact });
  }

  function read<S extends z.ZodType>(call: ServiceCall, reply: ServiceReply, schema: S, numbers?: NumberKeys): z.output<S> {
    let json: unknown;
    try {
      // Lossless: 12345678.12345678 stays that text, never a float (docs/service-interface.md, "Types seen in the wild").
      json = numbers ? parseJsonNotingNumbers(reply.text, numbers) : parseJsonLossless(reply.text);
    } catch {
      throw unreadableAnswer(call, reply.status, '(body)', 'not JSON');
    }
    const parsed = parseWith(schema, json);
    // The schema's own words (types, not values), so no answer text and no secret can be in them.
    if (!parsed.ok) throw unreadableAnswer(call, reply.status, parsed.field, plainProblem(parsed.message));
    return parsed.value;
  }

  return { send, read };
}
