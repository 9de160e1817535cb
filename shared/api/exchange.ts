import { ruleMessage } from '../i18n/rule-message.ts';
import { z } from 'zod';
import { amountInput, currencyCode, newForeignIdInput, openEnum, wireAmount, wireInteger, wireText } from './wire.ts';

/** Fixed-rate exchange order (spec 2.4, 4.5). */

/** `exchange` is the one type spec 2.4 shows; open, as every type the service sends. */
export const exchangeOrderType = openEnum(['exchange']);

/** `processing` when placed, then `confirmed` (docs/service-interface.md, "States beyond the spec"); open. */
export const EXCHANGE_ORDER_STATUSES = ['processing', 'confirmed'] as const;
export const exchangeOrderStatus = openEnum(EXCHANGE_ORDER_STATUSES);

export const exchangeOrder = z.looseObject({
  id: wireInteger,
  foreign_id: wireText,
  type: exchangeOrderType,
  sender_amount: wireAmount,
  sender_currency: z.string(),
  receiver_amount: wireAmount,
  receiver_currency: z.string(),
  fee_amount: wireAmount,
  fee_currency: z.string(),
  price: wireAmount,
  status: exchangeOrderStatus,
});
export type ExchangeOrder = z.infer<typeof exchangeOrder>;

/**
 * The spec makes only `foreign_id` and `price` required; the console always sends the quoted
 * currencies and the one quoted amount, because the service matches them to the quote
 * (docs/service-interface.md, "Quote lifetime").
 */
export const fixedExchangeRequest = z
  .object({
    foreign_id: newForeignIdInput,
    price: amountInput,
    sender_currency: currencyCode,
    receiver_currency: currencyCode,
    sender_amount: amountInput.optional(),
    receiver_amount: amountInput.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.sender_amount === undefined && value.receiver_amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sender_amount'], message: ruleMessage('rules.exchange.quotedAmount') });
    }
  });
export type FixedExchangeRequest = z.infer<typeof fixedExchangeRequest>;
