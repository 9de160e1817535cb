import type { IncomingMessage } from 'node:http';
import { parseJsonLossless } from '../../../shared/money/index.ts';

/**
 * Reading a request that someone else signed and sent: the local sandbox's, and the callback
 * receiver's. The raw bytes are what a signature covers, so they are read as they came, and no
 * further than a cap.
 */

/**
 * The raw body bytes; null as soon as they are known to pass `cap` (from Content-Length, or once
 * the bytes read pass it), and reading stops there, so a sender cannot keep the server reading: the
 * caller answers 413 and closes the connection.
 */
export function readCappedBody(req: IncomingMessage, cap: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > cap) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= cap) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The body as a JSON object, its numbers read losslessly (a decimal arrives as its own text, never
 * as a float), beside its text; null when it is not UTF-8, not JSON, or not an object.
 */
export function jsonObjectOf(body: Buffer): { text: string; value: Record<string, unknown> } | null {
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    value = parseJsonLossless(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return { text, value: value as Record<string, unknown> };
}
