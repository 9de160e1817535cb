import type { SenderType } from '../../../shared/api/sender.ts';

/**
 * The travel-rule sender (spec 2.6) as a form holds it, for every form that sends one (New invoice,
 * Deposit address). The rules are the shared schema's (shared/api/sender.ts, checkSenderBlock); this
 * is only the shape of the fields and how they become `sender_data`.
 */

export type SenderFields = {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  legal_name: string;
  country_of_registration: string;
  /** One e-mail field for both kinds of sender (spec 2.6: optional for both). */
  email: string;
};

/** The part of a form's values the sender section reads and writes; field names follow the spec's. */
export type SenderFormPart = {
  /** Empty: no kind chosen yet (or, where a form allows it, left out). */
  sender_type: SenderType | '';
  sender_data: SenderFields;
  /** Only a form that may leave the sender out (invoices, spec 4.4 rule 3) has this confirmation. */
  sender_left_out_confirmed?: boolean;
};

export const EMPTY_SENDER: SenderFields = {
  first_name: '',
  last_name: '',
  date_of_birth: '',
  legal_name: '',
  country_of_registration: '',
  email: '',
};

const SENDER_FIELD_NAMES = Object.keys(EMPTY_SENDER) as (keyof SenderFields)[];

/**
 * `sender_type` and `sender_data` as a request carries them: the chosen kind's fields only, or
 * nothing when no kind is chosen (the shared schema then says what is missing).
 */
export function senderPartOf(values: Pick<SenderFormPart, 'sender_type' | 'sender_data'>): { sender_type?: SenderType; sender_data?: Record<string, string> } {
  const sender = values.sender_data;
  if (values.sender_type === '') return {};
  const data: Record<string, string> =
    values.sender_type === 'natural'
      ? { first_name: sender.first_name, last_name: sender.last_name, date_of_birth: sender.date_of_birth, email: sender.email }
      : { legal_name: sender.legal_name, country_of_registration: sender.country_of_registration, email: sender.email };
  return { sender_type: values.sender_type, sender_data: data };
}

/**
 * The form field a service or router field name under `sender_data` belongs to
 * ("sender_data.first_name"); `sender_data` as a whole, or a field the form lacks, goes to the kind.
 */
export function senderFieldOf(rest: string | undefined): `sender_data.${keyof SenderFields}` | 'sender_type' {
  const field = rest?.split('.')[0];
  return field !== undefined && (SENDER_FIELD_NAMES as string[]).includes(field) ? `sender_data.${field as keyof SenderFields}` : 'sender_type';
}
