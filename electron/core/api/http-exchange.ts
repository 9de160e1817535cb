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
 */

export interface HttpRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Sent as is; `null` sends no body at all. */
  body: string | null;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
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
  constructor(stage: ExchangeStage, reason: ExchangeReason, code?: string) {
    super(`${reason} ${stage}${code ? ` (${code})` : ''}`);
    this.name = 'ExchangeFailure';
    this.stage = stage;
    this.reason = reason;
    this.code = code;
  }
}

/** Answers larger than this are not the service's JSON; refuse them rather than fill memory. */
const MAX_REPLY_BYTES = 16 * 1024 * 1024;

export function exchange(request: HttpRequest): Promise<HttpReply> {
  return new Promise<HttpReply>((resolve, reject) => {
    const secure = request.url.protocol === 'https:';
    const transport = secure ? https : http;
    let connected = false;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;

    const finish = (outcome: { reply: HttpReply } | { failure: ExchangeFailure }): void => {
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
    const fail = (reason: ExchangeReason, code?: string): void =>
      finish({ failure: new ExchangeFailure(connected ? 'after_send' : 'before_send', reason, code) });

    // agent: false gives every request a fresh socket, so "connected" always means this request's
    // connection, and a keep-alive socket closed by the server cannot swallow a request unseen.
    const outgoing = transport.request(request.url, { method: request.method, headers: request.headers, agent: false });

    timer = setTimeout(() => fail('connect_timeout'), request.connectTimeoutMs);
    const onConnected = (): void => {
      if (connected || settled) return;
      connected = true;
      clearTimeout(timer);
      timer = setTimeout(() => fail('response_timeout'), request.responseTimeoutMs);
    };
    outgoing.on('socket', (socket: Socket) => {
      // For https the request bytes go out only after the TLS handshake.
      socket.once(secure ? 'secureConnect' : 'connect', onConnected);
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

    outgoing.end(request.body ?? undefined);
  });
}
