import { ruleMessage } from '../i18n/rule-message.ts';
import { z } from 'zod';
import { checkSenderBlock, senderDataByType, senderType } from './sender.ts';
import type { SenderData } from './sender.ts';
import { currencyCode, IS_EMPTY, newForeignIdInput, referenceInput, wireInteger, wireText } from './wire.ts';

/**
 * Deposit addresses (spec 4.6; docs/service-interface.md, "addresses/take"): a permanent address
 * for one customer, reusable without limit, optionally converting what arrives into another
 * currency.
 */

export const depositAddress = z.looseObject({
  id: wireInteger,
  currency: z.string(),
  /** The currency incoming funds are exchanged into on arrival; null or absent when none. */
  convert_to: z.string().nullable().optional(),
  address: z.string().min(1, IS_EMPTY),
  /**
   * The memo or destination tag (XRP, BNB and the like): a payment without it is lost, so it is as
   * important as the address. Null or absent for currencies without one; kept as text if it arrives
   * as a number ("Types seen in the wild").
   */
  tag: wireText.nullable().optional(),
  foreign_id: wireText,
});
export type DepositAddress = z.infer<typeof depositAddress>;

/**
 * What addresses/take is sent. Sender data is required here (spec 4.6), with the rules of 2.6 that
 * invoices use (checkSenderBlock). `end_user_reference` is always sent, as for invoices (rule 4 of
 * 4.4): it ties the address to the customer whose sender data it carries.
 */
export const addressTakeRequest = z
  .object({
    currency: currencyCode,
    convert_to: currencyCode.optional(),
    foreign_id: newForeignIdInput,
    end_user_reference: referenceInput('endUserReference'),
    sender_type: senderType,
    sender_data: z.unknown().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.convert_to !== undefined && value.convert_to === value.currency) {
      ctx.addIssue({ code: 'custom', path: ['convert_to'], message: ruleMessage('rules.currency.convertToOther') });
    }
    checkSenderBlock(value, ctx);
  })
  // Only once every rule passed: the sender data as it is sent (trimmed, unknown keys dropped, an
  // empty e-mail left out), so nothing after this gate reads it again.
  .transform((value, ctx) => {
    const data = senderDataByType[value.sender_type].safeParse(value.sender_data);
    if (data.success) return { ...value, sender_data: data.data as SenderData };
    ctx.addIssue({ code: 'custom', path: ['sender_data'], message: ruleMessage('rules.sender.required') });
    return z.NEVER;
  });
export type AddressTakeRequest = z.output<typeof addressTakeRequest>;
export type AddressTakeInput = z.input<typeof addressTakeRequest>;
