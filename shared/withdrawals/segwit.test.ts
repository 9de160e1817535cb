import { describe, expect, it } from 'vitest';
import { checkDestination } from './index.ts';
import { expectWorded, problemOf } from './test-helpers.ts';

/**
 * Segwit addresses against the test vectors of BIP-350 (which amends BIP-173's for versions 1 and
 * up) and the BIP-173 ones that still hold.
 */

const onTestnets = { testnets: true };

describe('segwit addresses: BIP-350 valid vectors', () => {
  it.each([
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'BC1SW50QGDZ25J',
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ])('takes %s for BTC', (address) => {
    expect(checkDestination('BTC', address, null)).toMatchObject({ ok: true, network: 'bitcoin', checksum: 'verified' });
  });

  it.each([
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
    'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
  ])('takes the testnet address %s only where test networks are allowed', (address) => {
    expect(checkDestination('BTC', address, null, onTestnets)).toMatchObject({ ok: true, checksum: 'verified' });
    expect(problemOf(checkDestination('BTC', address, null)).code).toBe('testnet');
  });

  it('takes Litecoin segwit addresses for LTC, and not for BTC', () => {
    const address = 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9';
    expect(checkDestination('LTC', address, null)).toMatchObject({ ok: true, network: 'litecoin', checksum: 'verified' });
    expect(problemOf(checkDestination('BTC', address, null))).toMatchObject({ code: 'prefix', message: expect.stringContaining('looks like a Litecoin address') });
  });
});

describe('segwit addresses: invalid vectors', () => {
  it.each([
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'prefix', 'invalid human-readable part'],
    ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', 'prefix', 'invalid human-readable part (BIP-173)'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'malformed', 'bech32 instead of bech32m'],
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'malformed', 'bech32 instead of bech32m'],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'malformed', 'bech32 instead of bech32m'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'malformed', 'bech32m instead of bech32'],
    ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'malformed', 'bech32m instead of bech32'],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'malformed', 'invalid witness version'],
    ['bc1pw5dgrnzv', 'malformed', 'program of 1 byte'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'malformed', 'program of 41 bytes'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'malformed', 'program of 16 bytes for version 0'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'malformed', 'zero padding of more than 4 bits'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'malformed', 'non-zero padding'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv', 'malformed', 'non-zero padding (BIP-173)'],
    ['bc1gmk9yu', 'length', 'empty data section'],
  ])('refuses %s (%s: %s)', (address, code) => {
    expect(problemOf(checkDestination('BTC', address, null, onTestnets)).code).toBe(code);
  });

  it('names the character outside the bech32 alphabet', () => {
    const problem = problemOf(checkDestination('BTC', 'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', null));
    expect(problem).toMatchObject({ code: 'character', position: 60, message: expect.stringContaining('Character 60 ("o")') });
  });

  it('names where upper and lower case are mixed', () => {
    const problem = problemOf(checkDestination('BTC', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', null, onTestnets));
    expect(problem).toMatchObject({ code: 'mixed-case', position: 59 });
  });

  it('locates the wrong character of BIP-173\'s "invalid checksum" vector', () => {
    const problem = problemOf(checkDestination('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', null));
    expect(problem).toMatchObject({ code: 'checksum', position: 42, message: expect.stringContaining('Character 42 ("5") looks wrong') });
  });

  it('locates swapped, missing and extra characters', () => {
    const good = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const swapped = `${good.slice(0, 10)}${good[11]}${good[10]}${good.slice(12)}`;
    expect(problemOf(checkDestination('BTC', swapped, null))).toMatchObject({ code: 'checksum', position: 11, message: expect.stringContaining('Characters 11 and 12') });
    const missing = `${good.slice(0, 20)}${good.slice(21)}`;
    expect(problemOf(checkDestination('BTC', missing, null))).toMatchObject({ code: 'checksum', message: expect.stringContaining('looks missing') });
    const extra = `${good.slice(0, 20)}q${good.slice(20)}`;
    expect(problemOf(checkDestination('BTC', extra, null))).toMatchObject({ code: 'checksum', message: expect.stringContaining('looks extra') });
  });

  it('never offers the corrected address: a guessed repair may be someone else\'s', () => {
    const problem = problemOf(checkDestination('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', null));
    expect(problem.message).not.toContain('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(problem.message).toContain('Copy the address again from its source');
  });
});

describe('a segwit problem in German and French', () => {
  it.each([
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', {
      de: 'Die Adresse mischt ab Zeichen 59 Groß- und Kleinbuchstaben; eine Bitcoin tb1-Adresse ist durchgehend groß oder durchgehend klein geschrieben. Kopieren Sie sie erneut aus ihrer Quelle.',
      fr: 'L’adresse mélange majuscules et minuscules à partir du caractère 59 ; une adresse Bitcoin tb1 s’écrit entièrement dans une seule casse. Copiez-la à nouveau depuis sa source.',
    }],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', {
      de: 'Zeichen 60 („o“) kommt in einer Bitcoin bc1-Adresse nach ihrem „bc1“ nie vor (dort kommen 1, b, i und o nicht vor).',
      fr: 'Le caractère 60 (« o ») n’apparaît jamais dans une adresse Bitcoin bc1 après son « bc1 » (elles n’utilisent ni 1, ni b, ni i, ni o).',
    }],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', {
      de: 'Die Adresse enthält ein Witness-Programm von 16 Bytes, das Version 0 nicht zulässt: Sie ist keine gültige Bitcoin bc1-Adresse.',
      fr: 'L’adresse contient un programme witness de 16 octets, ce que la version 0 n’autorise pas : ce n’est pas une adresse Bitcoin bc1 valide.',
    }],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', {
      de: /^Die Prüfsumme der Adresse ist von der Art, die ihre Witness-Version nicht verwendet \(BIP-350\)/,
      fr: /^La somme de contrôle de l’adresse est du type que sa version de witness n’utilise pas \(BIP-350\)/,
    }],
  ])('words %s’s problem', (address, words) => {
    expectWorded(checkDestination('BTC', address, null, onTestnets), words);
  });
});
