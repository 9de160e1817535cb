import type { CellContext } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Pair } from '../../../shared/api/pair.ts';
import { staticMarkup } from '../../testing/static-markup.ts';
import { PAIR_COLUMNS } from './pair-columns.tsx';

// A cell as the table draws it for one pair: the text shown, and the exact text sent.

const fiatFirst: Pair = {
  currency_from: { currency: 'EUR', type: 'fiat', min_amount: '10.00000000' },
  currency_to: { currency: 'BTC', type: 'crypto' },
  rate_from: '61234.50000000',
  rate_to: '1',
};

function cellOf(id: string, pair: Pair): { shown: string; exact: string | undefined } {
  const column = PAIR_COLUMNS.find((c) => c.id === id);
  if (!column || typeof column.cell !== 'function' || !('accessorFn' in column)) throw new Error(`no column ${id}`);
  const value = column.accessorFn(pair, 0);
  const context = { getValue: () => value, row: { original: pair } } as unknown as CellContext<Pair, string | undefined>;
  const html = staticMarkup(column.cell(context) as ReactElement);
  return { shown: html.replace(/<[^>]*>/g, ''), exact: /data-exact="([^"]*)"/.exec(html)?.[1] };
}

describe('the pair table’s amounts', () => {
  it('are written at the places of their side’s currency, by the type the service gave it', () => {
    expect(cellOf('minAmount', fiatFirst)).toEqual({ shown: '10.00', exact: '10.00000000' });
    expect(cellOf('rateFrom', fiatFirst)).toEqual({ shown: '61,234.50', exact: '61234.50000000' });
    expect(cellOf('rateTo', fiatFirst)).toEqual({ shown: '1.00000000', exact: '1' });
  });

  it('never cut a digit the service sent', () => {
    expect(cellOf('rateFrom', { ...fiatFirst, rate_from: '61234.512345' }).shown).toBe('61,234.512345');
  });
});
