import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '../../electron/platform/api/index.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';

/**
 * Callback bodies as the service sends them, for the receiver bench: the local sandbox's own
 * (its callback views, electron/sandbox/views/callback-views.ts) for invoices paid in full, paid
 * in part, and failed, caught by a plain server. The bench then sends copies that differ in the
 * invoice id only, so each is a new event to the receiver and the bodies keep the service's shape
 * and size.
 */

const MERCHANT = { key: 'bench-bodies-key', secret: 'bench-bodies-secret', name: 'Bench' };

export type CallbackBody = { id: number; status: string; body: string };

async function signedPost(baseUrl: string, path: string, value: unknown): Promise<Record<string, unknown>> {
  const text = JSON.stringify(value);
  const answer = await fetch(`${baseUrl}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-processing-key': MERCHANT.key, 'x-processing-signature': signBody(text, MERCHANT.secret) },
    body: text,
  });
  const body = (await answer.json()) as Record<string, unknown>;
  if (answer.status >= 300) throw new Error(`The sandbox answered ${answer.status} to ${path}: ${JSON.stringify(body)}`);
  return body;
}

/** The invoice callbacks the sandbox sends for a few invoices: each status an invoice reaches, with its bodies' real fields. */
export async function sandboxCallbackBodies(): Promise<CallbackBody[]> {
  const caught: CallbackBody[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const { id, status, type } = JSON.parse(body) as { id: number; status: string; type: string };
      if (type === 'invoice') caught.push({ id, status, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let now = Date.UTC(2026, 10, 27, 9, 0, 0);
  const sandbox = await startSandbox({
    merchants: [MERCHANT],
    seed: 7,
    clock: () => now,
    callbacks: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`, retryScale: 1, tickMs: 60_000 },
  });
  try {
    const invoice = async (n: number, fillOrKill: boolean) => {
      const created = await signedPost(sandbox.baseUrl, 'invoices/create', {
        timer: fillOrKill,
        title: `Order ${1000 + n}`,
        foreign_id: `bench-order-${n}`,
        currency: 'EUR',
        amount: String(40 + n * 7),
        url_success: 'https://shop.example.com/ok',
        url_failed: 'https://shop.example.com/failed',
        email_user: 'customer@example.com',
        end_user_reference: `customer-${n}`,
        sender_type: 'natural',
        sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-12-10', email: 'ada@example.com' },
      });
      const id = (created['data'] as { id: number }).id;
      return { id, fixed: sandbox.chooseInvoiceCurrency(id, 'BTC') };
    };
    // Paid in full; paid in part; paid too little on a timed invoice (it fails when its timer runs out).
    const full = await invoice(1, false);
    sandbox.payInvoice(full.id, { amount: full.fixed.sender_amount ?? '0.001', currency: 'BTC' });
    const part = await invoice(2, false);
    sandbox.payInvoice(part.id, { amount: '0.00001', currency: 'BTC' });
    const short = await invoice(3, true);
    sandbox.payInvoice(short.id, { amount: '0.00001', currency: 'BTC' });
    for (const step of [0, 10_000, 20_000, 30_000, 24 * 3600_000]) {
      now += step;
      await sandbox.flushCallbacks();
    }
  } finally {
    await sandbox.close();
    await new Promise((resolve) => server.close(resolve));
  }
  if (caught.length === 0) throw new Error('The sandbox sent no invoice callbacks');
  return caught;
}

/** `body` as the callback of invoice `id`: the same bytes but the id (and the foreign id that names it). */
export function withInvoiceId(template: CallbackBody, id: number): string {
  return template.body.replace(`"id":${template.id},`, `"id":${id},`).replaceAll(/"bench-order-\d+"/g, `"bench-order-${id}"`);
}
