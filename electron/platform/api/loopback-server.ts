import http from 'node:http';
import https from 'node:https';
import type { Server, Socket } from 'node:net';
import { listenOnFreePort } from '../testing/free-port.ts';

/**
 * A real HTTP server on 127.0.0.1 for the client's tests: it records every request (method, path,
 * headers and the exact body bytes) and answers with what the test says, including the bad
 * answers: a reset after reading the request, no answer at all, a body cut short. With `tls` it
 * speaks https, and its base URL names `host` (which the certificate must cover).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type CannedAnswer =
  | { status: number; body: string; contentType?: string }
  | { reset: true }
  | { hang: true }
  | { truncate: { status: number; body: string } };

export interface LoopbackServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answers the next requests with this (a function sees the request). */
  answer(answer: CannedAnswer | ((request: RecordedRequest) => CannedAnswer)): void;
  close(): Promise<void>;
}

export async function startLoopbackServer(options: { tls?: { key: string; cert: string }; host?: string } = {}): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  let respond: (request: RecordedRequest) => CannedAnswer = () => ({ status: 200, body: '{}' });

  const onRequest = withWholeBody((incoming, outgoing, body) => {
    const recorded: RecordedRequest = {
      method: incoming.method ?? '',
      path: incoming.url ?? '',
      headers: incoming.headers,
      body,
    };
    requests.push(recorded);
    const answer = respond(recorded);
    if ('reset' in answer) {
      incoming.socket.resetAndDestroy();
    } else if ('hang' in answer) {
      // Say nothing; the client's response timeout has to end it.
    } else if ('truncate' in answer) {
      const bytes = Buffer.from(answer.truncate.body, 'utf8');
      outgoing.writeHead(answer.truncate.status, { 'Content-Type': 'application/json', 'Content-Length': bytes.length + 50 });
      outgoing.write(bytes, () => incoming.socket.destroy());
    } else {
      outgoing.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'application/json' });
      outgoing.end(answer.body);
    }
  });
  const server = options.tls ? https.createServer(options.tls, onRequest) : http.createServer(onRequest);
  const { port, close } = await listenOnLoopback(server);

  return {
    baseUrl: `${options.tls ? 'https' : 'http'}://${options.host ?? '127.0.0.1'}:${port}/api/v2`,
    requests,
    answer(answer) {
      respond = typeof answer === 'function' ? answer : () => answer;
    },
    close,
  };
}

/** A request handler that sees the whole body: the tests' servers judge requests by their exact bytes. */
export function withWholeBody(
  handle: (incoming: http.IncomingMessage, outgoing: http.ServerResponse, body: Buffer) => void,
): (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => void {
  return (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => handle(incoming, outgoing, Buffer.concat(chunks)));
  };
}

/**
 * Listens on a free port of 127.0.0.1. Its close() destroys the open connections first: a kept-alive
 * or hanging one would otherwise hold server.close() until it times out.
 */
export async function listenOnLoopback(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenOnFreePort(server);
  return {
    port,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
