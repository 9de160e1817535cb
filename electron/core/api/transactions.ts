import { transactionAnswer, transactionLookupRequest } from '../../../shared/api/index.ts';
import type { Transaction, TransactionLookupRequest, UnreadableParts } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import { checkRequest } from './request-check.ts';
import type { CallReceipt, ServiceCall } from './service-call.ts';
import { compactBody } from './wire-body.ts';
import type { Transport } from './transport.ts';

/**
 * GET /transactions/info with a signed JSON body (spec 4.1): exactly one of `id` or `foreign_id`.
 * The answer is the Transaction itself, not wrapped in `data`. `raw` is the text as received,
 * for the screen's raw JSON view. Entries and fees that cannot be read are set aside in `unreadable`.
 */
export type TransactionLookup = { transaction: Transaction; unreadable: UnreadableParts; raw: string };

export async function lookupTransaction(
  transport: Transport,
  request: TransactionLookupRequest,
  receipt?: CallReceipt,
): Promise<TransactionLookup> {
  const checked = checkRequest(transactionLookupRequest, request);
  const call: ServiceCall = {
    method: 'GET',
    path: 'transactions/info',
    body: compactBody([
      ['id', checked.id],
      ['foreign_id', checked.foreign_id],
    ]),
    action: 'look up the transaction',
    repeatable: true,
    maxAnswerBytes: ANSWER_LIMITS.lookup,
  };
  const reply = await transport.send(call, receipt);
  return { ...transport.read(call, reply, transactionAnswer), raw: reply.text };
}
