import type { Row } from '@tanstack/react-table';
import type { Pair } from '../../../shared/api/pair.ts';
import { compareDecimals } from '../../../shared/money/decimal.ts';

/**
 * Amounts and rates sort by decimal value, never as floats (which lose digits past 15 or so) or as
 * text (where "10" sorts before "9"). A missing amount (fiat pairs have no minimums, spec 2.5) is
 * left out by the table (sortUndefined 'last') before this is asked.
 */
export function compareDecimalText(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return compareDecimals(a, b);
}

export function decimalSorting(left: Row<Pair>, right: Row<Pair>, columnId: string): number {
  return compareDecimalText(left.getValue<string | undefined>(columnId), right.getValue<string | undefined>(columnId));
}
