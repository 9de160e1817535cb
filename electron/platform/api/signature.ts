import { createHmac } from 'node:crypto';

/**
 * The X-Processing-Signature header: lowercase hex HMAC-SHA512 of the exact body bytes, keyed with
 * the merchant's secret (spec section 5; docs/service-interface.md, "Signing"). The caller signs the very string
 * it sends; nothing may touch the body after this. A receiver of signed bytes (a callback) checks them as they came.
 */
export function signBody(body: string | Uint8Array, secret: string): string {
  // Text is signed as its UTF-8 bytes; bytes (a body as received) are signed as they are.
  return (typeof body === 'string' ? createHmac('sha512', secret).update(body, 'utf8') : createHmac('sha512', secret).update(body)).digest('hex');
}
