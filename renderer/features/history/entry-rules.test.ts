import { describe, expect, it } from 'vitest';
import { english } from '../../testing/intl.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { canCreateLikeThis, canReportDispute, lookupQueryOf, unknownAdvice } from './entry-rules.ts';
import { formatDuration } from './journal-words.ts';

const entry = journalEntryOf;

describe('what an entry offers', () => {
  it('repeats a lookup by the transaction it found, or by what it asked for', () => {
    expect(lookupQueryOf(entry({ serviceId: '134700001', request: { foreign_id: '164' }, foreignId: '164' }))).toEqual({ id: 134700001 });
    expect(lookupQueryOf(entry({ state: 'failed', request: { id: 99 } }))).toEqual({ id: 99 });
    expect(lookupQueryOf(entry({ state: 'failed', request: { foreign_id: 'w-1' }, foreignId: 'w-1' }))).toEqual({ foreign_id: 'w-1' });
  });

  it('looks an exchange up by its order id, or by its foreign id when the answer was lost', () => {
    expect(lookupQueryOf(entry({ operation: 'exchange.place', serviceId: '134704049', foreignId: 'ex-1' }))).toEqual({ id: 134704049 });
    expect(lookupQueryOf(entry({ operation: 'exchange.place', state: 'unknown', foreignId: 'ex-1' }))).toEqual({ foreign_id: 'ex-1' });
  });

  it('never looks up an invoice id, or a deposit address id, as a transaction id', () => {
    expect(lookupQueryOf(entry({ operation: 'invoices.create', serviceId: '826900', foreignId: 'inv-1' }))).toBeNull();
    expect(lookupQueryOf(entry({ operation: 'addresses.take', serviceId: '12', foreignId: 'addr-1', address: 'bc1qxyz' }))).toBeNull();
  });

  it('repeats a lookup by hash by the transaction it found, or by the hash when it found nothing', () => {
    const hash = '3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93';
    expect(lookupQueryOf(entry({ serviceId: '134700001', request: { txid: hash }, txids: [hash] }))).toEqual({ id: 134700001 });
    expect(lookupQueryOf(entry({ state: 'failed', request: { txid: hash }, txids: [hash] }))).toEqual({ txid: hash });
  });

  it('takes no id that is not a whole number the lookup accepts', () => {
    expect(lookupQueryOf(entry({ serviceId: '7.85e+76', request: {} }))).toBeNull();
    expect(lookupQueryOf(entry({ serviceId: '0', request: {} }))).toBeNull();
  });

  it('offers "like this" for invoices whose outcome is known, and a dispute report for successful lookups only', () => {
    expect(canCreateLikeThis(entry({ operation: 'invoices.create' }))).toBe(true);
    expect(canCreateLikeThis(entry({ operation: 'invoices.create', state: 'failed' }))).toBe(true);
    expect(canCreateLikeThis(entry({ operation: 'invoices.create', state: 'unknown' }))).toBe(false);
    expect(canCreateLikeThis(entry({}))).toBe(false);
    expect(canReportDispute(entry({ response: '{"id":1}' }))).toBe(true);
    expect(canReportDispute(entry({ state: 'failed', response: '{"error":"x"}' }))).toBe(false);
    expect(canReportDispute(entry({ operation: 'exchange.place', response: '{}' }))).toBe(false);
  });

  it('tells what to do about an unknown invoice: the back office, and that the same foreign id is safe', () => {
    const advice = unknownAdvice(english, entry({ operation: 'invoices.create', state: 'unknown', foreignId: 'inv-20250601-abcdefgh' })).join(' ');
    expect(advice).toContain('inv-20250601-abcdefgh');
    expect(advice).toContain('back office');
    expect(advice).toContain('refuses a second invoice');
  });

  it('tells what to do about an unknown deposit address: the back office, and that the same foreign id is safe', () => {
    const advice = unknownAdvice(english, entry({ operation: 'addresses.take', state: 'unknown', foreignId: 'addr-20250601-abcdefgh' })).join(' ');
    expect(advice).toContain('deposit address with the foreign id addr-20250601-abcdefgh');
    expect(advice).toContain('refuses a second one');
  });

  it('warns against placing an unknown exchange again', () => {
    expect(unknownAdvice(english, entry({ operation: 'exchange.place', state: 'unknown', foreignId: 'ex-1' })).join(' ')).toContain('Do not place the exchange again');
  });

  it('writes durations to the millisecond', () => {
    expect([formatDuration(null), formatDuration(85), formatDuration(1234)]).toEqual(['', '85 ms', '1.234 s']);
  });
});
