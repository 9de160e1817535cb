import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../money/json.ts';
import { accountsAnswer, balance } from './accounts.ts';
import { currencyType } from './currency-type.ts';
import { exchangeOrder, exchangeOrderStatus, exchangeOrderType } from './exchange.ts';
import { invoice, invoiceStatus } from './invoice.ts';
import { isKnown, openEnum } from './wire.ts';
import { pair } from './pair.ts';
import { feeType, isKnownEntry, transaction, transactionAnswer, transactionStatus, transactionType } from './transaction.ts';

/*
 * Every list of values the service names (statuses, types, entry kinds, fee types) is open: a value
 * the console knows is read as that value, one it does not is kept as received and read as
 * unrecognised, and the rest of the answer is read as ever.
 */

describe('an open list of values', () => {
  const colour = openEnum(['red', 'green']);

  it('reads a known value as known, typed as one of the list', () => {
    const read = colour.read(colour.parse('red'));
    expect(read).toEqual({ known: true, value: 'red' });
    if (read.known) {
      const typed: 'red' | 'green' = read.value;
      expect(typed).toBe('red');
    }
  });

  it('keeps an unknown value exactly as received and reads it as unrecognised', () => {
    expect(colour.read(colour.parse('Red '))).toEqual({ known: false, value: 'Red ' });
    expect(colour.read(colour.parse(''))).toEqual({ known: false, value: '' });
    expect(colour.read(colour.parse('constructor'))).toEqual({ known: false, value: 'constructor' });
  });

  it('still refuses what is not text at all', () => {
    expect(colour.safeParse(3).success).toBe(false);
    expect(colour.safeParse(null).success).toBe(false);
  });

  it('narrows with isKnown', () => {
    expect(isKnown(colour.known, 'green')).toBe(true);
    expect(isKnown(colour.known, 'blue')).toBe(false);
  });
});

const deposit = {
  id: 5,
  type: 'deposit',
  status: 'confirmed',
  currency_sent: { currency: 'BTC', amount: '0.00300000' },
  fees: [{ type: 'mining', currency: 'BTC', amount: '0.00002000' }],
  transactions: [{ id: 9, currency: 'BTC', transaction_type: 'blockchain', type: 'deposit', amount: '0.00300000', txid: 'ab', riskscore: '0.1', confirmations: '9' }],
};

describe('a transaction (spec 2.1) with values beyond the spec', () => {
  it('reads an unknown status, kept as received and flagged, with every other field', () => {
    const tx = transaction.parse({ ...deposit, status: 'on_hold' });
    expect(tx.status).toBe('on_hold');
    expect(transactionStatus.read(tx.status)).toEqual({ known: false, value: 'on_hold' });
    expect(tx.currency_sent).toEqual({ currency: 'BTC', amount: '0.00300000' });
    expect(tx.transactions).toHaveLength(1);
  });

  it('reads the spelling the service once sent, Canceled, as unrecognised, not as cancelled', () => {
    expect(transactionStatus.read(transaction.parse({ ...deposit, status: 'Canceled' }).status)).toEqual({ known: false, value: 'Canceled' });
  });

  it('reads every status of the spec as known', () => {
    for (const status of ['cancelled', 'confirmed', 'declined', 'not_confirmed', 'pending']) {
      expect(transactionStatus.read(transaction.parse({ ...deposit, status }).status)).toEqual({ known: true, value: status });
    }
  });

  it('reads an unknown type as unrecognised and a known one as known', () => {
    expect(transactionType.read(transaction.parse({ ...deposit, type: 'withdrawal_instant' }).type ?? '')).toEqual({ known: false, value: 'withdrawal_instant' });
    expect(transactionType.read(transaction.parse(deposit).type ?? '')).toEqual({ known: true, value: 'deposit' });
  });

  it('reads an unknown fee type, the fee kept with its exact amount', () => {
    const tx = transaction.parse({ ...deposit, fees: [...deposit.fees, { type: 'fee_crypto_sell_for_fiat', currency: 'EUR', amount: '0.10' }] });
    expect(tx.fees.map((fee) => feeType.read(fee.type))).toEqual([
      { known: true, value: 'mining' },
      { known: false, value: 'fee_crypto_sell_for_fiat' },
    ]);
    expect(tx.fees[1]).toEqual({ type: 'fee_crypto_sell_for_fiat', currency: 'EUR', amount: '0.10' });
  });

  it('keeps an entry of an unknown transaction_type, flagged, with its amount and the on-chain fields it carries', () => {
    const answer = transactionAnswer.parse(
      parseJsonLossless(JSON.stringify({ ...deposit, transactions: [{ ...deposit.transactions[0], transaction_type: 'lightning', type: 'payout' }] })),
    );
    expect(answer.unreadable.transactions).toEqual([]);
    const [entry] = answer.transaction.transactions;
    expect(entry && isKnownEntry(entry)).toBe(false);
    expect(entry).toMatchObject({ id: 9, transaction_type: 'lightning', amount: '0.00300000', txid: 'ab', confirmations: 9 });
    expect(transactionType.read(entry?.type ?? '')).toEqual({ known: false, value: 'payout' });
  });

  it('reads an entry of a known kind by its kind, and still sets aside one that cannot be read, by its own field', () => {
    const answer = transactionAnswer.parse({
      ...deposit,
      transactions: [deposit.transactions[0], { ...deposit.transactions[0], amount: '1,5' }, { id: 3, currency: 'BTC', transaction_type: 'exchange', amount: '1' }],
    });
    const [entry] = answer.transaction.transactions;
    expect(entry && isKnownEntry(entry)).toBe(true);
    expect(answer.unreadable.transactions.map(({ index, field }) => ({ index, field }))).toEqual([
      { index: 1, field: 'amount' },
      { index: 2, field: 'currency_to' },
    ]);
  });

  it('crosses IPC unchanged: what was read reads again the same', () => {
    const tx = transaction.parse({ ...deposit, status: 'on_hold', transactions: [{ ...deposit.transactions[0], transaction_type: 'lightning' }] });
    expect(transaction.parse(tx)).toEqual(tx);
  });
});

const createdInvoice = {
  id: 1,
  url: 'https://pay.example.com/i/1',
  foreign_id: 'inv-1',
  title: 'Order 1',
  status: 'created',
  currency: 'EUR',
  amount: '10.00000000',
};

describe('an invoice (spec 2.2) with a status beyond the states seen', () => {
  it('reads an unknown status as unrecognised, the invoice whole', () => {
    const read = invoice.parse({ ...createdInvoice, status: 'expired' });
    expect(invoiceStatus.read(read.status)).toEqual({ known: false, value: 'expired' });
    expect(read.amount).toBe('10.00000000');
  });

  it('reads created, pending, processing, confirmed and failed as known', () => {
    for (const status of ['created', 'pending', 'processing', 'confirmed', 'failed']) {
      expect(invoiceStatus.read(invoice.parse({ ...createdInvoice, status }).status)).toEqual({ known: true, value: status });
    }
  });
});

const placedOrder = {
  id: 134704049,
  foreign_id: 'x-1',
  type: 'exchange',
  status: 'processing',
  sender_amount: '0.00300000',
  sender_currency: 'BTC',
  receiver_amount: '231.94279333',
  receiver_currency: 'EUR',
  fee_amount: '0.00015000',
  fee_currency: 'BTC',
  price: '77314.26444333',
};

describe('an exchange order (spec 2.4) with a type or status beyond the spec', () => {
  it('reads an unknown type and status as unrecognised, the order whole', () => {
    const read = exchangeOrder.parse({ ...placedOrder, type: 'exchange_now', status: 'queued' });
    expect(exchangeOrderType.read(read.type)).toEqual({ known: false, value: 'exchange_now' });
    expect(exchangeOrderStatus.read(read.status)).toEqual({ known: false, value: 'queued' });
    expect(read.receiver_amount).toBe('231.94279333');
  });

  it('reads exchange, processing and confirmed as known', () => {
    const read = exchangeOrder.parse(placedOrder);
    expect(exchangeOrderType.read(read.type)).toEqual({ known: true, value: 'exchange' });
    expect(exchangeOrderStatus.read(read.status)).toEqual({ known: true, value: 'processing' });
    expect(exchangeOrderStatus.read(exchangeOrder.parse({ ...placedOrder, status: 'confirmed' }).status)).toEqual({ known: true, value: 'confirmed' });
  });
});

describe("a pair's and a balance's currency type", () => {
  const side = (type: string) => ({ currency: 'BTC', type, min_amount: '0.0001' });

  it('reads crypto and fiat as known, any other as unrecognised, the pair whole', () => {
    const read = pair.parse({ currency_from: side('token'), currency_to: side('fiat'), rate_from: '1', rate_to: '2' });
    expect(currencyType.read(read.currency_from.type)).toEqual({ known: false, value: 'token' });
    expect(currencyType.read(read.currency_to.type)).toEqual({ known: true, value: 'fiat' });
    expect(read.rate_to).toBe('2');
  });

  it('keeps a balance of an unknown type in the list, unrecognised', () => {
    const answer = accountsAnswer.parse({ data: [{ currency: 'USDT', type: 'stablecoin', balance: '5' }, { currency: 'EUR', type: 'fiat', balance: '1' }] });
    expect(answer.data.unreadable).toEqual([]);
    expect(answer.data.items.map((item) => currencyType.read(item.type))).toEqual([
      { known: false, value: 'stablecoin' },
      { known: true, value: 'fiat' },
    ]);
    expect(currencyType.read(balance.parse({ currency: 'BTC', type: 'crypto', balance: '0' }).type)).toEqual({ known: true, value: 'crypto' });
  });
});
