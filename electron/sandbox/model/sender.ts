import { ISO_ALPHA3 } from './countries.ts';
import { messages } from './messages.ts';
import type { Body, Errors } from './rules.ts';
import { email, isPresent, oneOf, text } from './rules.ts';

/**
 * Travel-rule sender and receiver data (spec 2.6). The same block applies to invoices/create,
 * addresses/take and withdrawal/crypto (docs/service-interface.md, "Travel-rule data");
 * `receiver_type` also allows `self`.
 */

export const SENDER_TYPES = ['natural', 'legal'] as const;
export const RECEIVER_TYPES = ['natural', 'legal', 'self'] as const;

/** A real calendar date written YYYY-MM-DD, not before 1900 and before today (UTC) by the clock. */
function checkDateOfBirth(e: Errors, data: Body, path: string, now: number): void {
  const value = text(e, data, 'date_of_birth', { required: true }, path);
  if (value === undefined) return;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) {
    e.add(path, messages.dateFormat(path));
    return;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900) {
    e.add(path, messages.dateFormat(path));
    return;
  }
  const today = new Date(now);
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() >= startOfToday) e.add(path, messages.dateBeforeToday(path));
}

/** Checks `<prefix>_data` against the shape its type names; keys read `sender_data.first_name`. */
export function checkPartyData(e: Errors, value: unknown, kind: 'natural' | 'legal', dataField: string, now: number): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    e.add(dataField, messages.object(dataField));
    return;
  }
  const data = value as Body;
  const at = (field: string) => `${dataField}.${field}`;
  if (kind === 'natural') {
    text(e, data, 'first_name', { required: true, max: 255 }, at('first_name'));
    text(e, data, 'last_name', { required: true, max: 255 }, at('last_name'));
    checkDateOfBirth(e, data, at('date_of_birth'), now);
  } else {
    text(e, data, 'legal_name', { required: true, max: 255 }, at('legal_name'));
    const country = text(e, data, 'country_of_registration', { required: true }, at('country_of_registration'));
    if (country !== undefined && !ISO_ALPHA3.has(country)) {
      e.add(at('country_of_registration'), messages.selectedInvalid(at('country_of_registration')));
    }
  }
  email(e, data, 'email', false, at('email'));
}

export interface PartyRule {
  /** `sender` or `receiver`: the fields are `<prefix>_type` and `<prefix>_data`. */
  prefix: 'sender' | 'receiver';
  /** The type is required (withdrawals and addresses always; invoices under rule 2 of 4.4). */
  required: boolean;
  /** The message for a missing type, when it is required by a rule other than plain "required". */
  requiredMessage?: (field: string) => string;
  now: number;
}

/**
 * `<prefix>_data` is required whenever `<prefix>_type` is sent (spec 4.4), and a type is needed to
 * read data. A receiver of type `self` (internal transfer within the same company) needs no data.
 */
export function checkParty(e: Errors, body: Body, rule: PartyRule): { type?: string; data?: Body } {
  const typeField = `${rule.prefix}_type`;
  const dataField = `${rule.prefix}_data`;
  const allowed = rule.prefix === 'sender' ? SENDER_TYPES : RECEIVER_TYPES;
  const missing = (field: string) => (rule.requiredMessage ?? messages.required)(field);
  const type = oneOf(e, body, typeField, allowed);
  const hasData = isPresent(body[dataField]);
  if (!isPresent(body[typeField])) {
    if (rule.required) e.add(typeField, missing(typeField));
    else if (hasData) e.add(typeField, messages.requiredWith(typeField, dataField));
  }
  if (!hasData) {
    if (type !== undefined && type !== 'self') e.add(dataField, messages.requiredWith(dataField, typeField));
    else if (rule.required && type !== 'self') e.add(dataField, missing(dataField));
    return type === undefined ? {} : { type };
  }
  if (type === undefined || type === 'self') return type === undefined ? {} : { type };
  checkPartyData(e, body[dataField], type, dataField, rule.now);
  return { type, data: body[dataField] as Body };
}
