import { errorReply, jsonReply, validationReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { messages } from '../model/messages.ts';
import type { Body } from '../model/rules.ts';
import { createErrors, isPresent } from '../model/rules.ts';
import { transactionView } from '../views/transaction-views.ts';
import { foreignIdOf, txidsOf } from '../model/transaction-store.ts';
import type { Merchant, SandboxContext, TransactionRecord } from '../model/types.ts';

/**
 * transactions/info (spec 4.1, 2.1), over the transaction store (model/transaction-store.ts).
 *
 * - Exactly one parameter: `id`, `foreign_id`, or `txid` (newer documentation:
 *   docs/service-interface.md, "transactions/info by txid").
 *   None: 400 {"error":"No parameters present","code":"no_parameters"}. More than one: 404
 *   {"error":"Validation Exception: more than one param is present","code":"validation_exception"}
 *   (docs/service-interface.md, "Error bodies", gives the texts and statuses; the codes are the
 *   sandbox's choice).
 * - `foreign_id` finds withdrawals and exchanges, never deposits (spec 4.1: deposits by `id`).
 * - A merchant sees only its own transactions: anything else, including another merchant's id,
 *   answers 404 {"error":"Transaction not found","code":"not_found"} (the sandbox's choice: the
 *   same answer as an id that does not exist, so ids of other merchants do not leak).
 */

export const NOT_FOUND = errorReply(404, 'Transaction not found', 'not_found');
const PARAMS = ['id', 'foreign_id', 'txid'] as const;

export function lookupTransaction(ctx: SandboxContext, merchant: Merchant, body: Body): Reply {
  const given = PARAMS.filter((p) => body[p] !== undefined && body[p] !== null);
  if (given.length === 0) return errorReply(400, 'No parameters present', 'no_parameters');
  if (given.length > 1) return errorReply(404, 'Validation Exception: more than one param is present', 'validation_exception');
  const own = ctx.data.transactions.filter((t) => t.merchantKey === merchant.key);
  const e = createErrors();
  let found: TransactionRecord | undefined;
  if (given[0] === 'id') {
    const value = body.id;
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id)) e.add('id', messages.integer('id'));
    else if (id < 1) e.add('id', messages.minValue('id', '1'));
    else found = own.find((t) => t.id === id);
  } else {
    const field = given[0] as 'foreign_id' | 'txid';
    const value = body[field];
    if (typeof value !== 'string' || !isPresent(value)) e.add(field, messages.string(field));
    else if (value.length > 255) e.add(field, messages.maxChars(field, 255));
    else if (field === 'foreign_id') found = own.find((t) => foreignIdOf(t) === value);
    else found = own.find((t) => txidsOf(t).includes(value));
  }
  if (e.any()) return validationReply(e.map);
  if (!found) return NOT_FOUND;
  if (found.kind === 'static') return { status: 200, contentType: 'application/json', body: found.json };
  return jsonReply(200, transactionView(ctx, found));
}
