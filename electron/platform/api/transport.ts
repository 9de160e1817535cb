import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import { parseWith, plainProblem } from '../../../shared/api/index.ts';
import { wordingOfRule } from '../../../shared/i18n/index.ts';
import type { Wording } from '../../../shared/i18n/index.ts';
import { isAppFailure, worded } from '../../../shared/ipc/errors.ts';
import { isLoopbackHost } from '../../../shared/ipc/profile.ts';
import { jsonNumber, parseJsonNotingNumbers, stringifyJson } from '../../../shared/money/index.ts';
import type { NumberKeys } from '../../../shared/money/index.ts';
import { errorReplyFailure } from './error-replies.ts';
import { ExchangeFailure, lostAnswerWords, makeRedactor, outcomeUnknown, transportFailure, unreadableAnswer } from './failures.ts';
import { createConnectionPool, exchange, requestTarget } from './http-exchange.ts';
import type { RequestTarget } from './http-exchange.ts';
import { proxyFromEnvironment } from './network/proxy-env.ts';
import { DIRECT, routeFor } from './network/route.ts';
import type { ResolveProxy } from './network/route.ts';
import type { CallReceipt, ServiceCall, ServiceReply } from './service-call.ts';

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
   * outcome_unknown). `numbers`, when given, is filled in with where the JSON numbers stood. With a
   * `receipt`, the answer as parsed is left in it for the journal (`receipt.parsed`), which then
   * redacts it without parsing it again.
   */
  read<S extends z.ZodType>(call: ServiceCall, reply: ServiceReply, schema: S, numbers?: NumberKeys, receipt?: CallReceipt): z.output<S>;
}

export const newReceipt = (): CallReceipt => ({ status: null, durationMs: null, text: null });

/**
 * The X-Processing-Signature header: lowercase hex HMAC-SHA512 of the exact body bytes, keyed with
 * the merchant's secret (spec section 5; docs/service-interface.md, "Signing"). The transport signs
 * the very string it sends; nothing touches the body after this. A receiver of signed bytes (a
 * callback) checks them as they came: bytes are signed as they are, text as its UTF-8 bytes.
 */
export function signBody(body: string | Uint8Array, secret: string): string {
  return (typeof body === 'string' ? createHmac('sha512', secret).update(body, 'utf8') : createHmac('sha512', secret).update(body)).digest('hex');
}

/**
 * Request bodies are built field by field in the spec's order, leaving out what was not given.
 * The spec types amounts as numbers (4.2, 4.4, 4.5), so an amount goes on the wire as a bare JSON
 * number written from its decimal text, digit for digit: never through a float (wireNumber).
 */
export function compactBody(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value !== undefined) body[key] = value;
  }
  return body;
}

/** An amount as a JSON number, or nothing when it was not given. */
export function wireNumber(decimalText: string | undefined): ReturnType<typeof jsonNumber> | undefined {
  return decimalText === undefined ? undefined : jsonNumber(decimalText);
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_RESPONSE_TIMEOUT_MS = 30_000;

const HEADER_SAFE = /^[\x21-\x7e]+$/;

function endpointUrl(baseUrl: string, path: string): URL {
  let url: URL;
  try {
    url = new URL(`${baseUrl.trim().replace(/\/+$/, '')}/${path}`);
  } catch {
    throw worded({ kind: 'configuration' }, { id: 'main.platform.api.baseUrl.invalid' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw worded({ kind: 'configuration' }, { id: 'main.platform.api.baseUrl.scheme' });
  }
  if (url.username || url.password) {
    throw worded({ kind: 'configuration' }, { id: 'main.platform.api.baseUrl.credentials' });
  }
  return url;
}

/** Belt and braces: a call under a foreign_id moves money, whatever else it says of itself. */
function repeatable(call: ServiceCall): boolean {
  return call.repeatable === true && call.foreignId === undefined;
}

/** Where one endpoint's calls go, worked out at its first call: no call parses a URL again. */
type Endpoint = {
  url: URL;
  target: RequestTarget;
  /** Loopback (the local sandbox) never goes through a proxy, and the system is not asked (network/route.ts). */
  loopback: boolean;
};

export function createTransport(options: TransportOptions): Transport {
  const connectMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const responseMs = options.responseTimeoutMs ?? DEFAULT_RESPONSE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const { apiKey, secret, baseUrl } = options;
  const redact = makeRedactor([secret, apiKey]);
  const pool = createConnectionPool();
  const resolveProxy = options.resolveProxy ?? proxyFromEnvironment();
  // Checked once; said at each signed call, before anything is sent.
  const keyProblem: Wording | null = !HEADER_SAFE.test(apiKey)
    ? { id: 'main.platform.api.key.unsendable' }
    : secret.length === 0
      ? { id: 'main.platform.api.key.noSecret' }
      : null;
  // A base URL that is not valid is said at every call (endpointUrl throws), never kept.
  const endpoints = new Map<string, Endpoint>();
  const endpointOf = (path: string): Endpoint => {
    let endpoint = endpoints.get(path);
    if (!endpoint) {
      const url = endpointUrl(baseUrl, path);
      endpoint = { url, target: requestTarget(url), loopback: isLoopbackHost(url.hostname) };
      endpoints.set(path, endpoint);
    }
    return endpoint;
  };

  async function send(call: ServiceCall, receipt?: CallReceipt): Promise<ServiceReply> {
    const { url, target, loopback } = endpointOf(call.path);
    // Serialised once; these exact bytes are signed and sent ({} when there are no fields).
    const body = call.exactBody ?? (call.body === null ? null : stringifyJson(call.body));
    let headers: Record<string, string>;
    if (body === null) headers = { Accept: 'application/json' };
    else {
      if (keyProblem !== null) throw worded({ kind: 'configuration' }, keyProblem);
      headers = {
        Accept: 'application/json',
        'X-Processing-Key': apiKey,
        'X-Processing-Signature': signBody(body, secret),
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body, 'utf8')),
      };
    }

    // Direct or through the system's proxy. Nothing has been sent yet: a failure here is a
    // configuration or timeout AppFailure, never an unknown outcome.
    const route = loopback ? DIRECT : await routeFor(url, resolveProxy, connectMs);
    let reply: ServiceReply;
    const started = performance.now();
    try {
      reply = await exchange({
        target,
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
        throw worded({ kind: 'internal' }, { id: 'main.platform.api.notPrepared' });
      }
      if (call.foreignId !== undefined && error.stage === 'after_send') {
        throw outcomeUnknown({ ...call, foreignId: call.foreignId }, lostAnswerWords(error, responseMs));
      }
      throw transportFailure(error, url, { connectMs, responseMs });
    }

    if (receipt) {
      receipt.status = reply.status;
      receipt.text = reply.text;
      receipt.durationMs = Math.round(performance.now() - started);
    }
    if (reply.status >= 200 && reply.status < 300) return reply;
    throw errorReplyFailure(call, reply.status, reply.text, { now, redact });
  }

  function read<S extends z.ZodType>(call: ServiceCall, reply: ServiceReply, schema: S, numbers?: NumberKeys, receipt?: CallReceipt): z.output<S> {
    // Where the numbers stood, for the journal's copy of the answer when there is a receipt.
    const noted = numbers ?? (receipt ? new WeakMap() : undefined);
    let json: unknown;
    try {
      // Lossless: 12345678.12345678 stays that text, never a float (docs/service-interface.md, "Types seen in the wild").
      json = parseJsonNotingNumbers(reply.text, noted);
    } catch {
      throw unreadableAnswer(call, reply.status, '(body)', { id: 'rules.wire.notJson' });
    }
    const parsed = parseWith(schema, json);
    // The schema's own words (types, not values), so no answer text and no secret can be in them;
    // a rule of ours is said in the window's language, and in English in the log.
    if (!parsed.ok) throw unreadableAnswer(call, reply.status, parsed.field, wordingOfRule(plainProblem(parsed.message)));
    if (receipt && noted) receipt.parsed = { json, numbers: noted };
    return parsed.value;
  }

  return { send, read };
}
