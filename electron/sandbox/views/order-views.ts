import { exchangeStatus } from '../model/transaction-lifecycle.ts';
import type { ExchangeRecord, WithdrawalRecord } from '../model/types.ts';

/** The answers of the endpoints that place an order, in the shape of the published samples. */

/** The order in the shape and field order of the published sample (docs/service-interface.md, "Sample bodies"). */
export function exchangeOrderView(order: ExchangeRecord, now: number) {
  return {
    sender_currency: order.senderCurrency,
    sender_amount: order.senderAmount,
    receiver_currency: order.receiverCurrency,
    receiver_amount: order.receiverAmount,
    fee_currency: order.feeCurrency,
    fee_amount: order.feeAmount,
    price: order.price,
    id: order.id,
    foreign_id: order.foreignId,
    type: 'exchange',
    status: exchangeStatus(order, now),
  };
}

/**
 * A withdrawal just placed, as withdrawal/crypto answers it (docs/service-interface.md, "Sample
 * bodies"): `processing` at that moment, or `pending` when it is held over its merchant's limit
 * (model/withdrawal-holds.ts); transactions/info shows it moving on.
 */
export function withdrawalOrderView(w: WithdrawalRecord) {
  return {
    id: w.id,
    foreign_id: w.foreignId,
    end_user_reference: w.endUserReference,
    type: 'withdrawal',
    status: w.hold ? 'pending' : 'processing',
    amount: w.amount,
    sender_amount: w.exchange?.amount ?? w.amount,
    sender_currency: w.exchange?.currency ?? w.currency,
    receiver_currency: w.currency,
    receiver_amount: w.amount,
  };
}
