import type { IncomingMessage, ServerResponse } from 'node:http';
import { stringifyJson } from '../../shared/money/index.ts';
import type { Reply } from './types.ts';

/** Building and sending answers. JSON goes through stringifyJson so `jsonNumber` values stay exact. */

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

/** The single-error shape of the service: `{"error": ..., "code": ...}` (field notes, error bodies). */
export function errorReply(status: number, error: string, code: string): Reply {
  return jsonReply(status, { error, code });
}

/** The Laravel-style validation shape: 400 `{"errors": {field: message}}` (field notes). */
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

/** Reads the raw body bytes: they are what the signature covers (spec section 5). */
export function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
