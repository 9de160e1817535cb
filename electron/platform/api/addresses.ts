import { z } from 'zod';
import { depositAddress } from '../../../shared/api/index.ts';
import type { AddressTakeRequest, DepositAddress } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import type { CallReceipt, ServiceCall } from './service-call.ts';
import { compactBody } from './transport.ts';
import type { Transport } from './transport.ts';

const addressAnswer = z.looseObject({ data: depositAddress });

/**
 * POST /addresses/take (spec 4.6; docs/service-interface.md, "addresses/take"): a deposit address
 * for one customer, answered 201 (any 2xx is success). The request has passed the contract's check
 * at the router, which also hands over the sender data as it is to be sent.
 *
 * It creates something under the merchant's foreign_id, so a lost answer is an unknown outcome
 * (`foreignId` on the call): taking it again under the same foreign id is refused by the service as
 * a duplicate, as for invoices ("Lost responses"), and the journal explains that refusal.
 */
export async function takeAddress(transport: Transport, request: AddressTakeRequest, receipt?: CallReceipt): Promise<DepositAddress> {
  const call: ServiceCall = {
    method: 'POST',
    path: 'addresses/take',
    body: compactBody([
      ['currency', request.currency],
      ['convert_to', request.convert_to],
      ['foreign_id', request.foreign_id],
      ['end_user_reference', request.end_user_reference],
      ['sender_type', request.sender_type],
      ['sender_data', compactBody(Object.entries(request.sender_data))],
    ]),
    action: 'address',
    foreignId: request.foreign_id,
    maxAnswerBytes: ANSWER_LIMITS.address,
  };
  const reply = await transport.send(call, receipt);
  return transport.read(call, reply, addressAnswer, undefined, receipt).data;
}
