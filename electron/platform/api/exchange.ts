import { z } from 'zod';
import { exchangeOrder } from '../../../shared/api/index.ts';
import type { ExchangeOrder, FixedExchangeRequest } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import type { CallReceipt, ServiceCall } from './service-call.ts';
import { compactBody, wireNumber } from './transport.ts';
import type { Transport } from './transport.ts';

const orderAnswer = z.looseObject({ data: exchangeOrder });

/**
 * POST /exchange/fixed (spec 4.5), fields in the spec's order; price and amounts as JSON numbers.
 * Nothing is documented about a repeated foreign_id here, so a lost answer is an unknown outcome
 * that a person must resolve (docs/service-interface.md, "Lost responses").
 */
export async function placeFixedExchange(
  transport: Transport,
  request: FixedExchangeRequest,
  receipt?: CallReceipt,
): Promise<ExchangeOrder> {
  const call: ServiceCall = {
    method: 'POST',
    path: 'exchange/fixed',
    body: compactBody([
      ['foreign_id', request.foreign_id],
      ['price', wireNumber(request.price)],
      ['sender_currency', request.sender_currency],
      ['receiver_currency', request.receiver_currency],
      ['sender_amount', wireNumber(request.sender_amount)],
      ['receiver_amount', wireNumber(request.receiver_amount)],
    ]),
    action: 'exchange',
    foreignId: request.foreign_id,
    maxAnswerBytes: ANSWER_LIMITS.exchange,
  };
  const reply = await transport.send(call, receipt);
  return transport.read(call, reply, orderAnswer, undefined, receipt).data;
}
