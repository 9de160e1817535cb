import { z } from 'zod';
import { invoice, senderDataByType } from '../../../shared/api/index.ts';
import type { Invoice, InvoiceCreateRequest } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import type { CallReceipt, ServiceCall } from './service-call.ts';
import { compactBody, wireNumber } from './transport.ts';
import type { Transport } from './transport.ts';

const invoiceAnswer = z.looseObject({ data: invoice });

/**
 * POST /invoices/create (spec 4.4), fields in the spec's order. Answered 201 (or 200 in an earlier
 * statement); any 2xx is success. A lost answer is an unknown outcome: the service refuses a second
 * invoice with the same foreign_id (docs/service-interface.md, "Lost responses").
 */
export async function createInvoice(transport: Transport, request: InvoiceCreateRequest, receipt?: CallReceipt): Promise<Invoice> {
  // The request schema checks sender_data against its type but keeps the input; send the cleaned
  // shape (trimmed, unknown keys dropped, an empty e-mail left out).
  const senderData =
    request.sender_type === undefined ? undefined : senderDataByType[request.sender_type].parse(request.sender_data);
  const call: ServiceCall = {
    method: 'POST',
    path: 'invoices/create',
    body: compactBody([
      ['timer', request.timer],
      ['title', request.title],
      ['foreign_id', request.foreign_id],
      ['currency', request.currency],
      ['amount', wireNumber(request.amount)],
      ['url_success', request.url_success],
      ['url_failed', request.url_failed],
      ['email_user', request.email_user],
      ['type', request.type],
      ['end_user_reference', request.end_user_reference],
      ['description', request.description],
      ['sender_currency', request.sender_currency],
      ['sender_type', request.sender_type],
      ['sender_data', senderData === undefined ? undefined : compactBody(Object.entries(senderData))],
    ]),
    action: 'invoice',
    foreignId: request.foreign_id,
    maxAnswerBytes: ANSWER_LIMITS.invoice,
  };
  const reply = await transport.send(call, receipt);
  return transport.read(call, reply, invoiceAnswer, undefined, receipt).data;
}
