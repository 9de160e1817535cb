import type { ColumnDef } from '@tanstack/react-table';
import type { Pair } from '../../../shared/api/pair.ts';
import { currencyType } from '../../../shared/api/currency-type.ts';
import { currencyPlaces } from '../../../shared/money/precision.ts';
import { Amount } from '../../components/Amount.tsx';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { decimalSorting } from './pair-sort.ts';

/**
 * The pair table's columns, one per field of spec 2.5. Amounts and rates are written at the places
 * of their side's currency, never a digit cut (Amount), and sort as decimals; codes and types sort as text. `field` names the wire field
 * behind each column, for the header's tooltip.
 */

export type PairColumnMeta = { field: string; numeric?: boolean };

/** Which side's currency an amount column is in: its places follow that currency's type. */
type Side = 'currency_from' | 'currency_to';

const amountColumn = (
  id: string,
  header: string,
  field: string,
  side: Side,
  read: (pair: Pair) => string | undefined,
): ColumnDef<Pair, string | undefined> => ({
  id,
  header,
  accessorFn: read,
  sortingFn: decimalSorting,
  sortUndefined: 'last',
  meta: { field, numeric: true } satisfies PairColumnMeta,
  cell: ({ getValue, row }) => <Amount value={getValue()} places={currencyPlaces(row.original[side].currency, row.original[side].type)} />,
});

const textColumn = (id: string, header: string, field: string, read: (pair: Pair) => string): ColumnDef<Pair, string | undefined> => ({
  id,
  header,
  accessorFn: read,
  sortingFn: 'text',
  meta: { field } satisfies PairColumnMeta,
  cell: ({ getValue }) => getValue(),
});

/** A currency's type as sent; one the console does not know is flagged in its cell, and still sorts and filters as its text. */
const typeColumn = (id: string, header: string, field: string, read: (pair: Pair) => string): ColumnDef<Pair, string | undefined> => ({
  ...textColumn(id, header, field, read),
  cell: ({ getValue }) => {
    const type = getValue() ?? '';
    return currencyType.read(type).known ? type : <UnrecognisedValue what="type" value={type} />;
  },
});

export const PAIR_COLUMNS: ColumnDef<Pair, string | undefined>[] = [
  textColumn('from', 'From', 'currency_from.currency', (p) => p.currency_from.currency),
  typeColumn('fromType', 'From type', 'currency_from.type', (p) => p.currency_from.type),
  textColumn('to', 'To', 'currency_to.currency', (p) => p.currency_to.currency),
  typeColumn('toType', 'To type', 'currency_to.type', (p) => p.currency_to.type),
  // Minimums are in the From currency and the rates read "rate_from From = rate_to To" (the screen
  // says so above the table), so the cells carry no currency code and every digit fits.
  amountColumn('minAmount', 'Min amount', 'currency_from.min_amount', 'currency_from', (p) => p.currency_from.min_amount),
  amountColumn(
    'minWithExchange',
    'Min deposit with exchange',
    'currency_from.min_amount_deposit_with_exchange',
    'currency_from',
    (p) => p.currency_from.min_amount_deposit_with_exchange,
  ),
  amountColumn('rateFrom', 'Rate from', 'rate_from', 'currency_from', (p) => p.rate_from),
  amountColumn('rateTo', 'Rate to', 'rate_to', 'currency_to', (p) => p.rate_to),
];
