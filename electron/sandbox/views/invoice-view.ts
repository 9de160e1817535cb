import { MAX_AMOUNT_PLACES, padDecimal } from '../../../shared/money/index.ts';
import { invoiceState, secondsLeft } from '../model/invoice-lifecycle.ts';
import type { InvoiceRecord, SandboxContext } from '../model/types.ts';

/** An invoice as the service answers it (spec 2.2), for invoices/create, the control surface and the handle. */

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
