import type { ColumnDef } from '@tanstack/react-table';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Pair } from '../../../shared/api/pair.ts';
import { currencyType } from '../../../shared/api/currency-type.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';
import { currencyPlaces } from '../../../shared/money/precision.ts';
import { Amount } from '../../components/Amount.tsx';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { decimalSorting } from './pair-sort.ts';

/**
 * The pair table's columns, one per field of spec 2.5. Amounts and rates are written at the places
 * of their side's currency, never a digit cut (Amount), and sort as decimals; codes and types sort as text. `field` names the wire field
 * behind each column, for the header's tooltip; `header` is the id of the column's name in the catalogues.
 */

export type PairColumnMeta = { field: string; numeric?: boolean };

/** Which side's currency an amount column is in: its places follow that currency's type. */
type Side = 'currency_from' | 'currency_to';

/** A column's name, in the window's language. */
const headerOf = (id: MessageId) => {
  const Header = () => <FormattedMessage id={id} />;
  return Header;
};

const amountColumn = (
  id: string,
  header: MessageId,
  field: string,
  side: Side,
  read: (pair: Pair) => string | undefined,
): ColumnDef<Pair, string | undefined> => ({
  id,
  header: headerOf(header),
  accessorFn: read,
  sortingFn: decimalSorting,
  sortUndefined: 'last',
  meta: { field, numeric: true } satisfies PairColumnMeta,
  cell: ({ getValue, row }) => <Amount value={getValue()} places={currencyPlaces(row.original[side].currency, row.original[side].type)} />,
});

const textColumn = (id: string, header: MessageId, field: string, read: (pair: Pair) => string): ColumnDef<Pair, string | undefined> => ({
  id,
  header: headerOf(header),
  accessorFn: read,
  sortingFn: 'text',
  meta: { field } satisfies PairColumnMeta,
  cell: ({ getValue }) => getValue(),
});

/** A currency's type as sent; one the console does not know is flagged in its cell, and still sorts and filters as its text. */
const typeColumn = (id: string, header: MessageId, field: string, read: (pair: Pair) => string): ColumnDef<Pair, string | undefined> => ({
  ...textColumn(id, header, field, read),
  cell: ({ getValue }) => <TypeCell type={getValue() ?? ''} />,
});

/** A type as the service sent it (a code, not a word: "crypto", "fiat"), or flagged when the console does not know it. */
function TypeCell({ type }: { type: string }) {
  const intl = useIntl();
  return currencyType.read(type).known ? type : <UnrecognisedValue what={intl.formatMessage({ id: 'pairs.typeWhat' })} value={type} />;
}

export const PAIR_COLUMNS: ColumnDef<Pair, string | undefined>[] = [
  textColumn('from', 'pairs.column.from', 'currency_from.currency', (p) => p.currency_from.currency),
  typeColumn('fromType', 'pairs.column.fromType', 'currency_from.type', (p) => p.currency_from.type),
  textColumn('to', 'pairs.column.to', 'currency_to.currency', (p) => p.currency_to.currency),
  typeColumn('toType', 'pairs.column.toType', 'currency_to.type', (p) => p.currency_to.type),
  // Minimums are in the From currency and the rates read "rate_from From = rate_to To" (the screen
  // says so above the table), so the cells carry no currency code and every digit fits.
  amountColumn('minAmount', 'pairs.column.minAmount', 'currency_from.min_amount', 'currency_from', (p) => p.currency_from.min_amount),
  amountColumn(
    'minWithExchange',
    'pairs.column.minWithExchange',
    'currency_from.min_amount_deposit_with_exchange',
    'currency_from',
    (p) => p.currency_from.min_amount_deposit_with_exchange,
  ),
  amountColumn('rateFrom', 'pairs.column.rateFrom', 'rate_from', 'currency_from', (p) => p.rate_from),
  amountColumn('rateTo', 'pairs.column.rateTo', 'rate_to', 'currency_to', (p) => p.rate_to),
];
