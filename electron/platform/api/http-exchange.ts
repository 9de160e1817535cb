import http from 'node:http';
import type { Socket } from 'node:net';
import type { ExchangeReason, ProxyHop } from './failures.ts';
import { ExchangeFailure } from './failures.ts';
import { ProxyFailure, ServiceAgent } from './network/dial.ts';
import type { DialRequestOptions } from './network/dial.ts';
import type { Route } from './network/route.ts';

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
