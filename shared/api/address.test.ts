import { describe, expect, it } from 'vitest';
import { addressTakeRequest, depositAddress } from './address.ts';
import { fieldMessages } from './wire.ts';
import { messagesInEnglish } from '../i18n/testing/in-english.ts';
import { parseJsonLossless } from '../money/json.ts';

const valid = {
  currency: 'BTC',
  convert_to: 'EUR',
  foreign_id: 'user-id:2048',
  end_user_reference: 'customer-2048',
  sender_type: 'natural',
  sender_data: { first_name: ' Ada ', last_name: 'Lovelace', date_of_birth: '1985-12-10', email: '' },
};

function errorsOf(patch: Record<string, unknown>): Record<string, string> {
  const result = addressTakeRequest.safeParse({ ...valid, ...patch });
  return result.success ? {} : messagesInEnglish(fieldMessages(result.error));
}

describe('deposit address request (spec 4.6; docs/service-interface.md, "addresses/take")', () => {
  it('accepts a complete request and hands on the sender data as it is sent', () => {
    const parsed = addressTakeRequest.parse(valid);
    expect(parsed.sender_data).toEqual({ first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10' });
    expect(errorsOf({ convert_to: undefined })).toEqual({});
  });

  it('refuses an e-mail address or a name with a birth date in the foreign id or the end user reference', () => {
    expect(errorsOf({ foreign_id: 'lovelace-10.12.1985' }).foreign_id).toMatch(/^The foreign id cannot hold a name with a birth date/);
    expect(errorsOf({ end_user_reference: 'customer ada@example.com' }).end_user_reference).toMatch(/^The end user reference cannot hold an e-mail address/);
  });

  it('requires the currency, the foreign id (at most 255) and the end user reference', () => {
    expect(errorsOf({ currency: '' }).currency).toMatch(/Choose a currency/);
    expect(errorsOf({ foreign_id: '' }).foreign_id).toMatch(/Enter a foreign id/);
    expect(errorsOf({ foreign_id: 'x'.repeat(256) }).foreign_id).toMatch(/255/);
    expect(errorsOf({ end_user_reference: ' ' }).end_user_reference).toMatch(/Enter the end user reference/);
    expect(errorsOf({ end_user_reference: 'x'.repeat(256) }).end_user_reference).toMatch(/255/);
  });

  it('refuses converting into the currency itself', () => {
    expect(errorsOf({ convert_to: 'BTC' }).convert_to).toMatch(/another currency/);
  });

  it('requires sender data with the rules of spec 2.6, as invoices do', () => {
    expect(errorsOf({ sender_type: undefined }).sender_type).toMatch(/natural person or legal entity/);
    expect(errorsOf({ sender_data: undefined }).sender_data).toMatch(/required/);
    expect(errorsOf({ sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '2999-01-01' } })['sender_data.date_of_birth']).toBe('A date of birth lies before today');
    expect(errorsOf({ sender_type: 'legal', sender_data: { legal_name: 'Acme GmbH', country_of_registration: 'DE' } })['sender_data.country_of_registration']).toMatch(/three-letter/);
    expect(errorsOf({ sender_type: 'legal', sender_data: { legal_name: 'Acme GmbH', country_of_registration: 'DEU' } })).toEqual({});
    expect(errorsOf({ sender_data: { ...valid.sender_data, email: 'ada@' } })['sender_data.email']).toMatch(/valid e-mail/);
  });

  it('refuses fields the endpoint does not take', () => {
    expect(errorsOf({ amount: '1' })).not.toEqual({});
  });
});

describe('deposit address answer', () => {
  const read = (text: string) => depositAddress.safeParse((parseJsonLossless(text) as { data: unknown }).data);

  it('reads the documented answer, and a tag sent as a number as text', () => {
    expect(read('{"data":{"id":1,"currency":"BTC","convert_to":"EUR","address":"39mFf3X46YzUtfdwVQpYXPCMydc74ccbAZ","tag":null,"foreign_id":"user-id:2048"}}')).toMatchObject({
      success: true,
      data: { id: 1, convert_to: 'EUR', tag: null },
    });
    expect(read('{"data":{"id":2,"currency":"XRP","address":"rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH","tag":3051997,"foreign_id":2048}}')).toMatchObject({
      success: true,
      data: { tag: '3051997', foreign_id: '2048' },
    });
  });

  it('refuses an answer without an address', () => {
    expect(read('{"data":{"id":1,"currency":"BTC","address":"","foreign_id":"a"}}').success).toBe(false);
    expect(read('{"data":{"id":1,"currency":"BTC","foreign_id":"a"}}').success).toBe(false);
  });
});
