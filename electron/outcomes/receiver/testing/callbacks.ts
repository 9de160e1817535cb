import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { signBody } from '../../../platform/api/index.ts';
import { signedReadHeaders } from '../read-request.ts';

/** Tests' side of the receiver: the service sending callbacks, a desktop reading events, a receiver as its own process. */

export type Merchant = { key: string; secret: string };
export type Answer = { status: number; body: unknown; text: string };

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: `text` says what came
  }
  return { status: response.status, body, text };
}

/** POSTs `body` (these exact bytes) to /callbacks signed as the service signs it; `headers` replace or remove (undefined) the signed ones. */
export async function sendCallback(baseUrl: string, merchant: Merchant, body: string | Buffer, headers: Record<string, string | undefined> = {}): Promise<Answer> {
  const all: Record<string, string | undefined> = {
    'content-type': 'application/json',
    'X-Processing-Key': merchant.key,
    'X-Processing-Signature': signBody(body, merchant.secret),
    ...headers,
  };
  const sent = Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return answerOf(await fetch(`${baseUrl}/callbacks`, { method: 'POST', headers: sent, body }));
}

/** The status a sent callback got, or 'no answer' when its connection died first (its receiver killed). */
export function statusOf(answer: Promise<Answer>): Promise<number | 'no answer'> {
  return answer.then(
    (got) => got.status,
    () => 'no answer' as const,
  );
}

/**
 * Sends a callback to a receiver that stops after storing it (testing/paused-receiver.ts), kills
 * it there, and says what the sender heard.
 */
export async function sendToPausedAndKill(paused: ReceiverProcess, merchant: Merchant, body: string): Promise<number | 'no answer'> {
  const sent = statusOf(sendCallback(paused.url, merchant, body));
  await paused.waitFor(/stored, holding the answer/);
  await killHard(paused);
  return sent;
}

/** GET /events as a desktop reads it, signed now with a fresh nonce unless `headers` say otherwise. */
export async function readEvents(baseUrl: string, merchant: Merchant, pathAndQuery = '/events?after=0', headers?: Record<string, string>): Promise<Answer> {
  return answerOf(await fetch(`${baseUrl}${pathAndQuery}`, { headers: headers ?? signedReadHeaders(merchant, pathAndQuery) }));
}

export type ReceiverEvent = { cursor: string; type: string; id: string; status: string; received_at: string; callback: Record<string, unknown> };

/** Every event the merchant's account holds, read page by page. */
export async function allEvents(baseUrl: string, merchant: Merchant): Promise<ReceiverEvent[]> {
  const events: ReceiverEvent[] = [];
  let after = '0';
  for (;;) {
    const answer = await readEvents(baseUrl, merchant, `/events?after=${after}&limit=500`);
    if (answer.status !== 200) throw new Error(`GET /events answered ${answer.status}: ${answer.text}`);
    const page = answer.body as { events: ReceiverEvent[]; next: string; more: boolean };
    events.push(...page.events);
    after = page.next;
    if (!page.more) return events;
  }
}

/** An invoice callback as the service sends it (field notes, "Callbacks"). */
export function invoiceCallback(id: number, status: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id,
    type: 'invoice',
    status,
    foreign_id: `order-${id}`,
    fixed_at: 1764200000,
    expires_at: 1764286400,
    currency_sent: { currency: 'BTC', amount: '0.00125000', remaining_amount: status === 'confirmed' ? '0' : '0.00125000' },
    currency_received: { currency: 'BTC', amount: '0.00125000' },
    transactions: status === 'processing' || status === 'confirmed' ? [{ id: id * 10, currency: 'BTC', amount: '0.00125000', txid: 'ab'.repeat(32), confirmations: status === 'confirmed' ? 3 : 0 }] : [],
    error: status === 'failed' ? 'Timer expired. User not paid.' : '',
    ...extra,
  });
}

export type ReceiverProcess = { child: ChildProcessWithoutNullStreams; url: string; output(): string; waitFor(pattern: RegExp): Promise<void>; exited: Promise<unknown> };

/** Runs `node <script> ...args` and waits for its "listening" log line. */
export async function spawnReceiver(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<ReceiverProcess> {
  const child = spawn(process.execPath, [script, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on('close', resolve));
  let closed = false;
  void exited.then(() => {
    closed = true;
    for (const listener of listeners) listener();
  });
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(output)) {
          listeners.delete(check);
          resolve();
        } else if (closed) {
          listeners.delete(check);
          reject(new Error(`The receiver exited before ${String(pattern)}:\n${output}`));
        }
      };
      listeners.add(check);
      check();
    });
  await waitFor(/"msg":"listening"/);
  const url = /"url":"([^"]+)"/.exec(output)?.[1] ?? '';
  return { child, url, output: () => output, waitFor, exited };
}

/** SIGKILL, and wait until it is gone. */
export async function killHard(receiver: ReceiverProcess): Promise<void> {
  receiver.child.kill('SIGKILL');
  await receiver.exited;
}
