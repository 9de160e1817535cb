import { Decimal, isZero } from '../../../shared/money/index.ts';
import { depositNet, newDeposit } from './invoice-payments.ts';
import { priceOf } from './market.ts';
import { randomToken } from './rng.ts';
import { amount, createErrors } from './rules.ts';
import { nextEntryId } from './transaction-store.ts';
import type { AddressRecord, DepositRecord, SandboxContext } from './types.ts';

/**
 * Paying into an address taken with addresses/take, for the sandbox's deposit page
 * (endpoints/deposit-page.ts), the control endpoint and the handle's payAddress(). The address is
 * reusable without limit (field notes, "Endpoints beyond the spec"): each payment is a deposit
 * transaction of its own, found by id and by txid, with the fees an invoice's payment has (1%
 * fee_crypto_deposit_wallet_client plus the currency's mining fee). With the address's convert_to,
 * what arrives less its fees is exchanged on arrival at the price of that moment (type
 * `deposit_exchange`). It is told by `deposit` callbacks (views/callback-views.ts).
 */

export type AddressPaymentOutcome = { ok: true; deposit: DepositRecord } | { ok: false; status: number; errors?: Record<string, string>; error?: string };

/** `amount` of a deposit in the currency it was exchanged into, cut to 8 places as the service writes amounts. */
export function convertedAt(value: string, price: string): string {
  return new Decimal(value).times(price).round(8, Decimal.roundDown).toFixed(8);
}

/** What a deposit leaves the merchant, in the currency it is credited in (its exchange's, when it had one). */
export function depositCredit(d: DepositRecord): { currency: string; amount: string } {
  const net = depositNet(d);
  return d.exchange ? { currency: d.exchange.currency, amount: convertedAt(net, d.exchange.price) } : { currency: d.currency, amount: net };
}

export function payAddressRecord(ctx: SandboxContext, address: AddressRecord, payment: { amount?: unknown }): AddressPaymentOutcome {
  if (address.source !== 'take') {
    return { ok: false, status: 409, error: 'This address belongs to an invoice: pay it on the invoice’s payment page.' };
  }
  const e = createErrors();
  const paid = amount(e, { amount: payment.amount }, 'amount', { required: true, min: '0' });
  if (paid !== undefined && isZero(paid)) e.add('amount', 'The amount must be greater than 0.');
  if (e.any() || paid === undefined) return { ok: false, status: 400, errors: e.map };

  const now = ctx.clock();
  const convertTo = address.convertTo ?? null;
  const deposit = newDeposit(ctx, {
    merchantKey: address.merchantKey,
    invoiceId: null,
    foreignId: address.foreignId,
    endUserReference: address.endUserReference,
    createdAt: now,
    currency: address.currency,
    amount: paid,
    address,
    underpaid: false,
    exchange: convertTo === null ? null : { entryId: nextEntryId(ctx.data), currency: convertTo, price: priceOf(ctx.data.market, address.currency, convertTo, now) },
  });
  ctx.data.transactions.push(deposit);
  return { ok: true, deposit };
}

/** The token of the address's deposit page, made the first time it is asked for. */
export function addressPayToken(ctx: SandboxContext, address: AddressRecord): string {
  address.payToken ??= randomToken(ctx.data, 12);
  return address.payToken;
}
