import { parseJsonLossless } from '../../../shared/money/index.ts';
import { errorReply, jsonReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import type { Fault, FaultTable } from '../http/faults.ts';
import { FAULT_KINDS, isFault } from '../http/faults.ts';
import { invoiceView } from '../views/invoice-view.ts';
import { payAddressRecord } from '../model/address-deposits.ts';
import { chooseInvoiceCurrency, payInvoiceRecord } from '../model/invoice-payments.ts';
import { snapshot } from '../views/snapshot.ts';
import type { Merchant, SandboxContext } from '../model/types.ts';
import { decideWithdrawal, setWithdrawalLimit } from '../model/withdrawal-holds.ts';
import { transactionView } from '../views/transaction-views.ts';

/**
 * Control endpoints outside /api/v2, unauthenticated, for people and scripts using the standalone
 * sandbox (cli.ts) only: the app's own sandbox does not serve them, and is driven through its
 * handle (index.ts). What keeps a web page in the user's browser out: the Host check, JSON-only
 * changes and the body limit (http/request-guard.ts, http/replies.ts).
 *   GET    /sandbox/state[?merchant=KEY]      snapshot (views/snapshot.ts)
 *   GET    /sandbox/faults                    the faults in force
 *   POST   /sandbox/faults                    {path, fault: kind | null, ms?, once?, after?}
 *   DELETE /sandbox/faults                    clears every fault
 *   POST   /sandbox/invoices/<id>/currency    {currency}: fixes the payment currency and rate
 *   POST   /sandbox/invoices/<id>/pay         {amount, currency?}: pays like the payment page;
 *                                             201 {"data":{"transaction_id", "invoice"}}
 *   POST   /sandbox/addresses/<id>/pay        {amount}: pays into a taken deposit address, like its
 *                                             deposit page; 201 {"data":{"transaction_id", "txid"}}
 *   POST   /sandbox/merchants                 {key, secret, name?}
 *   POST   /sandbox/rate-limit/reset          forgets every client's calls
 */

export interface ControlDeps {
  ctx: SandboxContext;
  faults: FaultTable;
  addMerchant(merchant: { key: string; secret: string; name?: string }): Merchant;
  resetRateLimit(): void;
  persist(): void;
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const value = parseJsonLossless(text === '' ? '{}' : text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const BAD_BODY = errorReply(400, 'The body must be a JSON object', 'bad_content_format');
const NOT_FOUND = errorReply(404, 'No such control endpoint or record', 'not_found');

function invoiceRoute(deps: ControlDeps, id: number, action: string, body: Record<string, unknown>): Reply {
  const { ctx } = deps;
  const invoice = ctx.data.invoices.find((i) => i.id === id);
  if (!invoice) return errorReply(404, `Invoice ${id} not found`, 'not_found');
  if (action === 'currency') {
    const refused = chooseInvoiceCurrency(ctx, invoice, body.currency);
    if (refused && !refused.ok) return refused.errors ? jsonReply(refused.status, { errors: refused.errors }) : errorReply(refused.status, refused.error ?? '', 'refused');
    deps.persist();
    return jsonReply(200, { data: invoiceView(ctx, invoice) });
  }
  const outcome = payInvoiceRecord(ctx, invoice, { amount: body.amount, currency: body.currency });
  if (!outcome.ok) return outcome.errors ? jsonReply(outcome.status, { errors: outcome.errors }) : errorReply(outcome.status, outcome.error ?? '', 'refused');
  deps.persist();
  return jsonReply(201, { data: { transaction_id: outcome.transactionId, required: outcome.required, currency: outcome.currency, invoice: invoiceView(ctx, invoice) } });
}

function addressPayment(deps: ControlDeps, id: number, body: Record<string, unknown>): Reply {
  const address = deps.ctx.data.addresses.find((a) => a.id === id);
  if (!address) return errorReply(404, `Address ${id} not found`, 'not_found');
  const outcome = payAddressRecord(deps.ctx, address, { amount: body.amount });
  if (!outcome.ok) return outcome.errors ? jsonReply(outcome.status, { errors: outcome.errors }) : errorReply(outcome.status, outcome.error ?? '', 'refused');
  deps.persist();
  return jsonReply(201, { data: { transaction_id: outcome.deposit.id, txid: outcome.deposit.txid } });
}

export function handleControl(deps: ControlDeps, method: string, url: URL, bodyText: string): Reply {
  const path = url.pathname;
  if (method === 'GET' && path === '/sandbox/state') {
    return jsonReply(200, snapshot(deps.ctx, url.searchParams.get('merchant') ?? undefined));
  }
  if (path === '/sandbox/faults') {
    if (method === 'GET') return jsonReply(200, { faults: deps.faults.list() });
    if (method === 'DELETE') {
      deps.faults.clear();
      return jsonReply(200, { faults: [] });
    }
  }
  if (method !== 'POST') return NOT_FOUND;
  const body = parseBody(bodyText);
  if (!body) return BAD_BODY;
  if (path === '/sandbox/faults') {
    if (typeof body.path !== 'string' || body.path === '') return jsonReply(400, { errors: { path: 'The path field is required.' } });
    const fault = body.fault === null ? null : { kind: body.fault, ms: body.ms, once: body.once, after: body.after };
    if (fault !== null && !isFault(fault)) {
      return jsonReply(400, { errors: { fault: `The fault must be one of ${FAULT_KINDS.join(', ')} or null; ms a number, once and after booleans.` } });
    }
    deps.faults.set(body.path, fault as Fault | null);
    return jsonReply(200, { faults: deps.faults.list() });
  }
  if (path === '/sandbox/merchants') {
    if (typeof body.key !== 'string' || body.key === '' || typeof body.secret !== 'string' || body.secret === '') {
      return jsonReply(400, { errors: { key: 'The key and secret fields are required.' } });
    }
    const merchant = deps.addMerchant({ key: body.key, secret: body.secret, ...(typeof body.name === 'string' ? { name: body.name } : {}) });
    return jsonReply(201, { data: { key: merchant.key, name: merchant.name } });
  }
  if (path === '/sandbox/rate-limit/reset') {
    deps.resetRateLimit();
    return jsonReply(200, { ok: true });
  }
  const withdrawalReply = withdrawalControl(deps, path, body);
  if (withdrawalReply) return withdrawalReply;
  const invoiceMatch = /^\/sandbox\/invoices\/(\d+)\/(pay|currency)$/.exec(path);
  if (invoiceMatch) return invoiceRoute(deps, Number(invoiceMatch[1]), invoiceMatch[2] ?? 'pay', body);
  const addressMatch = /^\/sandbox\/addresses\/(\d+)\/pay$/.exec(path);
  if (addressMatch) return addressPayment(deps, Number(addressMatch[1]), body);
  return NOT_FOUND;
}

/**
 * Withdrawal limits and approvals (model/withdrawal-holds.ts, docs/withdrawals.md), which the
 * service keeps in its back office:
 *   POST   /sandbox/withdrawal-limit          {limit: "1000.00" | null, merchant?: KEY}: the EUR
 *                                             equivalent above which a withdrawal is held as pending,
 *                                             for one merchant or, without `merchant`, every one
 *   POST   /sandbox/withdrawals/<id>/approve  a pending withdrawal goes on the chain
 *   POST   /sandbox/withdrawals/<id>/decline  a pending withdrawal is declined, its balance given back
 * Null when the path is none of these.
 */
function withdrawalControl(deps: ControlDeps, path: string, body: Record<string, unknown>): Reply | null {
  const { ctx } = deps;
  if (path === '/sandbox/withdrawal-limit') {
    if (body.merchant !== undefined && typeof body.merchant !== 'string') return jsonReply(400, { errors: { merchant: 'The merchant must be a merchant key.' } });
    const outcome = setWithdrawalLimit(ctx.data, body.limit, body.merchant);
    if (!outcome.ok) return outcome.status === 400 ? jsonReply(400, { errors: { limit: outcome.error } }) : errorReply(outcome.status, outcome.error, 'not_found');
    deps.persist();
    return jsonReply(200, { data: outcome.merchants.map((m) => ({ key: m.key, withdrawal_limit: m.withdrawalLimit ?? null })) });
  }
  const match = /^\/sandbox\/withdrawals\/(\d+)\/(approve|decline)$/.exec(path);
  if (!match) return null;
  const outcome = decideWithdrawal(ctx.data, Number(match[1]), match[2] === 'approve' ? 'approve' : 'decline', ctx.clock());
  if (!outcome.ok) return errorReply(outcome.status, outcome.error, outcome.status === 404 ? 'not_found' : 'refused');
  deps.persist();
  return jsonReply(200, { data: transactionView(ctx, outcome.withdrawal) });
}
