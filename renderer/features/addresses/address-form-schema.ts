import { z } from 'zod';
import { addressTakeRequest } from '../../../shared/api/address.ts';
import type { AddressTakeInput, AddressTakeRequest } from '../../../shared/api/address.ts';
import { codeShapeProblem } from '../../components/currency/currency-source.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';
import { EMPTY_SENDER, senderFieldOf, senderPartOf } from '../../components/sender/sender-fields.ts';
import type { SenderFields, SenderFormPart } from '../../components/sender/sender-fields.ts';

/**
 * The deposit address form's values and how they become an addresses.take request
 * (docs/service-interface.md, "addresses/take"). Every rule is the shared request schema's
 * (shared/api/address.ts: the sender of spec 2.6 with the rules invoices use, a reference without
 * personal data, a conversion into another currency), which this module runs on the request it
 * builds; only the shape of a typed currency code is the form's own, as in the other forms.
 */

export type AddressFormValues = {
  currency: string;
  /** Empty: what arrives is kept in `currency`, not converted. */
  convert_to: string;
  foreign_id: string;
  end_user_reference: string;
  /** Empty until a kind is chosen: a deposit address always needs its sender (no leaving it out). */
  sender_type: SenderFormPart['sender_type'];
  sender_data: SenderFields;
};

export function blankAddressForm(currency: string, now: Date = new Date()): AddressFormValues {
  return {
    currency,
    convert_to: '',
    foreign_id: newForeignId('addr', now),
    end_user_reference: '',
    sender_type: '',
    sender_data: { ...EMPTY_SENDER },
  };
}

/** The request the form stands for, before the shared schema's check: the sender's kind may be missing yet. */
export type AddressRequestDraft = Omit<AddressTakeInput, 'sender_type'> & Partial<Pick<AddressTakeInput, 'sender_type'>>;

/** The request as the contract takes it: no conversion left out, sender data of the chosen kind only. */
export function toRequest(values: AddressFormValues): AddressRequestDraft {
  return {
    currency: values.currency,
    foreign_id: values.foreign_id,
    end_user_reference: values.end_user_reference,
    ...(values.convert_to === '' ? {} : { convert_to: values.convert_to }),
    // Without a kind, nothing: the shared schema then says "Choose natural person or legal entity".
    ...senderPartOf(values),
  };
}

/** `typedCodes`: the currencies were typed rather than chosen from the pairs list (stale, incomplete or missing), so their shape is checked here. */
export function addressFormSchema(typedCodes = false) {
  return z.custom<AddressFormValues>().transform((values, ctx): AddressTakeRequest => {
    const shapeProblems = (typedCodes ? (['currency', 'convert_to'] as const) : []).flatMap((field) => {
      const problem = codeShapeProblem(values[field]);
      return problem ? [{ field, problem }] : [];
    });
    for (const { field, problem } of shapeProblems) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    const parsed = addressTakeRequest.safeParse(toRequest(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // A code of the wrong shape has its message already.
        if (shapeProblems.some((shape) => shape.field === issue.path[0])) continue;
        ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
      }
    }
    return parsed.success && shapeProblems.length === 0 ? parsed.data : z.NEVER;
  });
}

const TOP_FIELDS = ['currency', 'convert_to', 'foreign_id', 'end_user_reference', 'sender_type'] as const;

export type AddressFieldPath = (typeof TOP_FIELDS)[number] | `sender_data.${keyof SenderFields}`;

/**
 * The form field a service or router field name belongs to ("foreign_id", "sender_data.first_name";
 * "sender_data" as a whole goes to the sender kind), or null when the form has no such field.
 */
export function formFieldOf(name: string): AddressFieldPath | null {
  const [head = '', rest] = name.split(/\.(.*)/s);
  if (head === 'sender_data') return senderFieldOf(rest);
  return (TOP_FIELDS as readonly string[]).includes(head) ? (head as AddressFieldPath) : null;
}
