import { randomBytes } from 'node:crypto';
import { signBody } from '../../platform/api/index.ts';
import { readSigningText } from './auth.ts';

/**
 * The headers of a signed read of the receiver's events (auth.ts, "The read side"): what a desktop
 * sends with `GET /events?after=<cursor>`. `pathAndQuery` is exactly what goes on the request line.
 */
export function signedReadHeaders(
  merchant: { key: string; secret: string },
  pathAndQuery: string,
  options: { nowSeconds?: number; nonce?: string } = {},
): Record<string, string> {
  const timestamp = String(options.nowSeconds ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? randomBytes(16).toString('base64url');
  return {
    'X-Processing-Key': merchant.key,
    'X-Processing-Timestamp': timestamp,
    'X-Processing-Nonce': nonce,
    'X-Processing-Signature': signBody(readSigningText(timestamp, nonce, 'GET', pathAndQuery), merchant.secret),
  };
}
