import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { transactionAnswerOf } from '../../../shared/api/transaction.ts';
import { parseJsonNotingNumbers } from '../../../shared/money/json.ts';
import type { NumberKeys } from '../../../shared/money/json.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { TransactionResult } from './TransactionResult.tsx';
import { codeAddsToLabel } from '../../../shared/api/transaction-words.ts';
import type { Language } from '../../../shared/i18n/index.ts';

// A looked-up transaction as a clerk reads it: each amount at its currency's places, fees in one
// currency with the same places, and a type said once.

function resultText(raw: string, language: Language = 'en'): string {
  const numbers: NumberKeys = new WeakMap();
  const read = transactionAnswerOf(numbers).parse(parseJsonNotingNumbers(raw, numbers));
  const result = createElement(TransactionResult, { answer: { ...read, raw, lookedUpAt: '2025-06-01T12:00:00.000Z', journalId: 7 } });
  return readableText(staticMarkup(result, undefined, language));
}

const deposit =
  '{"id":42,"status":"confirmed","type":"deposit",' +
  '"currency_sent":{"currency":"BTC","amount":"0.003"},"currency_received":{"currency":"EUR","amount":"250.00000000","amount_minus_fee":"231.94279333"},' +
  '"fees":[{"type":"mining","currency":"BTC","amount":"0.00002000"},{"type":"fee_crypto_deposit_wallet_client","currency":"BTC","amount":"0.00003"},' +
  '{"type":"deposit","currency":"EUR","amount":"1.50000000"}],' +
  '"transactions":[{"id":1,"currency":"BTC","transaction_type":"blockchain","type":"deposit","amount":"0.003","txid":null}]}';

describe('a looked-up transaction’s figures', () => {
  const text = resultText(deposit);

  it('writes each amount at its currency’s places, never cutting a digit sent', () => {
    expect(text).toContain('0.00300000 BTC');
    expect(text).toContain('250.00 EUR');
    expect(text).not.toContain('250.00000000 EUR');
    expect(text).toContain('231.94279333 EUR');
  });

  it('writes the fees of one currency with the same places', () => {
    expect(text).toContain('0.00002000');
    expect(text).toContain('0.00003000');
    expect(text).toMatch(/Deposit fee\s*deposit\s*EUR\s*1\.50(?!0)/);
  });

  it('says a type once when its code only repeats the label', () => {
    expect(text).not.toMatch(/Deposit deposit/);
    expect(text).toMatch(/Type\s*Deposit/);
    const exchange = resultText('{"id":43,"status":"confirmed","type":"withrawal_exchange","fees":[],"transactions":[]}');
    expect(exchange).toContain('Withdrawal with exchange withrawal_exchange');
  });

  it('keeps a code that says more than its label', () => {
    expect(codeAddsToLabel('deposit', 'Deposit')).toBe(false);
    expect(codeAddsToLabel('withrawal_exchange', 'Withdrawal with exchange')).toBe(true);
  });
});

describe('a looked-up transaction in the window’s language', () => {
  it('says its status, type, fees and entries in German, the codes as the service sent them', () => {
    const text = resultText(deposit, 'de');
    expect(text).toContain('Transaktion 42');
    expect(text).toContain('Bestätigt');
    expect(text).toContain('Abgeschlossen. Das ist endgültig. confirmed');
    expect(text).toMatch(/Typ\s*Einzahlung/);
    expect(text).toMatch(/Netzwerkgebühr \(Mining\)\s*mining/);
    expect(text).toContain('Überweisung auf der Chain');
    expect(text).toContain('Einträge (1)');
  });

  it('says them in French too', () => {
    const text = resultText(deposit, 'fr');
    expect(text).toContain('Confirmée');
    expect(text).toMatch(/Frais de dépôt\s*deposit/);
    expect(text).toContain('Écritures (1)');
  });
});
