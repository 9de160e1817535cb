import { z } from 'zod';
import { transactionLookupRequest } from '../../../shared/api/transaction.ts';
import type { TransactionLookupRequest } from '../../../shared/api/transaction.ts';
import { ruleMessage } from '../../../shared/i18n/index.ts';

/**
 * The lookup form: a choice of what to look up by, then one field. The rules are the shared
 * request schema's (transactionLookupRequest, spec 4.1): an id is a positive whole number that fits
 * in 32 bits, a foreign id is 1 to 255 characters, a transaction hash (txid, docs/service-interface.md
 * "transactions/info by txid") one word of up to 255 plain characters. Only the wording of "nothing
 * entered" and of text that is not a number at all is the form's own, because the schema sees a
 * number there.
 */

export const LOOKUP_BY = ['id', 'foreign_id', 'txid'] as const;
export type LookupBy = (typeof LOOKUP_BY)[number];

export type LookupFormInput = { by: LookupBy; value: string };

const NUMBER_TEXT = /^[+-]?\d+(\.\d*)?$/;

/** The form's own messages are rules (shared/i18n/rule-message.ts), as the shared schema's: worded where the field shows them (FieldFrame). */
export const EMPTY_ID = ruleMessage('transactions.form.emptyId');
export const NOT_A_NUMBER = ruleMessage('transactions.form.notANumber');
const CANNOT_LOOK_UP = ruleMessage('transactions.form.cannotLookUp');

/** The request the form stands for, or the message to show next to its field. */
export function lookupRequestOf(form: LookupFormInput): { ok: true; query: TransactionLookupRequest } | { ok: false; message: string } {
  const text = form.value.trim();
  let candidate: TransactionLookupRequest;
  if (form.by === 'id') {
    if (text === '') return { ok: false, message: EMPTY_ID };
    if (!NUMBER_TEXT.test(text)) return { ok: false, message: NOT_A_NUMBER };
    candidate = { id: Number(text) };
  } else {
    // The shared schema trims: a hash pasted with a space or line break around it still looks up.
    candidate = form.by === 'txid' ? { txid: form.value } : { foreign_id: form.value };
  }
  const parsed = transactionLookupRequest.safeParse(candidate);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? CANNOT_LOOK_UP };
  return { ok: true, query: parsed.data };
}

export const lookupFormSchema = z
  .object({ by: z.enum(LOOKUP_BY), value: z.string() })
  .transform((form, ctx): TransactionLookupRequest => {
    const outcome = lookupRequestOf(form);
    if (outcome.ok) return outcome.query;
    ctx.addIssue({ code: 'custom', path: ['value'], message: outcome.message });
    return z.NEVER;
  });

export function formValuesOf(query: TransactionLookupRequest | null): LookupFormInput {
  if (query === null) return { by: 'id', value: '' };
  if (query.id !== undefined) return { by: 'id', value: String(query.id) };
  return query.txid !== undefined ? { by: 'txid', value: query.txid } : { by: 'foreign_id', value: query.foreign_id ?? '' };
}

/** True when a field error from main or the service names the form's one field (`id`, `foreign_id`, `txid`). */
export function isLookupField(name: string): boolean {
  const head = name.split('.')[0] ?? '';
  return (LOOKUP_BY as readonly string[]).includes(head);
}
