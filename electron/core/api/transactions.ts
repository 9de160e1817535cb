import { transactionAnswer, transactionLookupRequest } from '../../../shared/api/index.ts';
import type { Transaction, TransactionLookupRequest, UnreadableParts } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import { checkRequest } from './request-check.ts';
import { newReceipt } from './service-call.ts';
import type { CallReceipt, ServiceCall } from './service-call.ts';
import { txidLookupFailure } from './txid-refusal.ts';
import { compactBody } from './wire-body.ts';
import type { Transport } from './transport.ts';

/**
 * GET /transactions/info with a signed JSON body (spec 4.1): exactly one of `id`, `foreign_id` or
 * `txid` (docs/service-interface.md, "transactions/info by txid").
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
      ['txid', checked.txid],
    ]),
    action: 'look up the transaction',
    repeatable: true,
    maxAnswerBytes: ANSWER_LIMITS.lookup,
  };
  const seen = receipt ?? newReceipt();
  const reply = await transport.send(call, seen).catch((thrown: unknown) => {
    // By txid, a refusal of the parameter itself is read from the answer (txid-refusal.ts).
    throw checked.txid === undefined ? thrown : txidLookupFailure(thrown, seen);
  });
  return { ...transport.read(call, reply, transactionAnswer), raw: reply.text };
}
