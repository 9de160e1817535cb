import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { signBody } from '../../platform/api/index.ts';
import type { MerchantEntry } from './merchants.ts';
import { BAD_KEY, BAD_SIGNATURE, errorReply, header, NO_KEY, NO_SIGNATURE } from './replies.ts';
import type { Reply } from './replies.ts';

/**
 * Who sent it. A callback is signed exactly like a request to the service: `X-Processing-Key`, and
 * `X-Processing-Signature` = lowercase hex HMAC-SHA512 of the raw body bytes with the merchant's
 * secret (field notes, "Callbacks"), checked over the bytes as received, never over re-encoded
 * JSON, and compared in constant time. Order of the checks, as the service's: key header, then
 * signature header.
 */

export type Verified = { ok: true; merchant: MerchantEntry } | { ok: false; reply: Reply };

/** Whether `given` is the signature of `text` by one of the key's entries (several while a secret is rotated). */
function signedBy(entries: readonly MerchantEntry[], signed: string | Buffer, given: string): MerchantEntry | undefined {
  const givenBytes = Buffer.from(given, 'utf8');
  let match: MerchantEntry | undefined;
  // Every entry is tried, matched or not, so the time taken does not tell which secret matched.
  for (const entry of entries) {
    const expected = Buffer.from(signBody(signed, entry.secret), 'utf8');
    if (givenBytes.length === expected.length && timingSafeEqual(givenBytes, expected)) match ??= entry;
  }
  return match;
}

function credentials(req: IncomingMessage, merchants: readonly MerchantEntry[]): { ok: true; entries: MerchantEntry[]; signature: string } | { ok: false; reply: Reply } {
  const key = header(req, 'x-processing-key');
  if (key === undefined || key === '') return { ok: false, reply: NO_KEY };
  const entries = merchants.filter((merchant) => merchant.key === key);
  if (entries.length === 0) return { ok: false, reply: BAD_KEY };
  const signature = header(req, 'x-processing-signature');
  if (signature === undefined || signature === '') return { ok: false, reply: NO_SIGNATURE };
  return { ok: true, entries, signature };
}

/** A callback: the signature covers the raw body bytes. */
export function verifyCallback(req: IncomingMessage, body: Buffer, merchants: readonly MerchantEntry[]): Verified {
  const given = credentials(req, merchants);
  if (!given.ok) return given;
  const merchant = signedBy(given.entries, body, given.signature);
  return merchant ? { ok: true, merchant } : { ok: false, reply: BAD_SIGNATURE };
}

/*
 * The read side, GET /events: a desktop signs the request itself, since a GET has no body. The
 * signed text is READ_SIGNING_PREFIX, the timestamp, the nonce, the method and the path with its
 * query, one per line:
 *
 *   MC-RECEIVER-READ\n<unix seconds>\n<nonce>\nGET\n/events?after=41
 *
 * and the headers are X-Processing-Key, X-Processing-Timestamp, X-Processing-Nonce and
 * X-Processing-Signature (hex HMAC-SHA512 of that text with the merchant's secret). The prefix
 * keeps it apart from a callback's signed body (JSON, which never starts with "M"), so neither
 * signature can stand for the other. A request is refused when its timestamp is more than
 * READ_WINDOW_SECONDS from the receiver's clock, or when its nonce was seen within the window.
 */

export const READ_SIGNING_PREFIX = 'MC-RECEIVER-READ';
export const READ_WINDOW_SECONDS = 300;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
/** Nonces remembered at most: past this, reads are refused until the window moves on. */
const MAX_NONCES = 100_000;

export const NO_TIMESTAMP = errorReply(403, 'No or bad timestamp header', 'bad_header_timestamp');
export const STALE = errorReply(403, `The timestamp is more than ${READ_WINDOW_SECONDS} seconds from the receiver's clock`, 'bad_header_timestamp');
export const NO_NONCE = errorReply(403, 'No or bad nonce header: 16 to 64 of A-Z a-z 0-9 _ -', 'bad_header_nonce');
export const REPLAYED = errorReply(403, 'This nonce was used already', 'bad_header_nonce');
const TOO_MANY_NONCES = errorReply(503, 'Too many reads; try again later', 'too_many_requests');

/** The text a desktop signs for a read (see above). */
export function readSigningText(timestamp: string, nonce: string, method: string, pathAndQuery: string): string {
  return `${READ_SIGNING_PREFIX}\n${timestamp}\n${nonce}\n${method}\n${pathAndQuery}`;
}

/** The nonces seen in the last window, per key. One receiver's memory: see docs/receiver.md, "Reading the events". */
export function createNonceBook(): { admit(key: string, nonce: string, nowSeconds: number): 'new' | 'seen' | 'full' } {
  const seen = new Map<string, number>();
  return {
    admit(key, nonce, nowSeconds) {
      for (const [entry, expires] of seen) {
        if (expires >= nowSeconds) break; // insertion order is expiry order
        seen.delete(entry);
      }
      const entry = `${key}\n${nonce}`;
      if (seen.has(entry)) return 'seen';
      if (seen.size >= MAX_NONCES) return 'full';
      seen.set(entry, nowSeconds + 2 * READ_WINDOW_SECONDS);
      return 'new';
    },
  };
}

export function verifyRead(
  req: IncomingMessage,
  merchants: readonly MerchantEntry[],
  nonces: ReturnType<typeof createNonceBook>,
  nowSeconds: number,
): Verified {
  const given = credentials(req, merchants);
  if (!given.ok) return given;
  const timestamp = header(req, 'x-processing-timestamp') ?? '';
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reply: NO_TIMESTAMP };
  const nonce = header(req, 'x-processing-nonce') ?? '';
  if (!NONCE.test(nonce)) return { ok: false, reply: NO_NONCE };
  const merchant = signedBy(given.entries, readSigningText(timestamp, nonce, req.method ?? '', req.url ?? ''), given.signature);
  if (!merchant) return { ok: false, reply: BAD_SIGNATURE };
  // Only a signed request spends a nonce: a stranger cannot fill the book.
  if (Math.abs(nowSeconds - Number(timestamp)) > READ_WINDOW_SECONDS) return { ok: false, reply: STALE };
  const admitted = nonces.admit(merchant.key, nonce, nowSeconds);
  if (admitted === 'seen') return { ok: false, reply: REPLAYED };
  if (admitted === 'full') return { ok: false, reply: TOO_MANY_NONCES };
  return { ok: true, merchant };
}
