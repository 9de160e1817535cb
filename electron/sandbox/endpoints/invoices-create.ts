import { addDecimals, compareDecimals, MAX_AMOUNT_PLACES, padDecimal } from '../../../shared/money/index.ts';
import { jsonReply, validationReply } from '../http/replies.ts';
import { fixInvoiceRate } from '../model/invoice-payments.ts';
import { currencyInfo, formattedMinimum, isCrypto, isPairAvailable } from '../model/market.ts';
import { messages } from '../model/messages.ts';
import { currencyField } from './exchange-calculate.ts';
import { randomToken } from '../model/rng.ts';
import type { Body } from '../model/rules.ts';
import { amount, boolean, createErrors, email, httpsUrl, oneOf, text } from '../model/rules.ts';
import { checkParty } from '../model/sender.ts';
import { CONFIRMATIONS_NEEDED, confirmationsAt } from '../model/chain.ts';
import type { InvoiceRecord, Merchant, Reply, SandboxContext } from '../model/types.ts';

/**
 * invoices/create (spec 4.4, 2.2) and the invoice lifecycle (docs/service-interface.md, "States beyond the spec"):
 * created -> pending (payment seen) -> processing (first confirmation) -> confirmed (enough
 * confirmations), or failed with "Timer expired. User not paid." (timer invoice unpaid after 15
 * minutes) or "User paid less than requested." (fill_or_kill underpaid at once; good_until_expired
 * still short when its timer runs out). Overpaying confirms; the difference is the customer's to
 * reclaim (spec 4.4, email_user). Answers 201 (the latest statement of 4.4 rule 5).
 *
 * end_user_reference is optional here (rule 4 states it both ways); sender data is optional except
 * under rule 2 (timer true and sender_currency set), and sender_data is required whenever
 * sender_type is sent.
 */

export const TIMER_MS = 15 * 60_000;
export const RATE_FIX_MS = 15 * 60_000;
export const MIN_INVOICE_AMOUNT = '0.001';
export const TIMER_EXPIRED = 'Timer expired. User not paid.';
export const PAID_LESS = 'User paid less than requested.';

export function invoiceForeignIdTaken(ctx: SandboxContext, merchantKey: string, foreignId: string): boolean {
  return ctx.data.invoices.some((i) => i.merchantKey === merchantKey && i.foreignId === foreignId);
}

export function createInvoice(ctx: SandboxContext, merchant: Merchant, body: Body): Reply {
  const now = ctx.clock();
  const e = createErrors();
  const timer = boolean(e, body, 'timer', true);
  const title = text(e, body, 'title', { required: true, max: 50 });
  const foreignId = text(e, body, 'foreign_id', { required: true, max: 255 });
  if (foreignId !== undefined && invoiceForeignIdTaken(ctx, merchant.key, foreignId)) e.add('foreign_id', messages.taken('foreign_id'));
  const currency = currencyField(e, body, 'currency', true);
  const invoiceAmount = amount(e, body, 'amount', { required: true, min: MIN_INVOICE_AMOUNT });
  const info = currency === undefined ? undefined : currencyInfo(currency);
  if (invoiceAmount !== undefined && info && compareDecimals(invoiceAmount, info.minAmount) < 0) {
    e.add('amount', messages.tooSmall(formattedMinimum(info), info.code));
  }
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

export interface InvoiceState {
  status: 'created' | 'pending' | 'processing' | 'confirmed' | 'failed';
  error: string | null;
  paid: string;
  complete: boolean;
}

function sum(values: string[]): string {
  return values.reduce((total, v) => addDecimals(total, v), '0');
}

/** The status of an invoice at `now`, from its payments and the clock. */
export function invoiceState(invoice: InvoiceRecord, now: number): InvoiceState {
  const expired = invoice.timer && now >= invoice.createdAt + TIMER_MS;
  const payments = invoice.payments;
  const paid = sum(payments.map((p) => p.amount));
  const last = payments[payments.length - 1];
  if (!last) {
    return expired ? { status: 'failed', error: TIMER_EXPIRED, paid, complete: false } : { status: 'created', error: null, paid, complete: false };
  }
  const complete = compareDecimals(paid, last.required) >= 0;
  if (!complete) {
    if (invoice.type === 'fill_or_kill' || expired) return { status: 'failed', error: PAID_LESS, paid, complete };
    return { status: 'pending', error: null, paid, complete };
  }
  const confirmations = confirmationsAt(last.at, now);
  const status = confirmations === 0 ? 'pending' : confirmations < CONFIRMATIONS_NEEDED ? 'processing' : 'confirmed';
  return { status, error: null, paid, complete };
}

export function secondsLeft(invoice: InvoiceRecord, now: number): number | null {
  if (invoice.releaseAt === null) return null;
  return Math.max(0, Math.ceil((invoice.releaseAt - now) / 1000));
}

export function invoiceUrl(ctx: SandboxContext, invoice: InvoiceRecord): string {
  return `${ctx.origin()}/pay/${invoice.token}`;
}

/** The spec 2.2 shape, in the field order of the published sample. */
export function invoiceView(ctx: SandboxContext, invoice: InvoiceRecord) {
  const now = ctx.clock();
  const address = invoice.addressId === null ? null : (ctx.data.addresses.find((a) => a.id === invoice.addressId)?.address ?? null);
  return {
    id: invoice.id,
    url: invoiceUrl(ctx, invoice),
    foreign_id: invoice.foreignId,
    end_user_reference: invoice.endUserReference,
    address,
    title: invoice.title,
    status: invoiceState(invoice, now).status,
    currency: invoice.currency,
    amount: padDecimal(invoice.amount, MAX_AMOUNT_PLACES),
    sender_currency: invoice.senderCurrency,
    sender_amount: invoice.senderAmount,
    fixed_at: invoice.fixedAt === null ? null : Math.floor(invoice.fixedAt / 1000),
    release_at: invoice.releaseAt === null ? null : Math.floor(invoice.releaseAt / 1000),
    seconds_left: secondsLeft(invoice, now),
  };
}
