import { describe, expect, it } from 'vitest';
import { inLanguage } from '../i18n/testing/in-english.ts';
import { checkDestination, toChecksumAddress } from './index.ts';
import { expectWorded, noticeInEnglish, problemOf } from './test-helpers.ts';

/** Ethereum addresses, for ether and the tokens on Ethereum, against the examples of EIP-55. */

const EIP55_MIXED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('Ethereum addresses (EIP-55)', () => {
  it.each(EIP55_MIXED)('takes %s with its checksum verified, for ETH and the tokens on Ethereum', (address) => {
    for (const currency of ['ETH', 'USDTERC20', 'USDTE', 'USDC']) {
      expect(checkDestination(currency, address, null)).toMatchObject({ ok: true, network: 'ethereum', checksum: 'verified', notice: null });
    }
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it.each([['0x52908400098527886E0F7030069857D2E4169EE7'], ['0x8617E340B3D01FA5F11F306F4090FD50E238070D'], ['0xde709f2102306220921060314715629080e2fb77'], ['0x27b1fdb04752bbc536007a920d24acb045561c26']])(
    'takes %s, in one case, as carrying no checksum, and says so',
    (address) => {
      expect(noticeInEnglish(checkDestination('ETH', address, null))).toMatchObject({ ok: true, checksum: 'none', notice: expect.stringContaining('carries no checksum') });
    },
  );

  it('names the letter whose case breaks the checksum', () => {
    const problem = problemOf(checkDestination('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd', null));
    expect(problem).toMatchObject({ code: 'checksum', position: 41, message: expect.stringContaining('Character 41 ("E") should be in lower case') });
  });

  it('names a changed digit, found by the case of every other letter', () => {
    expect(problemOf(checkDestination('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee', null))).toMatchObject({ code: 'checksum', position: 42 });
    expect(problemOf(checkDestination('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeBed', null))).toMatchObject({ code: 'checksum', position: 40 });
  });

  it.each([
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'prefix', 1, 'without it'],
    ['0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'prefix', 2, 'small x'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', 'length', undefined, 'this one has 39'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd', 'length', undefined, 'this one has 41'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', 'character', 42, 'not a hex digit'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'prefix', 1, 'looks like a Bitcoin address'],
  ])('refuses %s', (address, code, position, words) => {
    const problem = problemOf(checkDestination('ETH', address, null));
    expect(problem).toMatchObject({ code, message: expect.stringContaining(words) });
    expect(problem.position).toBe(position);
  });
});

describe('an EIP-55 problem in German and French', () => {
  it.each([
    ['the letter whose case breaks the checksum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd', {
      de: 'Zeichen 41 („E“) müsste nach der Prüfsumme der Adresse (EIP-55) kleingeschrieben sein: Die Adresse wurde verändert oder vertippt. Kopieren Sie die Adresse erneut aus ihrer Quelle; korrigieren Sie sie nicht von Hand.',
      fr: 'Le caractère 41 (« E ») devrait être en minuscule selon la somme de contrôle de l’adresse (EIP-55) : l’adresse a été modifiée ou mal saisie. Copiez à nouveau l’adresse depuis sa source ; ne la corrigez pas à la main.',
    }],
    ['a digit that breaks the checksum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee', {
      de: /^Zeichen 42 \(„e“\) scheint falsch zu sein: Die Groß- und Kleinschreibung der Buchstaben passt nicht zur Prüfsumme der Adresse \(EIP-55\)\./,
      fr: /^Le caractère 42 \(« e »\) semble erroné : la casse des lettres ne correspond pas à la somme de contrôle de l’adresse \(EIP-55\)\./,
    }],
    ['a character that is no hex digit', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', {
      de: 'Zeichen 42 („g“) ist keine Hex-Ziffer (0-9, a-f): Eine Ethereum-Adresse enthält nach „0x“ nur solche.',
      fr: 'Le caractère 42 (« g ») n’est pas un chiffre hexadécimal (0-9, a-f) : une adresse Ethereum ne contient que ceux-ci après « 0x ».',
    }],
  ])('names %s', (_what, address, words) => {
    expectWorded(checkDestination('ETH', address, null), words);
  });

  it('says an address in one case carries no checksum', () => {
    const check = checkDestination('ETH', '0x52908400098527886E0F7030069857D2E4169EE7', null);
    expect(check.ok ? inLanguage('de', check.notice) : null).toMatch(/^Diese Adresse ist durchgehend in einer Schreibweise .* und trägt daher keine Prüfsumme/);
    expect(check.ok ? inLanguage('fr', check.notice) : null).toMatch(/elle ne porte donc pas de somme de contrôle/);
  });
});
