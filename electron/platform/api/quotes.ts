import { z } from 'zod';
import { quote } from '../../../shared/api/index.ts';
import type { Quote, QuoteRequest } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import type { ServiceCall } from './service-call.ts';
import { compactBody, wireNumber } from './transport.ts';
import type { Transport } from './transport.ts';

const quoteAnswer = z.looseObject({ data: quote });

/**
 * POST /exchange/calculate (spec 4.2). Limited to 30 a minute per IP (spec 8): callers go through
 * the app-wide quote budget (quotes), not straight here.
 */
export async function calculateQuote(transport: Transport, request: QuoteRequest): Promise<Quote> {
  const call: ServiceCall = {
    method: 'POST',
    path: 'exchange/calculate',
    body: compactBody([
      ['sender_currency', request.sender_currency],
      ['receiver_currency', request.receiver_currency],
      ['sender_amount', wireNumber(request.sender_amount)],
      ['receiver_amount', wireNumber(request.receiver_amount)],
    ]),
    action: 'quote',
    maxAnswerBytes: ANSWER_LIMITS.quote,
  };
  const reply = await transport.send(call);
  return transport.read(call, reply, quoteAnswer).data;
}
