import { confirmationsAt } from '../model/chain.ts';
import { convertedAt } from '../model/address-deposits.ts';
import { depositNet } from '../model/invoice-payments.ts';
import { PAID_LESS, WITHDRAWAL_DECLINED } from '../model/messages.ts';
import { depositInternalStatus, exchangeStatus, returnedStatus, withdrawalInternalStatus, withdrawalSentAt } from '../model/transaction-lifecycle.ts';
import type { DepositRecord, ExchangeRecord, SandboxContext, TransactionRecord, WithdrawalRecord } from '../model/types.ts';

/**
 * Transactions as transactions/info answers them (spec 2.1). Live records take their status from
 * the clock, mapped as the service maps them (model/transaction-lifecycle.ts).
 */

function exchangeView(order: ExchangeRecord, now: number) {
  return {
    id: order.id,
    foreign_id: order.foreignId,
    type: 'exchange',
    currency_sent: { currency: order.senderCurrency, amount: order.senderAmount },
    currency_received: { currency: order.receiverCurrency, amount: order.receiverAmount },
    transactions: [
      {
        id: order.entryId,
        currency: order.senderCurrency,
        transaction_type: 'exchange',
        type: 'exchange',
        amount: order.senderAmount,
        currency_to: order.receiverCurrency,
        amount_to: order.receiverAmount,
      },
    ],
    fees: [{ type: 'exchange', currency: order.feeCurrency, amount: order.feeAmount }],
    error: null,
    status: returnedStatus(exchangeStatus(order, now)),
  };
}

/**
 * A held withdrawal (model/withdrawal-holds.ts) shows its entry with no hash and no confirmation
 * until it is approved; a declined one also shows no fee, since it took none, and why.
 */
function withdrawalView(w: WithdrawalRecord, now: number) {
  const internal = withdrawalInternalStatus(w, now);
  const sentAt = withdrawalSentAt(w);
  const entries: unknown[] = [];
  if (w.exchange) {
    entries.push({
      id: w.exchange.entryId,
      currency: w.exchange.currency,
      transaction_type: 'exchange',
      type: 'exchange',
      amount: w.exchange.amount,
      currency_to: w.currency,
      amount_to: w.amount,
    });
  }
  entries.push({
    id: w.entryId,
    currency: w.currency,
    transaction_type: 'blockchain',
    type: 'withdrawal',
    address: w.address,
    tag: w.tag,
    amount: w.amount,
    txid: w.txid,
    riskscore: '0',
    confirmations: sentAt === null ? 0 : confirmationsAt(sentAt, now),
  });
  return {
    id: w.id,
    foreign_id: w.foreignId,
    ...(w.endUserReference === null ? {} : { end_user_reference: w.endUserReference }),
    type: w.exchange ? 'withrawal_exchange' : 'withdrawal',
    crypto_address: { id: w.addressId, currency: w.currency, address: w.address, tag: w.tag },
    currency_sent: { currency: w.exchange?.currency ?? w.currency, amount: w.exchange?.amount ?? w.amount },
    currency_received: { currency: w.currency, amount: w.amount },
    transactions: entries,
    fees: internal === 'declined' ? [] : [{ type: 'mining', currency: w.currency, amount: w.miningFee }],
    error: internal === 'declined' ? WITHDRAWAL_DECLINED : null,
    status: returnedStatus(internal),
  };
}

/** A deposit's on-chain entry (spec 2.1.2), in its transaction and in its invoice's callbacks. */
export function depositEntry(d: DepositRecord, now: number) {
  return {
    id: d.entryId,
    currency: d.currency,
    transaction_type: 'blockchain',
    type: 'deposit',
    address: d.address,
    tag: d.tag,
    amount: d.amount,
    txid: d.txid,
    riskscore: d.riskscore,
    confirmations: confirmationsAt(d.createdAt, now),
  };
}

/** Into a taken address with convert_to, the service says `deposit_exchange` (field notes, "Callbacks"). */
export function depositType(d: DepositRecord): 'deposit' | 'deposit_exchange' {
  return d.exchange ? 'deposit_exchange' : 'deposit';
}

function depositView(d: DepositRecord, now: number) {
  const internal = depositInternalStatus(d, now);
  const net = depositNet(d);
  const entries: unknown[] = [depositEntry(d, now)];
  if (d.exchange) {
    const amountTo = convertedAt(net, d.exchange.price);
    entries.push({ id: d.exchange.entryId, currency: d.currency, transaction_type: 'exchange', type: 'exchange', amount: net, currency_to: d.exchange.currency, amount_to: amountTo });
  }
  // A taken address's deposit names the address's conversion too; an invoice's keeps the shape it always had.
  const convertTo = d.invoiceId === null ? { convert_to: d.exchange?.currency ?? null } : {};
  return {
    id: d.id,
    ...(d.endUserReference === null ? {} : { end_user_reference: d.endUserReference }),
    type: depositType(d),
    crypto_address: { id: d.addressId, currency: d.currency, ...convertTo, address: d.address, foreign_id: d.foreignId, tag: d.tag },
    currency_sent: { currency: d.currency, amount: d.amount },
    currency_received: d.exchange
      ? { currency: d.exchange.currency, amount: convertedAt(d.amount, d.exchange.price), amount_minus_fee: convertedAt(net, d.exchange.price) }
      : { currency: d.currency, amount: d.amount, amount_minus_fee: net },
    transactions: entries,
    fees: [
      { type: 'mining', currency: d.currency, amount: d.miningFee },
      { type: 'fee_crypto_deposit_wallet_client', currency: d.currency, amount: d.walletFee },
    ],
    error: internal === 'rejected' ? PAID_LESS : null,
    status: returnedStatus(internal),
  };
}

export function transactionView(ctx: SandboxContext, record: Exclude<TransactionRecord, { kind: 'static' }>): unknown {
  const now = ctx.clock();
  switch (record.kind) {
    case 'exchange':
      return exchangeView(record, now);
    case 'withdrawal':
      return withdrawalView(record, now);
    case 'deposit':
      return depositView(record, now);
  }
}
