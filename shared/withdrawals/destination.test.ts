import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordRule, wordsFor } from '../i18n/index.ts';
import { checkDestination, destinationRules, encodeBase58Check, encodeSegwit, MAX_DESTINATION_TAG, toChecksumAddress } from './index.ts';
import { expectWorded, noticeInEnglish, problemOf } from './test-helpers.ts';

/** The destination as a whole: address and tag together, the characters no address has, unknown currencies, and every corruption refused. */

const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const XRP = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

describe('what is typed into the address', () => {
  it('asks for an address when there is none', () => {
    expect(problemOf(checkDestination('BTC', '', null))).toMatchObject({ code: 'required', message: 'Enter the address the money goes to.' });
  });

  it.each([
    [` ${BTC}`, 1, 'a space', 'Remove it'],
    [`${BTC}\n`, 43, 'a line break', 'Remove it'],
    [`bc1qw508d6qejx\u200btdg4y5r3zarvary0c5xw7kv8f3t4`, 15, 'an invisible character (U+200B)', 'which no address contains'],
    [`bc1qw508d6qejx\u202etdg4y5r3zarvary0c5xw7kv8f3t4`, 15, 'an invisible character (U+202E)', 'which no address contains'],
    [`bc1qw508d6qеjxtdg4y5r3zarvary0c5xw7kv8f3t4`, 12, '"е"', 'which no address contains'],
  ])('names a character no address has: %j', (address, position, what, words) => {
    const problem = problemOf(checkDestination('BTC', address, null));
    expect(problem).toMatchObject({ code: 'character', position, message: expect.stringContaining(what) });
    expect(problem.message).toContain(words);
  });

  it('counts characters as a person sees them, past one made of two code units', () => {
    expect(problemOf(checkDestination('BTC', `\u{1F600}${BTC}`, null)).position).toBe(1);
    expect(problemOf(checkDestination('FOO', `ab\u{1F600}c d`, null)).position).toBe(3);
  });

  it('refuses an address longer than any the console knows', () => {
    expect(problemOf(checkDestination('FOO', 'a'.repeat(129), null)).code).toBe('length');
    expect(checkDestination('FOO', 'a'.repeat(128), null).ok).toBe(true);
  });

  it('reads the currency code in any case', () => {
    expect(checkDestination(' btc ', BTC, null)).toMatchObject({ ok: true, network: 'bitcoin' });
    expect(destinationRules('usdttrc20')).toEqual({ network: 'tron', tag: 'none' });
    expect(destinationRules('constructor')).toBeNull();
  });
});

describe('the tag', () => {
  it('is required for XRP, a whole number up to 4294967295', () => {
    expect(problemOf(checkDestination('XRP', XRP, null), 'tag')).toMatchObject({ code: 'required', message: expect.stringContaining('destination tag') });
    expect(problemOf(checkDestination('XRP', XRP, ''), 'tag').code).toBe('required');
    expect(checkDestination('XRP', XRP, '0')).toMatchObject({ ok: true, tag: '0' });
    expect(checkDestination('XRP', XRP, MAX_DESTINATION_TAG)).toMatchObject({ ok: true, tag: '4294967295' });
    expect(checkDestination('XRP', XRP, 12345)).toMatchObject({ ok: true, tag: '12345' });
  });

  it.each([
    ['4294967296', 'tag-range', undefined],
    ['99999999999', 'tag-range', undefined],
    ['12a', 'tag-format', 3],
    ['-1', 'tag-format', 1],
    [' 12', 'tag-format', 1],
    ['1.5', 'tag-format', 2],
  ])('refuses the XRP tag %j', (tag, code, position) => {
    const problem = problemOf(checkDestination('XRP', XRP, tag), 'tag');
    expect(problem.code).toBe(code);
    expect(problem.position).toBe(position);
  });

  it.each([[-1], [1.5], [Number.MAX_SAFE_INTEGER + 2]])('refuses the XRP tag %d given as a number', (tag) => {
    expect(problemOf(checkDestination('XRP', XRP, tag), 'tag').code).toBe('tag-format');
  });

  it('is refused for a currency that takes none', () => {
    expect(problemOf(checkDestination('BTC', BTC, '123'), 'tag')).toMatchObject({ code: 'tag-unused', message: expect.stringContaining('BTC takes no tag or memo') });
    expect(checkDestination('BTC', BTC, '')).toMatchObject({ ok: true, tag: null });
  });

  it('is checked with the address: both problems come back at once', () => {
    const check = checkDestination('XRP', 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYf', '4294967296');
    expect(check.ok ? [] : check.problems.map((p) => [p.field, p.code])).toEqual([
      ['address', 'checksum'],
      ['tag', 'tag-range'],
    ]);
  });
});

describe('a currency the console has no rules for', () => {
  it('takes plain text, and says that only that was checked', () => {
    expect(noticeInEnglish(checkDestination('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', null))).toEqual({
      ok: true,
      network: null,
      checksum: 'unchecked',
      tag: null,
      notice: 'The console has no address rules for DOGE, so it checked only that the address is plain text: compare it with its source character by character before you send.',
    });
    expect(checkDestination('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', null).ok).toBe(true);
  });

  it('refuses punctuation no address is expected to have', () => {
    expect(problemOf(checkDestination('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L/x', null))).toMatchObject({ code: 'character', position: 35 });
  });

  it('takes a memo as plain text, spaces inside allowed, and nothing hidden', () => {
    expect(checkDestination('XLM', 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ', 'order 17')).toMatchObject({ ok: true, tag: 'order 17' });
    expect(problemOf(checkDestination('XLM', 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ', 'order\u200b17'), 'tag')).toMatchObject({ code: 'character', position: 6 });
    expect(problemOf(checkDestination('XLM', 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ', 'order 17 '), 'tag').code).toBe('tag-format');
    expect(problemOf(checkDestination('XLM', 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ', 'm'.repeat(129)), 'tag').code).toBe('tag-format');
  });
});

/** The same 20 bytes in each network's form. */
const hash160 = fc.uint8Array({ minLength: 20, maxLength: 20 });
const withVersion = (version: number, bytes: Uint8Array) => Uint8Array.from([version, ...bytes]);

const FORMS: Array<{ label: string; currency: string; tag: string | null; make: (bytes: Uint8Array) => string; alphabet: string; from: number }> = [
  { label: 'Bitcoin bc1q', currency: 'BTC', tag: null, make: (b) => encodeSegwit('bc', 0, b), alphabet: 'qpzry9x8gf2tvdw0s3jn54khce6mua7l', from: 3 },
  { label: 'Bitcoin bc1p', currency: 'BTC', tag: null, make: (b) => encodeSegwit('bc', 1, Uint8Array.from([...b, ...b.subarray(0, 12)])), alphabet: 'qpzry9x8gf2tvdw0s3jn54khce6mua7l', from: 3 },
  { label: 'Litecoin ltc1q', currency: 'LTC', tag: null, make: (b) => encodeSegwit('ltc', 0, b), alphabet: 'qpzry9x8gf2tvdw0s3jn54khce6mua7l', from: 4 },
  { label: 'Bitcoin 1', currency: 'BTC', tag: null, make: (b) => encodeBase58Check(withVersion(0x00, b), 'bitcoin'), alphabet: '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', from: 1 },
  { label: 'Litecoin L', currency: 'LTC', tag: null, make: (b) => encodeBase58Check(withVersion(0x30, b), 'bitcoin'), alphabet: '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', from: 1 },
  { label: 'Tron', currency: 'TRX', tag: null, make: (b) => encodeBase58Check(withVersion(0x41, b), 'bitcoin'), alphabet: '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', from: 1 },
  { label: 'XRP', currency: 'XRP', tag: '7', make: (b) => encodeBase58Check(withVersion(0x00, b), 'xrp'), alphabet: 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz', from: 1 },
];

describe('every corruption of a good address is refused, at its place', () => {
  it.each(FORMS)('$label: good addresses pass', ({ currency, tag, make }) => {
    fc.assert(
      fc.property(hash160, (bytes) => {
        expect(checkDestination(currency, make(bytes), tag)).toMatchObject({ ok: true, checksum: 'verified' });
      }),
      { numRuns: 50 },
    );
  });

  it.each(FORMS)('$label: one character changed is refused, and named', ({ currency, tag, make, alphabet, from }) => {
    fc.assert(
      fc.property(hash160, fc.nat(), fc.nat(), (bytes, at, pick) => {
        const good = make(bytes);
        const index = from + (at % (good.length - from));
        const others = [...alphabet].filter((c) => c.toLowerCase() !== good[index]?.toLowerCase());
        const bad = good.slice(0, index) + others[pick % others.length] + good.slice(index + 1);
        const problem = problemOf(checkDestination(currency, bad, tag));
        // A change in the version part of a segwit address can leave a well-formed address of the wrong kind.
        expect(['checksum', 'malformed', 'prefix']).toContain(problem.code);
        if (problem.code === 'checksum') expect(problem.position).toBe(index + 1);
      }),
      { numRuns: 25 },
    );
  });

  it.each(FORMS)('$label: two neighbours swapped are refused, and named', ({ currency, tag, make, from }) => {
    fc.assert(
      fc.property(hash160, fc.nat(), (bytes, at) => {
        const good = make(bytes);
        const index = from + (at % (good.length - from - 1));
        fc.pre(good[index] !== good[index + 1]);
        const bad = good.slice(0, index) + good[index + 1] + good[index] + good.slice(index + 2);
        const problem = problemOf(checkDestination(currency, bad, tag));
        expect(problem.code).toBe('checksum');
        expect(problem.position).toBe(index + 1);
      }),
      { numRuns: 15 },
    );
  });

  it.each(FORMS)('$label: a character left out is refused', ({ currency, tag, make, from }) => {
    fc.assert(
      fc.property(hash160, fc.nat(), (bytes, at) => {
        const good = make(bytes);
        const index = from + (at % (good.length - from));
        const problem = problemOf(checkDestination(currency, good.slice(0, index) + good.slice(index + 1), tag));
        expect(['checksum', 'length', 'malformed']).toContain(problem.code);
      }),
      { numRuns: 10 },
    );
  });

  it('Ethereum: one letter\'s case flipped is refused, and named', () => {
    fc.assert(
      fc.property(hash160, fc.nat(), (bytes, at) => {
        const good = toChecksumAddress(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
        const letters = [...good].flatMap((c, i) => (i >= 2 && /[a-fA-F]/.test(c) ? [i] : []));
        const body = good.slice(2);
        fc.pre(body !== body.toLowerCase() && body !== body.toUpperCase() && letters.length > 1);
        expect(checkDestination('ETH', good, null)).toMatchObject({ ok: true, checksum: 'verified' });
        const index = letters[at % letters.length] ?? 2;
        const c = good[index] ?? '';
        const flipped = good.slice(0, index) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + good.slice(index + 1);
        const rest = flipped.slice(2);
        fc.pre(rest !== rest.toLowerCase() && rest !== rest.toUpperCase());
        expect(problemOf(checkDestination('ETH', flipped, null))).toMatchObject({ code: 'checksum', position: index + 1 });
      }),
      { numRuns: 50 },
    );
  });
});

describe('a destination problem in German and French', () => {
  it('words a checksum problem with its characters in place', () => {
    const check = checkDestination('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNNV2', null);
    const message = check.ok ? '' : (check.problems[0]?.message ?? '');
    expect(wordRule(wordsFor('de'), message)).toBe(
      'Die Zeichen 32 und 33 („N“ und „V“) scheinen vertauscht zu sein: Die Prüfsumme der Adresse stimmt nicht. Kopieren Sie die Adresse erneut aus ihrer Quelle; korrigieren Sie sie nicht von Hand.',
    );
    expect(wordRule(wordsFor('fr'), message)).toBe(
      'Les caractères 32 et 33 (« N » et « V ») semblent intervertis : la somme de contrôle de l’adresse ne correspond pas. Copiez à nouveau l’adresse depuis sa source ; ne la corrigez pas à la main.',
    );
  });

  it.each([
    ['a space at the start', 'BTC', ` ${BTC}`, null, 'address', {
      de: 'Zeichen 1 der Adresse ist ein Leerzeichen: Ein solches Zeichen kommt in keiner Adresse vor. Entfernen Sie es (es ist womöglich mit der Kopie gekommen).',
      fr: 'Le caractère 1 de l’adresse est un espace, qu’aucune adresse ne contient. Supprimez-le (il est peut-être venu avec la copie).',
    }],
    ['an invisible character inside', 'BTC', 'bc1qw508d6qejx\u200btdg4y5r3zarvary0c5xw7kv8f3t4', null, 'address', {
      de: 'Zeichen 15 der Adresse ist ein unsichtbares Zeichen (U+200B): Ein solches Zeichen kommt in keiner Adresse vor.',
      fr: 'Le caractère 15 de l’adresse est un caractère invisible (U+200B), qu’aucune adresse ne contient.',
    }],
    ['a letter in a destination tag', 'XRP', XRP, '7a', 'tag', {
      de: 'Zeichen 2 des Tags („a“) ist keine Ziffer: Ein Destination Tag ist eine ganze Zahl.',
      fr: 'Le caractère 2 du tag (« a ») n’est pas un chiffre : un destination tag est un nombre entier.',
    }],
    ['a destination tag too large', 'XRP', XRP, '4294967296', 'tag', {
      de: 'Der Destination Tag ist höchstens 4294967295; 4294967296 ist mehr. Prüfen Sie ihn mit dem Empfänger.',
      fr: 'Le destination tag vaut au plus 4294967295 ; 4294967296 est plus grand. Vérifiez-le auprès du destinataire.',
    }],
    ['a tag for a currency that takes none', 'BTC', BTC, '123', 'tag', { de: /^BTC nimmt weder Tag noch Memo an: Lassen Sie das Feld leer\./, fr: /^BTC ne prend ni tag ni mémo : laissez le champ vide\./ }],
  ] as const)('words %s in the sentence’s language', (_what, currency, address, tag, field, words) => {
    expectWorded(checkDestination(currency, address, tag), words, field);
  });

  it('words the notice of a currency without rules', () => {
    const unchecked = checkDestination('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', null);
    expect(unchecked.ok && wordRule(wordsFor('de'), unchecked.notice ?? '')).toBe(
      'Die Konsole hat keine Adressregeln für DOGE und hat daher nur geprüft, dass die Adresse einfacher Text ist: Vergleichen Sie sie vor dem Senden Zeichen für Zeichen mit ihrer Quelle.',
    );
    expect(unchecked.ok && wordRule(wordsFor('fr'), unchecked.notice ?? '')).toMatch(/^La console n’a pas de règles d’adresse pour DOGE/);
  });
});
