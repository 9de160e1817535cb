import { describe, expect, it } from 'vitest';
import { fieldMessages } from './wire.ts';
import { messagesInEnglish } from '../i18n/testing/in-english.ts';
import { invoiceCreateRequest } from './invoice.ts';

const valid = {
  timer: false,
  title: 'Order 1001',
  foreign_id: 'inv-1001',
  currency: 'EUR',
  amount: '100.00',
  url_success: 'https://shop.example.com/ok',
  url_failed: 'https://shop.example.com/failed',
  email_user: 'buyer@example.com',
  end_user_reference: 'cust-42',
  sender_type: 'natural',
  sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10' },
};

/** Parses a variant of the valid request and returns the message per field, or {} when it passes. */
function errorsOf(patch: Record<string, unknown>): Record<string, string> {
  const result = invoiceCreateRequest.safeParse({ ...valid, ...patch });
  return result.success ? {} : messagesInEnglish(fieldMessages(result.error));
}

describe('invoice creation request (spec 4.4)', () => {
  it('accepts a complete request', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('refuses an e-mail address or a name with a birth date in the foreign id or the end user reference (shared/submission/personal-data.ts)', () => {
    expect(errorsOf({ foreign_id: 'ada@example.com' }).foreign_id).toMatch(/^The foreign id cannot hold an e-mail address/);
    expect(errorsOf({ end_user_reference: 'ada@gmial.com' }).end_user_reference).toMatch(/^The end user reference cannot hold an e-mail address/);
    expect(errorsOf({ end_user_reference: 'Ada Lovelace 1985-12-10' }).end_user_reference).toMatch(/cannot hold a name with a birth date/);
    expect(errorsOf({ foreign_id: 'order-4711', end_user_reference: 'cust-42' })).toEqual({});
  });

  it('keeps the title within 1 to 50 characters', () => {
    expect(errorsOf({ title: '' }).title).toMatch(/Enter a title/);
    expect(errorsOf({ title: 'x'.repeat(51) }).title).toMatch(/at most 50/);
    expect(errorsOf({ title: 'x'.repeat(50) })).toEqual({});
  });

  it('keeps the description to 1000 characters', () => {
    expect(errorsOf({ description: 'x'.repeat(1001) }).description).toMatch(/1000/);
    expect(errorsOf({ description: 'x'.repeat(1000) })).toEqual({});
  });

  it('keeps foreign_id to 255 characters and requires it', () => {
    expect(errorsOf({ foreign_id: 'x'.repeat(256) }).foreign_id).toMatch(/255/);
    expect(errorsOf({ foreign_id: '' }).foreign_id).toMatch(/Enter a foreign id/);
  });

  it('says what is wrong with a return address, and only an IP address is called one (rule 1)', () => {
    expect(errorsOf({ url_success: '' }).url_success).toBe('Enter the address, starting with https://');
    expect(errorsOf({ url_success: 'http://' }).url_success).toBe('Enter a whole address, such as https://shop.example.com/paid');
    expect(errorsOf({ url_success: 'http://shop.example.com/ok' }).url_success).toBe('Use https://, not http://: the service only sends customers to secure addresses');
    expect(errorsOf({ url_success: 'ftp://shop.example.com/ok' }).url_success).toBe('Enter an address starting with https://');
    expect(errorsOf({ url_failed: 'https://192.168.1.10/failed' }).url_failed).toBe('Use a domain name, not an IP address');
    expect(errorsOf({ url_success: 'https://localhost/ok' }).url_success).toBe('Use a whole domain name, such as shop.example.com');
    for (const text of ['', 'http://', 'http://shop.example.com/ok', 'https://localhost/ok', 'not a url']) {
      expect(errorsOf({ url_success: text }).url_success, text).not.toMatch(/IP address/);
    }
  });

  it('requires https URLs with a domain name, not an IP (rule 1)', () => {
    expect(errorsOf({ url_success: 'http://shop.example.com/ok' }).url_success).toMatch(/https/);
    expect(errorsOf({ url_failed: 'https://192.168.1.10/failed' }).url_failed).toMatch(/not an IP/);
    expect(errorsOf({ url_failed: 'https://[::1]/failed' }).url_failed).toMatch(/not an IP/);
    expect(errorsOf({ url_success: 'https://localhost/ok' }).url_success).toMatch(/domain/);
    expect(errorsOf({ url_success: 'not a url' }).url_success).toMatch(/https/);
  });

  it('requires a valid e-mail for refunds', () => {
    expect(errorsOf({ email_user: 'buyer@' }).email_user).toMatch(/valid e-mail/);
  });

  it('requires an amount above zero, as plain decimal text', () => {
    expect(errorsOf({ amount: '0' }).amount).toMatch(/greater than 0/);
    expect(errorsOf({ amount: '-5' }).amount).toMatch(/plain decimal/);
    expect(errorsOf({ amount: '1e3' }).amount).toMatch(/plain decimal/);
    expect(errorsOf({ amount: '0.123456789' }).amount).toMatch(/8 decimal places/);
    expect(errorsOf({ amount: 100 }).amount).toBeDefined();
  });

  it('takes only the two invoice types', () => {
    expect(errorsOf({ type: 'good_until_expired' })).toEqual({});
    expect(errorsOf({ type: 'partial' }).type).toBeDefined();
  });

  it('requires sender data with a timer and a payment currency (rule 2)', () => {
    expect(errorsOf({ timer: true, sender_currency: 'BTC', sender_type: undefined, sender_data: undefined }).sender_type).toMatch(
      /timer and a payment currency/,
    );
    expect(errorsOf({ timer: true, sender_currency: 'BTC' })).toEqual({});
    // Without the timer, sender data may be left out (rule 3): the customer is asked on the form.
    expect(errorsOf({ timer: false, sender_currency: 'BTC', sender_type: undefined, sender_data: undefined })).toEqual({});
  });

  it('lets sender_type decide the shape of sender_data (spec 2.6)', () => {
    expect(errorsOf({ sender_type: 'legal' })['sender_data.legal_name']).toMatch(/company name/);
    expect(
      errorsOf({ sender_type: 'legal', sender_data: { legal_name: 'ACME GmbH', country_of_registration: 'DEU' } }),
    ).toEqual({});
    expect(
      errorsOf({ sender_type: 'legal', sender_data: { legal_name: 'ACME GmbH', country_of_registration: 'DE' } })[
        'sender_data.country_of_registration'
      ],
    ).toMatch(/three-letter/);
    expect(errorsOf({ sender_data: { first_name: 'Ada' } })['sender_data.last_name']).toMatch(/last name/);
    expect(errorsOf({ sender_type: 'natural', sender_data: undefined }).sender_data).toMatch(/required/);
    expect(errorsOf({ sender_type: undefined }).sender_type).toMatch(/natural person or legal entity/);
  });

  it('needs a real past date of birth in YYYY-MM-DD form, each problem in its own words', () => {
    const dob = (date_of_birth: string) =>
      errorsOf({ sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth } })['sender_data.date_of_birth'];
    const problems = [dob(''), dob('10.12.1985'), dob('1985-02-30'), dob('2999-01-01'), dob('1885-12-10')];
    expect(problems).toEqual([
      'Enter the date of birth',
      'Write the date of birth as YYYY-MM-DD, for example 1985-12-10',
      '1985-02-30 is not a date in the calendar: check the month (01 to 12) and the day',
      'A date of birth lies before today',
      'A date of birth from 1900 on: check the year',
    ]);
    expect(new Set(problems).size).toBe(problems.length);
    expect(dob('1985-12-10')).toBeUndefined();
  });

  it('checks the optional sender e-mail when given', () => {
    expect(
      errorsOf({ sender_data: { first_name: 'Ada', last_name: 'L', date_of_birth: '1985-12-10', email: 'nope' } })['sender_data.email'],
    ).toMatch(/valid e-mail/);
  });

  it('refuses unknown fields, so nothing unexpected is signed and sent', () => {
    expect(errorsOf({ api_secret: 'x' })['(request)']).toBeDefined();
  });
});
