import type { ServerResponse } from 'node:http';
import { sendReply } from './replies.ts';
import type { Reply } from './replies.ts';

/**
 * Fault injection per endpoint, for tests and for people trying the app against a bad network.
 *
 * Kinds:
 *   latency         wait `ms` (default 1000) before answering normally
 *   no-response     never answer; the connection stays open until the client gives up
 *   reset           write the status line, headers and part of the body, then destroy the socket
 *   status-500      answer 500 with a JSON body {"message":"Server Error"}
 *   html-502        answer 502 with an HTML page, as a proxy in front of the service would
 *   malformed-json  answer with the success status and a JSON body cut short
 *
 * `after` (default false) chooses when the fault strikes: false = before the request is processed
 * (nothing happened at the service); true = after it was processed (the operation took place and
 * only the answer is lost or spoiled). `after: true` is how a test models a lost response: the
 * client must report the outcome as unknown, and a retry with the same foreign_id is refused as a
 * duplicate. `once` removes the fault after it has struck once. The path `*` matches every endpoint.
 */

export const FAULT_KINDS = ['latency', 'no-response', 'reset', 'status-500', 'html-502', 'malformed-json'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  kind: FaultKind;
  ms?: number;
  once?: boolean;
  after?: boolean;
}

export const SERVER_ERROR: Reply = { status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' };
export const BAD_GATEWAY: Reply = {
  status: 502,
  contentType: 'text/html',
  body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
};
const GENERIC_BODY: Reply = { status: 200, contentType: 'application/json', body: '{"data":{"id":1,"status":"processing","amount":"0.00300000"}}' };

/** "exchange/fixed", "/exchange/fixed" and "/api/v2/exchange/fixed" all name the same endpoint. */
export function normaliseFaultPath(path: string): string {
  if (path === '*') return '*';
  const trimmed = path.replace(/^\/+/, '').replace(/^api\/v2\//, '');
  return `/api/v2/${trimmed}`;
}

export function isFault(value: unknown): value is Fault {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  return (
    (FAULT_KINDS as readonly string[]).includes(String(f.kind)) &&
    (f.ms === undefined || (typeof f.ms === 'number' && f.ms >= 0)) &&
    (f.once === undefined || typeof f.once === 'boolean') &&
    (f.after === undefined || typeof f.after === 'boolean')
  );
}

export interface FaultTable {
  set(path: string, fault: Fault | null): void;
  clear(): void;
  /** The fault for a request to `path`, removing it when it is a `once` fault. */
  take(path: string): Fault | undefined;
  list(): Array<{ path: string } & Fault>;
}

export function createFaultTable(): FaultTable {
  const faults = new Map<string, Fault>();
  return {
    set(path, fault) {
      const key = normaliseFaultPath(path);
      if (fault === null) faults.delete(key);
      else if (!isFault(fault)) throw new TypeError(`Not a fault: ${JSON.stringify(fault)}`);
      else faults.set(key, { ...fault });
    },
    clear: () => faults.clear(),
    take(path) {
      const key = faults.has(path) ? path : faults.has('*') ? '*' : undefined;
      if (key === undefined) return undefined;
      const fault = faults.get(key);
      if (fault?.once) faults.delete(key);
      return fault;
    },
    list: () => [...faults.entries()].map(([path, fault]) => ({ path, ...fault })),
  };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Writes the head and about half of the body, then destroys the socket once that is flushed. */
function resetMidAnswer(res: ServerResponse, reply: Reply): void {
  const bytes = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, { 'content-type': reply.contentType, 'content-length': String(bytes.length) });
  const part = bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)));
  res.write(part, () => res.socket?.destroy());
}

/**
 * Sends `reply` spoiled by `fault`. `reply` is the real answer for `after` faults, or a stand-in
 * for `before` faults (nothing was processed). Latency is handled by the caller.
 */
export function sendFaulted(res: ServerResponse, fault: Fault, reply: Reply | null): void {
  const base = reply ?? GENERIC_BODY;
  switch (fault.kind) {
    case 'no-response':
      return; // keep the socket open; close() of the sandbox destroys it
    case 'reset':
      return resetMidAnswer(res, base);
    case 'status-500':
      return sendReply(res, SERVER_ERROR);
    case 'html-502':
      return sendReply(res, BAD_GATEWAY);
    case 'malformed-json': {
      const cut = base.contentType.startsWith('application/json') ? base : GENERIC_BODY;
      return sendReply(res, { ...cut, body: cut.body.slice(0, Math.max(1, Math.floor(cut.body.length / 2))) });
    }
    case 'latency':
      if (reply) sendReply(res, reply);
      return;
  }
}
