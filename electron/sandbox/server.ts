import type { IncomingMessage, ServerResponse } from 'node:http';
import { listAccounts } from './endpoints/accounts-list.ts';
import { takeAddress } from './endpoints/addresses-take.ts';
import type { ControlDeps } from './endpoints/control.ts';
import { handleControl } from './endpoints/control.ts';
import { pairs } from './endpoints/currencies-pairs.ts';
import { calculate } from './endpoints/exchange-calculate.ts';
import { placeExchange } from './endpoints/exchange-fixed.ts';
import { createInvoice } from './endpoints/invoices-create.ts';
import { handleDepositPage } from './endpoints/deposit-page.ts';
import { handlePayPage } from './endpoints/pay-page.ts';
import { ping } from './endpoints/ping.ts';
import { lookupTransaction } from './endpoints/transactions-info.ts';
import { withdrawCrypto } from './endpoints/withdrawal-crypto.ts';
import type { AnswerEdits } from './http/answer-edits.ts';
import { authenticate, NO_KEY, parseContent } from './http/auth.ts';
import type { FaultTable } from './http/faults.ts';
import { delay, sendFaulted } from './http/faults.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import { TOO_MANY } from './http/rate-limit.ts';
import { errorReply, escapeHtml, htmlReply, readBody, sendAndClose, sendReply, TOO_LARGE } from './http/replies.ts';
import type { Reply } from './http/replies.ts';
import { controlContentAllowed, hostAllowed, NOT_JSON, WRONG_HOST } from './http/request-guard.ts';
import type { Body } from './model/rules.ts';
import type { Merchant, SandboxContext } from './model/types.ts';

/**
 * Routing: one endpoint file per route (endpoints/). /api/v2/* is the processing service; /pay/*
 * is the invoice payment page; /deposit/* the page that pays into a taken deposit address;
 * /sandbox/* is the control surface (endpoints/control.ts), served only by the standalone sandbox
 * (`control`): the in-app one is driven through its handle, so no web page can reach its state or
 * secrets over HTTP.
 * Every request first passes the Host check, and a body over the limit is cut off (http/request-guard.ts,
 * http/replies.ts). For the service, in this order:
 *   1. a fault for the path, if it strikes before processing (http/faults.ts);
 *   2. the rate limit of exchange/calculate, at the edge, before authentication (http/rate-limit.ts);
 *   3. key and signature over the raw body bytes, then the body's format (http/auth.ts);
 *   4. the endpoint, its answer then edited if a test asked for that (http/answer-edits.ts);
 *   5. a fault that strikes after processing.
 * An unknown path, or a known path with the wrong method, answers 403 required_header_key, as the
 * service does for an unknown path (docs/service-interface.md, "Error bodies").
 */

type Handler = (ctx: SandboxContext, merchant: Merchant, body: Body) => Reply;

interface Route {
  method: 'GET' | 'POST';
  handler: Handler;
  mutates: boolean;
}

export const API_PREFIX = '/api/v2';

const ROUTES: Record<string, Route> = {
  '/api/v2/transactions/info': { method: 'GET', handler: lookupTransaction, mutates: false },
  '/api/v2/exchange/calculate': { method: 'POST', handler: calculate, mutates: true },
  '/api/v2/exchange/fixed': { method: 'POST', handler: placeExchange, mutates: true },
  '/api/v2/currencies/pairs': { method: 'POST', handler: pairs, mutates: false },
  '/api/v2/invoices/create': { method: 'POST', handler: createInvoice, mutates: true },
  '/api/v2/withdrawal/crypto': { method: 'POST', handler: withdrawCrypto, mutates: true },
  '/api/v2/addresses/take': { method: 'POST', handler: takeAddress, mutates: true },
  '/api/v2/accounts/list': { method: 'POST', handler: listAccounts, mutates: false },
};

export interface ServerDeps extends ControlDeps {
  faults: FaultTable;
  /** Test-only edits of an answer's content (http/answer-edits.ts). */
  answerEdits: AnswerEdits;
  limiter: RateLimiter;
  /** Whether /sandbox/* is served at all (the standalone sandbox only). */
  control: boolean;
  /** The Host header values served (http/request-guard.ts); read per request, as the port is known only once listening. */
  allowedHosts(): ReadonlySet<string>;
}

function processApi(deps: ServerDeps, req: IncomingMessage, path: string, raw: Buffer): Reply {
  if (path === `${API_PREFIX}/ping`) return ping(); // before the route table: ping takes no key or signature
  const route = ROUTES[path];
  if (!route || route.method !== req.method) return NO_KEY;
  if (path === `${API_PREFIX}/exchange/calculate` && !deps.limiter.allow(req.socket.remoteAddress ?? 'unknown')) return TOO_MANY;
  const auth = authenticate(req, raw, deps.ctx.data.merchants);
  if (!auth.ok) return auth.reply;
  const content = parseContent(req, raw);
  if (!content.ok) return content.reply;
  const reply = route.handler(deps.ctx, auth.merchant, content.body);
  if (route.mutates && reply.status < 300) deps.persist();
  return deps.answerEdits.apply(path, reply);
}

async function handleApi(deps: ServerDeps, req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer): Promise<void> {
  const fault = deps.faults.take(path);
  if (fault?.kind === 'latency' && !fault.after) {
    await delay(fault.ms ?? 1000);
    if (res.destroyed) return; // the client gave up: the request never reached the service
  }
  if (fault && !fault.after && fault.kind !== 'latency') return sendFaulted(res, fault, null);
  const reply = processApi(deps, req, path, raw);
  if (!fault || !fault.after) return sendReply(res, reply);
  if (fault.kind === 'latency') await delay(fault.ms ?? 1000);
  if (res.destroyed) return;
  sendFaulted(res, fault, reply);
}

function indexPage(deps: ServerDeps): Reply {
  const origin = escapeHtml(deps.ctx.origin());
  const state = deps.control ? '<p>State: <a href="/sandbox/state">/sandbox/state</a></p>' : '';
  return htmlReply(
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local sandbox</title></head><body><main>
<h1>Local processing sandbox</h1><p>API base URL: <code>${origin}${API_PREFIX}</code></p>
${state}</main></body></html>`,
  );
}

export function createRequestListener(deps: ServerDeps) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void (async () => {
      if (!hostAllowed(req, deps.allowedHosts())) return sendAndClose(req, WRONG_HOST);
      const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
      const path = url.pathname;
      const isControl = deps.control && path.startsWith('/sandbox/');
      if (isControl && !controlContentAllowed(req)) return sendAndClose(req, NOT_JSON);
      const raw = await readBody(req);
      if (raw === null) return sendAndClose(req, TOO_LARGE);
      if (path === '/' && req.method === 'GET') return sendReply(res, indexPage(deps));
      if (isControl) return sendReply(res, handleControl(deps, req.method ?? 'GET', url, raw.toString('utf8')));
      if (path.startsWith('/pay/') || path.startsWith('/deposit/')) {
        const form = new URLSearchParams(req.method === 'POST' ? raw.toString('utf8') : '');
        const reply = (path.startsWith('/pay/') ? handlePayPage : handleDepositPage)(deps.ctx, req.method ?? 'GET', path, form);
        if (req.method === 'POST' && reply.status === 303) deps.persist();
        return sendReply(res, reply);
      }
      if (path.startsWith(`${API_PREFIX}/`)) return handleApi(deps, req, res, path, raw);
      return sendReply(res, NO_KEY);
    })().catch((error: unknown) => {
      console.error('sandbox: request failed', error);
      if (!res.headersSent) sendReply(res, errorReply(500, 'Sandbox internal error', 'internal_error'));
      else res.destroy();
    });
  };
}
