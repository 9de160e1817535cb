import { compareDecimals, subtractDecimals } from '../../../shared/money/index.ts';
import type { CallbackEvent } from '../model/callback-outbox.ts';
import { invoiceState, TIMER_MS } from '../model/invoice-lifecycle.ts';
import { transactionStatus } from '../model/transaction-lifecycle.ts';
import type { DepositRecord, InvoiceRecord, SandboxContext, TransactionRecord } from '../model/types.ts';
import { depositEntry, depositType, transactionView } from './transaction-views.ts';

/**
 * The callbacks the service would have sent by now (field notes, "Callbacks"): one per object and
 * status it reached, and one per part payment of an invoice, with the bodies the service sends.
 * Invoice payments are told by invoice callbacks, which carry their deposits; payments into a
 * taken address by `deposit` (or `deposit_exchange`) callbacks of their own, `not_confirmed` when
 * seen and `confirmed` once enough blocks confirm them, each naming its address (crypto_address
 * with the address's id and foreign id); exchanges and withdrawals by their own. The preloaded
 * examples never moved, so they send none.
 */

/** After the payment is seen, the 15-minute timer becomes 24 hours. */
const SEEN_PAYMENT_MS = 24 * 60 * 60_000;

const seconds = (ms: number): number => Math.floor(ms / 1000);

function invoiceCallback(ctx: SandboxContext, invoice: InvoiceRecord, now: number) {
  const state = invoiceState(invoice, now);
  const deposits = ctx.data.transactions.filter((t): t is DepositRecord => t.kind === 'deposit' && t.invoiceId === invoice.id);
  const address = invoice.addressId === null ? null : (ctx.data.addresses.find((a) => a.id === invoice.addressId) ?? null);
  const first = invoice.payments[0];
  const required = invoice.payments[invoice.payments.length - 1]?.required ?? invoice.senderAmount ?? invoice.amount;
  const left = subtractDecimals(required, state.paid);
  const expiresAt = first ? first.at + SEEN_PAYMENT_MS : invoice.timer ? invoice.createdAt + TIMER_MS : null;
  return {
    id: invoice.id,
    type: 'invoice',
    foreign_id: invoice.foreignId,
    ...(invoice.endUserReference === null ? {} : { end_user_reference: invoice.endUserReference }),
    crypto_address: address && { id: address.id, currency: address.currency, address: address.address, tag: address.tag, foreign_id: invoice.foreignId },
    currency_sent: {
      currency: first?.currency ?? invoice.senderCurrency ?? invoice.currency,
      amount: required,
      remaining_amount: compareDecimals(left, '0') > 0 ? left : '0',
    },
    currency_received: { currency: invoice.currency, amount: invoice.amount },
    transactions: deposits.map((d) => depositEntry(d, now)),
    fees: [],
    error: state.error ?? '',
    status: state.status,
    fixed_at: invoice.fixedAt === null ? null : seconds(invoice.fixedAt),
    expires_at: expiresAt === null ? null : seconds(expiresAt),
  };
}

/** The callback type of a transaction record; the service spells it `withdrawal_exchange` here. */
function transactionCallbackType(record: Exclude<TransactionRecord, { kind: 'static' }>): string {
  if (record.kind === 'exchange') return 'exchange';
  if (record.kind === 'deposit') return depositType(record);
  return record.exchange ? 'withdrawal_exchange' : 'withdrawal';
}

/**
 * The events not yet `known`: each key is cheap to tell, and a body is built only for an event
 * that is new, so a sandbox with many settled records does little work on each look.
 */
export function newCallbackEvents(ctx: SandboxContext, known: (key: string) => boolean): CallbackEvent[] {
  const now = ctx.clock();
  const events: CallbackEvent[] = [];
  for (const invoice of ctx.data.invoices) {
    const { status } = invoiceState(invoice, now);
    const key = `invoice:${invoice.id}:${status}:${invoice.payments.length}`;
    if (status === 'created' || known(key)) continue;
    events.push({ key, merchantKey: invoice.merchantKey, body: JSON.stringify(invoiceCallback(ctx, invoice, now)) });
  }
  for (const record of ctx.data.transactions) {
    if (record.kind === 'static' || (record.kind === 'deposit' && record.invoiceId !== null)) continue;
    const key = `${record.kind}:${record.id}:${transactionStatus(record, now)}`;
    if (known(key)) continue;
    const view = transactionView(ctx, record) as Record<string, unknown>;
    events.push({ key, merchantKey: record.merchantKey, body: JSON.stringify({ ...view, type: transactionCallbackType(record) }) });
  }
  return events;
}
