import { ruleMessage } from '../i18n/rule-message.ts';
import { z } from 'zod';
import { amountInput, currencyCode, wireAmount, wireInteger } from './wire.ts';

/** Exchange quote (spec 2.3, 4.2). A quote is fixed for 60 seconds (docs/service-interface.md, "Quote lifetime"). */

export const quote = z.looseObject({
  sender_currency: z.string(),
  sender_amount: wireAmount,
  receiver_currency: z.string(),
  receiver_amount: wireAmount,
  fee_currency: z.string(),
  fee_amount: wireAmount,
  price: wireAmount,
  ts_fixed: wireInteger,
  ts_release: wireInteger,
  fix_period: wireInteger,
});
export type Quote = z.infer<typeof quote>;

/** Either `sender_amount` or `receiver_amount`, exactly one, each >= 0 (spec 4.2). */
export const quoteRequest = z
  .object({
    sender_currency: currencyCode,
    receiver_currency: currencyCode,
    sender_amount: amountInput.optional(),
    receiver_amount: amountInput.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const given = Number(value.sender_amount !== undefined) + Number(value.receiver_amount !== undefined);
    if (given !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [given === 0 ? 'sender_amount' : 'receiver_amount'],
        message: ruleMessage('rules.quote.oneSide'),
      });
    }
    if (value.sender_currency === value.receiver_currency) {
      ctx.addIssue({ code: 'custom', path: ['receiver_currency'], message: ruleMessage('rules.currency.twoDifferent') });
    }
  });
export type QuoteRequest = z.infer<typeof quoteRequest>;
