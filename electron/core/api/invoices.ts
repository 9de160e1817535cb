import { z } from 'zod';
import { invoice, invoiceCreateRequest, senderDataByType } from '../../../shared/api/index.ts';
import type { Invoice, InvoiceCreateRequest } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import { checkRequest } from './request-check.ts';
import type { CallReceipt, ServiceCall } from './service-call.ts';
import { compactBody, wireNumber } from './wire-body.ts';
import type { Transport } from './transport.ts';

const invoiceAnswer = z.looseObject({ data: invoice });

/**
 * POST /invoices/create (spec 4.4), fields in the spec's order. Answered 201 (or 200 in an earlier
 * statement); any 2xx is success. A lost answer is an unknown outcome: the service refuses a second
 * invoice with the same foreign_id (docs/service-interface.md, "Lost responses").
 */
export async function createInvoice(transport: Transport, request: InvoiceCreateRequest, receipt?: CallReceipt): Promise<Invoice> {
  const checked = checkRequest(invoiceCreateRequest, request);
  // The request schema checks sender_data against its type but keeps the input; send the cleaned
  // shape (trimmed, unknown keys dropped, an empty e-mail left out).
  const senderData =
    checked.sender_type === undefined ? undefined : senderDataByType[checked.sender_type].parse(checked.sender_data);
  const call: ServiceCall = {
    method: 'POST',
    path: 'invoices/create',
    body: compactBody([
      ['timer', checked.timer],
      ['title', checked.title],
      ['foreign_id', checked.foreign_id],
      ['currency', checked.currency],
      ['amount', wireNumber(checked.amount)],
      ['url_success', checked.url_success],
      ['url_failed', checked.url_failed],
      ['email_user', checked.email_user],
      ['type', checked.type],
      ['end_user_reference', checked.end_user_reference],
      ['description', checked.description],
      ['sender_currency', checked.sender_currency],
      ['sender_type', checked.sender_type],
      ['sender_data', senderData === undefined ? undefined : compactBody(Object.entries(senderData))],
    ]),
    action: 'create the invoice',
    foreignId: checked.foreign_id,
    maxAnswerBytes: ANSWER_LIMITS.invoice,
  };
  const reply = await transport.send(call, receipt);
  return transport.read(call, reply, invoiceAnswer).data;
}
