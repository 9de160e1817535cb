import { addDecimals, compareDecimals, currencyPlaces, decimalPlaces, isInputDecimal, isZero, subtractDecimals } from '../money/index.ts';
import { ruleMessage } from '../i18n/rule-message.ts';
import { CURRENCY_RULES } from './currencies.ts';
import { checkDestination } from './destination.ts';

/**
 * The back office's mass payout CSV (docs/withdrawals.md, "Payouts in bulk"): one header line,
 * exactly `Address,Tag,Currency,Amount,Note`, then at most 500 rows. Read and checked here, by the
 * one checker the renderer shows and main runs again before anything is drafted: each row's
 * address and tag (checkDestination), its currency, its amount (a plain decimal with at most the
 * currency's places, above zero, at least the currency's minimum when known), and each currency's
 * total against its balance when balances are given. Nothing is trimmed, rounded or guessed: what
 * is checked is what is drafted.
 */

export const PAYOUT_CSV_HEADER = ['Address', 'Tag', 'Currency', 'Amount', 'Note'] as const;
export const MAX_PAYOUT_ROWS = 500;
/** A note is the file's own (checked, never sent nor kept: docs/withdrawals.md); it is at most this long. */
export const MAX_PAYOUT_NOTE = 255;

export type PayoutRow = {
  /** 1-based, counting the rows after the header. */
  row: number;
  /** The file's line the row starts on (1-based; the header is line 1). */
  line: number;
  address: string;
  tag: string | null;
  currency: string;
  amount: string;
  note: string | null;
};

export type PayoutField = 'file' | 'address' | 'tag' | 'currency' | 'amount' | 'note';

export type PayoutProblemCode =
  | 'empty'
  | 'header'
  | 'too-many-rows'
  | 'quote'
  | 'columns'
  | 'destination'
  | 'currency'
  | 'amount'
  | 'places'
  | 'minimum'
  | 'balance'
  | 'note';

export type PayoutProblem = {
  /** The row (as PayoutRow.row) the problem is in; null for the file as a whole. */
  row: number | null;
  line: number | null;
  field: PayoutField;
  code: PayoutProblemCode;
  message: string;
};

export type PayoutCurrency = {
  /** Decimal places the currency takes; by its code (shared/money/precision.ts) when left out. */
  places?: number;
  /** The least amount the service pays out, as decimal text, when known. */
  minimum?: string;
};

export type PayoutCheckOptions = {
  /** The currencies known to the console (the service's list); CURRENCY_RULES' codes when left out. */
  currencies?: Readonly<Record<string, PayoutCurrency>>;
  /** Each currency's available balance as decimal text: a currency's total may not exceed it; a currency absent here has none. */
  balances?: Readonly<Record<string, string>>;
  /** Test-network addresses are taken (a profile on the service's sandbox host only). */
  testnets?: boolean;
};

export type PayoutCheck = {
  ok: boolean;
  /** Every row read (the good and the bad), in file order. */
  rows: PayoutRow[];
  /** Every problem, the file's first, then by row. */
  problems: PayoutProblem[];
  /** The total of each currency over the rows, as decimal text (rows with a bad amount left out). */
  totals: Record<string, string>;
};

type Record_ = { line: number; fields: string[] };

/** RFC 4180 records: quotes around a field, "" inside one, CRLF or LF line ends; a stray quote is a problem (a rule's message). */
export function parseCsvRecords(text: string): { records: Record_[]; problem: { line: number; message: string } | null } {
  const records: Record_[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  if (text.startsWith('\uFEFF')) i = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= n) return { records, problem: { line: start, message: ruleMessage('rules.payout.quoteNotClosed', { line: start }) } };
          const c = text[i] as string;
          if (c === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (c === '\n') line += 1;
          field += c;
          i += 1;
        }
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\n' && !(next === '\r' && text[i + 1] === '\n')) {
          return { records, problem: { line, message: ruleMessage('rules.payout.quoteThenText', { line }) } };
        }
      } else {
        while (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          if (text[i] === '"') return { records, problem: { line, message: ruleMessage('rules.payout.quoteInside', { line }) } };
          field += text[i];
          i += 1;
        }
      }
      fields.push(field);
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') {
      i += 1;
      line += 1;
    }
    // A blank line (one empty field) is no record: files often end with one or two.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
  }
  return { records, problem: null };
}

const fileProblem = (code: PayoutProblemCode, message: string, line: number | null = null): PayoutProblem => ({ row: null, line, field: 'file', code, message });

/** Reads and checks a payout CSV: the rows with every problem by row (docs/withdrawals.md, "Payouts in bulk"). */
export function checkPayoutCsv(text: string, options: PayoutCheckOptions = {}): PayoutCheck {
  const empty = (problems: PayoutProblem[]): PayoutCheck => ({ ok: false, rows: [], problems, totals: {} });
  const { records, problem } = parseCsvRecords(text);
  if (problem) return empty([fileProblem('quote', problem.message, problem.line)]);
  const [header, ...body] = records;
  if (!header) return empty([fileProblem('empty', ruleMessage('rules.payout.empty'))]);
  if (header.fields.join(',') !== PAYOUT_CSV_HEADER.join(',')) {
    return empty([fileProblem('header', ruleMessage('rules.payout.header', { header: PAYOUT_CSV_HEADER.join(','), found: JSON.stringify(header.fields.join(',')) }), header.line)]);
  }
  if (body.length === 0) return empty([fileProblem('empty', ruleMessage('rules.payout.noRows'), header.line)]);
  if (body.length > MAX_PAYOUT_ROWS) return empty([fileProblem('too-many-rows', ruleMessage('rules.payout.tooManyRows', { max: MAX_PAYOUT_ROWS, count: body.length }))]);

  const known = options.currencies ?? CURRENCY_RULES;
  const problems: PayoutProblem[] = [];
  const rows: PayoutRow[] = [];
  const totals: Record<string, string> = {};
  const goodAmount = new Set<number>();
  body.forEach((record, index) => {
    const row = index + 1;
    const at = (field: PayoutField, code: PayoutProblemCode, message: string) => problems.push({ row, line: record.line, field, code, message });
    const [address = '', tag = '', currency = '', amount = '', note = ''] = record.fields;
    const payout: PayoutRow = { row, line: record.line, address, tag: tag === '' ? null : tag, currency, amount, note: note === '' ? null : note };
    rows.push(payout);
    if (record.fields.length !== PAYOUT_CSV_HEADER.length) {
      at('file', 'columns', ruleMessage('rules.payout.columns', { row, line: record.line, count: record.fields.length, expected: PAYOUT_CSV_HEADER.length, header: PAYOUT_CSV_HEADER.join(',') }));
      return;
    }
    const currencyKnown = currency !== '' && Object.hasOwn(known, currency);
    if (!currencyKnown) {
      at('currency', 'currency', currency === '' ? ruleMessage('rules.payout.currencyEmpty') : ruleMessage('rules.payout.currencyUnknown', { currency: JSON.stringify(currency) }));
    } else {
      const destination = checkDestination(currency, address, payout.tag, { testnets: options.testnets ?? false });
      if (!destination.ok) for (const p of destination.problems) at(p.field, 'destination', p.message);
    }
    const terms: PayoutCurrency = currencyKnown ? ((known as Readonly<Record<string, PayoutCurrency>>)[currency] ?? {}) : {};
    if (!isInputDecimal(amount)) {
      at('amount', 'amount', amount === '' ? ruleMessage('rules.payout.amountEmpty') : ruleMessage('rules.payout.amountPlain', { amount: JSON.stringify(amount) }));
    } else if (isZero(amount)) {
      at('amount', 'amount', ruleMessage('rules.payout.amountZero'));
    } else if (currencyKnown) {
      const places = terms.places ?? currencyPlaces(currency);
      if (decimalPlaces(amount) > places) at('amount', 'places', ruleMessage('rules.payout.places', { currency, places, amount, count: decimalPlaces(amount) }));
      else if (terms.minimum !== undefined && compareDecimals(amount, terms.minimum) < 0) at('amount', 'minimum', ruleMessage('rules.payout.minimum', { amount, currency, minimum: terms.minimum }));
      else goodAmount.add(row);
    }
    if (note.length > MAX_PAYOUT_NOTE) at('note', 'note', ruleMessage('rules.payout.noteMax', { max: MAX_PAYOUT_NOTE, count: note.length }));
    // eslint-disable-next-line no-control-regex
    else if (/[\u0000-\u001f\u007f]/.test(note)) at('note', 'note', ruleMessage('rules.payout.noteControl'));
  });
  for (const payout of rows) {
    if (!goodAmount.has(payout.row)) continue;
    const total = addDecimals(totals[payout.currency] ?? '0', payout.amount);
    totals[payout.currency] = total;
    if (options.balances) {
      const balance = options.balances[payout.currency] ?? '0';
      const before = compareDecimals(subtractDecimals(total, payout.amount), balance) > 0;
      // Said once per currency, at the row where its running total first goes past the balance.
      if (!before && compareDecimals(total, balance) > 0) {
        problems.push({
          row: payout.row,
          line: payout.line,
          field: 'amount',
          code: 'balance',
          message: ruleMessage('rules.payout.balance', { currency: payout.currency, balance }),
        });
      }
    }
  }
  problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { ok: problems.length === 0, rows, problems, totals };
}
