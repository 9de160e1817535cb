import type { Pair } from '../../../shared/api/pair.ts';
import type { PairList } from '../../../shared/ipc/contract.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';
import { ruleMessage } from '../../../shared/i18n/index.ts';

/**
 * Where the invoice and quote forms take their currencies from (invoices do not depend on the pair
 * list, so a failed or partial list never blocks them). From a fresh, complete list: a choice among its codes. From a stale list, one
 * with pairs set aside, or no list at all: a code may also be typed, checked by its shape only, so
 * a currency the list lacks can still be used; the service is the judge of whether it is offered.
 */

export type CurrencyNotice =
  /** The latest fetch failed; `fetchedAt` is when the list in use was fetched. */
  | { kind: 'stale'; fetchedAt: string; error: AppError }
  /** The list is fresh, but some pairs in it could not be read. */
  | { kind: 'incomplete'; setAside: number }
  /** No list could be had at all. */
  | { kind: 'none'; error: AppError };

export type CurrencySource = {
  pairs: readonly Pair[];
  /** Whether a code may be typed rather than only chosen. */
  typing: boolean;
  notice: CurrencyNotice | null;
};

/** One empty list for every render without a list, so that what is derived from it is not redone. */
const NO_PAIRS: readonly Pair[] = [];

/** The source, from the pairs query: its list when there is one, else its error. */
export function currencySource(list: PairList | undefined, error: AppError | null): CurrencySource {
  if (!list) {
    return { pairs: NO_PAIRS, typing: true, notice: error ? { kind: 'none', error } : null };
  }
  if (list.staleBecause) {
    return { pairs: list.pairs, typing: true, notice: { kind: 'stale', fetchedAt: list.fetchedAt, error: list.staleBecause } };
  }
  if (list.unreadable.length > 0) {
    return { pairs: list.pairs, typing: true, notice: { kind: 'incomplete', setAside: list.unreadable.length } };
  }
  return { pairs: list.pairs, typing: false, notice: null };
}

/**
 * What a typed currency code must look like: letters and digits only, as every code in
 * docs/service-interface.md and the sandbox is (BTC, EUR, USDTTRC20), and at most 20 characters,
 * the request schemas' limit (shared/api/wire.ts).
 */
const TYPED_CODE_SHAPE = /^[A-Z0-9]{2,20}$/;
export const CODE_SHAPE_MESSAGE = ruleMessage('components.currencyField.codeShape');

/** A missing currency where it is typed, not chosen: a text field has nothing to choose from. */
export const TYPE_CURRENCY = ruleMessage('components.currencyField.typeCurrency');

/** A typed code as it is sent: no spaces around it, upper case ("eur " is EUR). */
export const typedCode = (text: string): string => text.trim().toUpperCase();

/** The shape error of a typed code, or null; an empty field is the request schema's to report. */
export function codeShapeProblem(code: string): string | null {
  return code === '' || TYPED_CODE_SHAPE.test(code) ? null : CODE_SHAPE_MESSAGE;
}
