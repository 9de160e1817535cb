import { z } from 'zod';
import { senderDataByType } from '../../../shared/api/sender.ts';
import type { SenderType } from '../../../shared/api/sender.ts';
import { withdrawalDraftRequest } from '../../../shared/ipc/capabilities/withdrawals.ts';
import type { PayoutImportRequest, WithdrawalDraftInput, WithdrawalDraftRequest } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { parseAmount } from '../../../shared/locale/index.ts';
import { currencyPlaces, placesProblem } from '../../../shared/money/precision.ts';
import { checkDestination, destinationRules } from '../../../shared/withdrawals/index.ts';
import { EMPTY_SENDER, senderPartOf } from '../../components/sender/sender-fields.ts';
import type { SenderFields, SenderFormPart } from '../../components/sender/sender-fields.ts';
import { ruleMessage } from '../../../shared/i18n/index.ts';

/**
 * The withdrawal form's values and how they become a withdrawals.draft request. The rules are the
 * contract's (shared/ipc/capabilities/withdrawals.ts: the destination checked by its currency's
 * format and checksum, the parties of spec 2.6); this module adds the currency's places and says
 * which sender or receiver field is at fault, where the contract names the block as a whole.
 */

export type ReceiverKind = SenderType | 'self';

export type WithdrawalFormValues = SenderFormPart & {
  currency: string;
  amount: string;
  address: string;
  /** Empty for none; only shown for a currency whose rules take one. */
  tag: string;
  /** Empty: paid from `currency`'s own balance. */
  convert_to: string;
  /** Empty for none; only with `convert_to`. */
  amount_to: string;
  end_user_reference: string;
  /** Empty until a kind is chosen. */
  receiver_type: ReceiverKind | '';
  receiver_data: SenderFields;
};

export function blankWithdrawalForm(currency = 'BTC'): WithdrawalFormValues {
  return {
    currency,
    amount: '',
    address: '',
    tag: '',
    convert_to: '',
    amount_to: '',
    end_user_reference: '',
    sender_type: '',
    sender_data: { ...EMPTY_SENDER },
    receiver_type: '',
    receiver_data: { ...EMPTY_SENDER },
  };
}

/** Whether the form shows a tag field for `currency`: its rules take one. */
export const takesTag = (currency: string): boolean => destinationRules(currency)?.tag === 'destination-tag';

/** The request the values stand for, before the contract's check. */
export function toRequest(values: WithdrawalFormValues): Partial<WithdrawalDraftInput> {
  const sender = senderPartOf(values);
  const receiver = values.receiver_type === '' || values.receiver_type === 'self' ? {} : senderPartOf({ sender_type: values.receiver_type, sender_data: values.receiver_data });
  return {
    currency: values.currency.trim().toUpperCase(),
    amount: values.amount,
    address: values.address,
    ...(values.tag.trim() === '' ? {} : { tag: values.tag }),
    ...(values.convert_to.trim() === '' ? {} : { convertTo: values.convert_to.trim().toUpperCase() }),
    ...(values.amount_to.trim() === '' ? {} : { amountTo: values.amount_to }),
    ...(values.end_user_reference.trim() === '' ? {} : { endUserReference: values.end_user_reference }),
    ...(sender.sender_type ? { senderType: sender.sender_type, senderData: sender.sender_data } : {}),
    ...(values.receiver_type === '' ? {} : { receiverType: values.receiver_type }),
    ...(receiver.sender_data ? { receiverData: receiver.sender_data } : {}),
  };
}

/** The form's field for a contract path. */
const FIELD_OF: Record<string, string> = {
  currency: 'currency',
  amount: 'amount',
  address: 'address',
  tag: 'tag',
  convertTo: 'convert_to',
  amountTo: 'amount_to',
  endUserReference: 'end_user_reference',
  senderType: 'sender_type',
  senderData: 'sender_type',
  receiverType: 'receiver_type',
  receiverData: 'receiver_type',
};

type Issue = { path: string[]; message: string };

/** No receiver chosen: a rule, worded where the field shows it (ReceiverSection). */
export const CHOOSE_RECEIVER = ruleMessage('withdrawals.form.chooseReceiver');

/** The sender's and receiver's faults by field (spec 2.6), as the form shows them: the same parties for one withdrawal or a payout batch. */
function partyIssues(values: WithdrawalFormValues): Issue[] {
  const own: Issue[] = [];
  if (values.sender_type !== '') {
    const sender = senderDataByType[values.sender_type].safeParse(senderPartOf(values).sender_data);
    if (!sender.success) for (const issue of sender.error.issues) own.push({ path: ['sender_data', ...issue.path.map(String)], message: issue.message });
  }
  if (values.receiver_type === '') own.push({ path: ['receiver_type'], message: CHOOSE_RECEIVER });
  else if (values.receiver_type !== 'self') {
    const receiver = senderDataByType[values.receiver_type].safeParse(senderPartOf({ sender_type: values.receiver_type, sender_data: values.receiver_data }).sender_data);
    if (!receiver.success) for (const issue of receiver.error.issues) own.push({ path: ['receiver_data', ...issue.path.map(String)], message: issue.message });
  }
  return own;
}

/** A payout batch's parties: what withdrawals.importBatch sends with the file, every row's the same. */
export type PayoutParties = Pick<PayoutImportRequest, 'senderType' | 'senderData' | 'receiverType' | 'receiverData'>;

/** The sender and receiver sections of the form, alone: a payout file gives the rest. */
export function payoutPartiesSchema() {
  return z.custom<WithdrawalFormValues>().transform((values, ctx): PayoutParties => {
    const own = partyIssues(values);
    if (values.sender_type === '') own.push({ path: ['sender_type'], message: ruleMessage('rules.sender.type') });
    for (const issue of own) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    if (own.length > 0 || values.sender_type === '' || values.receiver_type === '') return z.NEVER;
    // As the contract reads them (an empty optional field left out): what main drafts every row with.
    const senderData = senderDataByType[values.sender_type].parse(senderPartOf(values).sender_data);
    if (values.receiver_type === 'self') return { senderType: values.sender_type, senderData, receiverType: 'self' };
    const receiverData = senderDataByType[values.receiver_type].parse(senderPartOf({ sender_type: values.receiver_type, sender_data: values.receiver_data }).sender_data);
    return { senderType: values.sender_type, senderData, receiverType: values.receiver_type, receiverData };
  });
}

/**
 * The draft form's schema. The amount is typed in `locale`'s regional form or the plain one
 * (docs/amounts.md): what main gets is the exact decimal read ("1.234,56" in German is 1234.56);
 * text that reads two ways ("1.234" in German) is refused with its reason, a rule's message worded
 * where the field shows it.
 */
export function withdrawalFormSchema(locale = 'en') {
  return z.custom<WithdrawalFormValues>().transform((values, ctx): WithdrawalDraftRequest => {
    const own: Issue[] = [];
    const code = values.currency.trim().toUpperCase();
    // An empty amount is the contract's to say; any other text is read here.
    const reading = values.amount.trim() === '' ? null : parseAmount(values.amount, locale);
    if (reading !== null && !reading.ok) own.push({ path: ['amount'], message: reading.reason.message });
    const amount = reading?.ok ? reading.decimal : values.amount;
    const places = reading?.ok ? placesProblem(amount, code, currencyPlaces(code)) : null;
    if (places !== null) own.push({ path: ['amount'], message: places });
    // Checked here too, not only by the contract, whose check waits until every other field is well formed.
    const destination = checkDestination(code, values.address.trim(), values.tag.trim());
    if (!destination.ok) for (const problem of destination.problems) own.push({ path: [problem.field], message: problem.message });
    own.push(...partyIssues(values));
    for (const issue of own) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    const parsed = withdrawalDraftRequest.safeParse(toRequest({ ...values, amount }));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const head = String(issue.path[0] ?? '');
        const field = FIELD_OF[head];
        // A field already named by the form's own rules keeps that message.
        if (field === undefined || own.some((o) => o.path[0] === field || (field === 'sender_type' && o.path[0] === 'sender_data') || (field === 'receiver_type' && o.path[0] === 'receiver_data'))) continue;
        ctx.addIssue({ code: 'custom', path: [field], message: head === 'senderType' ? ruleMessage('rules.sender.type') : issue.message });
      }
    }
    return parsed.success && own.length === 0 ? parsed.data : z.NEVER;
  });
}
