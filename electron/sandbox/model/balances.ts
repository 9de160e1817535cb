import { addDecimals, compareDecimals, Decimal, padDecimal } from '../../../shared/money/index.ts';
import { depositCredit } from './address-deposits.ts';
import { depositNet } from './invoice-payments.ts';
import { CATALOGUE } from './market.ts';
import type { CurrencyKind } from './market.ts';
import type { DepositRecord, ExchangeRecord, SandboxData, TransactionRecord, WithdrawalRecord } from './types.ts';

/**
 * The merchant's balances (docs/service-interface.md, "accounts/list"), one per currency of the
 * catalogue, zeros included. They are not stored: each is the opening balance plus every movement
 * of the merchant's own records, worked out when read, so the sums can always be checked against
 * the records (and a saved state needs nothing new). What the sandbox chose:
 *
 *  - every merchant opens with OPENING_BALANCES;
 *  - a payment into a taken address credits what arrived less its fees, in the currency it was
 *    converted into on arrival when the address has convert_to (model/address-deposits.ts);
 *  - a paid invoice credits what arrived less its fees (amount_minus_fee), converted into the
 *    invoice's currency at the rate fixed for the payment when it was paid in another; a payment
 *    short of a fill-or-kill invoice credits nothing (it is rejected and refunded);
 *  - an exchange takes its sender amount and its fee from the sender currency's balance and adds
 *    its receiver amount to the receiver currency's;
 *  - a withdrawal takes its amount from the balance it is paid from (with convert_to, the amount
 *    converted, as its currency_sent shows it) and its mining fee from its own currency's, as its
 *    fees show it; one held over its merchant's limit takes them while pending too, and one
 *    declined gives them back (withdrawal-holds.ts);
 *  - the preloaded examples are history from before the opening balances, and move nothing.
 * So every movement is a figure transactions/info shows. Exchanges and withdrawals that a balance
 * they take from cannot cover are refused (the endpoints, with `uncovered`).
 */

const OPENING_BALANCES: Readonly<Record<string, string>> = {
  BTC: '1.25',
  ETH: '18.5',
  XRP: '15000',
  USDTTRC20: '25000',
  EUR: '50000',
  USD: '20000',
};

/** One change of one balance, with the record that made it. */
type Movement = { transactionId: number; currency: string; amount: string };

export type Balance = { currency: string; type: CurrencyKind; balance: string };

function depositMovements(data: SandboxData, d: DepositRecord): Movement[] {
  if (d.underpaid) return [];
  if (d.invoiceId === null) return [{ transactionId: d.id, ...depositCredit(d) }];
  const net = depositNet(d);
  const invoice = data.invoices.find((i) => i.id === d.invoiceId);
  const required = invoice?.payments.find((p) => p.transactionId === d.id)?.required;
  if (!invoice || invoice.currency === d.currency || required === undefined || compareDecimals(required, '0') <= 0) {
    return [{ transactionId: d.id, currency: d.currency, amount: net }];
  }
  // At the payment's own rate: `required` of d.currency stood for the invoice's whole amount.
  const converted = new Decimal(net).times(invoice.amount).div(required).round(8, Decimal.roundDown).toFixed(8);
  return [{ transactionId: d.id, currency: invoice.currency, amount: converted }];
}

/** An amount a balance gives up. */
export type Debit = { currency: string; amount: string };

/** What an exchange takes: its sender amount, and its fee. */
export function exchangeDebits(o: Pick<ExchangeRecord, 'senderCurrency' | 'senderAmount' | 'feeCurrency' | 'feeAmount'>): Debit[] {
  return [
    { currency: o.senderCurrency, amount: o.senderAmount },
    { currency: o.feeCurrency, amount: o.feeAmount },
  ];
}

/**
 * What a withdrawal takes: its amount, from the balance it is paid from (`paidFrom`: with
 * convert_to, that currency and the amount converted), and its mining fee in its own currency.
 */
export function withdrawalDebits(w: Pick<WithdrawalRecord, 'currency' | 'amount' | 'miningFee'>, paidFrom: Debit | null): Debit[] {
  return [paidFrom ?? { currency: w.currency, amount: w.amount }, { currency: w.currency, amount: w.miningFee }];
}

const negated = (transactionId: number) => (debit: Debit): Movement => ({ transactionId, currency: debit.currency, amount: `-${debit.amount}` });

/** The movements of one record. */
function movementsOf(data: SandboxData, record: TransactionRecord): Movement[] {
  switch (record.kind) {
    case 'static':
      return [];
    case 'deposit':
      return depositMovements(data, record);
    case 'exchange':
      return [...exchangeDebits(record).map(negated(record.id)), { transactionId: record.id, currency: record.receiverCurrency, amount: record.receiverAmount }];
    case 'withdrawal':
      // A declined withdrawal gives its balance back: it moved nothing.
      return record.hold?.decision === 'declined' ? [] : withdrawalDebits(record, record.exchange).map(negated(record.id));
  }
}

/** Every balance of the merchant, in the catalogue's order, with 8 places as the service writes them. */
export function balancesOf(data: SandboxData, merchantKey: string): Balance[] {
  const totals = new Map(CATALOGUE.map((c) => [c.code, OPENING_BALANCES[c.code] ?? '0']));
  for (const record of data.transactions) {
    if (record.merchantKey !== merchantKey) continue;
    for (const move of movementsOf(data, record)) totals.set(move.currency, addDecimals(totals.get(move.currency) ?? '0', move.amount));
  }
  return CATALOGUE.map((c) => ({ currency: c.code, type: c.kind, balance: padDecimal(totals.get(c.code) ?? '0') }));
}

/** The first currency whose balance does not cover what `debits` take of it, or null when all do. */
export function uncovered(balances: readonly Balance[], debits: readonly Debit[]): { currency: string; balance: string; needed: string } | null {
  const needs = new Map<string, string>();
  for (const { currency, amount } of debits) needs.set(currency, addDecimals(needs.get(currency) ?? '0', amount));
  for (const [currency, needed] of needs) {
    const balance = balances.find((b) => b.currency === currency)?.balance ?? '0';
    if (compareDecimals(balance, needed) < 0) return { currency, balance, needed: padDecimal(needed) };
  }
  return null;
}
