import { describe, expect, it } from 'vitest';
import { EMPTY_SENDER } from './sender-fields.ts';
import { personalDataConcern } from './personal-data.ts';

const sender = { ...EMPTY_SENDER, first_name: 'Ada', last_name: 'Lovelace', legal_name: 'Acme Trading GmbH' };
const warn = (value: string) => personalDataConcern(value, sender);

describe('personal data in references', () => {
  it('leaves e-mail addresses and names with a birth date to the refusal (the field error), not warning twice', () => {
    expect(warn('ada@example.com')).toBeNull();
    expect(warn('order-ada@example.com-1')).toBeNull();
    expect(warn('Ada Lovelace 1985-12-10')).toBeNull();
  });

  it('warns about phone numbers, international or national', () => {
    for (const value of ['+49 171 2345678', '+44 (20) 7946-0958', '0049 30 1234567', '0171-2345678', '030 1234567']) {
      expect(warn(value), value).toBe('phone');
    }
  });

  it("warns about the sender's names as whole words, in any case", () => {
    expect(warn('ada-2024-01')).toBe('name');
    expect(warn('LOVELACE_7')).toBe('name');
    expect(warn('acme trading gmbh 12')).toBe('name');
  });

  it('stays quiet for order numbers, generated ids and names inside other words', () => {
    for (const value of ['', 'inv-20250601-k3x9q2mz', 'order 1001', '12345', 'cust-42', 'Adamant-7', 'SO-2024-000123456']) {
      expect(warn(value), value).toBeNull();
    }
  });
});
