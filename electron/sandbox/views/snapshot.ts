import { balancesOf } from '../model/balances.ts';
import { invoiceState } from '../model/invoice-lifecycle.ts';
import { invoiceView } from './invoice-view.ts';
import { depositType } from './transaction-views.ts';
import { txidsOf } from '../model/transaction-store.ts';
import { exchangeStatus, transactionStatus } from '../model/transaction-lifecycle.ts';
import type { SandboxContext, TransactionRecord } from '../model/types.ts';

/**
 * A read-only view of the whole state for tests and people (handle.state(), GET /sandbox/state),
 * so that a test can assert, for example, that no second invoice exists for a foreign_id. Secrets
 * are left out. `merchantKey` narrows it to one merchant.
 */

function transactionType(record: TransactionRecord): string {
  if (record.kind === 'static') return record.type;
  if (record.kind === 'withdrawal') return record.exchange ? 'withrawal_exchange' : 'withdrawal';
  if (record.kind === 'deposit') return depositType(record);
  return record.kind;
}

export function snapshot(ctx: SandboxContext, merchantKey?: string) {
  const now = ctx.clock();
  const mine = <T extends { merchantKey: string }>(list: T[]) => (merchantKey === undefined ? list : list.filter((x) => x.merchantKey === merchantKey));
  return {
    now,
    merchants: ctx.data.merchants.filter((m) => merchantKey === undefined || m.key === merchantKey).map((m) => ({ key: m.key, name: m.name, withdrawal_limit: m.withdrawalLimit ?? null })),
    invoices: mine(ctx.data.invoices).map((invoice) => {
      const state = invoiceState(invoice, now);
      return {
        ...invoiceView(ctx, invoice),
        merchant_key: invoice.merchantKey,
        error: state.error,
        paid: state.paid,
        timer: invoice.timer,
        type: invoice.type,
        created_at: invoice.createdAt,
        payments: invoice.payments.map((p) => ({ transaction_id: p.transactionId, currency: p.currency, amount: p.amount, required: p.required, at: p.at })),
      };
    }),
    exchanges: mine(ctx.data.transactions)
      .filter((t) => t.kind === 'exchange')
      .map((t) => ({
        id: t.id,
        merchant_key: t.merchantKey,
        foreign_id: t.foreignId,
        status: exchangeStatus(t, now),
        sender_currency: t.senderCurrency,
        sender_amount: t.senderAmount,
        receiver_currency: t.receiverCurrency,
        receiver_amount: t.receiverAmount,
        price: t.price,
        created_at: t.createdAt,
      })),
    withdrawals: mine(ctx.data.transactions)
      .filter((t) => t.kind === 'withdrawal')
      .map((t) => ({
        id: t.id,
        merchant_key: t.merchantKey,
        foreign_id: t.foreignId,
        currency: t.currency,
        amount: t.amount,
        address: t.address,
        status: transactionStatus(t, now),
        // Set for one held over its merchant's limit: the limit, its EUR worth, and the decision, if any.
        hold: t.hold ? { limit: t.hold.limit, value_eur: t.hold.valueEur, decision: t.hold.decision, decided_at: t.hold.decidedAt } : null,
      })),
    addresses: mine(ctx.data.addresses).map((a) => ({
      id: a.id,
      merchant_key: a.merchantKey,
      currency: a.currency,
      convert_to: a.convertTo ?? null,
      address: a.address,
      tag: a.tag,
      foreign_id: a.foreignId,
      source: a.source,
      // The payments into it, oldest first (a taken address takes any number).
      deposit_ids: ctx.data.transactions.filter((t) => t.kind === 'deposit' && t.addressId === a.id).map((t) => t.id),
    })),
    /** Each merchant's balances as accounts/list answers them (model/balances.ts), by merchant key. */
    balances: Object.fromEntries(
      ctx.data.merchants.filter((m) => merchantKey === undefined || m.key === merchantKey).map((m) => [m.key, balancesOf(ctx.data, m.key)]),
    ),
    transactions: mine(ctx.data.transactions).map((t) => ({
      id: t.id,
      merchant_key: t.merchantKey,
      kind: t.kind,
      type: transactionType(t),
      foreign_id: t.kind === 'deposit' ? null : t.foreignId,
      status: transactionStatus(t, now),
      // The hashes its entries carry on the chain: what a customer's wallet shows (lookup by txid).
      txids: txidsOf(t),
    })),
    quotes: mine(ctx.data.quotes).map((q) => ({
      merchant_key: q.merchantKey,
      sender_currency: q.senderCurrency,
      receiver_currency: q.receiverCurrency,
      sender_amount: q.senderAmount,
      receiver_amount: q.receiverAmount,
      price: q.price,
      ts_fixed: q.tsFixed,
      ts_release: q.tsRelease,
      used_by: q.usedBy,
    })),
  };
}

export type SandboxSnapshot = ReturnType<typeof snapshot>;
