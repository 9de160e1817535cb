import { compareDecimals, divideDecimals, isZero, multiplyDecimals, subtractDecimals } from '../../../shared/money/index.ts';
import { newAddress, txHash } from './chain.ts';
import { invoiceState, RATE_FIX_MS, TIMER_MS } from './invoice-lifecycle.ts';
import { currencyInfo, isCrypto, isPairAvailable, priceOf } from './market.ts';
import { randomInt } from './rng.ts';
import type { Errors } from './rules.ts';
import { amount, createErrors } from './rules.ts';
import { nextTransactionIds } from './transaction-store.ts';
import type { AddressRecord, DepositRecord, InvoiceRecord, SandboxContext } from './types.ts';

/**
 * Paying an invoice, for the payment page (endpoints/pay-page.ts), the control endpoint and the handle's
 * payInvoice(). Choosing a payment currency fixes the rate (fixed_at, release_at, seconds_left of
 * spec 2.2): for a timer invoice until its timer ends, otherwise for 15 minutes. A payment is a
 * deposit transaction on the invoice's address for that currency; the invoice's status follows
 * from its payments (invoice-lifecycle.ts). The deposit fee is 1% (fee_crypto_deposit_wallet_client) plus
 * the currency's mining fee.
 */

export const DEPOSIT_FEE_RATE = '0.01';

/** What a deposit leaves the merchant (amount_minus_fee): the amount less both fees, never below zero. */
export function depositNet(d: DepositRecord): string {
  const net = subtractDecimals(subtractDecimals(d.amount, d.miningFee), d.walletFee);
  return compareDecimals(net, '0') < 0 ? '0' : net;
}

/**
 * A payment into one of the merchant's addresses (an invoice's or one taken with addresses/take) as
 * the deposit transaction it makes: its ids and txid, a risk score, and the fees every deposit pays.
 */
export function newDeposit(
  ctx: SandboxContext,
  payment: Pick<DepositRecord, 'merchantKey' | 'invoiceId' | 'foreignId' | 'endUserReference' | 'createdAt' | 'currency' | 'amount' | 'underpaid' | 'exchange'> & {
    address: AddressRecord;
  },
): DepositRecord {
  const { address, ...rest } = payment;
  const { id, entryId } = nextTransactionIds(ctx.data);
  return {
    kind: 'deposit',
    id,
    ...rest,
    addressId: address.id,
    address: address.address,
    tag: address.tag,
    entryId,
    txid: txHash(ctx.data),
    riskscore: `0.${String(randomInt(ctx.data, 1, 99)).padStart(2, '0')}`,
    miningFee: currencyInfo(payment.currency)?.miningFee ?? '0',
    walletFee: multiplyDecimals(payment.amount, DEPOSIT_FEE_RATE),
  };
}

export type PaymentOutcome =
  | { ok: true; transactionId: number; required: string; currency: string }
  | { ok: false; status: number; errors?: Record<string, string>; error?: string };

function invoiceAddress(ctx: SandboxContext, invoice: InvoiceRecord, currency: string): AddressRecord {
  const existing = ctx.data.addresses.find(
    (a) => a.source === 'invoice' && a.merchantKey === invoice.merchantKey && a.foreignId === invoice.foreignId && a.currency === currency,
  );
  if (existing) return existing;
  const { address, tag } = newAddress(ctx.data, currency);
  const record: AddressRecord = {
    id: ctx.data.nextAddressId,
    merchantKey: invoice.merchantKey,
    currency,
    address,
    tag,
    foreignId: invoice.foreignId,
    endUserReference: invoice.endUserReference,
    source: 'invoice',
    createdAt: ctx.clock(),
  };
  ctx.data.nextAddressId += 1;
  ctx.data.addresses.push(record);
  return record;
}

/** Fixes the amount to pay in `currency` at the current price (rate fixing, spec 2.2). */
export function fixInvoiceRate(ctx: SandboxContext, invoice: InvoiceRecord, currency: string): void {
  const now = ctx.clock();
  invoice.senderCurrency = currency;
  invoice.senderAmount = currency === invoice.currency ? invoice.amount : divideDecimals(invoice.amount, priceOf(ctx.data.market, currency, invoice.currency, now));
  invoice.fixedAt = now;
  invoice.releaseAt = invoice.timer ? invoice.createdAt + TIMER_MS : now + RATE_FIX_MS;
  invoice.addressId = invoiceAddress(ctx, invoice, currency).id;
}

function closed(ctx: SandboxContext, invoice: InvoiceRecord): PaymentOutcome | null {
  const state = invoiceState(invoice, ctx.clock());
  if (state.status === 'failed' || state.complete) {
    return { ok: false, status: 409, error: `The invoice takes no more payments: it is ${state.status}.` };
  }
  return null;
}

function checkPayCurrency(e: Errors, invoice: InvoiceRecord, currency: unknown): string | undefined {
  if (currency === undefined || currency === null || currency === '') {
    const fallback = invoice.senderCurrency ?? (isCrypto(invoice.currency) ? invoice.currency : undefined);
    if (fallback === undefined) e.add('currency', 'The currency field is required: choose a cryptocurrency to pay in.');
    return fallback;
  }
  if (typeof currency !== 'string' || !currencyInfo(currency)) e.add('currency', 'The selected currency is invalid.');
  else if (!isCrypto(currency)) e.add('currency', 'The currency must be a cryptocurrency.');
  else if (currency !== invoice.currency && !isPairAvailable(currency, invoice.currency)) e.add('currency', `The pair ${currency} to ${invoice.currency} is not available.`);
  else if (invoice.timer && invoice.senderCurrency !== null && currency !== invoice.senderCurrency) {
    e.add('currency', `This invoice is paid in ${invoice.senderCurrency}.`);
  } else if (invoice.payments[0] && invoice.payments[0].currency !== currency) {
    e.add('currency', `Pay the rest in ${invoice.payments[0].currency}.`);
  } else return currency;
  return undefined;
}

export function chooseInvoiceCurrency(ctx: SandboxContext, invoice: InvoiceRecord, currency: unknown): PaymentOutcome | null {
  const refused = closed(ctx, invoice);
  if (refused) return refused;
  const e = createErrors();
  const code = checkPayCurrency(e, invoice, currency);
  if (e.any() || code === undefined) return { ok: false, status: 400, errors: e.map };
  const now = ctx.clock();
  const stillFixed = invoice.senderCurrency === code && invoice.releaseAt !== null && now < invoice.releaseAt;
  if (!stillFixed) fixInvoiceRate(ctx, invoice, code);
  return null;
}

/** What paying in `currency` must come to now (fixing the rate when it is not fixed). */
function requiredIn(ctx: SandboxContext, invoice: InvoiceRecord, currency: string): string {
  const first = invoice.payments[0];
  if (first) return first.required;
  if (currency === invoice.currency) return invoice.amount;
  const now = ctx.clock();
  if (!(invoice.senderCurrency === currency && invoice.senderAmount !== null && invoice.releaseAt !== null && now < invoice.releaseAt)) {
    fixInvoiceRate(ctx, invoice, currency);
  }
  return invoice.senderAmount ?? invoice.amount;
}

export function payInvoiceRecord(ctx: SandboxContext, invoice: InvoiceRecord, payment: { amount?: unknown; currency?: unknown }): PaymentOutcome {
  const refused = closed(ctx, invoice);
  if (refused) return refused;
  const e = createErrors();
  const paid = amount(e, { amount: payment.amount }, 'amount', { required: true, min: '0' });
  if (paid !== undefined && isZero(paid)) e.add('amount', 'The amount must be greater than 0.');
  const currency = checkPayCurrency(e, invoice, payment.currency);
  if (e.any() || paid === undefined || currency === undefined) return { ok: false, status: 400, errors: e.map };

  const now = ctx.clock();
  const required = requiredIn(ctx, invoice, currency);
  const address = invoiceAddress(ctx, invoice, currency);
  const deposit = newDeposit(ctx, {
    merchantKey: invoice.merchantKey,
    invoiceId: invoice.id,
    foreignId: invoice.foreignId,
    endUserReference: invoice.endUserReference,
    createdAt: now,
    currency,
    amount: paid,
    address,
    underpaid: invoice.type === 'fill_or_kill' && compareDecimals(paid, required) < 0,
  });
  ctx.data.transactions.push(deposit);
  invoice.payments.push({ transactionId: deposit.id, currency, amount: paid, required, at: now });
  return { ok: true, transactionId: deposit.id, required, currency };
}
