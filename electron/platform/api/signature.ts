import { createHmac } from 'node:crypto';

/**
 * The X-Processing-Signature header: lowercase hex HMAC-SHA512 of the exact body bytes, keyed with
 * the merchant's secret (spec section 5; docs/service-interface.md, "Signing"). The caller signs the very string
 * it sends; nothing may touch the body after this.
 */
export function signBody(body: string, secret: string): string {
  return createHmac('sha512', secret).update(body, 'utf8').digest('hex');
}
