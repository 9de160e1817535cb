import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { jsonObjectOf } from '../../platform/inbound/index.ts';
import { errorReply } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Merchant } from '../model/types.ts';

/**
 * Authentication (spec section 5) and the content check, with the exact error bodies of the field
 * notes. Order: key header, then signature header, then the body's format, so that a request with
 * a bad body but good credentials learns about the body, and a stranger learns nothing more.
 */

export const NO_KEY = errorReply(403, 'No key header', 'required_header_key');
export const BAD_KEY = errorReply(403, 'Bad key header', 'bad_header_key');
export const NO_SIGNATURE = errorReply(403, 'No signature header', 'required_header_signature');
export const BAD_SIGNATURE = errorReply(403, 'Bad signature header', 'bad_header_signature');
export const BAD_CONTENT = errorReply(400, 'Bad content format', 'bad_content_format');

/** Lowercase hex HMAC-SHA512 of the exact body bytes (docs/service-interface.md, "Signing"). */
export function signBody(secret: string, body: Buffer | string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export type AuthResult = { ok: true; merchant: Merchant } | { ok: false; reply: Reply };

export function authenticate(req: IncomingMessage, body: Buffer, merchants: readonly Merchant[]): AuthResult {
  const key = header(req, 'x-processing-key');
  if (key === undefined || key === '') return { ok: false, reply: NO_KEY };
  const merchant = merchants.find((m) => m.key === key);
  if (!merchant) return { ok: false, reply: BAD_KEY };
  const signature = header(req, 'x-processing-signature');
  if (signature === undefined || signature === '') return { ok: false, reply: NO_SIGNATURE };
  // Only the lowercase form is accepted: docs/service-interface.md ("Signing") says lowercase, and a client that sends
  // anything else should find out here rather than against the real service.
  const expected = Buffer.from(signBody(merchant.secret, body), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reply: BAD_SIGNATURE };
  }
  return { ok: true, merchant };
}

/** application/json, with or without parameters such as charset. */
export const JSON_TYPE = /^application\/json\s*(;.*)?$/i;

export type ContentResult = { ok: true; body: Record<string, unknown> } | { ok: false; reply: Reply };

/**
 * The body must be a JSON object sent as application/json; `{}` rather than empty or `null` when
 * there are no fields (docs/service-interface.md, "Signing"). Numbers are parsed losslessly: a decimal arrives as
 * its own text, never as a float.
 */
export function parseContent(req: IncomingMessage, body: Buffer): ContentResult {
  const contentType = header(req, 'content-type') ?? '';
  if (!JSON_TYPE.test(contentType.trim())) return { ok: false, reply: BAD_CONTENT };
  const read = jsonObjectOf(body);
  return read === null ? { ok: false, reply: BAD_CONTENT } : { ok: true, body: read.value };
}
