import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stringifyJson } from '../../../shared/money/index.ts';
import { readCappedBody } from '../../platform/inbound/index.ts';

/** Building and sending answers. JSON goes through stringifyJson so `jsonNumber` values stay exact. */

/** A finished answer, serialised once, so that a fault can still cut or replace it (faults.ts). */
export interface Reply {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

export const MAX_BODY_BYTES = 1024 * 1024;

export function jsonReply(status: number, value: unknown): Reply {
  return { status, contentType: 'application/json', body: stringifyJson(value) };
}

export function textReply(status: number, text: string): Reply {
  return { status, contentType: 'text/plain; charset=utf-8', body: text };
}

export function htmlReply(status: number, html: string): Reply {
  return { status, contentType: 'text/html; charset=utf-8', body: html };
}

export function redirectReply(location: string): Reply {
  return { status: 303, contentType: 'text/plain; charset=utf-8', body: `See ${location}`, headers: { location } };
}

/** The single-error shape of the service: `{"error": ..., "code": ...}` (docs/service-interface.md, "Error bodies"). */
export function errorReply(status: number, error: string, code: string): Reply {
  return jsonReply(status, { error, code });
}

/** The Laravel-style validation shape: 400 `{"errors": {field: message}}` (docs/service-interface.md, "Error bodies"). */
export function validationReply(errors: Record<string, string>): Reply {
  return jsonReply(400, { errors });
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  const bytes = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, {
    'content-type': reply.contentType,
    'content-length': String(bytes.length),
    ...reply.headers,
  });
  res.end(bytes);
}

/**
 * Reads the raw body bytes: they are what the signature covers (spec section 5). A body over
 * MAX_BODY_BYTES answers null as soon as that is known (from Content-Length, or once the bytes
 * read pass the limit), and reading stops there: the caller answers 413 and closes the connection
 * (sendAndClose with TOO_LARGE), so a sender cannot keep the sandbox reading.
 */
export function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return readCappedBody(req, MAX_BODY_BYTES);
}

export const TOO_LARGE = errorReply(413, 'The body is too large', 'bad_content_format');

/** How long a cut-off sender has to read the answer before the connection is dropped. */
const LINGER_MS = 1000;

/**
 * Answers, then closes the connection instead of draining the request: what is left of its body
 * (too large, or sent to the wrong Host) is never read. The answer is written straight to the
 * socket with a FIN after it, because Node's own close after a response destroys the socket at
 * once, and a socket closed with unread bytes sends a reset that can overtake the answer. Reading
 * is paused, so the sender's unread bytes only fill the window; the socket is dropped a moment later.
 */
export function sendAndClose(req: IncomingMessage, reply: Reply): void {
  req.pause();
  const { socket } = req;
  const body = Buffer.from(reply.body, 'utf8');
  const headers = { 'content-type': reply.contentType, 'content-length': String(body.length), ...reply.headers, connection: 'close' };
  const head = `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
