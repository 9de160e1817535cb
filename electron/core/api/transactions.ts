import { transaction, transactionLookupRequest } from '../../../shared/api/index.ts';
import type { Transaction, TransactionLookupRequest } from '../../../shared/api/index.ts';
import { checkRequest } from './request-check.ts';
import type { CallReceipt, ServiceCall } from './service-call.ts';
import { compactBody } from './wire-body.ts';
import type { Transport } from './transport.ts';

/**
 * GET /transactions/info with a signed JSON body (spec 4.1): exactly one of `id` or `foreign_id`.
 * The answer is the Transaction itself, not wrapped in `data`. `raw` is the text as received,
 * for the screen's raw JSON view.
 */
export async function lookupTransaction(
  transport: Transport,
  request: TransactionLookupRequest,
  receipt?: CallReceipt,
): Promise<{ transaction: Transaction; raw: string }> {
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
  };
  const reply = await transport.send(call, receipt);
  return { transaction: transport.read(call, reply, transaction), raw: reply.text };
}
