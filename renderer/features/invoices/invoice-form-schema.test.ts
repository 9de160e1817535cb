import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { blankInvoiceForm, formFieldOf, invoiceFormSchema, likeThis, senderRequired, toRequest } from './invoice-form-schema.ts';
import type { InvoiceFormValues } from './invoice-form-schema.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';
import { filledInvoiceForm } from './testing/filled-form.ts';

const schema = invoiceFormSchema((currency) => (currency === 'EUR' ? 2 : 8));

const filled = filledInvoiceForm;

function errorsOf(values: InvoiceFormValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= inEnglish(issue.message);
  return errors;
}

describe('the invoice form', () => {
  it('turns filled values into the request, trimmed by the shared schema, empty optionals left out', () => {
    const result = schema.safeParse(filled());
    expect(result.success && result.data).toEqual({
      timer: false,
      title: 'Order 1001',
      foreign_id: expect.stringMatching(/^inv-20250601-[a-z2-9]{8}$/),
      currency: 'EUR',
      amount: '100.50',
      url_success: 'https://shop.example.com/ok',
      url_failed: 'https://shop.example.com/failed',
      email_user: 'buyer@example.com',
      type: 'fill_or_kill',
      end_user_reference: 'cust-42',
    });
  });

  it("reports the shared schema's messages under the form's field names", () => {
    const errors = errorsOf(filled({ title: '', amount: '0', url_failed: 'https://10.0.0.1/x', email_user: 'buyer@' }));
    expect(errors).toMatchObject({
      title: 'Enter a title',
      amount: 'The amount must be greater than 0',
      url_failed: 'Use a domain name, not an IP address',
      email_user: 'Enter a valid e-mail address',
    });
  });

  it("keeps an amount within its currency's decimal places (fiat 2, crypto 8)", () => {
    expect(errorsOf(filled({ amount: '10.123' })).amount).toBe('EUR takes at most 2 decimal places');
    expect(errorsOf(filled({ currency: 'BTC', amount: '0.12345678' }))).toEqual({});
    expect(errorsOf(filled({ currency: 'BTC', amount: '0.123456789' })).amount).toMatch(/8 decimal places/);
    expect(errorsOf(filled({ amount: '12,5' })).amount).toMatch(/groups of 3 digits/);
  });

  it("reads the amount in the window's language: German \"1.234,56\" goes into the request as 1234.56", () => {
    const german = invoiceFormSchema((currency) => (currency === 'EUR' ? 2 : 8), false, 'de-DE');
    const result = german.safeParse(filled({ amount: '1.234,56' }));
    expect(result.success && result.data.amount).toBe('1234.56');
    const plain = german.safeParse(filled({ amount: '0.001', currency: 'BTC' }));
    expect(plain.success && plain.data.amount).toBe('0.001');
    const ambiguous = german.safeParse(filled({ amount: '1.234' }));
    expect(ambiguous.success).toBe(false);
    expect(inEnglish(ambiguous.error?.issues.find((issue) => issue.path[0] === 'amount')?.message)).toMatch(/write 1234 .* or 1,234/);
    expect(errorsOf(filled({ amount: '1.234,56' })).amount).toMatch(/groups of 3 digits/);
  });

  it('sends only the chosen kind of sender data', () => {
    const sender = { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', legal_name: 'Acme GmbH', country_of_registration: 'DEU', email: '' };
    expect(toRequest(filled({ sender_type: 'legal', sender_data: sender }))).toMatchObject({
      sender_type: 'legal',
      sender_data: { legal_name: 'Acme GmbH', country_of_registration: 'DEU', email: '' },
    });
    const natural = schema.safeParse(filled({ sender_type: 'natural', sender_data: sender }));
    expect(natural.success && natural.data.sender_data).toEqual({ first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', email: '' });
  });

  it('checks sender data of the chosen kind, and the date of birth lies in the past', () => {
    const errors = errorsOf(filled({ sender_type: 'natural', sender_data: { ...filled().sender_data, first_name: 'Ada', date_of_birth: '2999-01-01' } }));
    expect(errors).toMatchObject({ 'sender_data.last_name': 'Enter the last name', 'sender_data.date_of_birth': 'A date of birth lies before today' });
    expect(errorsOf(filled({ sender_type: 'legal' }))['sender_data.country_of_registration']).toMatch(/country of registration/);
  });

  it('requires sender data with a timer and a payment currency (rule 2), and a confirmation to leave it out otherwise', () => {
    expect(errorsOf(filled({ timer: true, sender_currency: 'BTC' })).sender_type).toMatch(/timer and a payment currency/);
    expect(errorsOf(filled({ timer: true, sender_currency: 'BTC' })).sender_left_out_confirmed).toBeUndefined();
    expect(errorsOf(filled({ sender_left_out_confirmed: false })).sender_left_out_confirmed).toMatch(/Confirm/);
    expect(errorsOf(filled({ timer: true, sender_left_out_confirmed: true }))).toEqual({});
  });

  it('with a timer, requires the sender for a typed payment currency only once it is a whole code', () => {
    const typed = invoiceFormSchema((currency) => (currency === 'EUR' ? 2 : 8), true);
    const typedErrors = (values: InvoiceFormValues) => {
      const result = typed.safeParse(values);
      return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]));
    };
    const halfTyped = filled({ timer: true, sender_currency: 'B', sender_left_out_confirmed: false });
    expect(senderRequired(halfTyped, true)).toBe(false);
    expect(typedErrors(halfTyped)).toEqual({
      sender_currency: expect.stringMatching(/^Type a currency code/),
      sender_left_out_confirmed: expect.stringMatching(/^Confirm/),
    });
    const whole = filled({ timer: true, sender_currency: 'BTC', sender_left_out_confirmed: false });
    expect(senderRequired(whole, true)).toBe(true);
    expect(typedErrors(whole)).toEqual({ sender_type: expect.stringMatching(/timer and a payment currency/) });
    // A code chosen from the list is whole, whatever it looks like.
    expect(senderRequired(filled({ timer: true, sender_currency: 'B' }), false)).toBe(true);
    expect(senderRequired(filled({ timer: false, sender_currency: 'BTC' }), true)).toBe(false);
  });

  it('copies an invoice with a new foreign id and without the customer’s personal data', () => {
    const ada = { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', legal_name: '', country_of_registration: '', email: 'ada@example.com' };
    const first = filled({ description: 'Two blue mugs', timer: true, sender_currency: 'BTC', sender_type: 'natural', sender_data: ada });
    const copy = likeThis(first);
    expect(copy.foreign_id).not.toBe(first.foreign_id);
    expect(copy.foreign_id).toMatch(/^inv-\d{8}-[a-z2-9]{8}$/);
    expect(copy.email_user).toBe('');
    expect(copy.sender_data).toEqual(blankInvoiceForm('EUR').sender_data);
    expect(Object.values(copy.sender_data).every((value) => value === '')).toBe(true);
    expect(copy.sender_left_out_confirmed).toBe(false);
    // Everything about the invoice itself is kept, the kind of sender too.
    const { foreign_id: _newId, email_user: _email, sender_data: _sender, sender_left_out_confirmed: _confirmed, ...kept } = copy;
    const { foreign_id: _oldId, email_user: _oldEmail, sender_data: _oldSender, sender_left_out_confirmed: _oldConfirmed, ...original } = first;
    expect(kept).toEqual(original);
    expect(kept.sender_type).toBe('natural');
  });

  it('makes foreign ids that differ and hold no personal data', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newForeignId('inv', new Date(Date.UTC(2025, 0, 2)))));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^inv-20250102-[a-z2-9]{8}$/);
  });

  it('places field errors from the service on the field they name', () => {
    expect(formFieldOf('foreign_id')).toBe('foreign_id');
    expect(formFieldOf('sender_data.first_name')).toBe('sender_data.first_name');
    expect(formFieldOf('sender_data')).toBe('sender_type');
    expect(formFieldOf('sender_data.nickname')).toBe('sender_type');
    expect(formFieldOf('receiver_data')).toBeNull();
    expect(formFieldOf('(request)')).toBeNull();
  });
});
