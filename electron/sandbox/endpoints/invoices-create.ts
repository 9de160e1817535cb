import { jsonReply, validationReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { checkMinimum, currencyField } from '../model/currency-rules.ts';
import { invoiceForeignIdTaken } from '../model/invoice-lifecycle.ts';
import { fixInvoiceRate } from '../model/invoice-payments.ts';
import { isCrypto, isPairAvailable } from '../model/market.ts';
import { messages } from '../model/messages.ts';
import { randomToken } from '../model/rng.ts';
import type { Body } from '../model/rules.ts';
import { amount, boolean, createErrors, email, httpsUrl, oneOf, text } from '../model/rules.ts';
import { checkParty } from '../model/sender.ts';
import type { InvoiceRecord, Merchant, SandboxContext } from '../model/types.ts';
import { invoiceView } from '../views/invoice-view.ts';

/**
 * invoices/create (spec 4.4, 2.2); what happens to the invoice afterwards is its lifecycle
 * (model/invoice-lifecycle.ts). Answers 201 (the latest statement of 4.4 rule 5).
 *
 * end_user_reference is optional here (rule 4 states it both ways); sender data is optional except
 * under rule 2 (timer true and sender_currency set), and sender_data is required whenever
 * sender_type is sent.
 */

export const MIN_INVOICE_AMOUNT = '0.001';

export function createInvoice(ctx: SandboxContext, merchant: Merchant, body: Body): Reply {
  const now = ctx.clock();
  const e = createErrors();
  const timer = boolean(e, body, 'timer', true);
  const title = text(e, body, 'title', { required: true, max: 50 });
  const foreignId = text(e, body, 'foreign_id', { required: true, max: 255 });
  if (foreignId !== undefined && invoiceForeignIdTaken(ctx, merchant.key, foreignId)) e.add('foreign_id', messages.taken('foreign_id'));
  const currency = currencyField(e, body, 'currency', true);
  const invoiceAmount = amount(e, body, 'amount', { required: true, min: MIN_INVOICE_AMOUNT });
  if (invoiceAmount !== undefined && currency !== undefined) checkMinimum(e, 'amount', currency, invoiceAmount);
  const urlSuccess = httpsUrl(e, body, 'url_success');
  const urlFailed = httpsUrl(e, body, 'url_failed');
  const emailUser = email(e, body, 'email_user', true);
  const type = body.type === '' ? undefined : oneOf(e, body, 'type', ['fill_or_kill', 'good_until_expired'] as const);
  const endUserReference = text(e, body, 'end_user_reference', { max: 255 });
  const description = text(e, body, 'description', { max: 1000 });
  const senderCurrency = currencyField(e, body, 'sender_currency', false);
  if (senderCurrency !== undefined && !isCrypto(senderCurrency)) e.add('sender_currency', messages.notCrypto('sender_currency'));
  else if (senderCurrency !== undefined && currency !== undefined && senderCurrency !== currency && !isPairAvailable(senderCurrency, currency)) {
    e.add('sender_currency', messages.pairUnavailable(senderCurrency, currency));
  }
  // Rule 2 of 4.4: a timer invoice with a payment currency needs the sender data.
  const rule2 = timer === true && body.sender_currency !== undefined && body.sender_currency !== null;
  const sender = checkParty(e, body, {
    prefix: 'sender',
    required: rule2,
    requiredMessage: messages.requiredTimerCurrency,
    now,
  });
  if (e.any() || timer === undefined || !title || !foreignId || !currency || !invoiceAmount || !urlSuccess || !urlFailed || !emailUser) {
    return validationReply(e.map);
  }

  const invoice: InvoiceRecord = {
    id: ctx.data.nextInvoiceId,
    merchantKey: merchant.key,
    token: randomToken(ctx.data, 6),
    foreignId,
    endUserReference: endUserReference ?? null,
    title,
    description: description ?? null,
    timer,
    type: type ?? 'fill_or_kill',
    currency,
    amount: invoiceAmount,
    urlSuccess,
    urlFailed,
    emailUser,
    senderCurrency: senderCurrency ?? null,
    senderAmount: null,
    fixedAt: null,
    releaseAt: null,
    addressId: null,
    senderType: sender.type ?? null,
    senderData: sender.data ?? null,
    createdAt: now,
    payments: [],
  };
  ctx.data.nextInvoiceId += 1;
  ctx.data.invoices.push(invoice);
  // "With timer true, the invoice is created with a fixed payment currency" (spec 4.4).
  if (timer && senderCurrency !== undefined) fixInvoiceRate(ctx, invoice, senderCurrency);
  return jsonReply(201, { data: invoiceView(ctx, invoice) });
}
