import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Answers in the service's own shapes (docs/service-interface.md, "Error bodies"): one error is
 * `{"error": ..., "code": ...}`, field problems `{"errors": {field: message}}`.
 */

export type Reply = { status: number; body: string; close?: boolean };

export const jsonReply = (status: number, value: unknown): Reply => ({ status, body: JSON.stringify(value) });
export const errorReply = (status: number, error: string, code: string): Reply => jsonReply(status, { error, code });

export const NO_KEY = errorReply(403, 'No key header', 'required_header_key');
export const BAD_KEY = errorReply(403, 'Bad key header', 'bad_header_key');
export const NO_SIGNATURE = errorReply(403, 'No signature header', 'required_header_signature');
export const BAD_SIGNATURE = errorReply(403, 'Bad signature header', 'bad_header_signature');
export const BAD_CONTENT = errorReply(400, 'Bad content format', 'bad_content_format');
export const TOO_LARGE: Reply = { ...errorReply(413, 'The body is too large', 'bad_content_format'), close: true };
export const NOT_STORED = errorReply(503, 'The event could not be stored; send it again later', 'storage_unavailable');
export const NOT_FOUND = errorReply(404, 'Not found', 'not_found');
export const NOT_ALLOWED = errorReply(405, 'Method not allowed', 'method_not_allowed');

export function sendReply(res: ServerResponse, reply: Reply): void {
  const bytes = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, {
    'content-type': 'application/json',
    'content-length': String(bytes.length),
    'cache-control': 'no-store',
    ...(reply.close ? { connection: 'close' } : {}),
  });
  res.end(bytes);
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
