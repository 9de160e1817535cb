import { describe, expect, it } from 'vitest';
import { inEnglish, inLanguage } from '../../../shared/i18n/testing/in-english.ts';
import type { OutcomeEvent } from '../../platform/outcomes/index.ts';
import { addressOutcomeOf, outcomeObjectOf, pollRequestOf } from './entry-outcomes.ts';

/**
 * A deposit address's outcome, from the callbacks of the deposits into it: each deposit where it
 * stands now (a late retry never undoes a final status), a summary that asks most of a person
 * when one went wrong, and never final, since an address takes payments without end.
 */

let cursor = 0;
function deposit(id: number, status: string, amount = '0.01', txid = `${id}`.padStart(64, 'a')): OutcomeEvent {
  cursor += 1;
  const body = JSON.stringify({
    id,
    type: 'deposit',
    crypto_address: { id: 40001, currency: 'BTC', address: 'bc1qexample', tag: null, foreign_id: 'addr-1' },
    currency_sent: { currency: 'BTC', amount },
    transactions: [{ txid }],
    fees: [],
    error: status === 'cancelled' ? 'Rejected by compliance' : null,
    status,
  });
  return { cursor: String(cursor), type: 'deposit', objectId: String(id), status, body, receivedAt: `2026-11-27T03:00:${String(cursor).padStart(2, '0')}.000Z` };
}

describe('a deposit address’s outcome', () => {
  it('is what addresses.take entries report, by the address’s service id', () => {
    expect(outcomeObjectOf({ operation: 'addresses.take', serviceId: '40001' })).toEqual({ type: 'address', id: '40001' });
    expect(outcomeObjectOf({ operation: 'addresses.take', serviceId: null })).toBeNull();
    expect(outcomeObjectOf({ operation: 'withdrawals.approve', serviceId: '134700020' })).toEqual({ type: 'withdrawal', id: '134700020' });
    expect(pollRequestOf({ operation: 'withdrawals.approve', serviceId: '134700020', foreignId: 'wdr-1' })).toEqual({
      object: { type: 'withdrawal', id: '134700020' },
      request: { id: 134700020 },
    });
  });

  it('is nothing before the first deposit is reported', () => {
    expect(addressOutcomeOf([])).toBeNull();
  });

  it('lists each deposit once, in the order first reported, where it stands now, however late a retry comes', () => {
    const events = [deposit(11, 'not_confirmed', '0.01'), deposit(12, 'not_confirmed', '0.25'), deposit(11, 'confirmed', '0.01'), deposit(11, 'not_confirmed', '0.01')];
    const outcome = addressOutcomeOf(events);
    expect(outcome?.deposits.map((d) => [d.id, d.current.status, d.current.amount, d.firstAt])).toEqual([
      ['11', 'confirmed', '0.01 BTC', events[0]?.receivedAt],
      ['12', 'not_confirmed', '0.25 BTC', events[1]?.receivedAt],
    ]);
    expect(outcome?.current).toMatchObject({ tone: 'wait', amount: null });
    expect(inEnglish(outcome?.current.words)).toBe('2 deposits: 1 being processed, 1 confirmed');
    expect(outcome?.deposits.map((d) => inEnglish(d.current.words))).toEqual(['Confirmed', 'Being processed']);
    expect(outcome?.current.txids).toHaveLength(2);
    expect(outcome?.timeline.map((step) => step.status)).toEqual(['not_confirmed', 'not_confirmed', 'confirmed', 'not_confirmed']);
    expect(outcome).toMatchObject({ final: false, known: true });
  });

  it('asks most of a person when a deposit went wrong, and flags a status the console does not know', () => {
    cursor = 0;
    const bad = addressOutcomeOf([deposit(21, 'confirmed'), deposit(22, 'cancelled')]);
    expect(bad?.current.tone).toBe('bad');
    // The summary counts; the service's reason is in the deposit's own words, below it.
    expect(inEnglish(bad?.current.words)).toBe('2 deposits: 1 confirmed, 1 cancelled');
    expect(inEnglish(bad?.deposits[1]?.current.words)).toBe('Cancelled: Rejected by compliance');
    const odd = addressOutcomeOf([deposit(23, 'confirmed'), deposit(24, 'on_hold')]);
    expect(odd?.current.tone).toBe('unknown');
    expect(odd?.known).toBe(false);
    expect(inEnglish(odd?.current.words)).toBe('2 deposits: 1 confirmed, 1 with a status this console does not know');
    const one = addressOutcomeOf([deposit(25, 'confirmed')])?.current;
    expect(one?.tone).toBe('ok');
    expect(inEnglish(one?.words)).toBe('1 deposit: 1 confirmed');
  });

  it('says its summary in the window’s language, counts in the language’s plurals', () => {
    cursor = 0;
    const summary = addressOutcomeOf([deposit(31, 'confirmed'), deposit(32, 'confirmed'), deposit(33, 'not_confirmed')])?.current.words;
    expect(inLanguage('de', summary)).toBe('3 Einzahlungen: 1 in Bearbeitung, 2 bestätigt');
    expect(inLanguage('fr', summary)).toBe('3 dépôts : 1 en cours de traitement, 2 confirmés');
    expect(inLanguage('de', addressOutcomeOf([deposit(34, 'declined')])?.current.words)).toBe('1 Einzahlung: 1 abgelehnt');
  });
});
