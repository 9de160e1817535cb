import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { z } from 'zod';
import { parseWith, plainProblem } from '../../../shared/api/index.ts';
import { AppFailure, isAppFailure } from '../../../shared/ipc/errors.ts';
import { isLoopbackHost } from '../../../shared/ipc/profile.ts';
import { jsonNumber, parseJsonNotingNumbers, stringifyJson } from '../../../shared/money/index.ts';
import type { NumberKeys } from '../../../shared/money/index.ts';
import { errorReplyFailure } from './error-replies.ts';
import type { ExchangeReason, ProxyHop } from './failures.ts';
import { ExchangeFailure, lostAnswerWords, makeRedactor, outcomeUnknown, transportFailure, unreadableAnswer } from './failures.ts';
import { ProxyFailure, ServiceAgent } from './network/dial.ts';
import { proxyFromEnvironment } from './network/proxy-env.ts';
import { DIRECT, routeFor } from './network/route.ts';
import type { ResolveProxy, Route } from './network/route.ts';
import type { DialRequestOptions } from './network/dial.ts';
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
 * closed by the server is sent once more on a fresh one (the HTTP exchange, below).
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
  const keyProblem = !HEADER_SAFE.test(apiKey)
    ? 'The API key of this profile is missing or contains characters that cannot be sent.'
    : secret.length === 0
      ? 'This profile has no secret key stored.'
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
      if (keyProblem !== null) throw new AppFailure({ kind: 'configuration', message: keyProblem });
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
        throw new AppFailure({ kind: 'internal', message: 'The request could not be prepared.' });
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
      throw unreadableAnswer(call, reply.status, '(body)', 'not JSON');
    }
    const parsed = parseWith(schema, json);
    // The schema's own words (types, not values), so no answer text and no secret can be in them.
    if (!parsed.ok) throw unreadableAnswer(call, reply.status, parsed.field, plainProblem(parsed.message));
    if (receipt && noted) receipt.parsed = { json, numbers: noted };
    return parsed.value;
  }

  return { send, read };
}

// ---- The HTTP exchange: one request and its whole answer ----

/**
 * One HTTP request and its whole answer, on node:http rather than fetch: the lookup endpoint is a
 * GET that carries a JSON body (spec 4.1), and fetch refuses a body on GET. The connection under
 * it (direct or through the system's proxy, TLS trusting the OS's roots) comes from network/.
 *
 * It reports where a failure happened, because that decides whether a money-moving request may
 * have reached the service: `before_send` means no byte of the request left this machine (DNS,
 * refused connection, TCP or TLS not established in time, TLS refused); `after_send` means the
 * connection was up, so the request may have been read by the service.
 *
 * A request goes either on a connection of its own (`pool: null`: every money-moving POST, so that
 * "connected" means ITS connection) or on a kept-alive connection from a pool (calls that may be
 * sent twice; transport.ts decides). A pooled connection can be stale: the server closed it while
 * idle, just as this request went out. Such a connection breaks before a single byte of the answer
 * arrives; the request is then sent once more, on a connection of its own, so a stale connection
 * never turns a lookup into a network error. Anything else is reported as it happened.
 */

/**
 * Where a request goes, as node:http's options take it: worked out once per endpoint from its URL
 * (requestTarget), so that no call parses a URL again.
 */
export interface RequestTarget {
  protocol: 'http:' | 'https:';
  /** Without the brackets of an IPv6 address, as node:http takes it. */
  hostname: string;
  port: number | undefined;
  /** Path and query. */
  path: string;
}

/** What node:http's own URL handling (urlToHttpOptions) makes of an http(s) URL. */
export function requestTarget(url: URL): RequestTarget {
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { protocol: url.protocol === 'https:' ? 'https:' : 'http:', hostname, port: url.port === '' ? undefined : Number(url.port), path: `${url.pathname}${url.search}` };
}

export interface HttpRequest {
  target: RequestTarget;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Sent as is; `null` sends no body at all. */
  body: string | null;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  /** The most the answer may weigh (the endpoint's cap, answer-limits.ts): past it, reading stops and the answer is refused. */
  maxReplyBytes: number;
  /** Direct, or through the system's proxy (network/route.ts). */
  route: Route;
  /** Kept-alive connections to send on, or null for a connection of this request's own. */
  pool: ConnectionPool | null;
  /**
   * Called the moment before the request's bytes (headers and body) are handed to the connection,
   * once it is up; never if it does not come up. A promise is awaited, and the bytes follow only
   * once it resolves (the connect timeout still runs meanwhile). If it throws or rejects, nothing
   * is sent and the exchange fails with that error. A repeatable call re-sent on a fresh connection
   * calls it again.
   */
  onSend?: () => void | Promise<void>;
}

/** Kept-alive connections of one client, per target protocol and route. */
export interface ConnectionPool {
  agentFor(secure: boolean, route: Route): http.Agent;
}

/**
 * Idle pooled connections are closed after this, below the shortest idle timeout common on
 * servers (Node's 5 s), so that the server rarely closes one first; when it does, see above.
 * Idle sockets are unref'd by Node's agent and never keep the process alive.
 */
export const POOL_IDLE_MS = 4_000;

export function createConnectionPool(): ConnectionPool {
  const agents = new Map<string, ServiceAgent>();
  const agentOf = (key: string, secure: boolean, route: Route): ServiceAgent => {
    let agent = agents.get(key);
    if (!agent) {
      agent = new ServiceAgent(route, { secure, keepAlive: true, idleMs: POOL_IDLE_MS });
      agents.set(key, agent);
    }
    return agent;
  };
  // The direct ones, the usual case, without a key to build per call.
  const direct: Partial<Record<'http' | 'https', ServiceAgent>> = {};
  return {
    agentFor(secure, route) {
      if (route.kind === 'direct') return (direct[secure ? 'https' : 'http'] ??= agentOf(`${secure ? 'https:' : 'http:'} direct`, secure, route));
      return agentOf(`${secure ? 'https:' : 'http:'} ${route.secure ? 'https' : 'http'}://${route.address}`, secure, route);
    },
  };
}

const isSecure = (request: HttpRequest): boolean => request.target.protocol === 'https:';

/** A connection of the request's own, closed after its answer ("Connection: close"). */
const ownConnection = (request: HttpRequest): http.Agent => new ServiceAgent(request.route, { secure: isSecure(request), keepAlive: false, idleMs: POOL_IDLE_MS });

export interface HttpReply {
  status: number;
  text: string;
}

/**
 * The answer's Content-Length (its first, as node:http's `headers` keeps it), or 0 when it has none.
 * Read from the raw header lines: `headers` would build the whole header object for this one value.
 */
function declaredLength(rawHeaders: readonly string[]): number {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (name.length === 14 && name.toLowerCase() === 'content-length') return Number(rawHeaders[i + 1] ?? 0);
  }
  return 0;
}

/** An exchange's deadline (performance.now()), and what it does when the deadline passes. */
type Deadline = { at: number; passed(): void };

/**
 * The deadlines of every exchange in flight, behind one timer: setting and clearing a timer for
 * each request was a visible share of a lookup on loopback. The timer is set for the earliest
 * deadline and only ever moved earlier; when it fires, every exchange whose deadline has passed is
 * told, and it is set again for the earliest one left. So no timeout ends early, and none later
 * than a timer of its own would. It is unref'd: an exchange in flight holds the process by its
 * connection, and the deadline of one that has ended must not.
 */
const deadlines = new Set<Deadline>();
let armed: { timer: NodeJS.Timeout; at: number } | null = null;

function armFor(at: number): void {
  if (armed !== null && armed.at <= at) return;
  if (armed !== null) clearTimeout(armed.timer);
  const timer = setTimeout(checkDeadlines, Math.max(0, at - performance.now()));
  timer.unref();
  armed = { timer, at };
}

function checkDeadlines(): void {
  armed = null;
  const now = performance.now();
  let next = Number.POSITIVE_INFINITY;
  for (const deadline of [...deadlines]) {
    if (deadline.at <= now) {
      deadlines.delete(deadline);
      deadline.passed();
    } else if (deadline.at < next) {
      next = deadline.at;
    }
  }
  if (next !== Number.POSITIVE_INFINITY) armFor(next);
}

/** The errors of a connection closed under a request: reset, or closed before it was written. */
const CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE']);

export function exchange(request: HttpRequest): Promise<HttpReply> {
  if (request.pool === null) return exchangeOnce(request, ownConnection(request));
  return exchangeOnce(request, request.pool.agentFor(isSecure(request), request.route)).catch((error: unknown) => {
    // Once, and on a connection of its own, which cannot be stale.
    if (error instanceof ExchangeFailure && error.staleConnection) return exchangeOnce(request, ownConnection(request));
    throw error;
  });
}

function exchangeOnce(request: HttpRequest, agent: http.Agent): Promise<HttpReply> {
  return new Promise<HttpReply>((resolve, reject) => {
    const route = request.route;
    // Abandons the connection being opened (proxy, tunnel, TLS) when the connect timeout ends it;
    // made only when a connection is opened, not for a request on a kept-alive one.
    let dialing: AbortController | undefined;
    const dialSignal = (): AbortSignal => (dialing ??= new AbortController()).signal;
    let connected = false;
    let settled = false;
    let socket: Socket | undefined;
    /** socket.bytesRead counts the connection's earlier answers too; this is where ours starts. */
    let readBefore = 0;

    const finish = (outcome: { reply: HttpReply } | { failure: Error }): void => {
      if (settled) return;
      settled = true;
      deadlines.delete(deadline);
      if ('reply' in outcome) {
        resolve(outcome.reply);
      } else {
        outgoing.destroy();
        // A connection asked for after this (a request still queued at its agent) is abandoned at once.
        (dialing ??= new AbortController()).abort();
        reject(outcome.failure);
      }
    };
    const fail = (reason: ExchangeReason, code?: string, proxyFailure?: ProxyFailure): void => {
      const stale =
        outgoing.reusedSocket && reason === 'network' && CLOSED_CODES.has(code ?? '') && (socket?.bytesRead ?? 0) === readBefore;
      const proxy: ProxyHop | undefined =
        route.kind === 'proxy' ? { address: route.address, failed: proxyFailure !== undefined, status: proxyFailure?.status } : undefined;
      finish({ failure: new ExchangeFailure(connected ? 'after_send' : 'before_send', reason, code, stale, proxy) });
    };

    // A connection of its own (ownConnection) makes "connected" mean this request's connection,
    // and a keep-alive socket closed by the server cannot swallow a request unseen.
    const { protocol, hostname, port, path } = request.target;
    const options: DialRequestOptions = { protocol, hostname, port, path, method: request.method, headers: request.headers, agent, dialSignal };
    const outgoing = http.request(options);

    // One deadline for both timeouts, watched with every other exchange's (`deadlines`): until the
    // connection is up, the connect timeout's; from then on, the response timeout's.
    const deadline: Deadline = {
      at: performance.now() + request.connectTimeoutMs,
      passed: () => fail(connected ? 'response_timeout' : 'connect_timeout'),
    };
    deadlines.add(deadline);
    armFor(deadline.at);
    // Nothing is written before the connection is up (end() is what hands the headers and body
    // over), so onSend is the last thing that happens before the bytes leave, as the sent mark needs.
    const handOver = (): void => {
      // The connection may have failed or timed out while the sent mark was awaited: its failure
      // is already reported (before sending), and nothing goes out.
      if (settled) return;
      connected = true;
      deadline.at = performance.now() + request.responseTimeoutMs;
      armFor(deadline.at);
      outgoing.end(request.body ?? undefined);
    };
    const refuse = (error: unknown): void => finish({ failure: error instanceof Error ? error : new Error(String(error)) });
    let marking = false;
    const onConnected = (): void => {
      if (marking || connected || settled) return;
      marking = true;
      let marked: void | Promise<void>;
      try {
        marked = request.onSend?.();
      } catch (error) {
        refuse(error);
        return;
      }
      // A synchronous mark hands over in the same tick, as before; an async one once it is committed.
      if (marked instanceof Promise) marked.then(handOver, refuse);
      else handOver();
    };
    outgoing.on('socket', (assigned: Socket) => {
      socket = assigned;
      readBefore = assigned.bytesRead;
      // The agent hands a socket over only once it is up (TCP, the tunnel, TLS with the service):
      // a new one from network/dial.ts, or a reused pooled one. The request's bytes follow at once.
      onConnected();
    });

    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof ProxyFailure) fail('network', error.code, error);
      else fail('network', error.code);
    });
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      // Too large is refused as soon as it is known: from Content-Length, or once the bytes pass
      // the cap. Failing destroys the connection, so nothing more is read.
      if (declaredLength(incoming.rawHeaders) > request.maxReplyBytes) return fail('too_large');
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.maxReplyBytes) fail('too_large');
        else chunks.push(chunk);
      });
      incoming.on('error', (error: NodeJS.ErrnoException) => fail('network', error.code ?? 'ECONNRESET'));
      incoming.on('aborted', () => fail('network', 'ECONNRESET'));
      incoming.on('end', () => {
        // A body cut short of its Content-Length is a lost answer, not an answer.
        if (!incoming.complete) return fail('network', 'ECONNRESET');
        const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
        finish({ reply: { status: incoming.statusCode ?? 0, text: body.toString('utf8') } });
      });
      incoming.on('close', () => {
        if (!incoming.complete) fail('network', 'ECONNRESET');
      });
    });
  });
}
