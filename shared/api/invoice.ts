import { ruleMessage } from '../i18n/rule-message.ts';
import { z } from 'zod';
import {
  currencyCode,
  emailInput,
  httpsDomainUrl,
  newForeignIdInput,
  openEnum,
  positiveAmountInput,
  referenceInput,
  wireAmount,
  wireInteger,
  wireText,
} from './wire.ts';
import { checkSenderBlock, senderType } from './sender.ts';

/** Invoices (spec 2.2, 4.4). */

export const INVOICE_TYPES = ['fill_or_kill', 'good_until_expired'] as const;

/**
 * An invoice's life: `created` → `pending` → `processing` → `confirmed`, or `failed`
 * (docs/service-interface.md, "States beyond the spec"). Open: any other is kept and flagged.
 */
export const INVOICE_STATUSES = ['created', 'pending', 'processing', 'confirmed', 'failed'] as const;
export const invoiceStatus = openEnum(INVOICE_STATUSES);

const timestamp = z.union([z.string(), z.number()]).nullable().optional();

export const invoice = z.looseObject({
  id: wireInteger,
  url: z.url({ message: ruleMessage('rules.wire.notUrl') }),
  foreign_id: wireText,
  end_user_reference: wireText.nullable().optional(),
  address: z.string().nullable().optional(),
  title: z.string(),
  // `created` per the spec; some published examples answer `pending` for timer invoices
  // (docs/service-interface.md, "States beyond the spec").
  status: invoiceStatus,
  currency: z.string(),
  amount: wireAmount,
  sender_currency: z.string().nullable().optional(),
  sender_amount: wireAmount.nullable().optional(),
  fixed_at: timestamp,
  release_at: timestamp,
  seconds_left: wireInteger.nullable().optional(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceCreateRequest = z
  .object({
    timer: z.boolean({ message: ruleMessage('rules.invoice.timer') }),
    title: z
      .string({ message: ruleMessage('rules.invoice.title') })
      .trim()
      .min(1, ruleMessage('rules.invoice.title'))
      .max(50, ruleMessage('rules.invoice.titleTooLong')),
    foreign_id: newForeignIdInput,
    currency: currencyCode,
    amount: positiveAmountInput,
    url_success: httpsDomainUrl,
    url_failed: httpsDomainUrl,
    email_user: emailInput,
    type: z.enum(INVOICE_TYPES).optional(),
    // Rule 4 of 4.4: the spec states its requiredness two ways, so the console always sends it.
    end_user_reference: referenceInput('endUserReference'),
    description: z.string().max(1000, ruleMessage('rules.invoice.description')).optional(),
    sender_currency: currencyCode.optional(),
    sender_type: senderType.optional(),
    sender_data: z.unknown().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    // Rule 2 of 4.4: a timer invoice with a fixed payment currency needs the sender data.
    if (value.timer && value.sender_currency !== undefined && value.sender_type === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['sender_type'],
        message: ruleMessage('rules.invoice.senderRequired'),
      });
    }
    checkSenderBlock(value, ctx);
  });
export type InvoiceCreateRequest = z.infer<typeof invoiceCreateRequest>;
