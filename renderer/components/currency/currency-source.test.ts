import { describe, expect, it } from 'vitest';
import type { Pair } from '../../../shared/api/pair.ts';
import type { PairList } from '../../../shared/ipc/contract.ts';
import { ruleMessage } from '../../../shared/i18n/index.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';
import { CODE_SHAPE_MESSAGE, codeShapeProblem, currencySource, typedCode } from './currency-source.ts';
import { typedCodeField } from './CurrencyField.tsx';

const btcEur: Pair = { currency_from: { currency: 'BTC', type: 'crypto' }, currency_to: { currency: 'EUR', type: 'fiat' }, rate_from: '1', rate_to: '60000.12345678' };
const down: AppError = { kind: 'network', message: 'Could not talk to the service at 127.0.0.1:1: the connection was refused.' };
const list = (overrides: Partial<PairList> = {}): PairList => ({
  pairs: [btcEur],
  unreadable: [],
  fetchedAt: '2025-06-01T12:00:00.000Z',
  staleBecause: null,
  ...overrides,
});

describe('where the invoice and quote forms take their currencies from', () => {
  it('a fresh, complete list: chosen from it, nothing to say', () => {
    expect(currencySource(list(), null)).toEqual({ pairs: [btcEur], typing: false, notice: null });
  });

  it('a stale list: still used, with its time and why, and codes may be typed', () => {
    expect(currencySource(list({ staleBecause: down }), null)).toEqual({
      pairs: [btcEur],
      typing: true,
      notice: { kind: 'stale', fetchedAt: '2025-06-01T12:00:00.000Z', error: down },
    });
  });

  it('a list with pairs set aside: used, and codes may be typed in case the one wanted was set aside', () => {
    const unreadable = [{ index: 1, field: 'rate_to', value: 'x', message: ruleMessage('rules.wire.notDecimal') }];
    expect(currencySource(list({ unreadable }), null)).toEqual({ pairs: [btcEur], typing: true, notice: { kind: 'incomplete', setAside: 1 } });
  });

  it('no list at all: codes are typed, and the form says why', () => {
    expect(currencySource(undefined, down)).toEqual({ pairs: [], typing: true, notice: { kind: 'none', error: down } });
  });
});

describe('a typed currency code is checked by its shape', () => {
  it('is trimmed and upper-cased as it is typed, as the service writes codes', () => {
    expect(typedCode('  usdttrc20 ')).toBe('USDTTRC20');
    expect(typedCodeField.setValueAs(' eur')).toBe('EUR');
  });

  it('takes letters and digits, 2 to 20 of them', () => {
    for (const code of ['EUR', 'BTC', 'USDTTRC20', 'XX', 'A'.repeat(20)]) expect(codeShapeProblem(code), code).toBeNull();
  });

  it('refuses anything else with one plain message', () => {
    for (const code of ['E', 'EU R', 'EUR$', 'BTC/EUR', 'A'.repeat(21), 'USDT-TRC20', '€', 'eur']) {
      expect(codeShapeProblem(code), code).toBe(CODE_SHAPE_MESSAGE);
    }
  });

  it('leaves an empty field to the request rules (required or optional)', () => {
    expect(codeShapeProblem('')).toBeNull();
  });
});
