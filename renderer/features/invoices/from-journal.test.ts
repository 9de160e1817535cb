import { describe, expect, it } from 'vitest';
import { invoiceFormFromJournal } from './from-journal.ts';
import { invoiceFormSchema, toRequest } from './invoice-form-schema.ts';

/** What the journal keeps of an invoices.create request: no email_user, no sender_data (journal/tracking.ts). */
const recorded = {
  timer: true,
  title: 'Order 1001',
  foreign_id: 'inv-20250601-k3x9q2mz',
  currency: 'EUR',
  amount: '100.50',
  url_success: 'https://shop.example.com/paid',
  url_failed: 'https://shop.example.com/not-paid',
  type: 'good_until_expired',
  end_user_reference: 'cust-42',
  description: 'Two blue mugs',
  sender_currency: 'BTC',
  sender_type: 'natural',
};

const NOW = new Date(Date.UTC(2025, 5, 2, 9, 30));

describe('a journal entry back into the invoice form', () => {
  it('keeps every recorded value, with a new foreign_id and the personal data left empty', () => {
    const values = invoiceFormFromJournal(recorded, NOW);
    expect(values).toEqual({
      title: 'Order 1001',
      description: 'Two blue mugs',
      foreign_id: expect.stringMatching(/^inv-20250602-[a-z2-9]{8}$/),
      end_user_reference: 'cust-42',
      currency: 'EUR',
      sender_currency: 'BTC',
      amount: '100.50',
      type: 'good_until_expired',
      timer: true,
      url_success: 'https://shop.example.com/paid',
      url_failed: 'https://shop.example.com/not-paid',
      email_user: '',
      sender_type: 'natural',
      sender_data: { first_name: '', last_name: '', date_of_birth: '', legal_name: '', country_of_registration: '', email: '' },
      sender_left_out_confirmed: false,
    });
    expect(values.foreign_id).not.toBe(recorded.foreign_id);
  });

  it('gives a different foreign_id each time', () => {
    expect(invoiceFormFromJournal(recorded, NOW).foreign_id).not.toBe(invoiceFormFromJournal(recorded, NOW).foreign_id);
  });

  it('becomes the same request again once the e-mail and the sender are typed in', () => {
    const values = invoiceFormFromJournal(recorded, NOW);
    values.email_user = 'buyer@example.com';
    values.sender_data = { ...values.sender_data, first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10' };
    const parsed = invoiceFormSchema(() => 8).safeParse(values);
    expect(parsed.success).toBe(true);
    const { email_user, sender_data, foreign_id, ...rest } = toRequest(values);
    expect({ ...rest, foreign_id: recorded.foreign_id }).toEqual(recorded);
    expect([email_user, sender_data, foreign_id === recorded.foreign_id]).toEqual([
      'buyer@example.com',
      { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', email: '' },
      false,
    ]);
  });

  it('reads an amount recorded as a bare number as its digits, and falls back on what is not a choice', () => {
    const values = invoiceFormFromJournal({ title: 'Odd', amount: 12.5, type: 'sometimes', sender_type: 'alien', timer: 'yes' }, NOW);
    expect(values).toMatchObject({ amount: '12.5', type: 'fill_or_kill', sender_type: '', timer: false, currency: '', description: '' });
  });

  it("writes the recorded amount back in the window's language, so that it reads as the amount that was sent", () => {
    expect(invoiceFormFromJournal({ amount: '1.500' }, NOW, 'de-DE').amount).toBe('1,500');
    expect(invoiceFormFromJournal({ amount: '1234.50' }, NOW, 'fr').amount).toBe('1234,50');
    expect(invoiceFormFromJournal({ amount: '1.500' }, NOW).amount).toBe('1.500');
  });
});
