import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { TransactionEntry } from '../../../shared/api/transaction.ts';
import { catalogueOf } from '../../../shared/i18n/index.ts';
import { describeLookup, entryWithTxid } from './lookup-by-words.ts';

const hash = '3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93';
const entries: TransactionEntry[] = [
  { transaction_type: 'exchange', id: 1, currency: 'BTC', amount: '1', currency_to: 'EUR', amount_to: '50000' },
  { transaction_type: 'internal', id: 2, currency: 'BTC', amount: '1', txid: 'ffff' },
  { transaction_type: 'blockchain', id: 3, currency: 'BTC', amount: '1', txid: hash },
];

describe('a lookup by hash', () => {
  it('is named by what was asked, in the answers’ sentences', () => {
    const english = createIntl({ locale: 'en', messages: catalogueOf('en') });
    expect(describeLookup(english, { id: 1042 })).toBe('id 1042');
    expect(describeLookup(english, { foreign_id: 'w-1' })).toBe('foreign id “w-1”');
    expect(describeLookup(english, { txid: hash })).toBe(`hash “${hash}”`);
    const french = createIntl({ locale: 'fr', messages: catalogueOf('fr') });
    expect(describeLookup(french, { foreign_id: 'w-1' })).toBe('l’identifiant externe « w-1 »');
  });

  it('finds the entry that holds the hash, whatever the case of its hex digits', () => {
    expect(entryWithTxid(entries, hash)).toBe(2);
    expect(entryWithTxid(entries, hash.toUpperCase())).toBe(2);
    expect(entryWithTxid(entries, 'FFFF')).toBe(1);
  });

  it('finds none when no entry shows that exact hash', () => {
    expect(entryWithTxid(entries, hash.slice(0, 63))).toBe(-1);
    expect(entryWithTxid([], hash)).toBe(-1);
  });
});
