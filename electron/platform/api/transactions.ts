import { readTransactionAnswer, receivedTransactionAnswer } from '../../../shared/api/index.ts';
import type { Transaction, TransactionLookupRequest, UnreadableParts } from '../../../shared/api/index.ts';
import type { NumberKeys } from '../../../shared/money/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import type { CallReceipt, ServiceCall, ServiceReply } from './service-call.ts';
import { txidLookupFailure } from './txid-refusal.ts';
import { compactBody, newReceipt } from './transport.ts';
import type { Transport } from './transport.ts';

/**
 * GET /transactions/info with a signed JSON body (spec 4.1): exactly one of `id`, `foreign_id` or
 * `txid` (docs/service-interface.md, "transactions/info by txid").
 * The answer is the Transaction itself, not wrapped in `data`. `raw` is the text as received,
 * for the screen's raw JSON view. Entries and fees that cannot be read are set aside in `unreadable`;
 * `numericTxids` says which entries' txid arrived as a number.
 */
export type TransactionLookup = { transaction: Transaction; unreadable: UnreadableParts; numericTxids: number[]; raw: string };

/** `request` as the router let it through: the router is the one check of a request (the contract). */
export async function lookupTransaction(
  transport: Transport,
  request: TransactionLookupRequest,
  receipt?: CallReceipt,
): Promise<TransactionLookup> {
  const call: ServiceCall = {
    method: 'GET',
    path: 'transactions/info',
    body: compactBody([
      ['id', request.id],
      ['foreign_id', request.foreign_id],
      ['txid', request.txid],
    ]),
    action: 'lookup',
    repeatable: true,
    maxAnswerBytes: ANSWER_LIMITS.lookup,
  };
  const seen = receipt ?? newReceipt();
  let reply: ServiceReply;
  try {
    reply = await transport.send(call, seen);
  } catch (thrown) {
    // By txid, a refusal of the parameter itself is read from the answer (txid-refusal.ts).
    throw request.txid === undefined ? thrown : txidLookupFailure(thrown, seen);
  }
  // Filled in by the one parse of the answer: only it still sees which txid was a JSON number.
  const numbers: NumberKeys = new WeakMap();
  const received = transport.read(call, reply, receivedTransactionAnswer, numbers, receipt);
  return { ...readTransactionAnswer(received, numbers), raw: reply.text };
}
