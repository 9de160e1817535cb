import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordRule, wordsFor } from '../i18n/index.ts';
import { inEnglish } from '../i18n/testing/in-english.ts';
import { checkPayoutCsv, MAX_PAYOUT_ROWS, parseCsvRecords } from './index.ts';
import type { PayoutCheck } from './index.ts';

const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const XRP = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const HEADER = 'Address,Tag,Currency,Amount,Note';
const file = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';
const GOOD = `${BTC},,BTC,0.001,Invoice 7`;

/** The one problem of a one-problem check. */
function only(check: PayoutCheck) {
  expect(check.ok, JSON.stringify(check)).toBe(false);
  expect(check.problems, JSON.stringify(check.problems)).toHaveLength(1);
  return check.problems[0];
}

describe('a payout CSV', () => {
  it('reads good rows in file order, with their totals per currency', () => {
    const check = checkPayoutCsv(file(GOOD, `${XRP},7,XRP,12.5,`, `${BTC},,BTC,0.002,"Refund, order ""9"""`));
    expect(check.ok, JSON.stringify(check.problems)).toBe(true);
    expect(check.rows.map((r) => [r.row, r.line, r.currency, r.amount, r.tag, r.note])).toEqual([
      [1, 2, 'BTC', '0.001', null, 'Invoice 7'],
      [2, 3, 'XRP', '12.5', '7', null],
      [3, 4, 'BTC', '0.002', null, 'Refund, order "9"'],
    ]);
    expect(check.totals).toEqual({ BTC: '0.003', XRP: '12.5' });
  });

  it('takes CRLF line ends and a byte order mark', () => {
    expect(checkPayoutCsv(`\uFEFF${HEADER}\r\n${GOOD}\r\n`).ok).toBe(true);
  });

  it.each([
    ['', 'empty'],
    [`${HEADER}\n`, 'empty'],
    [`Address,Tag,Currency,Amount\n${GOOD}\n`, 'header'],
    [`address,tag,currency,amount,note\n${GOOD}\n`, 'header'],
    [`Address, Tag,Currency,Amount,Note\n${GOOD}\n`, 'header'],
    [file(`${BTC},,BTC,"0.001,x`), 'quote'],
    [file(`${BTC},,BTC,0.0"01,x`), 'quote'],
    [file(`${BTC},,BTC,"0.001"x,y`), 'quote'],
  ])('refuses the file %j as a whole (%s)', (text, code) => {
    expect(only(checkPayoutCsv(text))).toMatchObject({ row: null, field: 'file', code });
  });

  it(`refuses more than ${MAX_PAYOUT_ROWS} rows, and takes ${MAX_PAYOUT_ROWS}`, () => {
    expect(checkPayoutCsv(file(...Array.from({ length: MAX_PAYOUT_ROWS }, () => GOOD))).ok).toBe(true);
    expect(only(checkPayoutCsv(file(...Array.from({ length: MAX_PAYOUT_ROWS + 1 }, () => GOOD))))).toMatchObject({ code: 'too-many-rows' });
  });

  it.each([
    ['too few columns', `${BTC},,BTC,0.001`, 'file', 'columns'],
    ['too many columns', `${BTC},,BTC,0.001,x,y`, 'file', 'columns'],
    ['an unknown currency', `${BTC},,DOGEX,0.001,`, 'currency', 'currency'],
    ['a currency in small letters', `${BTC},,btc,0.001,`, 'currency', 'currency'],
    ['no currency', `${BTC},,,0.001,`, 'currency', 'currency'],
    ['a bad checksum', `${BTC.slice(0, -1)}5,,BTC,0.001,`, 'address', 'destination'],
    ['a space before the address', ` ${BTC},,BTC,0.001,`, 'address', 'destination'],
    ['no address', `,,BTC,0.001,`, 'address', 'destination'],
    ['another network’s address', `0x52908400098527886E0F7030069857D2E4169EE7,,BTC,0.001,`, 'address', 'destination'],
    ['an XRP row without its tag', `${XRP},,XRP,1,`, 'tag', 'destination'],
    ['an XRP tag with letters', `${XRP},7a,XRP,1,`, 'tag', 'destination'],
    ['a tag for BTC', `${BTC},7,BTC,0.001,`, 'tag', 'destination'],
    ['no amount', `${BTC},,BTC,,`, 'amount', 'amount'],
    ['an amount of zero', `${BTC},,BTC,0.000,`, 'amount', 'amount'],
    ['a negative amount', `${BTC},,BTC,-1,`, 'amount', 'amount'],
    ['an exponent', `${BTC},,BTC,1e-3,`, 'amount', 'amount'],
    ['a thousands separator', `${BTC},,BTC,"1,000",`, 'amount', 'amount'],
    ['a decimal comma', `${BTC},,BTC,"0,001",`, 'amount', 'amount'],
    ['a space in the amount', `${BTC},,BTC, 0.001,`, 'amount', 'amount'],
    ['nine places for BTC', `${BTC},,BTC,0.000000001,`, 'amount', 'places'],
    ['a note over 255 characters', `${BTC},,BTC,0.001,${'n'.repeat(256)}`, 'note', 'note'],
    ['a note with a line break', `${BTC},,BTC,0.001,"two\nlines"`, 'note', 'note'],
  ])('refuses a row with %s, by its row and field', (_label, row, field, code) => {
    const check = checkPayoutCsv(file(GOOD, row));
    expect(only(check)).toMatchObject({ row: 2, line: 3, field, code });
    expect(check.rows).toHaveLength(2);
  });

  it('refuses places past a currency’s own, when the list gives them', () => {
    const currencies = { EUR: { places: 2 }, BTC: {} };
    expect(checkPayoutCsv(file(`${BTC},,BTC,0.00000001,`), { currencies }).ok).toBe(true);
    expect(only(checkPayoutCsv(file(`${BTC},,BTC,0.001,`), { currencies: { EUR: { places: 2 } } }))).toMatchObject({ code: 'currency' });
    expect(only(checkPayoutCsv(file(`${BTC},,BTC,0.001,`), { currencies: { BTC: { places: 2 } } }))).toMatchObject({ row: 1, code: 'places' });
  });

  it('refuses an amount below the currency’s minimum, and takes the minimum itself', () => {
    const currencies = { BTC: { minimum: '0.0005' } };
    expect(checkPayoutCsv(file(`${BTC},,BTC,0.0005,`), { currencies }).ok).toBe(true);
    expect(only(checkPayoutCsv(file(`${BTC},,BTC,0.0004,`), { currencies }))).toMatchObject({ row: 1, field: 'amount', code: 'minimum' });
  });

  it('refuses a currency’s rows once their total passes its balance, at the row where it does', () => {
    const rows = [`${BTC},,BTC,0.4,`, `${XRP},1,XRP,5,`, `${BTC},,BTC,0.6,`, `${BTC},,BTC,0.1,`];
    expect(checkPayoutCsv(file(...rows.slice(0, 3)), { balances: { BTC: '1', XRP: '5' } }).ok).toBe(true);
    const over = checkPayoutCsv(file(...rows), { balances: { BTC: '1', XRP: '5' } });
    expect(only(over)).toMatchObject({ row: 4, field: 'amount', code: 'balance' });
    expect(over.totals).toEqual({ BTC: '1.1', XRP: '5' });
    // A currency without a balance has none.
    expect(only(checkPayoutCsv(file(rows[1] as string), { balances: { BTC: '1' } }))).toMatchObject({ row: 1, code: 'balance' });
  });

  it('reports every bad row, each under its own number, in row order', () => {
    const check = checkPayoutCsv(file(`${BTC},,BTC,x,`, GOOD, `${BTC},,ZZZ,1,`, `${XRP},,XRP,1,`));
    expect(check.problems.map((p) => [p.row, p.field])).toEqual([
      [1, 'amount'],
      [3, 'currency'],
      [4, 'tag'],
    ]);
  });
});

describe('the CSV reader', () => {
  const cell = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', ' ', '1', 'é'), maxLength: 8 });
  const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

  it('reads what csv-parse reads, for any fields written as RFC 4180 writes them', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 6 }), fc.boolean(), (table, crlf) => {
        const text = table.map((fields) => fields.map(quoted).join(',')).join(crlf ? '\r\n' : '\n');
        const ours = parseCsvRecords(text);
        expect(ours.problem).toBeNull();
        expect(ours.records.map((r) => r.fields)).toEqual(parse(text, { relax_column_count: true }) as string[][]);
      }),
    );
  });

  it('counts lines inside quoted fields', () => {
    expect(parseCsvRecords('a\n"b\nc",d\ne').records.map((r) => r.line)).toEqual([1, 2, 4]);
  });
});

describe('a payout file’s problems in German and French', () => {
  it('words a row’s problem with its values in place', () => {
    const message = only(checkPayoutCsv(file(`${BTC},,BTC,0,`)))?.message ?? '';
    expect(inEnglish(message)).toBe('The amount must be greater than 0.');
    expect(wordRule(wordsFor('de'), message)).toBe('Der Betrag muss größer als 0 sein.');
    expect(wordRule(wordsFor('fr'), message)).toBe('Le montant doit être supérieur à 0.');
    const columns = only(checkPayoutCsv(file(`${BTC},,BTC,0.001`)))?.message ?? '';
    expect(inEnglish(columns)).toBe('Row 1 (line 2) has 4 columns; every row has 5 (Address,Tag,Currency,Amount,Note).');
    expect(wordRule(wordsFor('de'), columns)).toBe('Zeile 1 (Dateizeile 2) hat 4 Spalten; jede Zeile hat 5 (Address,Tag,Currency,Amount,Note).');
  });

  it('words a header that is not the back office’s, keeping the English as it was', () => {
    const header = only(checkPayoutCsv(`Address,Tag,Currency,Amount\n${GOOD}\n`))?.message ?? '';
    expect(inEnglish(header)).toBe('The first line must be exactly Address,Tag,Currency,Amount,Note (the back office\'s mass payout file); it is "Address,Tag,Currency,Amount".');
    expect(wordRule(wordsFor('de'), header)).toBe(
      'Die erste Zeile der Datei muss genau Address,Tag,Currency,Amount,Note lauten (die Sammelauszahlungsdatei des Back Office); sie lautet "Address,Tag,Currency,Amount".',
    );
    expect(wordRule(wordsFor('fr'), header)).toBe(
      'La première ligne du fichier doit être exactement Address,Tag,Currency,Amount,Note (le fichier de paiement de masse du back-office) ; elle est "Address,Tag,Currency,Amount".',
    );
  });

  it('words a stray quote by its line', () => {
    const inside = only(checkPayoutCsv(file(`${BTC},,BTC,0.0"01,x`)))?.message ?? '';
    expect(inEnglish(inside)).toBe('Line 2: a quote inside an unquoted field; quote the whole field and write the quote as "".');
    expect(wordRule(wordsFor('de'), inside)).toBe(
      'Dateizeile 2: Anführungszeichen in einem Feld ohne Anführungszeichen; setzen Sie das ganze Feld in Anführungszeichen und schreiben Sie das Anführungszeichen als "".',
    );
    expect(wordRule(wordsFor('fr'), inside)).toBe(
      'Ligne 2 du fichier : un guillemet dans un champ sans guillemets ; mettez tout le champ entre guillemets et écrivez le guillemet sous la forme "".',
    );
    const after = only(checkPayoutCsv(file(`${BTC},,BTC,"0.001"x,y`)))?.message ?? '';
    expect(inEnglish(after)).toBe('Line 2: text follows a closing quote; write a quote inside a field as "".');
    expect(wordRule(wordsFor('de'), after)).toMatch(/^Dateizeile 2: Auf ein schließendes Anführungszeichen folgt Text/);
    const open = only(checkPayoutCsv(file(`${BTC},,BTC,"0.001,x`)))?.message ?? '';
    expect(inEnglish(open)).toBe('A quoted field opened on line 2 is never closed.');
    expect(wordRule(wordsFor('fr'), open)).toBe('Un champ entre guillemets ouvert à la ligne 2 du fichier n’est jamais fermé.');
  });

  it('words a row’s address problem, as the import shows it', () => {
    const message = only(checkPayoutCsv(file(`0x52908400098527886E0F7030069857D2E4169EE7,,BTC,0.001,`)))?.message ?? '';
    expect(inEnglish(message)).toBe('This looks like an Ethereum address. BTC is paid out on Bitcoin, to an address starting with bc1, 1 or 3.');
    expect(wordRule(wordsFor('de'), message)).toBe('Dies sieht nach einer Ethereum-Adresse aus. BTC wird über Bitcoin ausgezahlt, an eine Adresse, die mit bc1, 1 oder 3 beginnt.');
    expect(wordRule(wordsFor('fr'), message)).toBe('Ceci ressemble à une adresse Ethereum. BTC est versé sur Bitcoin, à une adresse commençant par bc1, 1 ou 3.');
  });
});
