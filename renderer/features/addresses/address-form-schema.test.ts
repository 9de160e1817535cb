import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { EMPTY_SENDER } from '../../components/sender/sender-fields.ts';
import type { AddressFormValues } from './address-form-schema.ts';
import { addressFormSchema, blankAddressForm, formFieldOf, toRequest } from './address-form-schema.ts';

// Every rule of addresses/take, as the form shows it: the shared request schema's (the sender of
// spec 2.6 with the rules invoices use, a required reference, a conversion into another currency).

const filled = (patch: Partial<AddressFormValues> = {}): AddressFormValues => ({
  ...blankAddressForm('BTC', new Date(Date.UTC(2025, 5, 1))),
  end_user_reference: 'cust-42',
  sender_type: 'natural',
  sender_data: { ...EMPTY_SENDER, first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10' },
  ...patch,
});

function errorsOf(values: AddressFormValues, schema = addressFormSchema()): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]));
}

describe('the deposit address form', () => {
  it('turns filled values into the request, trimmed, without a conversion or the other kind’s fields', () => {
    const result = addressFormSchema().safeParse(filled({ foreign_id: ' addr-1 ', end_user_reference: ' cust-42 ' }));
    expect(result.success && result.data).toEqual({
      currency: 'BTC',
      foreign_id: 'addr-1',
      end_user_reference: 'cust-42',
      sender_type: 'natural',
      sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10' },
    });
    expect(toRequest(filled({ convert_to: 'EUR' }))).toMatchObject({ convert_to: 'EUR' });
  });

  it('starts with a generated foreign id of its own kind, and no sender chosen', () => {
    const blank = blankAddressForm('XRP', new Date(Date.UTC(2025, 5, 1)));
    expect(blank.foreign_id).toMatch(/^addr-20250601-[a-z2-9]{8}$/);
    expect(blank.sender_type).toBe('');
    expect(blank.convert_to).toBe('');
  });

  it('always needs a sender: a kind, then its fields, with the invoice form’s rules', () => {
    expect(errorsOf(filled({ sender_type: '' }))).toEqual({ sender_type: 'Choose natural person or legal entity' });
    expect(errorsOf(filled({ sender_data: { ...EMPTY_SENDER, date_of_birth: '2999-01-01', email: 'not-an-address' } }))).toEqual({
      'sender_data.first_name': 'Enter the first name',
      'sender_data.last_name': 'Enter the last name',
      'sender_data.date_of_birth': 'A date of birth lies before today',
      'sender_data.email': 'Enter a valid e-mail address',
    });
    expect(errorsOf(filled({ sender_type: 'legal', sender_data: { ...EMPTY_SENDER, legal_name: 'Acme GmbH' } }))).toEqual({
      'sender_data.country_of_registration': 'Choose the country of registration (a three-letter ISO code such as DEU)',
    });
    expect(errorsOf(filled({ sender_type: 'legal', sender_data: { ...EMPTY_SENDER, legal_name: 'Acme GmbH', country_of_registration: 'DEU' } }))).toEqual({});
  });

  it('needs a currency, a foreign id and an end user reference, each within 255 characters', () => {
    expect(errorsOf(filled({ currency: '' }))).toEqual({ currency: 'Choose a currency' });
    expect(errorsOf(filled({ foreign_id: '  ' }))).toEqual({ foreign_id: 'Enter a foreign id' });
    expect(errorsOf(filled({ foreign_id: 'x'.repeat(256) }))).toEqual({ foreign_id: 'A foreign id is at most 255 characters' });
    expect(errorsOf(filled({ end_user_reference: '' }))).toEqual({ end_user_reference: 'Enter the end user reference' });
    expect(errorsOf(filled({ end_user_reference: 'x'.repeat(256) }))).toEqual({ end_user_reference: 'The end user reference is at most 255 characters' });
  });

  it('converts into another currency, or none', () => {
    expect(errorsOf(filled({ convert_to: 'BTC' }))).toEqual({ convert_to: 'Choose another currency to convert to, or none' });
    expect(errorsOf(filled({ convert_to: 'EUR' }))).toEqual({});
  });

  it('checks the shape of typed codes when the pairs list could not be relied on, and only then', () => {
    const typed = addressFormSchema(true);
    expect(errorsOf(filled({ currency: 'B' }), typed)).toEqual({ currency: 'Type a currency code: 2 to 20 letters or digits, such as EUR or USDTTRC20' });
    expect(errorsOf(filled({ convert_to: 'EU R' }), typed)).toEqual({ convert_to: 'Type a currency code: 2 to 20 letters or digits, such as EUR or USDTTRC20' });
    expect(errorsOf(filled({ currency: 'USDTTRC20', convert_to: 'EUR' }), typed)).toEqual({});
    expect(errorsOf(filled({ currency: 'usdt_trc20' }))).toEqual({});
  });

  it('places the service’s field errors on the field they name', () => {
    expect(formFieldOf('foreign_id')).toBe('foreign_id');
    expect(formFieldOf('convert_to')).toBe('convert_to');
    expect(formFieldOf('sender_data.first_name')).toBe('sender_data.first_name');
    expect(formFieldOf('sender_data')).toBe('sender_type');
    expect(formFieldOf('receiver_data')).toBeNull();
  });
});
