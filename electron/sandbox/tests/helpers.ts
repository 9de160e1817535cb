import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { parseJsonLossless } from '../../../shared/money/index.ts';
import type { SandboxHandle, SandboxOptions } from '../index.ts';
import { startSandbox } from '../index.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';

/**
 * The tests' own tiny client: node:http (fetch refuses a GET with a body) and node:crypto signing.
 * It is deliberately not the app's client (electron/platform/api), so the sandbox is checked on its own.
 */

export const MERCHANT_A = { key: 'key-merchant-a', secret: 'secret-merchant-a', name: 'Merchant A' };
export const MERCHANT_B = { key: 'key-merchant-b', secret: 'secret-merchant-b', name: 'Merchant B' };
export const START = Date.UTC(2025, 4, 1, 12, 0, 0);

export interface ManualClock {
  now: number;
  advance(ms: number): void;
  read: () => number;
}

export function manualClock(start = START): ManualClock {
  const clock: ManualClock = {
    now: start,
    advance(ms) {
      clock.now += ms;
    },
    read: () => clock.now,
  };
  return clock;
}

/** With the control endpoints on, as the standalone sandbox (cli.ts) has them; control.test.ts checks both ways. */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<{ sb: SandboxHandle; clock: ManualClock }> {
  const clock = manualClock();
  const sb = await startSandbox({ merchants: [MERCHANT_A, MERCHANT_B], seed: 42, clock: clock.read, control: true, ...options });
  return { sb, clock };
}

export function sign(secret: string, body: string | Buffer): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed losslessly (decimals as their own text), or undefined when it is not JSON. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface CallOptions {
  merchant?: { key: string; secret: string } | null;
  headers?: Record<string, string>;
  /** Bytes to send instead of JSON.stringify(body). */
  raw?: string | Buffer;
  contentType?: string | null;
  signature?: string;
  timeoutMs?: number;
}

export function rawRequest(url: string, method: string, body: string | Buffer | undefined, headers: Record<string, string>, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = parseJsonLossless(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A signed call to the service: `path` is relative to /api/v2. */
export function call(sb: SandboxHandle, method: string, path: string, body: unknown = {}, options: CallOptions = {}): Promise<RawResponse> {
  const text = options.raw ?? JSON.stringify(body);
  const merchant = options.merchant === undefined ? MERCHANT_A : options.merchant;
  const headers: Record<string, string> = { 'content-length': String(Buffer.byteLength(text)) };
  if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
  if (merchant) {
    headers['x-processing-key'] = merchant.key;
    headers['x-processing-signature'] = options.signature ?? sign(merchant.secret, text);
  }
  return rawRequest(`${sb.baseUrl}/${path}`, method, text, { ...headers, ...options.headers }, options.timeoutMs);
}

export const post = (sb: SandboxHandle, path: string, body: unknown = {}, options: CallOptions = {}) => call(sb, 'POST', path, body, options);
export const info = (sb: SandboxHandle, body: unknown, options: CallOptions = {}) => call(sb, 'GET', 'transactions/info', body, options);

/** A control call outside /api/v2 (no signature); a change is sent as JSON, as the control endpoints require. */
export function control(sb: SandboxHandle, method: string, path: string, body?: unknown): Promise<RawResponse> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = method === 'GET' ? {} : { 'content-type': 'application/json' };
  if (text !== undefined) headers['content-length'] = String(Buffer.byteLength(text));
  return rawRequest(`${sb.origin}${path}`, method, text, headers);
}

export const NATURAL = { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-12-10', email: 'ada@example.com' };
export const LEGAL = { legal_name: 'Example GmbH', country_of_registration: 'DEU', email: 'billing@example.de' };

export function invoiceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    timer: false,
    title: 'Order 1001',
    foreign_id: newForeignId('inv'),
    currency: 'EUR',
    amount: '100',
    url_success: 'https://shop.example.com/ok',
    url_failed: 'https://shop.example.com/failed',
    email_user: 'customer@example.com',
    end_user_reference: 'customer-1',
    sender_type: 'natural',
    sender_data: NATURAL,
    ...overrides,
  };
}
