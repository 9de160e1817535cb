import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

/**
 * One HTTP request and its whole answer, on node:http / node:https rather than fetch: the lookup
 * endpoint is a GET that carries a JSON body (spec 4.1), and fetch refuses a body on GET.
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

export interface HttpRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Sent as is; `null` sends no body at all. */
  body: string | null;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  /** Kept-alive connections to send on, or null for a connection of this request's own. */
  pool: ConnectionPool | null;
  /**
   * Called synchronously the moment before the request's bytes (headers and body) are handed to
   * the connection, once it is up; never if it does not come up. If it throws, nothing is sent and
   * the exchange fails with that error. A repeatable call re-sent on a fresh connection calls it again.
   */
  onSend?: () => void;
}

/** Kept-alive connections of one client, for http and https. */
export interface ConnectionPool {
  agentFor(url: URL): http.Agent;
}

/**
 * Idle pooled connections are closed after this, below the shortest idle timeout common on
 * servers (Node's 5 s), so that the server rarely closes one first; when it does, see above.
 * Idle sockets are unref'd by Node's agent and never keep the process alive.
 */
export const POOL_IDLE_MS = 4_000;

export function createConnectionPool(): ConnectionPool {
  const options = { keepAlive: true, timeout: POOL_IDLE_MS };
  const plain = new http.Agent(options);
  const secure = new https.Agent(options);
  return { agentFor: (url) => (url.protocol === 'https:' ? secure : plain) };
}

export interface HttpReply {
  status: number;
  text: string;
}

export type ExchangeStage = 'before_send' | 'after_send';
export type ExchangeReason = 'connect_timeout' | 'response_timeout' | 'network' | 'too_large';

/** A low-level failure; turned into an AppFailure by the transport, which knows the call. */
export class ExchangeFailure extends Error {
  readonly stage: ExchangeStage;
  readonly reason: ExchangeReason;
  /** Node's error code (ECONNREFUSED, ENOTFOUND, ECONNRESET, ...) when there is one. */
  readonly code: string | undefined;
  /** A reused pooled connection broke before any byte of the answer: the server had closed it. */
  readonly staleConnection: boolean;
  constructor(stage: ExchangeStage, reason: ExchangeReason, code?: string, staleConnection = false) {
    super(`${reason} ${stage}${code ? ` (${code})` : ''}`);
    this.name = 'ExchangeFailure';
    this.stage = stage;
    this.reason = reason;
    this.code = code;
    this.staleConnection = staleConnection;
  }
}

/** Answers larger than this are not the service's JSON; refuse them rather than fill memory. */
const MAX_REPLY_BYTES = 16 * 1024 * 1024;

/** The errors of a connection closed under a request: reset, or closed before it was written. */
const CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE']);

export async function exchange(request: HttpRequest): Promise<HttpReply> {
  if (request.pool === null) return exchangeOnce(request, false);
  try {
    return await exchangeOnce(request, request.pool.agentFor(request.url));
  } catch (error) {
    // Once, and on a connection of its own, which cannot be stale.
    if (error instanceof ExchangeFailure && error.staleConnection) return exchangeOnce(request, false);
    throw error;
  }
}

function exchangeOnce(request: HttpRequest, agent: http.Agent | false): Promise<HttpReply> {
  return new Promise<HttpReply>((resolve, reject) => {
    const secure = request.url.protocol === 'https:';
    const transport = secure ? https : http;
    let connected = false;
    let settled = false;
    let socket: Socket | undefined;
    /** socket.bytesRead counts the connection's earlier answers too; this is where ours starts. */
    let readBefore = 0;
    let timer: NodeJS.Timeout | undefined;

    const finish = (outcome: { reply: HttpReply } | { failure: Error }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if ('reply' in outcome) {
        resolve(outcome.reply);
      } else {
        outgoing.destroy();
        reject(outcome.failure);
      }
    };
    const fail = (reason: ExchangeReason, code?: string): void => {
      const stale =
        outgoing.reusedSocket && reason === 'network' && CLOSED_CODES.has(code ?? '') && (socket?.bytesRead ?? 0) === readBefore;
      finish({ failure: new ExchangeFailure(connected ? 'after_send' : 'before_send', reason, code, stale) });
    };

    // agent: false gives the request a fresh socket, so "connected" means this request's
    // connection, and a keep-alive socket closed by the server cannot swallow a request unseen.
    const outgoing = transport.request(request.url, { method: request.method, headers: request.headers, agent });

    timer = setTimeout(() => fail('connect_timeout'), request.connectTimeoutMs);
    // Nothing is written before the connection is up (end() is what hands the headers and body
    // over), so onSend is the last thing that happens before the bytes leave (issue 12).
    const onConnected = (): void => {
      if (connected || settled) return;
      try {
        request.onSend?.();
      } catch (error) {
        finish({ failure: error instanceof Error ? error : new Error(String(error)) });
        return;
      }
      connected = true;
      clearTimeout(timer);
      timer = setTimeout(() => fail('response_timeout'), request.responseTimeoutMs);
      outgoing.end(request.body ?? undefined);
    };
    outgoing.on('socket', (assigned: Socket) => {
      socket = assigned;
      readBefore = assigned.bytesRead;
      // A reused pooled connection is up already (and has no connect event to wait for).
      if (outgoing.reusedSocket) onConnected();
      // For https the request bytes go out only after the TLS handshake.
      else assigned.once(secure ? 'secureConnect' : 'connect', onConnected);
    });

    outgoing.on('error', (error: NodeJS.ErrnoException) => fail('network', error.code));
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_REPLY_BYTES) fail('too_large');
        else chunks.push(chunk);
      });
      incoming.on('error', (error: NodeJS.ErrnoException) => fail('network', error.code ?? 'ECONNRESET'));
      incoming.on('aborted', () => fail('network', 'ECONNRESET'));
      incoming.on('end', () => {
        // A body cut short of its Content-Length is a lost answer, not an answer.
        if (!incoming.complete) return fail('network', 'ECONNRESET');
        finish({ reply: { status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') } });
      });
      incoming.on('close', () => {
        if (!incoming.complete) fail('network', 'ECONNRESET');
      });
    });
  });
}
