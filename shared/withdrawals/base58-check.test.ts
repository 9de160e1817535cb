import { describe, expect, it } from 'vitest';
import { checkDestination } from './index.ts';
import { expectWorded, problemOf } from './test-helpers.ts';

/** Base58check addresses: Bitcoin's and Litecoin's legacy ones, Tron's, and the XRP Ledger's classic ones. */

describe('legacy Bitcoin and Litecoin addresses', () => {
  it.each([
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['LTC', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
    ['LTC', 'M8T1B2Z97gVdvmfkQcAtYbEepune1tzGua'],
  ])('takes the %s address %s', (currency, address) => {
    expect(checkDestination(currency, address, null)).toMatchObject({ ok: true, checksum: 'verified' });
  });

  it.each([['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'], ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc']])('takes the testnet address %s only where test networks are allowed', (address) => {
    expect(checkDestination('BTC', address, null, { testnets: true })).toMatchObject({ ok: true });
    expect(problemOf(checkDestination('BTC', address, null))).toMatchObject({ code: 'testnet', message: expect.stringContaining('test network') });
  });

  it('tells a Litecoin address given for BTC, and a Bitcoin one given for LTC', () => {
    expect(problemOf(checkDestination('BTC', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', null)).message).toContain('looks like a Litecoin address');
    expect(problemOf(checkDestination('LTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', null)).message).toContain('looks like a Bitcoin address');
  });

  it('refuses the old Litecoin 3... form, which a Bitcoin address shares', () => {
    expect(checkDestination('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', null).ok).toBe(true);
    expect(problemOf(checkDestination('LTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', null))).toMatchObject({ code: 'prefix', message: expect.stringContaining('starting with M or ltc1') });
  });

  it('names a character base58 never uses', () => {
    expect(problemOf(checkDestination('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0', null))).toMatchObject({ code: 'character', position: 34 });
    expect(problemOf(checkDestination('BTC', '1BvBMSEYstWetqTFnIAu4m4GFg7xJaNVN2', null))).toMatchObject({ code: 'character', position: 18 });
  });

  it('locates a wrong, a swapped and a missing character', () => {
    expect(problemOf(checkDestination('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', null))).toMatchObject({ code: 'checksum', position: 34 });
    expect(problemOf(checkDestination('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNNV2', null))).toMatchObject({ code: 'checksum', position: 32, message: expect.stringContaining('Characters 32 and 33') });
    expect(problemOf(checkDestination('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNN2', null))).toMatchObject({ code: 'checksum', message: expect.stringContaining('looks missing') });
  });

  it('says an address is too short or too long for its kind', () => {
    expect(problemOf(checkDestination('BTC', '1BvBMSEYstWetqTFn5Au4', null))).toMatchObject({ code: 'length', message: expect.stringContaining('21 characters long, too short for a Bitcoin address') });
    expect(problemOf(checkDestination('TRX', `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t${'t'.repeat(4)}`, null))).toMatchObject({ code: 'length', message: expect.stringContaining('too long for a Tron address') });
  });

  it('says only that the checksum does not match when no single fault explains it', () => {
    const problem = problemOf(checkDestination('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNV', null));
    expect(problem).toMatchObject({ code: 'checksum' });
    expect(problem.position).toBeUndefined();
  });
});

describe('Tron addresses (TRX and USDT on Tron)', () => {
  it.each([['TRX'], ['USDTTRC20'], ['USDTT']])('takes a Tron address for %s', (currency) => {
    expect(checkDestination(currency, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', null)).toMatchObject({ ok: true, network: 'tron', checksum: 'verified' });
  });

  it('locates a wrong character', () => {
    expect(problemOf(checkDestination('TRX', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', null))).toMatchObject({ code: 'checksum', position: 34 });
  });

  it('asks for the usual form of a hex address, and tells an Ethereum address given for USDT on Tron', () => {
    expect(problemOf(checkDestination('TRX', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c', null)).message).toContain('hex form');
    expect(problemOf(checkDestination('USDTTRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', null)).message).toContain('looks like an Ethereum address');
  });
});

describe('XRP classic addresses', () => {
  it.each([['rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'], ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'], ['rrrrrrrrrrrrrrrrrrrrrhoLvTp'], ['rrrrrrrrrrrrrrrrrrrrBZbvji']])('takes %s', (address) => {
    expect(checkDestination('XRP', address, '1')).toMatchObject({ ok: true, network: 'xrp', checksum: 'verified' });
  });

  it('checks the checksum in the XRP alphabet, not Bitcoin\'s', () => {
    expect(problemOf(checkDestination('XRP', 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYf', '1'))).toMatchObject({ code: 'checksum', position: 34 });
  });

  it('asks for the classic address and the tag instead of an X-address', () => {
    expect(problemOf(checkDestination('XRP', 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ', '1')).message).toContain('X-address');
  });

  it('tells a Tron address given for XRP', () => {
    expect(problemOf(checkDestination('XRP', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '1')).message).toContain('looks like a Tron address');
  });
});

describe('a base58 problem in German and French', () => {
  it.each([
    ['BTC', '1BvBMSEYstWetqTFnIAu4m4GFg7xJaNVN2', null, {
      de: 'Zeichen 18 („I“) kommt in keiner Bitcoin-Adresse vor (darin kommen 0, O, I und l nicht vor).',
      fr: 'Le caractère 18 (« I ») n’apparaît jamais dans une adresse Bitcoin (elles n’utilisent ni 0, ni O, ni I, ni l).',
    }],
    ['BTC', '1BvBMSEYstWetqTFn5Au4', null, {
      de: 'Die Adresse ist 21 Zeichen lang, zu kurz für eine Bitcoin-Adresse. Kopieren Sie sie erneut aus ihrer Quelle.',
      fr: 'L’adresse compte 21 caractères, trop peu pour une adresse Bitcoin. Copiez-la à nouveau depuis sa source.',
    }],
    ['USDTTRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', null, {
      de: 'Dies sieht nach einer Ethereum-Adresse aus. USDTTRC20 wird über Tron ausgezahlt, an eine Adresse, die mit T beginnt.',
      fr: 'Ceci ressemble à une adresse Ethereum. USDTTRC20 est versé sur Tron, à une adresse commençant par T.',
    }],
    ['XRP', 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ', '1', {
      de: /^Dies ist eine X-Adresse, die einen Destination Tag in die Adresse packt\./,
      fr: /^Ceci est une X-address, qui intègre un destination tag dans l’adresse\./,
    }],
    ['BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', null, {
      de: 'Dies ist eine Adresse eines Bitcoin-Testnetzes: Dieses Profil zahlt im Bitcoin-Hauptnetz aus, wo sie verloren ginge.',
      fr: 'Ceci est une adresse d’un réseau de test Bitcoin : ce profil paie sur le réseau principal Bitcoin, où elle serait perdue.',
    }],
  ])('words %s %s’s problem', (currency, address, tag, words) => {
    expectWorded(checkDestination(currency, address, tag), words);
  });
});
