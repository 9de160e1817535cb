import { describe, expect, it } from 'vitest';
import { EMPTY_SENDER, senderFieldOf, senderPartOf } from './sender-fields.ts';

const typed = { ...EMPTY_SENDER, first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', legal_name: 'Acme GmbH', country_of_registration: 'DEU' };

describe('the sender as a request carries it', () => {
  it('sends the chosen kind’s fields only', () => {
    expect(senderPartOf({ sender_type: 'natural', sender_data: typed })).toEqual({
      sender_type: 'natural',
      sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', email: '' },
    });
    expect(senderPartOf({ sender_type: 'legal', sender_data: typed })).toEqual({
      sender_type: 'legal',
      sender_data: { legal_name: 'Acme GmbH', country_of_registration: 'DEU', email: '' },
    });
  });

  it('sends nothing when no kind is chosen', () => {
    expect(senderPartOf({ sender_type: '', sender_data: typed })).toEqual({});
  });

  it('places a field message under sender_data on its field, or on the kind', () => {
    expect(senderFieldOf('first_name')).toBe('sender_data.first_name');
    expect(senderFieldOf('country_of_registration.code')).toBe('sender_data.country_of_registration');
    expect(senderFieldOf(undefined)).toBe('sender_type');
    expect(senderFieldOf('nickname')).toBe('sender_type');
  });
});
