import { exchangeStatus } from '../model/transaction-lifecycle.ts';
import type { ExchangeRecord } from '../model/types.ts';

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
